"""Hand values with the working shown, placement points, finishing places and the registry."""

import pytest

from ramo_keeper.rules import (
    VARIANTS,
    HandValue,
    RuleError,
    finishing_places,
    get_variant,
    hand_value,
    placement_points,
    replay,
)
from ramo_keeper.text.options import option_help

from .tables import AL, BO, CY, DI, game, hand, holds, out, r


@pytest.mark.parametrize(("variant", "cards", "options", "expected"), [
    ("ramo", {"low": 3, "high": 2, "special": 1}, None, HandValue(55, "3×5 + 2×10 + 1×20 = 55")),
    ("ramo", {"low": 0, "high": 2}, None, HandValue(20, "2×10 = 20")),
    ("ramo", {}, None, HandValue(0, "0")),
    ("contract", {"pips": 16, "tens": 1, "jokers": 1}, None, HandValue(41, "16 + 1×10 + 1×15 = 41")),
    ("contract", {"pips": 23, "tens": 3, "aces": 1, "jokers": 1}, None,
     HandValue(83, "23 + 3×10 + 1×15 + 1×15 = 83")),
    ("contract", {"pips": 16}, None, HandValue(16, "16")),
    ("rummy", {"pips": 5, "tens": 1, "aces": 1}, None, HandValue(16, "5 + 1×10 + 1×1 = 16")),
    ("rummy", {"pips": 5, "tens": 1, "aces": 1}, {"ace_value": 15}, HandValue(30, "5 + 1×10 + 1×15 = 30")),
    ("manipulation", {"aces": 1, "jokers": 1}, None, HandValue(26, "1×1 + 1×25 = 26")),
    ("ramo", {"low": 100}, None, HandValue(500, "100×5 = 500")),  # no range check here
])
def test_hand_value_shows_the_working(variant, cards, options, expected):
    assert hand_value(variant, cards, options) == expected
    assert hand_value(get_variant(variant), cards, options) == expected


@pytest.mark.parametrize("cards", [{"low": -1}, {"low": "2"}, {"jokers": 1}])
def test_hand_value_refuses_what_it_cannot_count(cards):
    with pytest.raises(RuleError):
        hand_value("ramo", cards)


# round(100·(N−p)/(N−1)), halves up: e.g. N=4, p=2 -> 66.7 -> 67; N=7, p=6 -> 16.7 -> 17; N=8, p=2 -> 85.7 -> 86.
PLACEMENT = {
    2: [100, 0],
    3: [100, 50, 0],
    4: [100, 67, 33, 0],
    5: [100, 75, 50, 25, 0],
    6: [100, 80, 60, 40, 20, 0],
    7: [100, 83, 67, 50, 33, 17, 0],
    8: [100, 86, 71, 57, 43, 29, 14, 0],
}


@pytest.mark.parametrize("table_size", sorted(PLACEMENT))
def test_placement_points_scale_to_the_table_size(table_size):
    assert [placement_points(table_size, p) for p in range(1, table_size + 1)] == PLACEMENT[table_size]


def test_placement_points_round_halves_up():
    assert placement_points(9, 8) == 13  # 100·1/8 = 12.5 -> 13 (Python's round() would give 12)
    assert placement_points(1, 1) == 0


@pytest.mark.parametrize(("size", "place"), [(4, 0), (4, 5), (0, 1)])
def test_placement_points_need_a_real_place(size, place):
    with pytest.raises(RuleError):
        placement_points(size, place)


def test_finishing_places_share_the_best_place_on_ties():
    # Ramo: C out (−50); A (1,0,0)=5, B (1,0,0)=5, D (0,1,0)=10 -> C 1, A 2, B 2, D 4.
    state = replay(game("ramo", 4, AL), [hand(holds(AL, r(1)), holds(BO, r(1)), out(CY), holds(DI, r(0, 1)))])
    assert finishing_places(state) == {AL: 2, BO: 2, CY: 1, DI: 4}


def test_registry_lists_the_six_games_in_order_with_their_facts():
    assert list(VARIANTS) == ["ramo", "contract", "rummy", "manipulation", "phase10", "liverpool"]
    facts = {k: (v.name, v.min_players, v.max_players, v.designed_range, v.direction, v.lower_is_better)
             for k, v in VARIANTS.items()}
    assert facts == {
        "ramo": ("Ramo", 2, 8, (3, 5), "counter-clockwise", True),
        "contract": ("Contract Rummy", 3, 5, None, "clockwise", True),
        "rummy": ("Rummy", 2, 6, None, "clockwise", False),
        "manipulation": ("Manipulation Rummy", 2, 5, None, "clockwise", False),
        "phase10": ("Phase 10", 2, 6, None, "clockwise", True),
        "liverpool": ("Liverpool Rummy", 3, 8, None, "clockwise", True),
    }
    assert [len(v.levels) for v in VARIANTS.values()] == [8, 7, 0, 0, 10, 7]
    assert all(v.scoring_summary and all(option_help(o) for o in v.options) for v in VARIANTS.values())


@pytest.mark.parametrize(("variant", "points"), [
    ("ramo", {"low": 5, "high": 10, "special": 20}),
    ("contract", {"pips": 1, "tens": 10, "aces": 15, "jokers": 15}),
    ("rummy", {"pips": 1, "tens": 10, "aces": 1}),
    ("manipulation", {"pips": 1, "tens": 10, "aces": 1, "jokers": 25}),
    ("phase10", {"low": 5, "high": 10, "skip": 15, "wild": 25}),
    ("liverpool", {"pips": 1, "tens": 10, "aces": 15, "jokers": 25}),
])
def test_card_categories_and_their_points(variant, points):
    assert {c.key: c.points for c in get_variant(variant).card_categories} == points


def test_option_defaults_are_the_rules_defaults():
    assert {k: v.default_options() for k, v in VARIANTS.items()} == {
        "ramo": {"progression": "per_player", "winner_rule": "lowest_total", "dealer_rule": "highest_total",
                 "allow_no_winner": True, "out_bonus": -50},
        "contract": {"jokers": True},
        "rummy": {"ace_value": 1, "end": "target", "target": 150, "hands": 10, "dealer_rule": "rotate"},
        "manipulation": {"target": 150, "knock_limit": 5, "undercut_bonus": 10, "all_cards_bonus": 25,
                         "game_bonus": 100, "round_bonus": 25},
        "phase10": {},
        "liverpool": {},
    }
    assert get_variant("rummy").categories_for({"ace_value": 15})[2].points == 15


def test_what_each_game_counts_in_its_statistics_and_how_a_level_follows_lay_downs():
    assert [k for k, v in VARIANTS.items() if v.counts_lay_downs] == ["ramo", "contract", "phase10", "liverpool"]
    ramo, contract, phase10 = (get_variant(k) for k in ("ramo", "contract", "phase10"))
    # Ramo per_player and Phase 10: one level up per lay-down; Ramo per_round and Contract: level k in hand k.
    assert ramo.level_in_hand({"progression": "per_player"}, 5, 2) == 3
    assert ramo.level_in_hand({"progression": "per_round"}, 5, 2) == 5
    assert contract.level_in_hand({}, 5, 0) == 5
    assert phase10.level_in_hand({}, 7, 6) == 7
    assert get_variant("rummy").level_in_hand({}, 3, 0) is None


def test_the_variant_answers_what_templates_and_forms_used_to_branch_on():
    ramo, contract, rummy, manipulation, phase10, liverpool = (get_variant(k) for k in VARIANTS)
    # docs/RULES.md: Ramo may have a hand with nobody out unless allow_no_winner is off; Manipulation's
    # "no knock" is the stock running out; the others always have someone out.
    assert ramo.allows_nobody_out({"allow_no_winner": True}) and not ramo.allows_nobody_out({"allow_no_winner": False})
    assert manipulation.allows_nobody_out({}) and not any(v.allows_nobody_out({})
                                                          for v in (contract, rummy, phase10, liverpool))
    assert (manipulation.out_flag, manipulation.words.went_out, ramo.out_flag) == ("knocked", "Knocked", "went_out")
    assert [v.words.level for v in (ramo, contract, phase10, liverpool)] == ["level", "contract", "phase", "contract"]
    assert [v.counts_hands_won for v in VARIANTS.values()] == [False, False, False, True, False, False]
    # A rematch moves the first deal on one seat: Al dealt first at a table of Al, Bo, Cy -> Bo; Cy -> Al.
    assert ramo.rematch_dealer(game("ramo", 3, AL)) == BO and phase10.rematch_dealer(game("phase10", 3, CY)) == AL
    # Entry limits: 540 for pips (60 cards of 9); a count, no more than one 52-card deck holds (16 tens, 4 aces).
    assert {c.key: c.maximum for c in rummy.card_categories} == {"pips": 540, "tens": 16, "aces": 4}
