"""Contract Rummy (docs/RULES.md §2): the worked example, seven rounds, round 7, the deal."""

import pytest

from ramo_keeper.rules import RuleError, deal, get_variant, replay
from ramo_keeper.text.phrases import say
from ramo_keeper.text.requirements import requirement
from ramo_keeper.text.rule_errors import rule_message

from .tables import AL, BO, CY, DI, fold, game, hand, holds, out, refused_with, s, scores, totals

# docs/RULES.md §2 example: 4 players A B C D, first dealer D; cards in (pips, tens, aces, jokers).
EXAMPLE = [
    hand(out(AL), holds(BO, s(16, 1, 0, 1)), holds(CY, s(5, 0, 2, 0)), holds(DI, s(23, 3, 1, 1))),
    hand(holds(AL, s(6, 1, 0, 0)), out(BO), holds(CY, s(0, 0, 0, 2)), holds(DI, s(9, 2, 1, 0))),
]


def test_worked_example_scores_and_totals():
    states = fold(game("contract", 4, DI), EXAMPLE)
    assert scores(states[1].hands[0]) == {AL: 0, BO: 41, CY: 35, DI: 83}
    assert scores(states[2].hands[1]) == {AL: 16, BO: 0, CY: 30, DI: 44}
    assert totals(states[2]) == {AL: 16, BO: 41, CY: 65, DI: 127}


def test_the_deal_passes_to_the_next_player_each_round():
    states = fold(game("contract", 4, DI), EXAMPLE)
    assert [st.next_dealer_id for st in states] == [DI, AL, BO]


def test_everyone_plays_contract_k_in_round_k_whether_or_not_they_made_the_last_one():
    states = fold(game("contract", 4, DI), EXAMPLE)
    assert {p.level for p in states[2].players} == {3}
    requirements = dict(deal(states[2].setup, states[2]).requirements)
    assert {requirement(lv) for lv in requirements.values()} == {"two sequences of four"}


# A whole game, 3 players A B C, first dealer A; (pips, tens, aces, jokers):
#   R1 A out; B (10,0,0,0)=10; C (0,1,1,0)=10+15=25
#   R2 B out; A (0,2,0,0)=20;  C (2,0,0,1)=2+15=17
#   R3 C out; A (0,0,1,0)=15;  B (9,1,0,0)=19
#   R4 A out; B (4,0,0,0)=4;   C (0,3,0,0)=30
#   R5 B out; A (5,1,0,0)=15;  C (0,0,2,0)=30
#   R6 C out; A (2,0,0,0)=2;   B (0,1,0,1)=25
#   R7 A out; B (7,0,1,0)=22;  C (3,2,0,0)=23
# Totals A 0+20+15+0+15+2+0 = 52, B 10+0+19+4+0+25+22 = 80, C 25+17+0+30+30+0+23 = 125.
GAME = [
    hand(out(AL), holds(BO, s(10)), holds(CY, s(0, 1, 1))),
    hand(holds(AL, s(0, 2)), out(BO), holds(CY, s(2, 0, 0, 1))),
    hand(holds(AL, s(0, 0, 1)), holds(BO, s(9, 1)), out(CY)),
    hand(out(AL), holds(BO, s(4)), holds(CY, s(0, 3))),
    hand(holds(AL, s(5, 1)), out(BO), holds(CY, s(0, 0, 2))),
    hand(holds(AL, s(2)), holds(BO, s(0, 1, 0, 1)), out(CY)),
    hand(out(AL, laid_down=True), holds(BO, s(7, 0, 1)), holds(CY, s(3, 2))),
]


def test_game_ends_after_round_7_and_lowest_total_wins():
    states = fold(game("contract", 3, AL), GAME)
    assert not states[6].finished
    end = states[7]
    assert end.finished and totals(end) == {AL: 52, BO: 80, CY: 125}
    assert end.winner_ids == (AL,) and [p.rank for p in end.players] == [1, 2, 3]
    assert [p.level for p in end.players] == [None, None, None]
    assert [h.dealer_id for h in end.hands] == [AL, BO, CY, AL, BO, CY, AL]


def test_no_round_8():
    with refused_with("^The game is over$"):
        replay(game("contract", 3, AL), GAME + GAME[:1])


def test_in_round_7_only_the_player_who_went_out_can_have_laid_down():
    bad = hand(out(AL), holds(BO, s(7, 0, 1), laid_down=True), holds(CY, s(3, 2)))
    with pytest.raises(RuleError) as err:
        replay(game("contract", 3, AL), GAME[:6] + [bad])
    assert rule_message(err.value) == ("In round 7 only the player who went out can have laid down, "
                                       "and Bo did not go out")
    assert err.value.player_id == BO and err.value.hand_number == 7


def test_before_round_7_players_who_did_not_go_out_may_have_laid_down():
    h = hand(out(AL), holds(BO, s(10), laid_down=True), holds(CY, s(0, 1, 1)))
    state = replay(game("contract", 3, AL), [h])
    assert ["laid_down" in line.marks for line in state.hands[0].results] == [True, True, False]


@pytest.mark.parametrize(("players", "jokers"), [(3, 2), (4, 3), (5, 4)])
def test_contract_uses_two_decks_and_one_joker_fewer_than_the_players(players, jokers):
    setup = game("contract", players)
    info = deal(setup, replay(setup, []))
    assert (info.decks, info.jokers) == (2, jokers)
    assert say(info.deck) == f"2 decks of 52 cards + {jokers} jokers"
    assert info.direction == "clockwise" and info.note is None


def test_without_the_jokers_option_no_jokers_are_dealt_or_held():
    setup = game("contract", 4, jokers=False)
    info = deal(setup, replay(setup, []))
    assert info.jokers == 0 and say(info.deck) == "2 decks of 52 cards, no jokers"
    assert [c.key for c in get_variant("contract").categories_for(setup.options)] == ["pips", "tens", "aces"]
    with refused_with("^This game is played without jokers, but Bo holds 1$"):
        replay(setup, [hand(out(AL), holds(BO, s(0, 0, 0, 1)), holds(CY, s(4)), holds(DI, s(4)))])
    ok = replay(setup, [hand(out(AL), holds(BO, {"pips": 4, "jokers": 0}), holds(CY, s(4)), holds(DI, s(4)))])
    assert ok.hands[0].result(BO).score == 4


def test_ten_cards_are_dealt_in_rounds_1_to_3_and_twelve_in_rounds_4_to_7():
    states = fold(game("contract", 3, AL), GAME[:6])
    dealt = [dict(deal(st.setup, st).cards)[AL] for st in states]
    assert dealt == [10, 10, 10, 12, 12, 12, 12]
    starters = [deal(st.setup, st).starter_id for st in states[:3]]
    assert starters == [BO, CY, AL]  # the player after the dealer starts


def test_contract_table():
    levels = get_variant("contract").levels
    # docs/RULES.md §2: a group is 3 of one rank, a sequence 4 or more; the source says of round 2
    # "una sequenza di quattro e un gruppo", so each contract names its lengths.
    assert [requirement(lv) for lv in levels] == [
        "two groups of three", "a group of three and a sequence of four", "two sequences of four",
        "three groups of three", "two groups of three and a sequence of four",
        "a group of three and two sequences of four",
        "three sequences: two of four and one of five, laid down all at once with no discard",
    ]
    assert [(m.kind, m.count, m.min_length) for m in levels[6].melds[0]] == [("sequence", 2, 4), ("sequence", 1, 5)]
