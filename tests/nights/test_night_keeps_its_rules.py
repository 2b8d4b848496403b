"""A night keeps its rules (issue 34, finding 5): a house-rule night plays, every round, the definition and
options it opened with; editing or deleting the house rule mid-night changes none of its rounds."""

from tests.nights.helpers import EIGHT, hand

# Rummy whose games end after one hand; the edit below makes them three.
ONE_HAND_RUMMY = {"key": "rummy", "options": {"end": "hands", "hands": 1}}
THREE_HAND_RUMMY = {"key": "rummy", "options": {"end": "hands", "hands": 3}}


def _open(api, league: int, ids: list[int], key: str) -> dict:
    body = {"name": "Thursday", "variant": key, "player_ids": ids, "table_size": 4, "rounds": 3}
    return api.ok("POST", f"/leagues/{league}/nights", body, 201)


def _play_one_hand_each(api, night: dict) -> None:
    """Every table of the current round: its first seat goes out, the next holds 10 pips (§3: 10 points)."""
    current = next(r for r in night["round_list"] if r["number"] == night["current_round"])
    for table in current["tables"]:
        seats = table["player_ids"]
        api.ok("POST", f"/games/{table['game_id']}/hands", hand(seats[0], 10, seats[1:]), 201)


def _games_of_round(api, night: dict, number: int) -> list[dict]:
    tables = next(r for r in night["round_list"] if r["number"] == number)["tables"]
    return [api.ok("GET", f"/games/{table['game_id']}") for table in tables]


def test_editing_the_house_rule_mid_night_changes_none_of_its_rounds(api):
    league, ids = api.league(EIGHT)
    rule = api.ok("POST", f"/leagues/{league}/rulesets", {"name": "Quick rummy", "definition": ONE_HAND_RUMMY}, 201)
    night = _open(api, league, ids, rule["key"])
    _play_one_hand_each(api, night)
    api.ok("PUT", f"/rulesets/{rule['id']}", {"name": "Quick rummy", "definition": THREE_HAND_RUMMY})

    night = api.ok("POST", f"/nights/{night['id']}/rounds", status=201)
    for game in _games_of_round(api, night, 2):
        assert game["options"]["hands"] == 1
    # One hand ends a round-2 game, as it ended round 1's: the night still plays one-hand games.
    _play_one_hand_each(api, night)
    for game in _games_of_round(api, night, 2):
        assert game["status"] == "finished"
    # The night shows every option its games take, as it opened with them.
    options = api.ok("GET", f"/nights/{night['id']}")["options"]
    assert options["end"] == "hands" and options["hands"] == 1
    # One standings table, each player with two finished games.
    (table,) = api.ok("GET", f"/nights/{night['id']}/standings")["tables"]
    assert {row["player_id"]: row["games"] for row in table["rows"]} == {player: 2 for player in ids}
    # A night opened after the edit takes the rule as it is now.
    later = _open(api, league, ids, rule["key"])
    assert later["options"]["hands"] == 3


def test_deleting_the_house_rule_mid_night_strands_nothing(api):
    league, ids = api.league(EIGHT)
    rule = api.ok("POST", f"/leagues/{league}/rulesets", {"name": "Quick rummy", "definition": ONE_HAND_RUMMY}, 201)
    night = _open(api, league, ids, rule["key"])
    _play_one_hand_each(api, night)
    assert api.delete(f"/rulesets/{rule['id']}").status_code == 204

    # Two players leave between rounds: six are re-planned at two tables of three.
    night = api.ok("PATCH", f"/nights/{night['id']}", {"player_ids": ids[:6]})
    assert night["player_ids"] == ids[:6]
    night = api.ok("POST", f"/nights/{night['id']}/rounds", status=201)
    games = _games_of_round(api, night, 2)
    assert [len(game["players"]) for game in games] == [3, 3]
    for game in games:
        assert game["variant"] == rule["key"] and game["options"]["hands"] == 1
    _play_one_hand_each(api, night)
    night = api.ok("POST", f"/nights/{night['id']}/rounds", status=201)
    assert night["current_round"] == 3
