"""A league at every cap: one more season, game or hand is refused where it would be created (page and
API, nothing saved), and the league's own backup, the largest a league may hold (500 players, 200 seasons,
50 house rules, 2,000 games, 20,000 hands), imports back whole through the real routes, gzipped.

Before, the caps were checked only by the import: 201 seasons could be created and then the backup was
refused, and a backup past about 5,100 hands was answered 413. The league is built once for the module
in bulk (benchmarks/full_league.py) and then played up to the hand cap through the services.
"""

import gzip
import json
import uuid
from pathlib import Path

import pytest
from uploads import post_backup

from benchmarks.full_league import fill_league
from conftest import ON_POSTGRES, POSTGRES_URL, TEST_CONFIG, Browser, make_app, reset_database
from ramo_keeper import rules
from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.games import service as games
from ramo_keeper.house_rules.service import MAX_RULESETS_PER_LEAGUE, create_ruleset
from ramo_keeper.leagues.limits import (
    MAX_GAMES_PER_LEAGUE,
    MAX_HANDS_PER_LEAGUE,
    MAX_PLAYERS_PER_LEAGUE,
    MAX_SEASONS_PER_LEAGUE,
)
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import Game, Hand, HandResult, League, Player, Ruleset, Season

PASSWORD = "correct horse"
OPEN_GAME_HANDS = 10
AT_EVERY_CAP = {"players": MAX_PLAYERS_PER_LEAGUE, "seasons": MAX_SEASONS_PER_LEAGUE, "games": MAX_GAMES_PER_LEAGUE,
                "house rules": MAX_RULESETS_PER_LEAGUE, "hands": MAX_HANDS_PER_LEAGUE}
MB = 1024 * 1024


def _hand(seats: list[int], n: int) -> dict:
    out = seats[n % len(seats)]
    return {"results": [{"player_id": p, "cards": {} if p == out else {"pips": 3 + n % 5}, "went_out": p == out}
                        for p in seats]}


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    """An app whose league "Full" holds 500 players, 200 seasons, 50 house rules, 2,000 games and 20,000 hands;
    its last game is open (Rummy to 100 hands, 10 played). The owner has an API token and an empty league too."""
    url = POSTGRES_URL if ON_POSTGRES else f"sqlite:///{tmp_path_factory.mktemp('caps') / 'caps.sqlite3'}"
    app = make_app({**TEST_CONFIG, "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        reset_database()
        owner = create_user("Owner", PASSWORD)
        league = create_league(owner, "Full")
        empty = create_league(owner, "Restored")
        token = issue_token(owner)
        db.session.commit()
        fill_league(league.id, games=MAX_GAMES_PER_LEAGUE - 1, hands=MAX_HANDS_PER_LEAGUE - OPEN_GAME_HANDS)
        for n in range(MAX_RULESETS_PER_LEAGUE):
            create_ruleset(db.session.get(League, league.id), f"House {n}", {"out_score": n}, based_on="rummy")
        seats = list(db.session.scalars(db.select(Player.id).filter_by(league_id=league.id).order_by(Player.id)
                                        .limit(4)))
        game = games.create_game(db.session.get(League, league.id), owner, "rummy", seats,
                                 options={"end": "hands", "hands": 100})
        game_id = game.id
        db.session.commit()
        for n in range(OPEN_GAME_HANDS):
            hand = rules.HandInput(tuple(rules.PlayerResult(r["player_id"], r["cards"], rules.marks_in(r))
                                         for r in _hand(seats, n)["results"]))
            games.record_hand(game_id, owner, hand)
            db.session.commit()
        app.ids = {"league": league.id, "empty": empty.id, "game": game_id, "seats": seats,
                   "season": league.seasons[0].id, "token": token}
    assert held(app, app.ids["league"]) == AT_EVERY_CAP
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def held(app, league_id: int) -> dict:
    with app.app_context():
        count = db.session.scalar
        return {
            "players": count(db.select(db.func.count(Player.id)).filter_by(league_id=league_id)),
            "seasons": count(db.select(db.func.count(Season.id)).filter_by(league_id=league_id)),
            "games": count(db.select(db.func.count(Game.id)).filter_by(league_id=league_id)),
            "house rules": count(db.select(db.func.count(Ruleset.id)).filter_by(league_id=league_id)),
            "hands": count(db.select(db.func.count(Hand.id)).join(Game).where(Game.league_id == league_id)),
        }


@pytest.fixture
def owner(full):
    browser = Browser(full.test_client())
    assert browser.login("Owner", PASSWORD).status_code == 303
    return browser


def api(app, method: str, path: str, body=None):
    response = app.test_client().open("/api/v1" + path, method=method, json=body,
                                      headers={"Authorization": f"Bearer {app.ids['token']}"})
    return response.status_code, response.get_json()


def assert_unchanged(app) -> None:
    assert held(app, app.ids["league"]) == AT_EVERY_CAP


SEASONS_FULL = f"This league already holds {MAX_SEASONS_PER_LEAGUE:,} seasons, the most a league may hold"
GAMES_FULL = f"This league already holds {MAX_GAMES_PER_LEAGUE:,} games, the most a league may hold"
HANDS_FULL = f"This league already holds {MAX_HANDS_PER_LEAGUE:,} hands in all its games, the most a league may hold"


def test_one_season_more_is_refused_on_the_page_and_in_the_api_and_nothing_is_saved(full, owner):
    league_id = full.ids["league"]
    status, body = api(full, "POST", f"/leagues/{league_id}/seasons", {"name": "One too many"})
    assert status == 409, body
    assert body["error"].startswith(SEASONS_FULL)
    assert body["details"] == {"code": "conflict", "limit": "seasons", "maximum": MAX_SEASONS_PER_LEAGUE}
    owner.get(f"/leagues/{league_id}/seasons")
    page = owner.post(f"/leagues/{league_id}/seasons", {"name": "One too many", "ranking": "points",
                                                         "min_games": "0"})
    assert page.status_code == 422
    assert SEASONS_FULL in page.get_data(as_text=True)
    assert_unchanged(full)


def test_one_game_more_is_refused_on_the_page_and_in_the_api_and_nothing_is_saved(full, owner):
    league_id, seats = full.ids["league"], full.ids["seats"]
    status, body = api(full, "POST", f"/leagues/{league_id}/games", {"variant": "rummy", "player_ids": seats})
    assert status == 409, body
    assert body["error"].startswith(GAMES_FULL)
    assert body["details"] == {"code": "conflict", "limit": "games", "maximum": MAX_GAMES_PER_LEAGUE}
    url = f"/leagues/{league_id}/games/new"
    owner.get(url)
    page = owner.post(url, {"variant": "rummy", "options_for": "rummy", "seat": [str(p) for p in seats],
                            "first_dealer_id": str(seats[0]), "season_id": str(full.ids["season"]),
                            "action": "create", "opt_end": "hands", "opt_hands": "10"})
    assert page.status_code == 422
    assert GAMES_FULL in page.get_data(as_text=True)
    # A rematch of a finished game starts a game too.
    finished = held_game(full, "finished")
    owner.get(f"/games/{finished}")
    rematch = owner.post(f"/games/{finished}/rematch")
    assert rematch.status_code == 303 and rematch.headers["Location"].endswith(f"/games/{finished}")
    assert GAMES_FULL in owner.get(f"/games/{finished}").get_data(as_text=True)
    assert_unchanged(full)


def held_game(app, status: str) -> int:
    with app.app_context():
        return db.session.scalar(db.select(Game.id).filter_by(league_id=app.ids["league"], status=status)
                                 .order_by(Game.id).limit(1))


def test_one_hand_more_is_refused_on_the_page_and_in_the_api_and_nothing_is_saved(full, owner):
    game_id, seats = full.ids["game"], full.ids["seats"]
    status, body = api(full, "POST", f"/games/{game_id}/hands", _hand(seats, OPEN_GAME_HANDS))
    assert status == 409, body
    assert body["error"].startswith(HANDS_FULL)
    assert body["details"] == {"code": "conflict", "limit": "hands", "maximum": MAX_HANDS_PER_LEAGUE}
    owner.get(f"/games/{game_id}")
    form = {"went_out": str(seats[0]), f"c_{seats[1]}_pips": "4", "idempotency_key": uuid.uuid4().hex,
            "hand_number": str(OPEN_GAME_HANDS + 1)}
    page = owner.post(f"/games/{game_id}/hands", form)
    assert page.status_code == 409
    assert HANDS_FULL in page.get_data(as_text=True)
    fragment = owner.post(f"/games/{game_id}/hands", {**form, "idempotency_key": uuid.uuid4().hex}, htmx=True)
    assert fragment.status_code == 409
    assert HANDS_FULL in fragment.get_data(as_text=True)
    assert_unchanged(full)
    # Correcting a hand adds none: still allowed at the cap.
    status, body = api(full, "PUT", f"/games/{game_id}/hands/1", _hand(list(reversed(seats)), 0))
    assert status == 200, body


def facts(backup: dict) -> dict:
    """What a backup says, with the database's ids replaced by each row's place in the file."""
    players = {p["id"]: n for n, p in enumerate(backup["players"])}
    seasons = {s["id"]: n for n, s in enumerate(backup["seasons"])}
    return {
        "players": [(p["name"], p.get("archived", False)) for p in backup["players"]],
        # A house rule's key is made anew by the import (keys are unique across leagues).
        "house rules": [(r["name"], r["based_on"], {k: v for k, v in r["definition"].items() if k != "key"})
                        for r in backup["rulesets"]],
        "seasons": [(s["name"], s.get("ranking"), s.get("closed", False), s.get("is_current", False))
                    for s in backup["seasons"]],
        "games": [(g["variant"], g["options"], seasons.get(g.get("season_id")), players[g["first_dealer_id"]],
                   [players[p] for p in g["seats"]], g["status"],
                   [[(players[r["player_id"]], {k: v for k, v in r["cards"].items() if v},
                      sorted(m for m in rules.MARKS if r.get(m))) for r in h["results"]] for h in g["hands"]])
                  for g in backup["games"]],
    }


def memory() -> dict[str, int]:
    """This process's resident memory now (VmRSS) and at its peak (VmHWM), in bytes."""
    lines = Path("/proc/self/status").read_text().splitlines()
    return {key: int(value.split()[0]) * 1024 for key, _, value in (line.partition(":") for line in lines)
            if key in ("VmRSS", "VmHWM")}


def reset_peak() -> None:
    Path("/proc/self/clear_refs").write_text("5")  # VmHWM starts again from VmRSS


@pytest.mark.slow
def test_a_league_at_every_cap_backs_up_and_imports_back_whole_through_the_pages(full, owner):
    league_id, empty = full.ids["league"], full.ids["empty"]
    download = owner.get(f"/leagues/{league_id}/backup.json")
    assert download.status_code == 200
    body = download.get_data()
    backup = json.loads(body)
    assert len(backup["games"]) == MAX_GAMES_PER_LEAGUE
    assert sum(len(g["hands"]) for g in backup["games"]) == MAX_HANDS_PER_LEAGUE
    # Gzipped, as a phone would send a file this size. The peak memory it takes is printed (the worker's own
    # bound is checked on gunicorn by tests/security/test_import_memory_server.py).
    reset_peak()
    baseline = memory()["VmRSS"]
    upload = post_backup(owner, empty, gzip.compress(body))
    assert upload.status_code == 303, upload.get_data(as_text=True)[:3000]
    rise = memory()["VmHWM"] - baseline
    print(f"importing {len(body) / MB:.1f} MB of JSON, gzipped: the peak rose {rise / MB:.0f} MB")
    assert held(full, empty) == held(full, league_id)
    with full.app_context():
        results = [db.session.scalar(db.select(db.func.count(HandResult.id)).join(Hand).join(Game)
                                     .where(Game.league_id == league)) for league in (league_id, empty)]
    assert results[0] == results[1]
    again = json.loads(owner.get(f"/leagues/{empty}/backup.json").get_data())
    assert facts(again) == facts(backup)
