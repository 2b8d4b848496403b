"""Phase 10 (docs/RULES.md §6): one out per hand, ten phases each, completers win, finishing order.

Every expected number is worked out by hand from §6: low 5, high 10, skip 15, wild 25 points each.
"""

import pytest

from ramo_keeper.rules import deal, get_variant, placement_points, replay, total_ranks
from ramo_keeper.text.phrases import say
from ramo_keeper.text.requirements import requirement

from .tables import AL, BO, CY, DI, fold, game, hand, holds, out, refused_with, scores, seats, totals


def p10(low=0, high=0, skip=0, wild=0) -> dict:
    """Phase 10 cards (low, high, skip, wild)."""
    return {"low": low, "high": high, "skip": skip, "wild": wild}


# §6 example: A deals hand 1; B goes out; A laid down holding 2 low + 1 wild; C did not, 3 low, 2 high, 1 skip.
EXAMPLE_HAND = hand(holds(AL, p10(2, 0, 0, 1), laid_down=True), out(BO), holds(CY, p10(3, 2, 1)))


def test_the_worked_example_scores_and_phases():
    state = replay(game("phase10", 3, AL), [EXAMPLE_HAND])
    assert scores(state.hands[0]) == {AL: 35, BO: 0, CY: 50}  # 2×5 + 25; 0; 3×5 + 2×10 + 15
    assert [p.level for p in state.players] == [2, 2, 1]
    assert "laid_down" in state.hands[0].result(BO).marks  # going out needs the phase laid down
    assert state.next_dealer_id == BO and not state.finished


def test_the_deal_card_before_and_after_the_example_hand():
    setup = game("phase10", 3, AL)
    first = deal(setup, replay(setup, []))
    assert (first.dealer_id, first.starter_id, first.direction, first.decks, first.jokers) == (
        AL, BO, "clockwise", 1, 0)
    assert say(first.deck) == "1 deck of 108 Phase 10 cards"
    assert first.cards == ((AL, 10), (BO, 10), (CY, 10)) and first.note is None
    assert {requirement(level) for _, level in first.requirements} == {"two sets of three"}
    second = deal(setup, replay(setup, [EXAMPLE_HAND]))
    assert (second.hand_number, second.dealer_id, second.starter_id) == (2, BO, CY)
    assert [requirement(level) for _, level in second.requirements] == [
        "a set of three and a run of four", "a set of three and a run of four", "two sets of three"]


def test_the_phase_table_is_section_six():
    assert [requirement(level) for level in get_variant("phase10").levels] == [
        "two sets of three", "a set of three and a run of four", "a set of four and a run of four",
        "a run of seven", "a run of eight", "a run of nine", "two sets of four", "seven cards of one colour",
        "a set of five and a set of two", "a set of five and a set of three",
    ]


def co_win_game():
    """Ten hands, 3 players, A deals first. A goes out in odd hands, B in even ones; both lay down
    every hand, and the one not out holds one low card (5). C never lays down, holding 2 high (20)."""
    hands = []
    for number in range(1, 11):
        a_out = number % 2 == 1
        hands.append(hand(out(AL) if a_out else holds(AL, p10(1), laid_down=True),
                          holds(BO, p10(1), laid_down=True) if a_out else out(BO),
                          holds(CY, p10(0, 2))))
    return game("phase10", 3, AL), hands


def test_a_full_game_ends_after_the_hand_in_which_someone_completes_phase_ten():
    setup, hands = co_win_game()
    states = fold(setup, hands)
    # After nine hands A and B have laid down phases 1–9 and play phase 10; nobody has completed.
    assert not states[9].finished and [p.level for p in states[9].players] == [10, 10, 1]
    assert [p.completed for p in states[9].players] == [False, False, False]
    end = states[10]
    assert end.finished and end.hand_count == 10
    assert [p.completed for p in end.players] == [True, True, False]
    # A: 5 in each of hands 2, 4, 6, 8, 10 = 25; B: hands 1, 3, 5, 7, 9 = 25; C: 10 × 20 = 200.
    assert totals(end) == {AL: 25, BO: 25, CY: 200}
    # The deal passes to the next seat each hand: A, B, C, A, …
    assert [h.dealer_id for h in end.hands] == [AL, BO, CY, AL, BO, CY, AL, BO, CY, AL]


def test_completers_with_the_same_lowest_total_co_win():
    setup, hands = co_win_game()
    end = replay(setup, hands)
    assert end.winner_ids == (AL, BO)
    assert {p.player_id: p.place for p in end.players} == {AL: 1, BO: 1, CY: 3}
    assert [placement_points(3, p.place) for p in end.players] == [100, 100, 0]


def test_finishing_order_is_completers_then_higher_phase_then_lower_total():
    """Four players, A deals first, ten hands. A goes out every hand (0 each) and completes in hand 10.
    B and C lay down in hands 1–7 (phase 8 reached), each holding 2 high (20) every hand: 200 each.
    D lays down in hands 1–2 only (phase 3), holding 1 low (5) every hand: 50."""
    hands = [hand(out(AL), holds(BO, p10(0, 2), laid_down=n <= 7), holds(CY, p10(0, 2), laid_down=n <= 7),
                  holds(DI, p10(1), laid_down=n <= 2)) for n in range(1, 11)]
    end = replay(game("phase10", 4, AL), hands)
    assert end.finished and totals(end) == {AL: 0, BO: 200, CY: 200, DI: 50}
    assert [p.level for p in end.players] == [10, 8, 8, 3]
    # D has the lower total but the lower phase: phase comes first, so D is fourth.
    assert {p.player_id: p.place for p in end.players} == {AL: 1, BO: 2, CY: 2, DI: 4}
    assert end.winner_ids == (AL,)
    assert [placement_points(4, p.place) for p in end.players] == [100, 67, 67, 0]
    # The API's rank looks at the current total only: A 0, D 50, B and C 200.
    assert total_ranks(end) == {AL: 1, BO: 3, CY: 3, DI: 2}


def test_a_completer_with_a_higher_total_still_beats_everyone_who_did_not_complete():
    # One hand at phase 10 is enough to test the order: start A at phase 10 by playing 9 hands first.
    # B holds a wild each time (25) and never lays down; C holds one low card (5).
    nine = [hand(out(AL), holds(BO, p10(0, 0, 0, 1)), holds(CY, p10(1))) for _ in range(9)]
    # Hand 10: B goes out; A lays down phase 10 holding 4 wilds (100) and completes.
    last = hand(holds(AL, p10(0, 0, 0, 4), laid_down=True), out(BO), holds(CY, p10(1)))
    end = replay(game("phase10", 3, AL), nine + [last])
    assert end.finished and totals(end) == {AL: 100, BO: 225, CY: 50}
    assert end.winner_ids == (AL,)
    # C has the lowest total but B reached phase 2 (laid down by going out in hand 10); C is at 1.
    assert {p.player_id: p.place for p in end.players} == {AL: 1, BO: 2, CY: 3}


@pytest.mark.parametrize(("results", "sentence"), [
    ([holds(AL, p10(1)), holds(BO, p10(1)), holds(CY, p10(1))], "^Someone must go out in Phase 10$"),
    ([out(AL), out(BO), holds(CY, p10(1))], "^Only one player can go out, but Al and Bo both went out$"),
    ([holds(AL, p10(1)), holds(BO, p10(1, 1), went_out=True), holds(CY, p10(1))],
     "^Bo went out but still holds 2 cards$"),
    ([out(AL), holds(BO, p10(1), knocked=True), holds(CY, p10(1))],
     "^Phase 10 has no knocking, but Bo is marked as having knocked$"),
    ([out(AL), holds(BO, p10(1), went_rummy=True), holds(CY, p10(1))],
     "^Phase 10 has no going rummy, but Bo is marked as having gone rummy$"),
    ([out(AL), holds(BO, {"pips": 4}), holds(CY, p10(1))], "^Phase 10 has no pips, but Bo's cards list pips$"),
    # The 108-card deck holds 2 × 4 colours × 3 numbers (10–12) = 24 high cards, and 4 Skips.
    ([out(AL), holds(BO, p10(0, 25)), holds(CY, p10(1))], "^Bo cannot hold 25 high: a hand holds at most 24$"),
    ([out(AL), holds(BO, p10(0, 0, 5)), holds(CY, p10(1))], "^Bo cannot hold 5 skip: a hand holds at most 4$"),
    ([out(AL), holds(BO, p10(40, 21)), holds(CY, p10(1))], "^Bo cannot hold more than 60 cards$"),
])
def test_a_bad_hand_names_the_player_and_the_rule(results, sentence):
    with refused_with(sentence):
        replay(game("phase10", 3, AL), [hand(*results)])


def test_two_to_six_players():
    with refused_with("^Phase 10 needs 2 to 6 players$"):
        game("phase10", 7)
    with refused_with("^Phase 10 needs 2 to 6 players$"):
        game("phase10", 1)
    assert len(game("phase10", 6).seats) == 6 == len(seats(6))


def test_no_options_and_the_categories_and_words_of_section_six():
    variant = get_variant("phase10")
    assert variant.default_options() == {}
    assert [(c.key, c.points, c.maximum) for c in variant.card_categories] == [
        # What the 108-card deck holds, 60 cards at most: 72 low, 24 high, 4 Skips, 8 Wilds.
        ("low", 5, 60), ("high", 10, 24), ("skip", 15, 4), ("wild", 25, 8)]
    assert (variant.words.level, variant.words.went_out) == ("phase", "Went out")
    assert not variant.allows_nobody_out({})
    assert variant.hand_value({"low": 3, "high": 2, "skip": 1}).working == "3×5 + 2×10 + 1×15 = 50"
