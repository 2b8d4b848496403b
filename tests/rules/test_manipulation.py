"""Manipulation Rummy (docs/RULES.md §4): knocks, undercuts, ties, going out, end bonuses."""

import pytest

from ramo_keeper.rules import RuleError, deal, replay
from ramo_keeper.text.phrases import say
from ramo_keeper.text.rule_errors import rule_message

from .tables import AL, BO, CY, DI, fold, game, hand, holds, out, refused_with, s, scores, totals

# docs/RULES.md §4 examples, 3 players A B C; values v in (pips, tens, aces, jokers).
EXAMPLE = [
    # 1. A knocks with 4; B 17 (7 + 10), C 30 -> A 13 + 26 = 39
    hand(holds(AL, s(4), knocked=True), holds(BO, s(7, 1)), holds(CY, s(0, 3))),
    # 2. B knocks with 5; C 3, A 12 (2 + 10) -> C (5−3) + (12−3) + 10 = 21
    hand(holds(AL, s(2, 1)), holds(BO, s(5), knocked=True), holds(CY, s(3))),
    # 3. C knocks with 5 (4 + ace); A 5, B 9 -> A 4 + 0 + 10 = 14
    hand(holds(AL, s(5)), holds(BO, s(9)), holds(CY, s(4, 0, 1), knocked=True)),
    # 4. A goes out; B 26 (joker + ace), C 39 (9 + 30) -> A 26 + 39 + 25 = 90
    hand(out(AL, knocked=True), holds(BO, s(0, 0, 1, 1)), holds(CY, s(9, 3))),
    # 5. no knock; A 10, B 6, C 8 -> B 4 + 2 = 6
    hand(holds(AL, s(0, 1)), holds(BO, s(6)), holds(CY, s(8))),
    # 6. A knocks with 3 aces; B 20, C 11 (10 + ace) -> A 17 + 8 = 25
    hand(holds(AL, s(0, 0, 3), knocked=True), holds(BO, s(0, 2)), holds(CY, s(0, 1, 1))),
]


def test_worked_example_hand_scores():
    state = replay(game("manipulation", 3, AL), EXAMPLE)
    assert [scores(h) for h in state.hands] == [
        {AL: 39, BO: 0, CY: 0}, {AL: 0, BO: 0, CY: 21}, {AL: 14, BO: 0, CY: 0},
        {AL: 90, BO: 0, CY: 0}, {AL: 0, BO: 6, CY: 0}, {AL: 25, BO: 0, CY: 0},
    ]
    assert [h.winner_ids for h in state.hands] == [(AL,), (CY,), (AL,), (AL,), (BO,), (AL,)]


def test_worked_example_end_bonuses_and_final_totals():
    states = fold(game("manipulation", 3, AL), EXAMPLE)
    assert not states[5].finished and totals(states[5]) == {AL: 143, BO: 6, CY: 21}
    end = states[6]
    assert end.finished
    assert [p.rounds_won for p in end.players] == [4, 1, 1]
    assert [p.end_bonus for p in end.players] == [200, 25, 25]
    assert totals(end) == {AL: 368, BO: 31, CY: 46}
    assert end.winner_ids == (AL,) and [p.rank for p in end.players] == [1, 3, 2]


def test_going_out_counts_as_the_knock_even_without_the_knock_flag():
    state = replay(game("manipulation", 3, AL), [hand(out(AL), holds(BO, s(0, 0, 1, 1)), holds(CY, s(9, 3)))])
    line = state.hands[0].result(AL)
    assert line.marks == {"knocked", "went_out"} and line.score == 90


def test_a_knocker_tied_with_two_others_loses_and_both_others_score_with_the_undercut_bonus():
    # A knocks with 4; B 4, C 4, D 20 -> B: (4−4) + (4−4) + (20−4) + 10 = 26, C likewise 26.
    h = hand(holds(AL, s(4), knocked=True), holds(BO, s(4)), holds(CY, s(4)), holds(DI, s(0, 2)))
    state = replay(game("manipulation", 4, AL), [h])
    assert scores(state.hands[0]) == {AL: 0, BO: 26, CY: 26, DI: 0}
    assert state.hands[0].winner_ids == (BO, CY)
    assert [p.rounds_won for p in state.players] == [0, 1, 1, 0]


def test_two_player_tie_goes_against_the_knocker():
    # A knocks with 5, B 5 -> B: 0 + 10 = 10.
    state = replay(game("manipulation", 2, AL), [hand(holds(AL, s(5), knocked=True), holds(BO, s(5)))])
    assert scores(state.hands[0]) == {AL: 0, BO: 10}


def test_without_a_knock_tied_lowest_hands_all_win_without_undercut_bonus():
    # No knock; A 6, B 6, C 15 -> A: 0 + 9 = 9, B: 9.
    state = replay(game("manipulation", 3, AL), [hand(holds(AL, s(6)), holds(BO, s(6)), holds(CY, s(15)))])
    assert scores(state.hands[0]) == {AL: 9, BO: 9, CY: 0}


def test_knock_limit_option():
    # C knocks holding 9 (pips 9); A 12, B 20 -> C (12−9) + (20−9) = 14 with knock_limit 10.
    h = hand(holds(AL, s(2, 1)), holds(BO, s(0, 2)), holds(CY, s(9), knocked=True))
    assert replay(game("manipulation", 3, knock_limit=10), [h]).player(CY).total == 14
    with pytest.raises(RuleError) as err:
        replay(game("manipulation", 3), [h])
    assert rule_message(err.value) == "Cy knocked holding 9 points; knocking needs 5 or less"
    assert err.value.player_id == CY


def test_target_and_bonus_options():
    # target 50, undercut 20, all-cards 50, game bonus 200, round bonus 10; 2 players:
    # 1. A knocks with 3 aces, B 2 -> B (3−2) + 20 = 21
    # 2. B goes out, A 30 -> B 30 + 50 = 80 -> B 101 >= 50: game over
    # End: B 101 + 200 + 2×10 = 321; A 0.
    setup = game("manipulation", 2, AL, target=50, undercut_bonus=20, all_cards_bonus=50,
                 game_bonus=200, round_bonus=10)
    states = fold(setup, [hand(holds(AL, s(0, 0, 3), knocked=True), holds(BO, s(2))),
                          hand(holds(AL, s(0, 3)), out(BO))])
    assert totals(states[1]) == {AL: 0, BO: 21} and not states[1].finished
    assert totals(states[2]) == {AL: 0, BO: 321} and states[2].winner_ids == (BO,)


def test_every_player_who_reached_the_target_gets_the_game_bonus_and_ties_co_win():
    # target 20, no knock: A 5, B 5, C 30 -> A 25, B 25; both reached 20: +100 +25 each = 150; C 0.
    setup = game("manipulation", 3, AL, target=20)
    state = replay(setup, [hand(holds(AL, s(5)), holds(BO, s(5)), holds(CY, s(0, 3)))])
    assert totals(state) == {AL: 150, BO: 150, CY: 0}
    assert state.winner_ids == (AL, BO)


def test_the_deal_passes_to_the_next_player():
    states = fold(game("manipulation", 3, BO), EXAMPLE[:3])
    assert [st.next_dealer_id for st in states] == [BO, CY, AL, BO]


@pytest.mark.parametrize(("players", "decks", "text"),
                         [(2, 1, "1 deck of 53 cards (1 joker)"), (3, 2, "2 decks of 53 cards (2 jokers)"),
                          (5, 2, "2 decks of 53 cards (2 jokers)")])
def test_one_deck_for_two_players_two_decks_for_more_ten_cards_each(players, decks, text):
    setup = game("manipulation", players)
    info = deal(setup, replay(setup, []))
    assert (info.decks, info.jokers, say(info.deck)) == (decks, decks, text)
    assert set(dict(info.cards).values()) == {10}


# ---- the stock ran out (docs/RULES.md §4 "Stock ran out", example 5b) ---------------------------

def test_example_5b_two_players_hold_nothing_after_the_last_meld_and_share_the_win():
    # No knock; A 0, B 0, C 12 (2 + one ten) -> A and B each (0 + 12) + 25 = 37; no undercut bonus.
    state = replay(game("manipulation", 3, AL), [hand(holds(AL, {}), holds(BO, {}), holds(CY, s(2, 1)))])
    assert scores(state.hands[0]) == {AL: 37, BO: 37, CY: 0}
    assert state.hands[0].winner_ids == (AL, BO)
    assert [p.rounds_won for p in state.players] == [1, 1, 0]


def test_a_stock_out_hand_replays_from_what_is_stored():
    # The stored lines are the effective flags: nobody knocked, and holding nothing without a
    # knock is not "went out", so the same hand read back is accepted again and scores the same.
    setup = game("manipulation", 3, AL)
    first = replay(setup, [hand(holds(AL, {}), holds(BO, {}), holds(CY, s(2, 1)))])
    lines = first.hands[0].results
    assert [line.marks for line in lines] == [frozenset()] * 3
    stored = hand(*(holds(line.player_id, dict(line.cards), **dict.fromkeys(line.marks, True))
                    for line in lines))
    assert replay(setup, [stored]) == first


def test_everyone_holding_nothing_at_a_stock_out_all_win_the_all_cards_bonus():
    # No knock; A 0, B 0, C 0 -> each (0 + 0) + 25 = 25, and each wins the hand.
    state = replay(game("manipulation", 3, AL), [hand(holds(AL, {}), holds(BO, {}), holds(CY, {}))])
    assert scores(state.hands[0]) == {AL: 25, BO: 25, CY: 25}
    assert [p.rounds_won for p in state.players] == [1, 1, 1]


def test_one_player_holding_nothing_at_a_stock_out_takes_the_differences_and_the_bonus():
    # No knock; A 0, B 6, C 9 -> A 6 + 9 + 25 = 40.
    state = replay(game("manipulation", 3, AL), [hand(holds(AL, {}), holds(BO, s(6)), holds(CY, s(9)))])
    assert scores(state.hands[0]) == {AL: 40, BO: 0, CY: 0}


def test_with_a_knocker_a_second_empty_hand_is_still_refused():
    # Going out ends the hand, so with a knock only the knocker can hold nothing.
    with refused_with("^Bo holds no cards, so Bo went out and must be the knocker$"):
        replay(game("manipulation", 3, AL), [hand(holds(AL, s(3), knocked=True), holds(BO, {}), holds(CY, s(9)))])


def test_two_players_marked_as_gone_out_is_still_refused():
    with refused_with("^Only one player can go out, but Al and Bo both went out$"):
        replay(game("manipulation", 3, AL), [hand(out(AL), out(BO), holds(CY, s(9)))])
