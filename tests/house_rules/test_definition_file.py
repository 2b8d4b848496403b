"""A new game as one definition file, outside the registry's list, played through the pages and the API
with no code change (issue 19's Done-when).

The file is written here by hand, as an operator would write one from docs/GAMES.md: "Three Levels",
a level game of its own: small cards 2 points, big cards 9, jokers 25, going out −20, three levels.
A league gets it in as a house rule: uploaded as a file on the pages, posted as a definition in the API.

The hands (Al, Bo, Cy; RULES.md's per-player level game: laying down moves a player up, laying down
the last level ends the game after that hand):
  1. Al goes out: −20 (level 2). Bo holds 3 small, 1 big: 3·2 + 9 = 15. Cy laid down (level 2), holds 1 joker: 25.
  2. Cy goes out: −20 (level 3). Al laid down (level 3), holds 2 big: 18. Bo laid down (level 2), holds
     4 small, 1 joker: 8 + 25 = 33.
  3. Al goes out at level 3, the last: −20, and the game ends. Bo holds 1 small: 2. Cy holds 2 small,
     2 big: 4 + 18 = 22.
Totals: Al −20 + 18 − 20 = −22; Bo 15 + 33 + 2 = 50; Cy 25 − 20 + 22 = 27. Lowest total wins: Al, Cy, Bo.
"""

import io
import json
import re

import pytest

from ramo_keeper.extensions import db
from ramo_keeper.models import Ruleset
from ramo_keeper.rules import VARIANTS, load_file

THREE_LEVELS = {
    "format": 1,
    "key": "three_levels",
    "name": "Three Levels",
    "engine": "levels",
    "min_players": 2,
    "max_players": 4,
    "card_categories": [
        {"key": "small", "label": "Small cards", "points": 2, "maximum": 40},
        {"key": "big", "label": "Big cards", "points": 9, "maximum": 40},
        {"key": "joker", "label": "Jokers", "points": 25, "maximum": 8},
    ],
    "levels": [
        {"number": 1, "requirement": "two pairs of three", "melds": [[{"kind": "set", "count": 2, "min_length": 3}]]},
        {"number": 2, "requirement": "a run of four", "melds": [[{"kind": "run", "count": 1, "min_length": 4}]]},
        {"number": 3, "requirement": "a set and a run of four",
         "melds": [[{"kind": "set", "count": 1, "min_length": 4}, {"kind": "run", "count": 1, "min_length": 4}]]},
    ],
    "marks": [{"key": "went_out", "implies": ["laid_down"]}, {"key": "laid_down"}],
    "out_score": -20,
    "progression": "per_player",
    "end": "last_level",
    "ranking": "lowest_total",
    "dealer_rule": "highest_total",
    "nobody_out": True,
    "deal": {"deck": {"phrase": "decks_plus_jokers", "cards": 52},
             "by_players": [{"players": [2, 4], "decks": 1, "jokers": 2, "cards": 9}]},
    "words": {"level": "step", "levels": "steps", "hand": "hand", "went_out": "Went out",
              "went_out_verb": "went out", "nobody_out": "Nobody went out"},
}
# (who goes out, {player: (laid down, cards)}) for each hand, as in the module's docstring.
HANDS = [
    ("Al", {"Bo": (False, {"small": 3, "big": 1}), "Cy": (True, {"joker": 1})}),
    ("Cy", {"Al": (True, {"big": 2}), "Bo": (True, {"small": 4, "joker": 1})}),
    ("Al", {"Bo": (False, {"small": 1}), "Cy": (False, {"small": 2, "big": 2})}),
]
SCORES = [{"Al": -20, "Bo": 15, "Cy": 25}, {"Al": 18, "Bo": 33, "Cy": -20}, {"Al": -20, "Bo": 2, "Cy": 22}]
TOTALS = {"Al": -22, "Bo": 50, "Cy": 27}


@pytest.fixture
def definition_file(tmp_path):
    path = tmp_path / "three_levels.json"
    path.write_text(json.dumps(THREE_LEVELS, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def test_the_file_is_a_game_the_registry_does_not_list(definition_file):
    game = load_file(definition_file)
    assert "three_levels" not in VARIANTS
    assert (game.name, len(game.levels), [c.points for c in game.categories_for({})]) == ("Three Levels", 3, [2, 9, 25])


def test_played_through_the_pages(definition_file, app, web):
    from conftest import Table

    table = Table(app, web, ["Al", "Bo", "Cy"])
    # The league's scorer uploads the file on the house-rules page (a house rule file: its name and definition).
    upload = {"name": "Three Levels", "definition": json.loads(definition_file.read_text(encoding="utf-8"))}
    table.web.get(f"/leagues/{table.league_id}/house-rules")
    response = table.web.post(f"/leagues/{table.league_id}/house-rules/upload",
                              {"file": (io.BytesIO(json.dumps(upload).encode()), definition_file.name)},
                              content_type="multipart/form-data")
    assert response.status_code == 303, response.get_data(as_text=True)
    rules_page = table.web.get(response.headers["Location"]).get_data(as_text=True)
    assert "<h1>Three Levels</h1>" in rules_page and "a set and a run of four" in rules_page
    with app.app_context():
        key = db.session.execute(db.select(Ruleset.key)).scalar_one()
    new_game = f"/leagues/{table.league_id}/games/new"
    assert f'<option value="{key}"' in table.web.get(new_game).get_data(as_text=True)
    seats = [str(table.id(name)) for name in ("Al", "Bo", "Cy")]
    response = table.web.post(new_game, {
        "variant": key, "options_for": key, "seat": seats, "first_dealer_id": seats[0],
        "season_id": str(table.season_id), "action": "create", "opt_progression": "per_player",
        "opt_winner_rule": "lowest_total", "opt_dealer_rule": "highest_total", "opt_allow_no_winner": "y",
        "opt_out_bonus": "-20"})
    assert response.status_code == 303, response.get_data(as_text=True)
    game_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'name="c_{table.id("Bo")}_joker"' in page and "two pairs of three" in page
    for out, others in HANDS:
        laid = [name for name, (laid_down, _) in others.items() if laid_down]
        response = table.post_hand(game_id, out=out, laid=laid, cards={n: cards for n, (_, cards) in others.items()})
        assert response.status_code == 303, response.get_data(as_text=True)
    state = table.state(game_id)
    assert [{table_name(table, r.player_id): r.score for r in h.results} for h in state.hands] == SCORES
    assert table.totals(game_id) == TOTALS
    assert state.finished and [p.name for p in sorted(state.players, key=lambda p: p.place)] == ["Al", "Cy", "Bo"]
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    # The finished game's table is the final order, once: Al, Cy, Bo (lowest total first).
    assert re.findall(r'<td class="num total">(-?\d+)</td>', page) == ["-22", "27", "50"]


def table_name(table, player_id: int) -> str:
    return next(name for name, pid in table.players.items() if pid == player_id)


def test_played_through_the_api(definition_file, api):
    league, (al, bo, cy) = api.league(("Al", "Bo", "Cy"))
    ids = {"Al": al, "Bo": bo, "Cy": cy}
    document = json.loads(definition_file.read_text(encoding="utf-8"))
    ruleset = api.ok("POST", f"/leagues/{league}/rulesets", {"name": document["name"], "definition": document}, 201)
    assert ruleset["definition"]["card_categories"] == THREE_LEVELS["card_categories"]
    assert [level["requirement"] for level in ruleset["definition"]["levels"]] == [
        "two pairs of three", "a run of four", "a set and a run of four"]
    game = api.game(league, ruleset["key"], [al, bo, cy])
    assert game["variant"] == ruleset["key"] and game["options"]["out_bonus"] == -20
    for out, others in HANDS:
        results = [{"player_id": ids[out], "cards": {}, "went_out": True}] + [
            {"player_id": ids[name], "cards": cards, "laid_down": laid_down}
            for name, (laid_down, cards) in others.items()]
        game = api.ok("POST", f"/games/{game['id']}/hands", {"results": results}, 201)
    names = {pid: name for name, pid in ids.items()}
    assert [{names[r["player_id"]]: r["score"] for r in h["results"]} for h in game["hands"]] == SCORES
    assert {names[p["player_id"]]: p["total"] for p in game["players"]} == TOTALS
    assert game["status"] == "finished" and game["winner_ids"] == [al]


def test_the_based_on_games_designed_range_follows_a_new_player_range(app, table, api):
    """Ramo is designed for 3–5 players (the deal card's note outside it). A house rule for 2–4 players,
    made on the editor, is designed for 3–4; one for 2 players only has no designed range left."""
    from .test_pages import editor_url, nonna_form

    table.web.get(editor_url(table))
    assert table.web.post(editor_url(table), nonna_form(max_players="4")).status_code == 303
    with app.app_context():
        definition = db.session.execute(db.select(Ruleset.definition)).scalar_one()
    assert (definition["min_players"], definition["max_players"], definition["designed_range"]) == (2, 4, [3, 4])
    league, _ = api.league(("Al", "Bo"))
    ruleset = api.ok("POST", f"/leagues/{league}/rulesets", {"name": "Ramo for two", "definition": {
        "key": "ramo", "max_players": 2}}, 201)
    assert ruleset["definition"]["max_players"] == 2 and "designed_range" not in ruleset["definition"]
    # A range the caller changed is theirs: checked, never cut.
    refused = api.post(f"/leagues/{league}/rulesets", json={"name": "Ramo for three", "definition": {
        "key": "ramo", "max_players": 3, "designed_range": [2, 5]}})
    assert refused.status_code == 422 and refused.get_json()["details"]["path"] == "designed_range[1]"
