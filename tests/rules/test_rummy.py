"""Rummy (docs/RULES.md §3): the worked example, ace value, end by hands or target, who deals."""

import pytest

from ramo_keeper.rules import deal, replay
from ramo_keeper.text.phrases import say

from .tables import AL, BO, CY, DI, fold, game, hand, holds, out, s, scores, totals

# docs/RULES.md §3 example: 4 players, ace 1, (pips, tens, aces).
EXAMPLE = [
    hand(out(AL), holds(BO, s(10, 1, 1)), holds(CY, s(19)), holds(DI, s(4, 3))),
    hand(holds(AL, s(4)), holds(BO, s(8, 0, 2)), out(CY, went_rummy=True), holds(DI, s(0, 1))),
    hand(out(AL), holds(BO, s(10, 3)), holds(CY, s(5, 2)), holds(DI, s(2, 1, 1))),
]


def test_worked_example_only_the_player_who_went_out_scores():
    states = fold(game("rummy", 4, AL), EXAMPLE)
    assert [scores(h) for h in states[-1].hands] == [
        {AL: 74, BO: 0, CY: 0, DI: 0},
        {AL: 0, BO: 0, CY: 48, DI: 0},  # (4 + 10 + 10) × 2 for going rummy
        {AL: 78, BO: 0, CY: 0, DI: 0},
    ]
    assert [st.finished for st in states] == [False, False, False, True]


def test_worked_example_ends_when_a_total_reaches_150_and_highest_total_wins():
    end = replay(game("rummy", 4, AL), EXAMPLE)
    assert totals(end) == {AL: 152, BO: 0, CY: 48, DI: 0}
    assert end.winner_ids == (AL,)
    assert [p.rank for p in end.players] == [1, 3, 2, 3]
    assert end.player(AL).rounds_won == 2 and end.player(CY).rounds_won == 1


def test_aces_count_15_in_the_ace_high_or_low_variant():
    # B (0,0,2), C (5,1,1): ace 15 -> 30 + (5+10+15) = 60; ace 1 -> 2 + 16 = 18.
    h = hand(out(AL), holds(BO, s(0, 0, 2)), holds(CY, s(5, 1, 1)))
    assert replay(game("rummy", 3, ace_value=15), [h]).player(AL).total == 60
    assert replay(game("rummy", 3), [h]).player(AL).total == 18


@pytest.mark.parametrize(("target", "finished"), [(50, True), (74, True), (75, False)])
def test_target_option_ends_the_game_when_a_total_reaches_it(target, finished):
    # Hand 1 of the example gives A 74.
    assert replay(game("rummy", 4, AL, target=target), EXAMPLE[:1]).finished is finished


def test_hands_mode_ends_after_the_set_number_of_hands():
    # hands=2: hand 1 A out, B (7,2,0)=27 -> A 27; hand 2 B rummy, A (3,0,1)=4 -> B 8. A wins 27 to 8.
    states = fold(game("rummy", 2, AL, end="hands", hands=2),
                  [hand(out(AL), holds(BO, s(7, 2))), hand(holds(AL, s(3, 0, 1)), out(BO, went_rummy=True))])
    assert not states[1].finished
    assert states[2].finished and totals(states[2]) == {AL: 27, BO: 8} and states[2].winner_ids == (AL,)


def test_hands_mode_ignores_the_target_and_ties_co_win():
    # hands=2, target 10: hand 1 A +10 (B holds 10) — reaching 10 does not end it;
    # hand 2 B +10 (A holds 9 + ace 1) -> 10 all, co-winners.
    setup = game("rummy", 2, AL, end="hands", hands=2, target=10)
    states = fold(setup, [hand(out(AL), holds(BO, s(10))), hand(holds(AL, s(9, 0, 1)), out(BO))])
    assert not states[1].finished
    assert totals(states[2]) == {AL: 10, BO: 10} and states[2].winner_ids == (AL, BO)


@pytest.mark.parametrize(("rule", "dealers"), [("rotate", [AL, BO, CY]), ("winner_deals", [AL, CY, BO])])
def test_the_deal_rotates_or_goes_to_the_hands_winner(rule, dealers):
    # Hand 1 C goes out, hand 2 B goes out.
    hands = [hand(holds(AL, s(5)), holds(BO, s(6)), out(CY)), hand(holds(AL, s(5)), out(BO), holds(CY, s(2)))]
    states = fold(game("rummy", 3, AL, dealer_rule=rule), hands)
    assert [st.next_dealer_id for st in states] == dealers


@pytest.mark.parametrize(("players", "cards"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_rummy_deals_10_cards_for_two_7_for_three_or_four_and_6_for_five_or_six(players, cards):
    setup = game("rummy", players)
    info = deal(setup, replay(setup, []))
    assert set(dict(info.cards).values()) == {cards}
    assert (info.decks, info.jokers, say(info.deck)) == (1, 0, "1 deck of 52 cards, no jokers")
    assert info.starter_id == BO and all(level is None for _, level in info.requirements)
