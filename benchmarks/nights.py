"""Club nights' seating (issue 31, RULES.md §9): a whole night of 64 players and 12 rounds planned in
under a second on one core.

Pure computation, no server: each night is planned a few times and the median taken, as CPU time of
the planning thread (what one core spends; on a machine shared with other work the wall clock says
more about the neighbours than about the seating) beside the wall clock for orientation. The repeats
stand beside the least that §9's counting allows (`floor`), which a plan can seldom reach when the
night is crowded (every player meets most others more than once).
`python -m benchmarks nights` runs only this part.
"""

import statistics
import time

from ramo_keeper.nights.seating import count_repeats, plan_mix, table_sizes

GOAL_SECONDS = 1.0
TIMES = 3
PLAYERS = list(range(1001, 1065))


def _least_repeats(players: int, sizes: list[int], rounds: int) -> int:
    """Meetings past the pairs there are: the least number of repeats counting alone allows."""
    return max(rounds * sum(s * (s - 1) // 2 for s in sizes) - players * (players - 1) // 2, 0)


def _timed(plan) -> tuple[float, float, list]:
    cpu, wall, result = [], [], None
    for _ in range(TIMES):
        started_cpu, started_wall = time.thread_time(), time.perf_counter()
        result = plan()
        cpu.append(time.thread_time() - started_cpu)
        wall.append(time.perf_counter() - started_wall)
    return statistics.median(cpu), statistics.median(wall), result


def seating_lines() -> tuple[list[str], float]:
    """The lines to print, and the slowest night's CPU seconds."""
    lines, slowest = [], 0.0
    for size in (4, 5, 6, 7, 8):
        sizes = table_sizes(len(PLAYERS), size, 2, 8)
        cpu, wall, night = _timed(lambda size=size: plan_mix(PLAYERS, size, 12, 2, 8))
        slowest = max(slowest, cpu)
        lines.append(f"64 players at {len(sizes):2} tables of {size} ({sizes[0]}-{sizes[-1]}), 12 rounds:"
                     f" {cpu:.3f} s CPU ({wall:.3f} s wall), {count_repeats(night)} repeats"
                     f" (floor {_least_repeats(64, sizes, 12)})")
    # Re-planned mid-night: 63 played six rounds at tables of 7, a 64th arrives; no design fits the
    # changed tables, so the search does it all, counting the six rounds played.
    early = plan_mix(PLAYERS[:-1], 7, 6, 2, 8)
    cpu, wall, rest = _timed(lambda: plan_mix(PLAYERS, 7, 6, 2, 8, played=early))
    slowest = max(slowest, cpu)
    lines.append(f"a 64th player after 6 of 12 rounds at tables of 7, the 6 left re-planned: {cpu:.3f} s CPU"
                 f" ({wall:.3f} s wall), {count_repeats(early + rest)} repeats in the night")
    lines.append(f"slowest: {slowest:.3f} s CPU (goal < {GOAL_SECONDS:.0f} s on one core)")
    return lines, slowest


# Shapes of a night (players, table size, rounds) and the least repeats known for each (RULES.md §9,
# "Seating quality"): 0 where a schedule without a repeat is known, else the bound no plan can beat.
SHAPES = [
    (8, 4, 3, 8, "36 meetings among 28 pairs"),
    (9, 3, 4, 0, "AG(2, 3)"),
    (10, 2, 9, 0, "round robin"),
    (12, 4, 3, 6, "pigeonholes"),
    (15, 3, 7, 0, "Kirkman's schoolgirls, KTS(15)"),
    (16, 4, 5, 0, "AG(2, 4)"),
    (18, 3, 8, 0, "NKTS(18)"),
    (20, 4, 4, 0, "transversal design, GF(5)"),
    (21, 3, 10, 0, "KTS(21)"),
    (21, 3, 12, 42, "252 meetings among 210 pairs"),
    (24, 3, 11, 0, "NKTS(24)"),
    (24, 4, 12, 156, "432 meetings among 276 pairs"),
    (25, 5, 6, 0, "AG(2, 5)"),
    (27, 3, 12, 0, "KTS(27), AG(3, 3)"),
    (28, 4, 9, 0, "RBIBD(28, 4, 1)"),
    (32, 4, 10, 0, "social golfer 8-4-10 (Aguado, 2004)"),
    (64, 4, 12, 0, "transversal design, GF(16)"),
    (64, 8, 9, 0, "AG(2, 8)"),
]


def _lower_bound(players: int, sizes: list[int], rounds: int) -> int:
    """The most of two counts no plan can beat: meetings past the pairs there are, and pigeonholes (from
    round 2 on, a table of s drawn from t tables of the round before seats s spread over t groups)."""
    def fewest_pairs(s: int, groups: int) -> int:
        each, more = divmod(s, groups)
        return more * (each + 1) * each // 2 + (groups - more) * each * (each - 1) // 2
    by_pigeonholes = (rounds - 1) * sum(fewest_pairs(s, len(sizes)) for s in sizes) if len(sizes) > 1 else 0
    return max(_least_repeats(players, sizes, rounds), by_pigeonholes)


def shape_lines() -> tuple[list[str], bool]:
    """The table of shapes, and whether every shape met the least repeats known."""
    lines = ["players / size / rounds -> repeats (least known, lower bound), CPU s"]
    every = True
    for players, size, rounds, known, why in SHAPES:
        sizes = table_sizes(players, size, 2, 8)
        cpu, _, night = _timed(lambda p=players, s=size, r=rounds: plan_mix(list(range(p)), s, r, 2, 8))
        repeats = count_repeats(night)
        every = every and repeats <= known
        bound = _lower_bound(players, sizes, rounds)
        lines.append(f"{players:2} / {size} / {rounds:2} -> {repeats:3} ({known:3}, {bound:3})  {cpu:.3f} s  {why}"
                     f"{'' if repeats <= known else '  ** above the least known **'}")
    return lines, every


def main() -> bool:
    print(f"\nClub nights' seating (issue 31: plan_mix, median of {TIMES} runs each)")
    lines, slowest = seating_lines()
    for line in lines:
        print(f"  {line}")
    print("\nSeating quality by shape (issue 37: the least repeats known, RULES.md §9)")
    shapes, every = shape_lines()
    for line in shapes:
        print(f"  {line}")
    return slowest < GOAL_SECONDS and every
