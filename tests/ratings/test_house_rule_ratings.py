"""A house rule is a game type of its own: its games are rated apart from the built-in game it is based on."""

from tests.house_rules.helpers import house_rule, line

from .helpers import switch_ratings

# Ramo with a single level: a game ends in the first hand someone goes out.
ONE_LEVEL = {"key": "ramo", "levels": [{"number": 1, "requirement": "two sets of three"}]}


def finished_ramo(api, league: int, variant: str, seats: list[int], out: int, hands: int) -> dict:
    """`out` goes out in every hand (the others hold one low card each) until the game ends after `hands` hands."""
    game = api.game(league, variant, seats)
    for _ in range(hands):
        body = {"results": [line(p, went_out=True) if p == out else line(p, low=1) for p in seats]}
        game = api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    assert game["status"] == "finished" and game["winner_ids"] == [out]
    return game


def test_a_house_rule_has_a_ratings_table_of_its_own(api):
    league, (al, bo, cy) = api.league(["Al", "Bo", "Cy"])
    switch_ratings(api, league)
    ruleset = house_rule(api, league, name="Quick Ramo", definition=ONE_LEVEL)
    finished_ramo(api, league, "ramo", [al, bo, cy], out=al, hands=8)  # Ramo's 8 levels, one per hand out
    finished_ramo(api, league, ruleset["key"], [al, bo, cy], out=bo, hands=1)
    tables = api.ok("GET", f"/leagues/{league}/ratings")["tables"]
    # Built-ins first, then house rules; each game counts once, in its own type only.
    assert [(t["variant"], t["name"]) for t in tables] == [("ramo", "Ramo"), (ruleset["key"], "Quick Ramo")]
    ramo, quick = tables
    assert sorted((r["player_id"], r["games"], r["provisional"]) for r in ramo["rows"]) == [
        (al, 1, True), (bo, 1, True), (cy, 1, True)]
    assert sorted((r["player_id"], r["games"], r["provisional"]) for r in quick["rows"]) == [
        (al, 1, True), (bo, 1, True), (cy, 1, True)]
    # Three newcomers, one game each: the winner of each game leads that game's table, above 1500.
    assert ramo["rows"][0]["player_id"] == al and ramo["rows"][0]["rating"] > 1500
    assert quick["rows"][0]["player_id"] == bo and quick["rows"][0]["rating"] > 1500
    # Bo and Cy tied on 1 low card each in Ramo (they share second place), so they got the same rating there.
    assert ramo["rows"][1]["rating"] == ramo["rows"][2]["rating"] < 1500
