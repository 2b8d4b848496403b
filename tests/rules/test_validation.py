"""Every rejected game or hand says, in table words, who broke which rule — and changes nothing."""

import pytest

from ramo_keeper.rules import PlayerResult, RuleError, Seat, UnknownVariant, get_variant, new_game, replay
from ramo_keeper.text.rule_errors import rule_message

from .tables import AL, BO, CY, game, hand, holds, out, r, refused_with, s, seats

# ---- new games -------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players", "message"), [
    ("ramo", 1, "Ramo needs 2 to 8 players"),
    ("contract", 2, "Contract Rummy needs 3 to 5 players"),
    ("contract", 6, "Contract Rummy needs 3 to 5 players"),
    ("rummy", 7, "Rummy needs 2 to 6 players"),
    ("manipulation", 6, "Manipulation Rummy needs 2 to 5 players"),
])
def test_player_count_outside_the_range_is_refused(variant, players, message):
    table = [Seat(i, f"P{i}") for i in range(1, players + 1)]
    with pytest.raises(RuleError) as err:
        new_game(variant, table)
    assert rule_message(err.value) == message


def test_nine_players_is_too_many_for_ramo():
    with refused_with("^Ramo needs 2 to 8 players$"):
        new_game("ramo", [Seat(i, f"P{i}") for i in range(9)])


@pytest.mark.parametrize(("table", "first_dealer", "message", "player_id"), [
    ([Seat(1, "Al"), Seat(2, "Bo"), Seat(2, "Bob")], None, "Bob is seated twice", 2),
    ([Seat(1, "Al"), Seat(2, "Bo"), Seat(3, "bo")], None,
     "Two seats are named bo: every player needs their own name", 3),
    ([Seat(1, "Al"), Seat(2, "Bo"), Seat(3, " ")], None, "Every seat needs a player's name", 3),
    ([Seat(1, "Al"), Seat(2, "Bo"), Seat(3, "Cy")], 9, "The first dealer (player 9) is not seated at this table", 9),
])
def test_the_table_must_make_sense(table, first_dealer, message, player_id):
    with pytest.raises(RuleError) as err:
        new_game("ramo", table, first_dealer)
    assert (rule_message(err.value), err.value.player_id) == (message, player_id)


def test_the_first_seat_deals_first_unless_told_otherwise():
    assert new_game("ramo", seats(3)).first_dealer_id == AL
    assert new_game("ramo", seats(3), CY).first_dealer_id == CY


@pytest.mark.parametrize(("variant", "options", "message"), [
    ("ramo", {"foo": 1}, "Ramo has no option 'foo'"),
    ("rummy", {"jokers": True}, "Rummy has no option 'jokers'"),
    ("ramo", {"progression": "per_hand"}, "progression must be one of per_player, per_round"),
    ("ramo", {"winner_rule": "most_levels"}, "winner_rule must be one of lowest_total, completers"),
    ("ramo", {"dealer_rule": "rotate"}, "dealer_rule must be one of highest_total, highest_hand"),
    ("ramo", {"allow_no_winner": "yes"}, "allow_no_winner must be true or false"),
    ("ramo", {"allow_no_winner": 1}, "allow_no_winner must be true or false"),
    ("ramo", {"out_bonus": 10}, "out_bonus must be a whole number from -500 to 0"),
    ("contract", {"jokers": "no"}, "jokers must be true or false"),
    ("rummy", {"ace_value": 11}, "ace_value must be one of 1, 15"),
    ("rummy", {"ace_value": True}, "ace_value must be one of 1, 15"),
    ("rummy", {"end": "time"}, "end must be one of target, hands"),
    ("rummy", {"target": 0}, "target must be a whole number from 1 to 10000"),
    ("rummy", {"hands": "10"}, "hands must be a whole number from 1 to 100"),
    ("rummy", {"dealer_rule": "loser_deals"}, "dealer_rule must be one of rotate, winner_deals"),
    ("manipulation", {"knock_limit": -1}, "knock_limit must be a whole number from 0 to 100"),
    ("manipulation", {"round_bonus": 2.5}, "round_bonus must be a whole number from 0 to 1000"),
])
def test_bad_options_are_refused_by_name(variant, options, message):
    n = get_variant(variant).min_players
    with pytest.raises(RuleError) as err:
        game(variant, n, **options)
    assert rule_message(err.value) == message


def test_options_are_a_full_snapshot_of_defaults_and_choices():
    setup = game("rummy", 2, ace_value=15)
    assert dict(setup.options) == {"ace_value": 15, "end": "target", "target": 150, "hands": 10,
                                   "dealer_rule": "rotate"}
    with pytest.raises(TypeError):
        setup.options["target"] = 10  # type: ignore[index]


def test_unknown_game():
    with pytest.raises(UnknownVariant) as err:
        new_game("nope", seats(3))
    assert err.value.code == "unknown_game" and rule_message(err.value) == "Unknown game 'nope'"


# ---- hands -----------------------------------------------------------------------------------


def refused(variant, n, *results, hands=(), **options):
    with pytest.raises(RuleError) as err:
        replay(game(variant, n, AL, **options), [*hands, hand(*results)])
    return err.value


@pytest.mark.parametrize(("variant", "results", "message", "player_id"), [
    ("ramo", [out(AL), holds(BO, r(1)), holds(99, r(1))], "Player 99 is not seated at this table", 99),
    ("ramo", [out(AL), holds(BO, r(1)), holds(BO, r(2))], "Bo has two results in this hand", BO),
    ("ramo", [out(AL), holds(BO, r(1))], "Cy has no result in this hand", CY),
    ("ramo", [out(AL), holds(BO, r(-1)), holds(CY, r(1))], "Bo's low cannot be negative", BO),
    ("ramo", [out(AL), holds(BO, {"low": "3"}), holds(CY, r(1))], "Bo's low must be a whole number, not '3'", BO),
    ("ramo", [out(AL), holds(BO, {"low": True}), holds(CY, r(1))], "Bo's low must be a whole number, not True", BO),
    # Three decks of 60 (6–8 players) hold 3 × 4 colours × 4 numbers (10–13) = 48 high cards.
    ("ramo", [out(AL), holds(BO, r(0, 49)), holds(CY, r(1))],
     "Bo cannot hold 49 high: a hand holds at most 48", BO),
    ("ramo", [out(AL), holds(BO, r(30, 31)), holds(CY, r(1))], "Bo cannot hold more than 60 cards", BO),
    ("ramo", [out(AL), holds(BO, {"foo": 1}), holds(CY, r(1))],
     "Ramo has no card category 'foo', but Bo's cards list foo", BO),
    ("ramo", [out(AL), holds(BO, s(4)), holds(CY, r(1))], "Ramo has no pips, but Bo's cards list pips", BO),
    ("rummy", [out(AL), holds(BO, {"jokers": 1}), holds(CY, s(4))],
     "Rummy has no jokers, but Bo's cards list jokers", BO),
    ("rummy", [out(AL), holds(BO, {"jokers": 0}), holds(CY, s(4))],
     "Rummy has no jokers, but Bo's cards list jokers", BO),
    ("rummy", [out(AL), holds(BO, s(1)), holds(CY, s(4))], "Bo's pips cannot be 1: the smallest pip card is a 2", BO),
    ("rummy", [out(AL), holds(BO, s(541)), holds(CY, s(4))], "Bo cannot hold 541 pips: 60 cards make at most 540", BO),
    ("rummy", [out(AL), holds(BO, s(540, 1)), holds(CY, s(4))], "Bo cannot hold more than 60 cards", BO),
    ("ramo", [out(AL), holds(BO, r(1), knocked=True), holds(CY, r(1))],
     "Ramo has no knocking, but Bo is marked as having knocked", BO),
    ("rummy", [out(AL), holds(BO, s(4), laid_down=True), holds(CY, s(4))],
     "Rummy does not record laying down, but Bo is marked as having laid down", BO),
    ("contract", [out(AL), holds(BO, s(4), went_rummy=True), holds(CY, s(4))],
     "Contract Rummy has no going rummy, but Bo is marked as having gone rummy", BO),
    ("manipulation", [holds(AL, s(4), knocked=True), holds(BO, s(9), laid_down=True), holds(CY, s(8))],
     "Manipulation Rummy does not record laying down, but Bo is marked as having laid down", BO),
    ("ramo", [out(AL), holds(BO, r(2), went_out=True), holds(CY, r(1))],
     "Bo went out but still holds 2 cards", BO),
    ("ramo", [out(AL), holds(BO, r(0, 0, 1), went_out=True), holds(CY, r(1))],
     "Bo went out but still holds 1 card", BO),
    ("contract", [holds(AL, s(4)), holds(BO, s(16, 1, 0, 1), went_out=True), holds(CY, s(4))],
     "Bo went out but still holds cards worth 41 points", BO),
    ("ramo", [out(AL), out(BO), holds(CY, r(1))], "Only one player can go out, but Al and Bo both went out", BO),
    ("contract", [holds(AL, s(4)), holds(BO, s(4)), holds(CY, s(4))], "Someone must go out in Contract Rummy", None),
    ("rummy", [holds(AL, s(4)), holds(BO, s(4)), holds(CY, s(4))], "Someone must go out in Rummy", None),
    ("rummy", [out(AL), holds(BO, s(4), went_rummy=True), holds(CY, s(4))],
     "Bo went rummy but did not go out: only the player who went out can go rummy", BO),
    ("manipulation", [holds(AL, s(4)), holds(BO, s(8)), holds(CY, s(9), knocked=True)],
     "Cy knocked holding 9 points; knocking needs 5 or less", CY),
    ("manipulation", [holds(AL, s(4), knocked=True), holds(BO, s(3), knocked=True), holds(CY, s(9))],
     "Only one player can knock, but Al and Bo both knocked", BO),
    ("manipulation", [holds(AL, s(4), knocked=True), holds(BO, {}), holds(CY, s(9))],
     "Bo holds no cards, so Bo went out and must be the knocker", BO),
    ("manipulation", [holds(AL, s(4)), holds(BO, s(3), went_out=True), holds(CY, s(9))],
     "Bo went out but still holds cards worth 3 points", BO),
])
def test_a_bad_hand_names_the_player_and_the_rule(variant, results, message, player_id):
    err = refused(variant, 3, *results)
    assert (rule_message(err), err.player_id, err.hand_number) == (message, player_id, 1)


def test_ramo_without_a_winner_is_refused_when_the_option_is_off():
    err = refused("ramo", 3, holds(AL, r(1)), holds(BO, r(1)), holds(CY, r(1)), allow_no_winner=False)
    assert rule_message(err) == "Someone must go out in Ramo: this game does not allow a hand without a winner"


def test_replay_reports_which_stored_hand_is_bad():
    good = hand(out(AL), holds(BO, r(1)), holds(CY, r(1)))
    err = refused("ramo", 3, out(AL), out(BO), holds(CY, r(1)), hands=[good, good])
    assert err.hand_number == 3


def test_a_rejected_hand_changes_nothing():
    from ramo_keeper.rules import apply_hand

    setup = game("ramo", 3, AL)
    before = replay(setup, [hand(out(AL), holds(BO, r(1)), holds(CY, r(1)))])
    with pytest.raises(RuleError):
        apply_hand(setup, before, hand(out(AL), out(BO), holds(CY, r(1))))
    assert before == replay(setup, [hand(out(AL), holds(BO, r(1)), holds(CY, r(1)))])
    assert before.hand_count == 1


def test_inputs_are_frozen():
    result = PlayerResult(AL, {"low": 1})
    with pytest.raises(TypeError):
        result.cards["low"] = 2  # type: ignore[index]
