"""A backup is the whole league (issue 34, finding 7): a league with two club nights (one running, one
ended early), ratings on, corrected and undone hands and a house rule, exported and imported into a new
league, cannot be told apart from the original through the API or the pages, ids and tokens aside; and
its running night goes on: its next round seats as the original's does."""

import difflib
import json
import re
from pathlib import Path
from urllib.parse import unquote

from conftest import Browser
from ramo_keeper.extensions import db
from ramo_keeper.models import Game, Night, Ruleset, Season
from tests.nights.helpers import EIGHT, QUICK, hand, play_places
from tests.uploads import post_backup

ONE_HAND_RUMMY = {"key": "rummy", "options": {"end": "hands", "hands": 1}}
TEN = EIGHT + ("Ivo", "Jo")
ORIGINAL, RESTORED = "Thursday Club", "Restored League"
# Which kind of row an id under each key names; "id" is named by the document it is in.
KEY_KINDS = {"player_id": "player", "player_ids": "player", "winner_ids": "player", "dealer_id": "player",
             "first_dealer_id": "player", "game_id": "game", "season_id": "season", "ruleset_id": "ruleset",
             "league_id": "league", "season": "season", "night": "night", "game": "game"}
URL_KINDS = {"leagues": "league", "games": "game", "nights": "night", "seasons": "season",
             "house-rules": "ruleset", "rulesets": "ruleset", "players": "player"}


def _build(api, web: Browser) -> int:
    """The league of the issue's 'done when', built through the API as a club's scorer would."""
    league, ids = api.league(TEN, name=ORIGINAL)
    api.ok("PATCH", f"/leagues/{league}", {"ratings": True})
    rule = api.ok("POST", f"/leagues/{league}/rulesets", {"name": "Quick rummy", "definition": ONE_HAND_RUMMY},
                  201)
    # A game with a hand corrected on the API, one removed (Undo) and one recorded again.
    game = api.game(league, "rummy", ids[:3], options={"end": "hands", "hands": 3})["id"]
    api.ok("POST", f"/games/{game}/hands", hand(ids[0], 10, ids[1:3]), 201)
    api.ok("POST", f"/games/{game}/hands", hand(ids[1], 5, [ids[0], ids[2]]), 201)
    api.ok("PUT", f"/games/{game}/hands/1", hand(ids[0], 12, ids[1:3]))
    assert api.delete(f"/games/{game}/hands/2").status_code in (200, 204)
    api.ok("POST", f"/games/{game}/hands", hand(ids[2], 7, ids[:2]), 201)
    # Night 1, of Rummy: round 1 played, then ended early.
    ended = api.ok("POST", f"/leagues/{league}/nights", {
        "name": "Tuesday", "variant": "rummy", "player_ids": list(ids[:8]), "table_size": 4, "rounds": 2,
        "options": QUICK}, 201)
    for table in ended["round_list"][0]["tables"]:
        play_places(api, table, [30, 20, 10, 0])
    api.ok("PATCH", f"/nights/{ended['id']}", {"ended": True})
    # Night 2, under the house rule: ten at tables of 4, 3, 3; two leave after round 1; round 2 half played.
    running = api.ok("POST", f"/leagues/{league}/nights", {
        "name": "Thursday", "variant": rule["key"], "player_ids": list(ids), "table_size": 4, "rounds": 3}, 201)
    _play_round(api, running, 1)
    api.ok("PATCH", f"/nights/{running['id']}", {"player_ids": list(ids[:8])})
    running = api.ok("POST", f"/nights/{running['id']}/rounds", status=201)
    _play_round(api, running, 2, tables=1)
    return league


def _play_round(api, night: dict, number: int, tables: int | None = None) -> None:
    """One hand at each table of the round (the house rule's games end after one): its first seat goes out."""
    for table in next(r for r in night["round_list"] if r["number"] == number)["tables"][:tables]:
        seats = table["player_ids"]
        api.ok("POST", f"/games/{table['game_id']}/hands", hand(seats[0], 10 + table["table"], seats[1:]), 201)


def _ids(league: int) -> dict[str, dict[int, str]]:
    """Every id of the league by kind, each named by what ties it across leagues (a name, or its place)."""
    def ranked(model) -> list[int]:
        return list(db.session.execute(db.select(model.id).where(model.league_id == league)
                                       .order_by(model.id)).scalars())
    players = {row.id: row.name for row in db.session.execute(db.text(
        "SELECT id, name FROM player WHERE league_id = :league"), {"league": league})}
    seasons = {row.id: row.name for row in db.session.execute(db.select(Season.id, Season.name)
                                                                 .where(Season.league_id == league))}
    return {"league": {league: "L"}, "player": players, "season": seasons,
            **{kind: {i: f"{kind}{n}" for n, i in enumerate(ranked(model))}
               for kind, model in (("game", Game), ("night", Night), ("ruleset", Ruleset))}}


def _named(value, ids: dict, kind: str | None = None):
    """`value` with every id under a known key replaced by what names it in both leagues."""
    if isinstance(value, dict):
        return {key: _named(item, ids, kind if key == "id" else KEY_KINDS.get(key)) for key, item in value.items()}
    if isinstance(value, list):
        return [_named(item, ids, kind) for item in value]
    if isinstance(value, int) and not isinstance(value, bool) and kind in ids:
        return ids[kind].get(value, value)
    return value


def _api_documents(api, league: int) -> dict:
    ids = _ids(league)
    paths = {"players": (f"/leagues/{league}/players", "player"), "ratings": (f"/leagues/{league}/ratings", None),
             "rulesets": (f"/leagues/{league}/rulesets", "ruleset"), "nights": (f"/leagues/{league}/nights", "night")}
    for game, name in ids["game"].items():
        paths[name] = (f"/games/{game}", "game")
        paths[f"{name} scoresheet"] = (f"/games/{game}/scoresheet.json", None)
    for season, name in ids["season"].items():
        paths[f"season {name}"] = (f"/seasons/{season}/standings", None)
    for night, name in ids["night"].items():
        paths[name] = (f"/nights/{night}", "night")
        paths[f"{name} standings"] = (f"/nights/{night}/standings", None)
    documents = {name: _named(api.ok("GET", path), ids, kind) for name, (path, kind) in paths.items()}
    return json.loads(_house_keys(json.dumps(documents, ensure_ascii=False, sort_keys=True), league))


def _house_keys(text: str, league: int) -> str:
    """A house rule's key is new in the imported league (keys are unique across the app): named by its place."""
    keys = db.session.execute(db.select(Ruleset.key).where(Ruleset.league_id == league).order_by(Ruleset.id))
    for number, key in enumerate(keys.scalars()):
        text = text.replace(key, f"house-rule-{number}")
    return text


def _pages(web: Browser, league: int) -> dict[str, str]:
    ids = _ids(league)
    urls = [f"/leagues/{league}", f"/leagues/{league}/games", f"/leagues/{league}/house-rules",
            f"/leagues/{league}/nights", f"/leagues/{league}/ratings", f"/leagues/{league}/seasons"]
    urls += [f"/leagues/{league}/seasons/{season}" for season in ids["season"]]
    urls += [f"/games/{game}" for game in ids["game"]]
    urls += [f"/nights/{night}" for night in ids["night"]] + [f"/nights/{night}/print" for night in ids["night"]]
    pages = {}
    for url in urls:
        response = web.get(url)
        assert response.status_code == 200, url
        pages[_page_url(url, ids)] = _page_text(response.get_data(as_text=True), ids, league)
    return pages


def _page_url(url: str, ids: dict) -> str:
    return re.sub(r"/([a-z-]+)/(\d+)", lambda m: f"/{m[1]}/{ids[URL_KINDS[m[1]]].get(int(m[2]), m[2])}"
                  if m[1] in URL_KINDS else m[0], url)


def _page_text(html: str, ids: dict, league: int) -> str:
    """What a person reads on the page, and where its links and forms go, ids named as in both leagues."""
    html = _house_keys(html, league).replace(RESTORED, ORIGINAL)
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    links = [_page_url(unquote(url), ids) for url in re.findall(r'(?:href|action|hx-get|hx-post)="([^"]*)"', html)]
    # BG Stats' link names the game and players by id ("ramo-keeper-player-3").
    links = [re.sub(r"ramo-keeper-(game|player)-(\d+)", lambda m: f"{m[1]}-{ids[m[1]].get(int(m[2]), m[2])}", url)
             for url in links]
    text = [line.strip() for line in re.sub(r"<[^>]+>", "\n", html).splitlines() if line.strip()]
    # A game's title carries its id ("Rummy #3").
    text = [_page_url(re.sub(r"#(\d+)\b", lambda m: f"#{ids['game'].get(int(m[1]), m[1])}", line), ids)
            for line in text]
    return "\n".join(text + links)


def _same(original: dict, restored: dict) -> None:
    assert original.keys() == restored.keys()
    for name in original:
        if original[name] != restored[name]:
            left = original[name] if isinstance(original[name], str) else json.dumps(original[name], indent=1)
            right = restored[name] if isinstance(restored[name], str) else json.dumps(restored[name], indent=1)
            diff = "\n".join(difflib.unified_diff(left.splitlines(), right.splitlines(), lineterm="", n=1))
            raise AssertionError(f"{name} differs after the import:\n{diff[:4000]}")


def test_a_league_exported_and_imported_cannot_be_told_apart_and_its_running_night_goes_on(app, api, web):
    web.login("Ann")
    league = _build(api, web)
    download = web.get(f"/leagues/{league}/backup.json")
    assert download.status_code == 200
    restored = api.ok("POST", "/leagues", {"name": RESTORED}, 201)["id"]
    answer = post_backup(web, restored, download.get_data())
    assert answer.status_code == 303, answer.get_data(as_text=True)
    flashed = web.get(answer.headers["Location"]).get_data(as_text=True)

    with app.app_context():
        _same(_api_documents(api, league), _api_documents(api, restored))
        _same(_pages(web, league), _pages(web, restored))
        assert "2 club nights" in flashed and "10 players" in flashed
        backup = json.loads(download.get_data())
        assert not any("board_token" in night or "share_token" in night for night in backup["nights"])
        # The running night goes on: the rest of round 2 played, round 3 seats in both leagues alike.
        for each in (league, restored):
            night = db.session.execute(db.select(Night.id).where(Night.league_id == each, Night.name == "Thursday")
                                       ).scalar_one()
            running = api.ok("GET", f"/nights/{night}")
            tables = running["round_list"][1]["tables"][1:]
            for table in tables:
                seats = table["player_ids"]
                api.ok("POST", f"/games/{table['game_id']}/hands", hand(seats[0], 10 + table["table"], seats[1:]),
                       201)
            after = api.ok("POST", f"/nights/{night}/rounds", status=201)
            assert after["current_round"] == 3 and after["status"] == "running"
        _same(_api_documents(api, league), _api_documents(api, restored))


def test_a_backup_of_version_1_still_imports(app, api, web):
    """A file the app wrote before version 2 (no nights, no ratings switch, no corrections): kept as it was
    downloaded. Its house-rule game (Rummy ending after 2 hands): Ana out with Bo holding 12 pips (§3: Ana 12),
    then Bo out with Cy holding 7 (Bo 7): finished, Ana 12, Bo 7, Cy 0. Its Rummy game: Bo out with Ana
    holding 4: Bo 4, one hand of three."""
    file = (Path(__file__).parent / "files" / "backup-version-1.json").read_bytes()
    assert json.loads(file)["version"] == 1 and "nights" not in json.loads(file)
    web.login("Ann")
    league = api.ok("POST", "/leagues", {"name": "Old club"}, 201)["id"]
    answer = post_backup(web, league, file)
    assert answer.status_code == 303, answer.get_data(as_text=True)
    assert "0 club nights" in web.get(answer.headers["Location"]).get_data(as_text=True)
    with app.app_context():
        games = list(db.session.execute(db.select(Game.id).where(Game.league_id == league).order_by(Game.id))
                     .scalars())
    ruled, plain = (api.ok("GET", f"/games/{game}") for game in games)
    names = {p["id"]: p["name"] for p in api.ok("GET", f"/leagues/{league}/players")}
    assert ruled["status"] == "finished" and plain["status"] == "in_progress"
    assert {names[p["player_id"]]: p["total"] for p in ruled["players"]} == {"Ana": 12, "Bo": 7, "Cy": 0}
    assert {names[p["player_id"]]: p["total"] for p in plain["players"]} == {"Ana": 0, "Bo": 4}
    assert api.ok("GET", f"/leagues/{league}/nights") == []
    assert api.get(f"/leagues/{league}/ratings").status_code == 404  # the league's own switch: off
    again = json.loads(web.get(f"/leagues/{league}/backup.json").get_data())
    assert again["version"] == 2 and again["nights"] == [] and again["league"]["ratings"] is False


def test_the_live_and_board_links_are_never_carried(app, api):
    from ramo_keeper.backups.backup import export_league, import_league
    from ramo_keeper.games.service import share
    from ramo_keeper.models import League
    from ramo_keeper.nights.service import share_board

    league, ids = api.league(EIGHT)
    night = api.ok("POST", f"/leagues/{league}/nights", {
        "name": "Tuesday", "variant": "rummy", "player_ids": list(ids), "table_size": 4, "rounds": 2,
        "options": QUICK}, 201)
    game = night["round_list"][0]["tables"][0]["game_id"]
    fresh = api.ok("POST", "/leagues", {"name": "Fresh"}, 201)["id"]
    with app.app_context():
        tokens = share(game), share_board(night["id"])
        db.session.commit()
        backup = json.dumps(export_league(db.session.get(League, league)))
        assert not any(token in backup for token in tokens)
        import_league(db.session.get(League, fresh), json.loads(backup))
        db.session.commit()
        assert db.session.execute(db.select(Night.board_token).where(Night.league_id == fresh)).scalar_one() is None
        assert not any(db.session.execute(db.select(Game.share_token).where(Game.league_id == fresh)).scalars())
    (restored,) = api.ok("GET", f"/leagues/{fresh}/nights")
    assert restored["status"] == "running" and restored["current_round"] == 1
