"""Liverpool Rummy (docs/RULES.md §7): a definition on the level engine, no code of its own.

Every expected value is worked out by hand from §7; cards are (pips, tens, aces, jokers).
"""

import pytest

from ramo_keeper.rules import RuleError, deal, get_variant, replay

from .tables import AL, BO, CY, HAL, fold, game, hand, holds, out, s, scores, totals

# §7's example: 3 players A B C, first dealer A.
EXAMPLE = [
    hand(holds(AL, s(12, 1, 1, 1)), out(BO), holds(CY, s(0, 2, 0, 0))),
    hand(out(AL), holds(BO, s(9, 0, 0, 2)), holds(CY, s(7, 1, 0, 0))),
]

# A whole game at the same table, first dealer A, designed by hand so that A and C tie:
#   deal 1 B out; A (0,1,0,0)=10;  C (0,1,0,0)=10          totals A 10  B 0   C 10
#   deal 2 A out; B (0,2,0,0)=20;  C (5,0,0,0)=5           totals A 10  B 20  C 15
#   deal 3 C out; A (5,0,0,0)=5;   B (0,0,1,0)=15          totals A 15  B 35  C 15
#   deal 4 A out; B (0,0,0,1)=25;  C (4,0,0,0)=4           totals A 15  B 60  C 19
#   deal 5 C out; A (4,0,0,0)=4;   B (2,0,0,0)=2           totals A 19  B 62  C 19
#   deal 6 B out; A (0,3,0,0)=30;  C (0,3,0,0)=30          totals A 49  B 62  C 49
#   deal 7 B out; A (6,0,0,0)=6;   C (6,0,0,0)=6           totals A 55  B 62  C 55
WHOLE_GAME = [
    hand(holds(AL, s(0, 1)), out(BO), holds(CY, s(0, 1))),
    hand(out(AL), holds(BO, s(0, 2)), holds(CY, s(5))),
    hand(holds(AL, s(5)), holds(BO, s(0, 0, 1)), out(CY)),
    hand(out(AL), holds(BO, s(0, 0, 0, 1)), holds(CY, s(4))),
    hand(holds(AL, s(4)), holds(BO, s(2)), out(CY)),
    hand(holds(AL, s(0, 3)), out(BO), holds(CY, s(0, 3))),
    hand(holds(AL, s(6)), out(BO), holds(CY, s(6))),
]


def test_the_worked_example_scores_jokers_at_25_and_the_player_out_at_0():
    states = fold(game("liverpool", 3, AL), EXAMPLE)
    # A: 12 + 10 + 15 + 25 = 62; C: 2 × 10 = 20. B: 9 + 2 × 25 = 59; C: 7 + 10 = 17.
    assert scores(states[1].hands[0]) == {AL: 62, BO: 0, CY: 20}
    assert scores(states[2].hands[1]) == {AL: 0, BO: 59, CY: 17}
    assert totals(states[2]) == {AL: 62, BO: 59, CY: 37}


def test_the_worked_example_deals_pass_to_the_next_player():
    states = fold(game("liverpool", 3, AL), EXAMPLE)
    assert [st.next_dealer_id for st in states] == [AL, BO, CY]
    # The player after the dealer starts.
    assert deal(states[2].setup, states[2]).starter_id == AL


def test_ten_cards_in_deals_one_to_four_and_twelve_in_deals_five_to_seven():
    states = fold(game("liverpool", 3, AL), WHOLE_GAME)
    dealt = [set(dict(deal(st.setup, st).cards).values()) for st in states[:7]]
    assert dealt == [{10}, {10}, {10}, {10}, {12}, {12}, {12}]


@pytest.mark.parametrize(("players", "decks", "jokers"), [(3, 2, 4), (4, 2, 4), (5, 3, 6), (8, 3, 6)])
def test_two_decks_and_four_jokers_for_three_or_four_players_three_decks_and_six_jokers_from_five(
        players, decks, jokers):
    setup = game("liverpool", players)
    card = deal(setup, replay(setup, []))
    assert (card.decks, card.jokers, dict(card.deck.params)) == (decks, jokers,
                                                                  {"decks": decks, "cards": 52, "jokers": jokers})
    assert set(dict(card.cards).values()) == {10} and len(card.cards) == players


def test_dealers_rotate_round_eight_players():
    setup = game("liverpool", 8, HAL)
    hands = [hand(*(out(pid) if pid == 1 + k % 8 else holds(pid, s(0, 1)) for pid in range(1, 9)))
             for k in range(6)]
    states = fold(setup, hands)
    assert [st.next_dealer_id for st in states] == [HAL, 1, 2, 3, 4, 5, 6]


def test_everyone_plays_contract_k_in_deal_k():
    states = fold(game("liverpool", 3, AL), WHOLE_GAME)
    for number, state in enumerate(states[:7], 1):
        requirements = dict(deal(state.setup, state).requirements)
        assert {level.number for level in requirements.values()} == {number}
    assert get_variant("liverpool").levels == get_variant("contract").levels


def test_the_game_ends_after_deal_seven_and_ties_co_win():
    states = fold(game("liverpool", 3, AL), WHOLE_GAME)
    assert not states[6].finished
    final = states[7]
    assert final.finished and totals(final) == {AL: 55, BO: 62, CY: 55}
    assert final.winner_ids == (AL, CY)
    assert {p.player_id: p.place for p in final.players} == {AL: 1, BO: 3, CY: 1}
    with pytest.raises(RuleError) as err:
        replay(final.setup, WHOLE_GAME + [WHOLE_GAME[0]])
    assert err.value.code == "game_over"


def test_in_deal_seven_only_the_player_who_went_out_can_have_laid_down():
    last = hand(holds(AL, s(6), laid_down=True), out(BO), holds(CY, s(6)))
    with pytest.raises(RuleError) as err:
        replay(game("liverpool", 3, AL), WHOLE_GAME[:6] + [last])
    assert (err.value.code, err.value.player_id, err.value.params["round"]) == (
        "laid_down_in_last_round_without_going_out", AL, 7)
    # In deal 6 a player who laid down without going out is fine, and counts as laid down.
    sixth = hand(holds(AL, s(0, 3), laid_down=True), out(BO), holds(CY, s(0, 3)))
    state = replay(game("liverpool", 3, AL), WHOLE_GAME[:5] + [sixth])
    assert ["laid_down" in line.marks for line in state.hands[-1].results] == [True, True, False]


def test_someone_goes_out_every_deal():
    with pytest.raises(RuleError) as err:
        replay(game("liverpool", 3, AL), [hand(holds(AL, s(5)), holds(BO, s(5)), holds(CY, s(5)))])
    assert err.value.code == "someone_must_go_out"


def test_three_to_eight_players_and_no_options():
    with pytest.raises(RuleError) as err:
        game("liverpool", 2)
    assert (err.value.code, err.value.params["minimum"], err.value.params["maximum"]) == ("player_count", 3, 8)
    assert game("liverpool", 8).options == {}
    with pytest.raises(RuleError) as err:
        game("liverpool", 4, jokers=False)
    assert err.value.code == "no_such_option"
