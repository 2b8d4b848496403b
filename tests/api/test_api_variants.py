"""All four games played through the API match docs/RULES.md's worked examples, and the replay."""

import pytest

from ramo_keeper import rules

from .helpers import ramo, result, std, totals

# docs/RULES.md §1: four players A B C D, first dealer A; (low, high, special) per player, None = went out.
RAMO_HANDS = [
    ({0: (3, 2, 1), 1: (5, 0, 0), 2: (0, 1, 2), 3: None}, {0}),
    ({0: None, 1: (4, 3, 0), 2: (2, 2, 1), 3: (6, 4, 2)}, {1}),
    ({0: (1, 1, 1), 1: None, 2: (3, 2, 0), 3: (0, 3, 0)}, {0, 2}),
]


def ramo_body(ids, cards, laid) -> dict:
    return {"results": [
        result(pid, {}, went_out=True) if cards[i] is None else result(pid, ramo(*cards[i]), laid_down=i in laid)
        for i, pid in enumerate(ids)]}


def play(api, game, bodies) -> list[dict]:
    """Post each hand; the Game after each one."""
    return [api.ok("POST", f"/games/{game['id']}/hands", body, 201) for body in bodies]


def test_ramo_worked_example_totals_levels_and_dealers(api):
    league, ids = api.league()
    game = api.game(league, "ramo", ids)
    assert game["dealer_id"] == ids[0]  # first_dealer_id defaults to the first seat
    after = play(api, game, [ramo_body(ids, c, laid) for c, laid in RAMO_HANDS])
    assert [totals(g) for g in after] == [[55, 25, 50, -50], [5, 75, 100, 60], [40, 25, 135, 90]]
    assert [[p["level"] for p in g["players"]] for g in after] == [[2, 1, 1, 2], [3, 2, 1, 2], [4, 3, 2, 2]]
    assert [g["dealer_id"] for g in after] == [ids[0], ids[2], ids[2]]
    final = after[-1]
    assert [h["dealer_id"] for h in final["hands"]] == [ids[0], ids[0], ids[2]]
    assert [r["score"] for r in final["hands"][1]["results"]] == [-50, 50, 50, 110]
    assert [p["rank"] for p in final["players"]] == [2, 1, 4, 3]
    assert final["status"] == "in_progress" and final["winner_ids"] == [] and final["hand_count"] == 3


def test_ramo_highest_hand_and_per_round_options(api):
    league, ids = api.league()
    by_hand = api.game(league, "ramo", ids, options={"dealer_rule": "highest_hand"})
    assert [g["dealer_id"] for g in play(api, by_hand, [ramo_body(ids, c, laid) for c, laid in RAMO_HANDS])] == [
        ids[0], ids[3], ids[0]]
    per_round = api.game(league, "ramo", ids, options={"progression": "per_round"})
    after = play(api, per_round, [ramo_body(ids, c, laid) for c, laid in RAMO_HANDS])
    assert [{p["level"] for p in g["players"]} for g in after] == [{2}, {3}, {4}]
    assert per_round["options"]["progression"] == "per_round" and per_round["options"]["out_bonus"] == -50


def test_contract_two_rounds(api):
    league, ids = api.league()
    a, b, c, d = ids
    game = api.game(league, "contract", ids, first_dealer_id=d)
    after = play(api, game, [
        {"results": [result(a, {}, went_out=True), result(b, std(16, 1, 0, 1)), result(c, std(5, 0, 2, 0)),
                     result(d, std(23, 3, 1, 1))]},
        {"results": [result(a, std(6, 1, 0, 0)), result(b, {}, went_out=True), result(c, std(0, 0, 0, 2)),
                     result(d, std(9, 2, 1, 0))]},
    ])
    assert totals(after[0]) == [0, 41, 35, 83]
    assert totals(after[1]) == [16, 41, 65, 127]
    assert [h["dealer_id"] for h in after[1]["hands"]] == [d, a] and after[1]["dealer_id"] == b
    assert {p["level"] for p in after[1]["players"]} == {3}


def test_rummy_three_hands_to_152(api):
    league, ids = api.league()
    a, b, c, d = ids
    game = api.game(league, "rummy", ids)
    after = play(api, game, [
        {"results": [result(a, {}, went_out=True), result(b, std(10, 1, 1)), result(c, std(19)),
                     result(d, std(4, 3))]},
        {"results": [result(a, std(4)), result(b, std(8, 0, 2)), result(c, {}, went_out=True, went_rummy=True),
                     result(d, std(0, 1))]},
        {"results": [result(a, {}, went_out=True), result(b, std(10, 3)), result(c, std(5, 2)),
                     result(d, std(2, 1, 1))]},
    ])
    assert [totals(g) for g in after] == [[74, 0, 0, 0], [74, 0, 48, 0], [152, 0, 48, 0]]
    assert after[-1]["status"] == "finished" and after[-1]["winner_ids"] == [a]
    assert after[-1]["players"][0]["rank"] == 1


MANIPULATION = [  # (A, B, C) cards and who knocked (index) or went out
    ((std(4), std(7, 1), std(0, 3)), 0, False),
    ((std(2, 1), std(5), std(3)), 1, False),
    ((std(5), std(9), std(5)), 2, False),
    (({}, std(6, 2), std(9, 3)), 0, True),
    ((std(0, 1), std(6), std(8)), None, False),
    ((std(3), std(0, 2), std(0, 1, 1)), 0, False),
]


def test_manipulation_six_hands_to_finals_368_31_46(api):
    league, ids = api.league(names=("Al", "Bo", "Cy"))
    game = api.game(league, "manipulation", ids)
    bodies = [{"results": [result(pid, cards[i], knocked=i == knocker, **({"went_out": True} if out and i == knocker
                                                                         else {}))
                           for i, pid in enumerate(ids)]} for cards, knocker, out in MANIPULATION]
    after = play(api, game, bodies)
    scores = [[r["score"] for r in g["hands"][-1]["results"]] for g in after]
    assert scores == [[39, 0, 0], [0, 0, 21], [14, 0, 0], [90, 0, 0], [0, 6, 0], [25, 0, 0]]
    final = after[-1]
    assert final["status"] == "finished" and final["winner_ids"] == [ids[0]]
    assert totals(final) == [368, 31, 46]
    assert [p["rounds_won"] for p in final["players"]] == [4, 1, 1]
    assert [p["end_bonus"] for p in final["players"]] == [200, 25, 25]


@pytest.mark.parametrize("variant", ["ramo", "rummy"])
def test_api_game_equals_a_fresh_replay_of_the_stored_hands(api, app, variant):
    league, ids = api.league()
    game = api.game(league, variant, ids)
    if variant == "ramo":
        bodies = [ramo_body(ids, c, laid) for c, laid in RAMO_HANDS]
    else:
        bodies = [{"results": [result(ids[0], {}, went_out=True)] + [result(p, std(9, 1)) for p in ids[1:]]}] * 2
    play(api, game, bodies)
    api.ok("PUT", f"/games/{game['id']}/hands/1", bodies[-1], 200)
    shown = api.ok("GET", f"/games/{game['id']}")
    # The pure rules core, fed the same request bodies, agrees without the database.
    setup = rules.new_game(variant, [rules.Seat(p["player_id"], p["name"]) for p in shown["players"]])
    edited = [bodies[-1]] + bodies[1:]
    state = rules.replay(setup, [rules.HandInput(tuple(rules.PlayerResult(r["player_id"], r["cards"], rules.marks_in(r))
                                                       for r in b["results"])) for b in edited])
    assert totals(shown) == [p.total for p in state.players]
    assert shown["dealer_id"] == state.next_dealer_id
    assert [p["level"] for p in shown["players"]] == [p.level for p in state.players]
    assert [[r["score"] for r in h["results"]] for h in shown["hands"]] == \
        [[r.score for r in h.results] for h in state.hands]


def test_manipulation_stock_out_with_two_empty_hands_is_recorded_and_replays(api):
    # docs/RULES.md §4 example 5b: no knock; A 0, B 0, C 12 -> A and B 37 each.
    league, ids = api.league(names=("Al", "Bo", "Cy"))
    game = api.game(league, "manipulation", ids)
    body = {"results": [result(ids[0], {}), result(ids[1], {}), result(ids[2], std(2, 1))]}
    shown = api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    assert [r["score"] for r in shown["hands"][0]["results"]] == [37, 37, 0]
    assert shown["hands"][0]["winner_ids"] == ids[:2]
    again = api.ok("GET", f"/games/{game['id']}")  # replayed from the stored rows
    assert totals(again) == [37, 37, 0] and [p["rounds_won"] for p in again["players"]] == [1, 1, 0]
