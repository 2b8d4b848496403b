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


def main() -> bool:
    print(f"\nClub nights' seating (issue 31: plan_mix, median of {TIMES} runs each)")
    lines, slowest = seating_lines()
    for line in lines:
        print(f"  {line}")
    return slowest < GOAL_SECONDS
