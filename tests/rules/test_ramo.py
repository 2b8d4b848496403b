"""Ramo (docs/RULES.md §1): the worked example, every option, dealer ties, a full game to level 8."""

import pytest

from ramo_keeper.rules import deal, replay
from ramo_keeper.text.phrases import say
from ramo_keeper.text.requirements import requirement

from .tables import AL, BO, CY, DI, fold, game, hand, holds, out, r, refused_with, scores, totals

# docs/RULES.md §1 worked example: 4 players A B C D, first dealer A.
EXAMPLE = [
    hand(holds(AL, r(3, 2, 1), laid_down=True), holds(BO, r(5, 0, 0)), holds(CY, r(0, 1, 2)), out(DI)),
    hand(out(AL), holds(BO, r(4, 3, 0), laid_down=True), holds(CY, r(2, 2, 1)), holds(DI, r(6, 4, 2))),
    hand(holds(AL, r(1, 1, 1), laid_down=True), out(BO), holds(CY, r(3, 2, 0), laid_down=True),
         holds(DI, r(0, 3, 0))),
]


def example_states(**options):
    return fold(game("ramo", 4, AL, **options), EXAMPLE)


def test_worked_example_hand_scores():
    states = example_states()
    assert [scores(h) for h in states[-1].hands] == [
        {AL: 55, BO: 25, CY: 50, DI: -50},
        {AL: -50, BO: 50, CY: 50, DI: 110},
        {AL: 35, BO: -50, CY: 35, DI: 30},
    ]


def test_worked_example_running_totals():
    assert [totals(s) for s in example_states()[1:]] == [
        {AL: 55, BO: 25, CY: 50, DI: -50},
        {AL: 5, BO: 75, CY: 100, DI: 60},
        {AL: 40, BO: 25, CY: 135, DI: 90},
    ]


def test_laying_down_moves_a_player_to_the_next_level_and_the_out_player_counts_as_laid_down():
    levels = [{p.player_id: p.level for p in s.players} for s in example_states()[1:]]
    assert levels == [{AL: 2, BO: 1, CY: 1, DI: 2}, {AL: 3, BO: 2, CY: 1, DI: 2}, {AL: 4, BO: 3, CY: 2, DI: 2}]
    first = example_states()[-1].hands[0]
    line = first.result(DI)
    assert "laid_down" in line.marks and line.level_before == 1 and line.level_after == 2


def test_highest_running_total_deals_next():
    states = example_states()
    assert [s.next_dealer_id for s in states] == [AL, AL, CY, CY]
    assert [h.dealer_id for h in states[-1].hands] == [AL, AL, CY]


def test_highest_hand_score_deals_next_with_ties_going_to_the_first_seat_after_the_dealer():
    # Hand 3 scores A 35, B −50, C 35, D 30: A and C tie; dealer D, walk A, B, C, D -> A.
    states = example_states(dealer_rule="highest_hand")
    assert [s.next_dealer_id for s in states[1:]] == [AL, DI, AL]


def test_per_round_everyone_plays_level_k_in_hand_k():
    states = example_states(progression="per_round")
    for k, state in enumerate(states[1:], 1):
        assert {p.level for p in state.players} == {k + 1}
        assert {line.level_before for line in state.hands[-1].results} == {k}


def test_ranks_follow_the_lowest_total_with_ties_sharing():
    state = example_states()[-1]
    assert {p.player_id: p.rank for p in state.players} == {AL: 2, BO: 1, CY: 4, DI: 3}
    assert state.player(BO).rounds_won == 1 and state.player(AL).rounds_won == 1


def test_out_bonus_option_sets_the_score_for_going_out():
    # out_bonus −100: D goes out -> −100; A (3,2,1) = 15+20+20 = 55 as usual.
    state = replay(game("ramo", 4, AL, out_bonus=-100), EXAMPLE[:1])
    assert scores(state.hands[0]) == {AL: 55, BO: 25, CY: 50, DI: -100}


NOBODY_OUT = hand(holds(AL, r(1, 1, 0), laid_down=True), holds(BO, r(0, 0, 1)), holds(CY, r(3, 0, 0)))


def test_when_nobody_goes_out_everyone_scores_their_cards():
    # A (1,1,0) = 5+10 = 15, B (0,0,1) = 20, C (3,0,0) = 15; no −50; A still laid down -> level 2.
    state = replay(game("ramo", 3, AL), [NOBODY_OUT])
    assert totals(state) == {AL: 15, BO: 20, CY: 15}
    assert state.hands[0].winner_ids == ()
    assert [p.level for p in state.players] == [2, 1, 1]
    assert [p.rounds_won for p in state.players] == [0, 0, 0]
    assert state.next_dealer_id == BO  # highest total 20


def test_a_hand_without_anyone_going_out_is_refused_when_allow_no_winner_is_off():
    setup = game("ramo", 3, AL, allow_no_winner=False)
    with refused_with("^Someone must go out in Ramo"):
        replay(setup, [NOBODY_OUT])


@pytest.mark.parametrize(
    ("first_dealer", "results", "expected"),
    [
        # B out; A (2,0,0)=10, C (1,0,0)=5, D (0,1,0)=10: A and D tie on 10; dealer C walks D, A -> D.
        (CY, [holds(AL, r(2)), out(BO), holds(CY, r(1)), holds(DI, r(0, 1))], DI),
        # C out; A (0,1,0)=10, B (2,0,0)=10, D 5: tie A and B; dealer B walks C, D, A -> A.
        (BO, [holds(AL, r(0, 1)), holds(BO, r(2)), out(CY), holds(DI, r(1))], AL),
        # C out; A 5, B (0,0,1)=20, D 10: the dealer B alone is highest and deals again.
        (BO, [holds(AL, r(1)), holds(BO, r(0, 0, 1)), out(CY), holds(DI, r(0, 1))], BO),
    ],
)
def test_dealer_ties_go_to_the_first_tied_seat_after_the_dealer_and_the_dealer_comes_last(
    first_dealer, results, expected
):
    for rule in ("highest_total", "highest_hand"):  # after one hand both rules see the same numbers
        assert replay(game("ramo", 4, first_dealer, dealer_rule=rule), [hand(*results)]).next_dealer_id == expected


# A full per_player game, 3 players, first dealer A.
# Hands 1–7: B goes out (−50); A lays down holding (1,0,0)=5; C holds (0,1,0)=10.
# Hand 8:    C goes out (−50); A lays down level 8 holding 5 -> completes; B holds (0,0,1)=20.
# Totals: A 8×5 = 40; B 7×(−50) + 20 = −330; C 7×10 − 50 = 20.
FULL_GAME = [hand(holds(AL, r(1), laid_down=True), out(BO), holds(CY, r(0, 1)))] * 7 + [
    hand(holds(AL, r(1), laid_down=True), holds(BO, r(0, 0, 1)), out(CY))
]


def test_per_player_game_goes_on_until_someone_completes_level_8():
    states = fold(game("ramo", 3, AL), FULL_GAME)
    before_last = states[7]
    assert not before_last.finished
    assert [p.level for p in before_last.players] == [8, 8, 1]
    assert totals(before_last) == {AL: 35, BO: -350, CY: 70}
    requirements = dict(deal(before_last.setup, before_last).requirements)
    assert requirement(requirements[AL]) == "four sets or four runs" and requirements[CY].number == 1


def test_game_ends_after_the_hand_in_which_a_player_completes_level_8_and_lowest_total_wins():
    state = replay(game("ramo", 3, AL), FULL_GAME)
    assert state.finished and state.hand_count == 8
    assert totals(state) == {AL: 40, BO: -330, CY: 20}
    assert [(p.level, p.completed) for p in state.players] == [(8, True), (8, False), (2, False)]
    assert state.winner_ids == (BO,)
    assert [p.rank for p in state.players] == [3, 1, 2]
    # C (10 per hand) is highest after hands 1–7; after hand 8 A's 40 is highest.
    assert [h.dealer_id for h in state.hands] == [AL] + [CY] * 7 and state.next_dealer_id == AL


def test_with_the_completers_rule_only_players_who_completed_level_8_can_win():
    state = replay(game("ramo", 3, AL, winner_rule="completers"), FULL_GAME)
    assert state.winner_ids == (AL,)  # A 40 is the only completer, although B has −330
    assert [p.place for p in state.players] == [1, 2, 3]


def test_no_hand_can_be_added_after_the_game_is_over():
    with refused_with("^The game is over$") as err:
        replay(game("ramo", 3, AL), FULL_GAME + FULL_GAME[:1])
    assert err.value.hand_number == 9


# Two players who both lay down every hand reach level 8 together.
# Odd hands A goes out and B holds (0,1,0)=10; even hands the other way round.
# A: 4×(−50) + 4×10 = −160; B the same -> co-winners.
TWIN_GAME = [
    hand(out(AL), holds(BO, r(0, 1), laid_down=True)) if k % 2 else hand(holds(AL, r(0, 1), laid_down=True), out(BO))
    for k in range(1, 9)
]


@pytest.mark.parametrize("winner_rule", ["lowest_total", "completers"])
def test_players_who_tie_at_the_end_are_co_winners(winner_rule):
    states = fold(game("ramo", 2, AL, winner_rule=winner_rule), TWIN_GAME)
    assert not states[7].finished
    assert totals(states[8]) == {AL: -160, BO: -160}
    assert states[8].winner_ids == (AL, BO)
    assert [p.rank for p in states[8].players] == [1, 1]


def test_per_round_game_ends_after_hand_8_whoever_laid_down():
    # A goes out every hand (−50 × 8 = −400); B holds (1,0,0)=5 each hand (40) and never lays down.
    states = fold(game("ramo", 2, AL, progression="per_round"), [hand(out(AL), holds(BO, r(1)))] * 8)
    assert not states[7].finished and [p.level for p in states[7].players] == [8, 8]
    assert dict(deal(states[7].setup, states[7]).requirements)[BO].number == 8
    end = states[8]
    assert end.finished and totals(end) == {AL: -400, BO: 40} and end.winner_ids == (AL,)
    assert [p.level for p in end.players] == [None, None]
    assert [p.completed for p in end.players] == [False, False]


def test_completers_rule_needs_per_player_progression():
    with refused_with("^winner_rule completers needs progression per_player$"):
        game("ramo", 3, progression="per_round", winner_rule="completers")


def test_level_table_is_the_rules_table():
    from ramo_keeper.rules import get_variant

    levels = get_variant("ramo").levels
    assert [requirement(lv) for lv in levels] == [
        "two sets", "one set and one run", "two runs", "three sets", "two sets and one run",
        "one set and two runs", "three runs", "four sets or four runs",
    ]
    assert [[(m.kind, m.count) for m in alt] for alt in levels[7].melds] == [[("set", 4)], [("run", 4)]]
    assert [(m.kind, m.count, m.min_length) for m in levels[4].melds[0]] == [("set", 2, 3), ("run", 1, 3)]


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 2), (4, 2), (5, 2), (6, 3), (7, 3), (8, 3)])
def test_ramo_uses_one_deck_for_two_two_decks_for_three_to_five_and_three_decks_beyond(players, decks):
    setup = game("ramo", players)
    info = deal(setup, replay(setup, []))
    assert info.decks == decks
    assert say(info.deck) == f"{decks} deck{'s' if decks > 1 else ''} of 60 Ramo cards"
    assert info.jokers == 0
    designed = 3 <= players <= 5
    assert (info.note is None) == designed
    assert say(info.note) == ("" if designed else "Ramo is designed for 3 to 5 players")


def test_dealer_gives_13_cards_to_the_next_player_who_starts_and_12_to_everyone_else():
    setup = game("ramo", 4, CY)
    info = deal(setup, replay(setup, []))
    assert info.dealer_id == CY and info.starter_id == DI
    assert info.cards == ((AL, 12), (BO, 12), (CY, 12), (DI, 13))
    assert info.direction == "counter-clockwise"
    assert all(level.number == 1 for _, level in info.requirements)
