"""Phase 10 through the API (docs/RULES.md §6): a co-win worked out by hand, standings, variant facts."""

from .helpers import result


def test_phase10_through_the_api_to_a_co_win(api):
    """The co-win of tests/rules/test_phase10.py: A out in odd hands, B in even ones, ten hands;
    A and B both 25 and completed, C 200 -> A and B co-win, places 1, 1, 3."""
    league, ids = api.league(names=("Al", "Bo", "Cy"))
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Phase"}, 201)
    game = api.game(league, "phase10", ids, season_id=season["id"])
    a, b, c = ids
    for number in range(1, 11):
        out, other = (a, b) if number % 2 else (b, a)
        body = {"results": [result(out, {}, went_out=True), result(other, {"low": 1}, laid_down=True),
                            result(c, {"high": 2})]}
        body["results"].sort(key=lambda r: ids.index(r["player_id"]))
        shown = api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    assert shown["status"] == "finished" and sorted(shown["winner_ids"]) == sorted([a, b])
    assert [(p["total"], p["completed"], p["place"], p["rank"]) for p in shown["players"]] == [
        (25, True, 1, 1), (25, True, 1, 1), (200, False, 3, 3)]
    assert [r["level"] for r in shown["hands"][9]["results"]] == [10, 10, 1]  # the phase played in hand 10
    refused = api.post(f"/games/{game['id']}/hands", body)
    assert refused.status_code == 409
    (table_,) = api.ok("GET", f"/seasons/{season['id']}/standings")["tables"]
    assert table_["variant"] == "phase10"
    assert sorted((row["player_id"], row["points"]) for row in table_["rows"]) == sorted(
        [(a, 100), (b, 100), (c, 0)])
    variants = {v["key"]: v for v in api.ok("GET", "/variants")}
    assert [(c["key"], c["points"]) for c in variants["phase10"]["card_categories"]] == [
        ("low", 5), ("high", 10), ("skip", 15), ("wild", 25)]
    assert variants["phase10"]["levels"][7] == {"number": 8, "requirement": "seven cards of one colour"}


def test_phase10_bad_hand_through_the_api_names_the_player_with_a_code(api):
    league, ids = api.league(names=("Al", "Bo", "Cy"))
    game = api.game(league, "phase10", ids)
    body = {"results": [result(ids[0], {"low": 1}), result(ids[1], {"low": 1}), result(ids[2], {"low": 1})]}
    response = api.post(f"/games/{game['id']}/hands", body)
    assert response.status_code == 422
    assert response.get_json() == {"error": "Someone must go out in Phase 10",
                                   "details": {"code": "someone_must_go_out", "player_id": None, "hand": None}}
