"""Seating of a club night (RULES.md §9): table sizes, `mix`, `ladder`, repeats and placement points.

The seating is pure Python: no app, no database. Timings live in `make bench` (benchmarks/nights.py).
"""

import ast
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramo_keeper.nights import designs, plan_search, seating
from ramo_keeper.nights.seating import (
    SeatingRefused,
    count_repeats,
    placement_points,
    plan_mix,
    seat_ladder,
    table_sizes,
)


def assert_seated(plan, players, sizes, rounds):
    """Every round seats every player present at exactly one table, at tables of §9's sizes."""
    assert len(plan) == rounds
    for tables in plan:
        assert [len(table) for table in tables] == sizes
        seated = [p for table in tables for p in table]
        assert sorted(seated) == sorted(players)


# --- Table sizes (§9) ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "size", "least", "most", "expected"), [
    (10, 4, 2, 6, [4, 3, 3]),       # §9's examples
    (13, 4, 2, 6, [4, 3, 3, 3]),
    (8, 4, 2, 6, [4, 4]),
    (10, 4, 3, 6, [4, 3, 3]),       # 3 is the least: the threes stay
    (5, 4, 3, 6, [5]),              # 3 + 2 would leave a table of 2 under the least: one table of 5
    (10, 4, 4, 5, [5, 5]),          # 4, 3, 3 is under the least four: two tables of five
    (7, 3, 3, 4, [4, 3]),           # ⌈7/3⌉ = 3 tables would give 3, 2, 2: one fewer
    (64, 4, 2, 8, [4] * 16),        # the caps: 64 players at 16 tables
    (2, 2, 2, 8, [2]),
])
def test_table_sizes_follow_section_9(players, size, least, most, expected):
    assert table_sizes(players, size, least, most) == expected


@pytest.mark.parametrize(("players", "size", "least", "most", "path"), [
    (10, 4, 4, 4, "table_size"),    # 4, 3, 3 is under four; 5, 5 is over four: the game cannot seat them
    (1, 4, 2, 6, "player_ids"),     # one player cannot play a game of two or more
    (3, 4, 4, 6, "player_ids"),
    (65, 4, 2, 8, "player_ids"),    # past the cap of 64 players
    (64, 3, 2, 8, "table_size"),    # 22 tables: past the cap of 16
    (8, 9, 2, 10, "table_size"),    # a table size past 8
    (8, 1, 1, 6, "table_size"),     # a table size under 2
    (8, 2, 3, 6, "table_size"),     # a table size under the game's least
    (12, 6, 2, 5, "table_size"),    # a table size over the game's most
])
def test_sizes_the_game_cannot_seat_are_refused_saying_where(players, size, least, most, path):
    with pytest.raises(SeatingRefused) as refused:
        table_sizes(players, size, least, most)
    assert refused.value.details["path"] == path
    assert refused.value.details["problem"]
    assert refused.value.reason.endswith(".") and refused.value.reason[0].isupper()
    assert isinstance(refused.value, ValueError)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(players=st.integers(1, 70), size=st.integers(1, 9), least=st.integers(1, 8), most=st.integers(1, 9))
def test_any_table_sizes_are_section_9s_or_refused(players, size, least, most):
    try:
        sizes = table_sizes(players, size, least, most)
    except SeatingRefused as refused:
        assert refused.details["path"] in {"table_size", "player_ids"}
        return
    assert 2 <= size <= 8 and least <= size <= most and players <= 64
    assert sum(sizes) == players and len(sizes) <= 16
    assert sizes == sorted(sizes, reverse=True) and sizes[0] - sizes[-1] <= 1
    assert least <= sizes[-1] and sizes[0] <= most
    tables = len(sizes)
    # ⌈n/s⌉ tables, or fewer only because one more table would have left a table under the least.
    assert tables <= math.ceil(players / size)
    assert tables == math.ceil(players / size) or players // (tables + 1) < least


# --- Repeats and mix's exact figures (§9) -------------------------------------------------------------

def test_a_pair_meeting_in_m_rounds_counts_m_minus_one():
    assert count_repeats([]) == 0
    assert count_repeats([[[1, 2, 3], [4, 5]]]) == 0
    assert count_repeats([[[1, 2, 3], [4, 5]], [[1, 2, 4], [3, 5]]]) == 1          # 1-2 twice
    assert count_repeats([[[1, 2, 3, 4]]] * 3) == 6 * 2                            # six pairs, three times
    assert count_repeats([[[1, 2]], [[2, 1]]]) == 1                                # seat order does not matter


@pytest.mark.parametrize(("players", "size", "rounds", "repeats"), [
    (16, 4, 5, 0),
    (20, 4, 4, 0),
    (9, 3, 4, 0),
    (8, 4, 3, 8),   # the least possible: 3 rounds × 2 tables × 6 pairs = 36 meetings among 28 pairs
])
def test_mix_reaches_section_9s_figures_planning_the_night_at_once(players, size, rounds, repeats):
    ids = list(range(101, 101 + players))
    plan = plan_mix(ids, size, rounds, 2, 8)
    assert_seated(plan, ids, table_sizes(players, size, 2, 8), rounds)
    assert count_repeats(plan) == repeats


@pytest.mark.parametrize(("players", "size"), [
    (4, 2), (9, 3), (16, 4), (25, 5), (49, 7), (64, 8), (63, 7), (55, 5), (52, 4), (64, 4), (33, 5), (62, 4),
])
def test_mix_meets_no_one_twice_while_the_tables_allow(players, size):
    # q tables, q a prime power (2, 3, 4, 5, 7, 8, 9, 11, 13, 16), of at most q players: q rounds (q + 1
    # when the tables are full and as many as there are tables) where no pair meets twice; the first 12.
    sizes = table_sizes(players, size, 2, 8)
    tables = len(sizes)
    rounds = min(tables + (sizes == [tables] * tables), 12)
    plan = plan_mix(list(range(players)), size, rounds, 2, 8, seed=players)
    assert_seated(plan, list(range(players)), sizes, rounds)
    assert count_repeats(plan) == 0


@pytest.mark.parametrize(("players", "size", "rounds", "repeats"), [
    (24, 4, 12, 156),   # 12 rounds × 6 tables × 6 pairs = 432 meetings among 276 pairs
    (21, 3, 12, 42),    # 12 × 7 × 3 = 252 among 210
    (18, 3, 10, 27),    # 10 × 6 × 3 = 180 among 153
])
def test_mix_reaches_the_least_repeats_of_a_crowded_night(players, size, rounds, repeats):
    # More meetings than pairs: each meeting past the pairs is a repeat, and no more than that is needed.
    plan = plan_mix(list(range(players)), size, rounds, 2, 8)
    assert_seated(plan, list(range(players)), table_sizes(players, size, 2, 8), rounds)
    assert count_repeats(plan) == repeats


# The least repeats known for a night's shape (RULES.md §9, "Seating quality"), each worked out by hand:
# zero where a schedule without a repeat is known (the design named), otherwise a count no plan can beat
# (meetings past the pairs there are; or pigeonholes: a table of s players drawn from the t tables of
# the round before seats at least the pairs of s spread over t groups again).
KNOWN_LEAST = [
    (16, 4, 5, 0),      # the affine plane AG(2, 4)
    (15, 4, 5, 0),      # AG(2, 4) without one player: tables 4, 4, 4, 3
    (20, 4, 4, 0),      # a transversal design over GF(5)
    (9, 3, 4, 0),       # AG(2, 3)
    (25, 5, 6, 0),      # AG(2, 5)
    (64, 8, 9, 0),      # AG(2, 8)
    (64, 4, 12, 0),     # a transversal design over GF(16): 16 rounds, the first 12
    (10, 2, 9, 0),      # the round robin
    (15, 3, 7, 0),      # Kirkman's 15 schoolgirls: a Kirkman triple system KTS(15)
    (21, 3, 10, 0),     # KTS(21)
    (27, 3, 12, 0),     # KTS(27): the lines of AG(3, 3), 13 rounds
    (28, 4, 9, 0),      # a resolvable design with blocks of four, RBIBD(28, 4, 1)
    (32, 4, 10, 0),     # the social golfer 8-4-10 (Aguado 2004): a resolvable 4-GDD of type 2^16
    (31, 4, 10, 0),     # the same without one player: tables 4 × 7 and 3
    (30, 4, 10, 0),     # without two who never meet: tables 4 × 6, 3 and 3
    (18, 3, 8, 0),      # a nearly Kirkman triple system NKTS(18)
    (24, 3, 11, 0),     # NKTS(24)
    (23, 3, 11, 0),     # NKTS(24) without one player: tables of 3 and one of 2
    (8, 4, 3, 8),       # 3 × 2 × 6 = 36 meetings among 28 pairs
    (12, 4, 3, 6),      # pigeonholes: rounds 2 and 3 seat two of one earlier table at each of 3 tables
    (21, 3, 12, 42),    # 12 × 7 × 3 = 252 meetings among 210 pairs
    (24, 4, 12, 156),   # 12 × 6 × 6 = 432 among 276
]


@pytest.mark.parametrize(("players", "size", "rounds", "least"), KNOWN_LEAST)
def test_mix_reaches_the_least_repeats_known_for_the_shape(players, size, rounds, least):
    ids = list(range(500, 500 + players))
    plan = plan_mix(ids, size, rounds, 2, 8, seed=players * rounds)
    assert_seated(plan, ids, table_sizes(players, size, 2, 8), rounds)
    assert count_repeats(plan) == least


@pytest.mark.parametrize(("players", "size", "rounds", "repeats"), [
    (16, 4, 5, 0), (20, 4, 4, 0), (9, 3, 4, 0), (8, 4, 3, 8),  # §9's four figures
    (15, 3, 7, 0),   # Kirkman's 15 schoolgirls over 7 rounds
    (21, 3, 10, 0),  # a Kirkman triple system KTS(21)
    (28, 4, 9, 0),   # a resolvable design with blocks of four
    (32, 4, 10, 0),  # the social golfer 8-4-10
])
def test_section_9s_figures_hold_whatever_the_nights_id(players, size, rounds, repeats):
    ids = list(range(1, 1 + players))
    plans = [plan_mix(ids, size, rounds, 2, 8, seed=night_id) for night_id in range(1, 21)]
    assert [count_repeats(plan) for plan in plans] == [repeats] * 20
    assert len({str(plan) for plan in plans}) > 1  # the night's id still says who sits where


def test_the_plan_of_a_night_is_the_same_every_time():
    for players, size, rounds in [(13, 4, 4), (8, 4, 3)]:
        ids = list(range(40, 40 + players))
        assert plan_mix(ids, size, rounds, 2, 8, seed=11) == plan_mix(ids, size, rounds, 2, 8, seed=11)


def test_the_plan_of_a_night_is_the_same_in_another_process():
    # Another worker, another hash seed (sets and dicts of ids iterate in another order): the same plan.
    # The shapes take the design, the search, and both (KTS(21) for 10 rounds, the search for 2 more).
    shapes = [(13, 4, 4), (8, 4, 3), (21, 3, 12), (32, 4, 10)]
    script = ("import json, sys; from ramo_keeper.nights.seating import plan_mix; "
              "print(json.dumps([plan_mix(list(range(40, 40 + p)), s, r, 2, 8, seed=11) for p, s, r in "
              "json.loads(sys.argv[1])]))")
    here = [plan_mix(list(range(40, 40 + p)), s, r, 2, 8, seed=11) for p, s, r in shapes]
    for hash_seed in ("1", "2"):
        run = subprocess.run([sys.executable, "-c", script, json.dumps(shapes)], capture_output=True, text=True,
                             check=True, cwd=Path(seating.__file__).parents[2],
                             env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert json.loads(run.stdout) == here


@pytest.mark.parametrize(("form", "shape"), [("developed", shape) for shape in sorted(designs.DEVELOPED)]
                         + [("listed", shape) for shape in sorted(designs.LISTED)])
def test_each_design_kept_as_data_seats_everyone_and_repeats_no_one(form, shape):
    players, size = shape
    rounds = getattr(designs, form)(players, size)
    for tables in rounds:
        assert sorted(p for table in tables for p in table) == list(range(players))
        assert {len(table) for table in tables} == {size}
    assert count_repeats(rounds) == 0
    assert designs.DEVELOPED[shape][3] if form == "developed" else designs.LISTED[shape][1]  # its source


def test_mix_seats_uneven_tables_from_round_one():
    ids = [7, 3, 12, 40, 41, 5, 9, 18, 22, 30]
    plan = plan_mix(ids, 4, 1, 2, 6)
    assert_seated(plan, ids, [4, 3, 3], 1)


def test_mix_is_the_same_for_the_same_seed():
    ids = list(range(1, 15))
    assert plan_mix(ids, 4, 4, 2, 8, seed=7) == plan_mix(ids, 4, 4, 2, 8, seed=7)
    assert plan_mix(ids, 4, 4, 2, 8, seed=7, played=[[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11], [12, 13, 14]]]) \
        == plan_mix(ids, 4, 4, 2, 8, seed=7, played=[[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11], [12, 13, 14]]])


def test_mix_refuses_a_player_twice_and_past_the_rounds_cap():
    with pytest.raises(SeatingRefused) as twice:
        plan_mix([1, 2, 3, 3], 2, 1, 2, 4)
    assert twice.value.details["path"] == "player_ids"
    with pytest.raises(SeatingRefused) as too_many:
        plan_mix(list(range(8)), 4, 13, 2, 4)
    assert too_many.value.details["path"] == "rounds"
    assert plan_mix(list(range(8)), 4, 0, 2, 4) == []


# --- Re-planning with what was played ---------------------------------------------------------------

def test_replanning_counts_the_rounds_played():
    # Round 1 put 1-4 and 5-8 together. Round 2 at tables of four must put at least two of a table of
    # round 1 together: the fewest repeats is 2 + 2 at each table, 4 in all (three and one give 3 + 3).
    played = [[[1, 2, 3, 4], [5, 6, 7, 8]]]
    plan = plan_mix(range(1, 9), 4, 1, 2, 4, played=played)
    assert_seated(plan, list(range(1, 9)), [4, 4], 1)
    assert count_repeats(played + plan) == 4


def test_an_early_leaver_still_counts_in_what_was_played():
    # 8 left after round 1: seven players at tables of 4 and 3. Round 1's groups 1-4 and 5-7 (with 8)
    # split as 2+2 | 2+1 meet again 1 + 1 + 1 = 3 times; every other split costs more (1+3 | 3+0: 6).
    played = [[[1, 2, 3, 4], [5, 6, 7, 8]]]
    plan = plan_mix([1, 2, 3, 4, 5, 6, 7], 4, 1, 2, 4, played=played)
    assert_seated(plan, [1, 2, 3, 4, 5, 6, 7], [4, 3], 1)
    assert count_repeats(played + plan) == 3


def test_a_late_arrival_is_seated_for_the_rest_of_the_night():
    # 1-4 and 5-8 met in round 1; 9 arrives: three tables of three. In each round to come, the two
    # tables without 9 seat three of 1-8 each, two of them from one table of round 1: at least one
    # repeat a table, four in two rounds. (Four is reached: all 280 × 280 pairs of rounds, tried.)
    played = [[[1, 2, 3, 4], [5, 6, 7, 8]]]
    rest = plan_mix(range(1, 10), 4, 2, 2, 8, played=played)
    assert_seated(rest, list(range(1, 10)), [3, 3, 3], 2)
    assert count_repeats(played + rest) == 4


def test_an_early_leaver_keeps_the_rest_of_the_night_as_planned():
    # 16 at tables of four meet no one twice in five rounds. When one leaves after round 2, fifteen sit
    # at 4, 4, 4, 3 for the three rounds left; the night as planned, without them, still has no repeat.
    ids = list(range(31, 47))
    night = plan_mix(ids, 4, 5, 2, 8, seed=5)
    rest = plan_mix(ids[:7] + ids[8:], 4, 3, 2, 8, played=night[:2], seed=5)
    assert_seated(rest, ids[:7] + ids[8:], [4, 4, 4, 3], 3)
    assert count_repeats(night[:2] + rest) == 0


def test_round_by_round_the_night_follows_the_plan_made_at_once():
    ids = list(range(201, 217))
    night = plan_mix(ids, 4, 5, 2, 8, seed=3)
    for played in range(1, 5):
        rest = plan_mix(ids, 4, 5 - played, 2, 8, played=night[:played], seed=3)
        assert [set(map(frozenset, tables)) for tables in rest] \
            == [set(map(frozenset, tables)) for tables in night[played:]]
    assert count_repeats(night) == 0


def test_the_first_seat_goes_round_the_players():
    ids = list(range(1, 17))
    night = plan_mix(ids, 4, 4, 2, 8)
    first_seats = [tables[t][0] for tables in night for t in range(4)]
    assert len(set(first_seats)) == 16  # 16 tables in the night: everyone deals first once


# --- Ladder and placement points (§9) ---------------------------------------------------------------

def test_ladder_swaps_neighbours_to_avoid_a_rematch_of_the_round_before():
    # Tables of two as Swiss pairing: 1-2 met in the round before; 2 and 3 swap (the fewest places moved).
    assert seat_ladder([1, 2, 3, 4], [2, 2], previous=[[1, 2], [3, 4]]) == [[1, 3], [2, 4]]
    # 1-4 and 5-8 sat together: in order, each table would seat its six pairs again. 4 and 5 swap first
    # (3 + 3 pairs again), then 3 and 6 (2 + 2); no swap of one player each leaves fewer at both tables.
    assert seat_ladder(list(range(1, 9)), [4, 4], previous=[[1, 2, 3, 4], [5, 6, 7, 8]]) \
        == [[1, 2, 5, 6], [3, 4, 7, 8]]
    # Every table of two would meet again: 2 swaps with 3 (the highest tables first), then 4 with 5.
    assert seat_ladder([1, 2, 3, 4, 5, 6], [2, 2, 2], previous=[[1, 2], [3, 4], [5, 6]]) == [[1, 3], [2, 5], [4, 6]]


def test_ladder_seats_in_standing_order_table_by_table():
    order = [5, 3, 9, 1, 7, 2, 8, 4, 6, 10]
    assert seat_ladder(order, [4, 3, 3]) == [[5, 3, 9, 1], [7, 2, 8], [4, 6, 10]]
    assert seat_ladder([2, 1], [2]) == [[2, 1]]
    with pytest.raises(SeatingRefused):
        seat_ladder(order, [4, 4])
    with pytest.raises(SeatingRefused):
        seat_ladder([1, 1, 2, 3], [2, 2])


def test_placement_points_of_section_9s_example():
    # Table 1: Ana 1st, Bo 2nd, Cy 3rd, Di 4th; table 2: Eve 1st, Fay and Gus tied 2nd, Hal 4th.
    assert [placement_points(p, 4) for p in (1, 2, 3, 4)] == [100, 67, 33, 0]
    assert [placement_points(p, 4) for p in (1, 2, 2, 4)] == [100, 67, 67, 0]
    assert placement_points(1, 3) == 100 and placement_points(2, 3) == 50 and placement_points(3, 3) == 0
    assert placement_points(1, 2) == 100 and placement_points(2, 2) == 0
    assert placement_points(1, 1) == 0  # a table of one beats no one
    with pytest.raises(ValueError):
        placement_points(5, 4)
    with pytest.raises(ValueError):
        placement_points(0, 4)


# --- Any night within the caps ------------------------------------------------------------------------

@st.composite
def nights(draw):
    """A night within the caps, with 0 to 2 rounds played before by the players of now, some of them
    gone since (leavers) and some not yet there (arrivals), at tables of any size."""
    size = draw(st.integers(2, 8))
    least = draw(st.integers(2, size))
    most = draw(st.integers(size, 8))
    players = draw(st.integers(least, min(64, 16 * size)))
    ids = draw(st.lists(st.integers(1, 10_000), min_size=players + 3, max_size=players + 3, unique=True))
    ids, leavers = ids[:players], ids[players:players + draw(st.integers(0, 3))]
    arrivals = draw(st.integers(0, min(3, players)))
    played = []
    for _ in range(draw(st.integers(0, 2))):
        there = draw(st.permutations(ids[arrivals:] + leavers))
        played.append([there[i:i + size] for i in range(0, len(there), size)])
    return ids, size, least, most, draw(st.integers(1, 12)), played, draw(st.integers(0, 2 ** 32))


@settings(max_examples=10, deadline=None, derandomize=True, database=None)
@given(night=nights())
def test_any_night_within_the_caps_seats_everyone_once_a_round(night):
    ids, size, least, most, rounds, played, seed = night
    try:
        sizes = table_sizes(len(ids), size, least, most)
    except SeatingRefused:
        with pytest.raises(SeatingRefused):
            plan_mix(ids, size, rounds, least, most, played=played, seed=seed)
        return
    plan = plan_mix(ids, size, rounds, least, most, played=played, seed=seed)
    assert_seated(plan, ids, sizes, rounds)
    assert plan == plan_mix(ids, size, rounds, least, most, played=played, seed=seed)
    meetings = rounds * sum(s * (s - 1) // 2 for s in sizes)
    assert count_repeats(plan) >= meetings - len(ids) * (len(ids) - 1) // 2


@pytest.mark.parametrize("module", [seating, designs, plan_search])
def test_the_seating_is_pure_python(module):
    source = Path(module.__file__).read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            assert all(alias.name.split(".")[0] in sys.stdlib_module_names for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.module == "ramo_keeper":  # the rules core only, itself pure (tests/rules/test_architecture.py)
                assert [alias.name for alias in node.names] == ["rules"]
            elif node.module.startswith("ramo_keeper.nights"):  # the designs and the search, pure too (checked here)
                assert node.module in {"ramo_keeper.nights", "ramo_keeper.nights.plan_search"}
                assert node.module != "ramo_keeper.nights" or [alias.name for alias in node.names] == ["designs"]
            else:
                assert node.module.split(".")[0] in sys.stdlib_module_names, node.module
