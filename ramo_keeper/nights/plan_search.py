"""The local search behind `mix` (RULES.md §9; nights/seating.py says how a plan is made).

Pure Python with no app imports. A plan is a list of rounds, each a list of tables of player indices
0..n-1; `counts[a][b]` is how often a and b meet in the rounds played and planned. A round starts greedy
(`fit_round`); `Search` then swaps players of one round: a player who meets someone again is swapped
with the player of another table of that round that lowers the night's cost most, or at least keeps it
(a move that makes things worse never pays on a crowded night); players just moved stay put for a few
steps (tabu), so that sideways moves do not walk back. When nothing better comes for a while, the best
plan so far is shaken by a few random swaps and the search goes on from there. It stops at a lower bound
no plan can beat (`floor_cost`), after a few shakes in a row found nothing, or when its work is spent,
counted in steps so that a seed gives the same plan on any machine.
"""

import random
import time
from itertools import combinations

# One more repeat always costs more than any spreading of the repeats can save (at most 2016 pairs of
# 64 players, each at most (24 - 1)² with 12 rounds played and 12 planned); among plans with as many
# repeats, the one that spreads them (no pair meeting three times while others meet twice) wins.
REPEAT = 10_000_000
# What one plan may spend, in look-ups of a pair's meetings (a step costs about 2·n·s of them and 200
# more): at most about 0.3 s of one core (benchmarks/nights.py); spending 10 times more saved under 10%.
SEARCH_WORK = 4_000_000
_PATIENCE = 1_500     # steps without a better plan before going back to the best one, shaken
_TABU_STEPS = (3, 8)  # a player just moved stays where it is for this many steps (drawn between)
_SHAKES = 4           # shakes in a row that found nothing better: the search has done what it can


class Costs:
    """What a pair costs for the number of times it meets, and what one meeting more or less changes."""

    def __init__(self, most_meetings: int):
        self.cost = [REPEAT * max(m - 1, 0) + max(m - 1, 0) ** 2 for m in range(most_meetings + 2)]
        self.more = [self.cost[m + 1] - self.cost[m] for m in range(most_meetings + 1)]
        self.less = [0] + [self.cost[m - 1] - self.cost[m] for m in range(1, most_meetings + 1)]


def floor_cost(counts: list[list[int]], sizes: list[int], rounds: int, costs: Costs) -> int:
    """A cost no plan can go under: what the played rounds cost already, plus the most of three counts
    of repeats still to come: meetings past the pairs (or each player's partners) that have not met
    yet, and, from the second round planned on, the players of a table that must have sat at one table
    of the round before (a table of 4 after 3 tables has two of one: pigeonholes)."""
    n = len(counts)
    already = sum(costs.cost[counts[a][b]] for a in range(n) for b in range(a + 1, n))
    unmet = [sum(1 for b in range(n) if b != a and counts[a][b] == 0) for a in range(n)]
    meetings = rounds * sum(s * (s - 1) // 2 for s in sizes)
    by_pairs = meetings - sum(unmet) // 2
    by_players = -(-sum(max(rounds * (sizes[-1] - 1) - u, 0) for u in unmet) // 2)
    by_pigeonholes = (rounds - 1) * sum(_fewest_pairs(s, len(sizes)) for s in sizes)
    # Each repeat to come costs REPEAT and at least 1 more (its pair meeting one more time than before).
    return already + (REPEAT + 1) * max(by_pairs, by_players, by_pigeonholes, 0)


def _fewest_pairs(players: int, groups: int) -> int:
    """The fewest pairs of one group among `players` drawn from `groups` groups: spread them evenly."""
    each, more = divmod(players, groups)
    return more * (each + 1) * each // 2 + (groups - more) * each * (each - 1) // 2


def meet(counts: list[list[int]], tables: list[list[int]], step: int) -> None:
    for table in tables:
        for a, b in combinations(table, 2):
            counts[a][b] += step
            counts[b][a] += step


def fit_round(tables: list[list[int]], sizes: list[int], counts: list[list[int]], costs: Costs,
         rng: random.Random) -> list[list[int]]:
    """One round at tables of `sizes`, kept from `tables` as far as they go (the largest tables kept,
    each cut to its size), and every player not seated so put, in turn, at the open table where meeting
    its players costs least. From no tables at all, a greedy round."""
    kept = sorted(tables, key=len, reverse=True)
    fitted = [list(table[:size]) for table, size in zip(kept, sizes, strict=False)]
    fitted += [[] for _ in range(len(sizes) - len(fitted))]
    seated = {p for table in fitted for p in table}
    loose = [p for p in range(len(counts)) if p not in seated]
    rng.shuffle(loose)
    for p in loose:
        met = counts[p]
        open_tables = [t for t, table in enumerate(fitted) if len(table) < sizes[t]]
        best = min(sum(costs.more[met[x]] for x in fitted[t]) for t in open_tables)
        choices = [t for t in open_tables if sum(costs.more[met[x]] for x in fitted[t]) == best]
        fitted[rng.choice(choices)].append(p)
    meet(counts, fitted, 1)
    return fitted


class Search:
    """Tabu search over swaps of two players of one round (module docstring)."""

    def __init__(self, plan, counts, costs: Costs, rng: random.Random, deadline: float):
        self.plan, self.counts, self.costs, self.rng, self.deadline = plan, counts, costs, rng, deadline
        self.n = len(counts)
        self.where = [[0] * self.n for _ in plan]
        for r, tables in enumerate(plan):
            for t, table in enumerate(tables):
                for p in table:
                    self.where[r][p] = t
        self.cost = sum(costs.cost[counts[a][b]] for a in range(self.n) for b in range(a + 1, self.n))
        self.best_cost, self.best = self.cost, self._copy()

    def run(self, floor: int, work: int) -> int:
        """Search until the plan reaches `floor`, stops getting better, or has spent `work` (look-ups of
        a pair's meetings); the best plan found is `best` (costing `best_cost`). Returns the work spent."""
        n, rounds, rng = self.n, len(self.plan), self.rng
        per_step = n * 2 * len(self.plan[0][0]) + 200
        steps = max(work // per_step, 0)
        self.best_cost, self.best = self.cost, self._copy()
        tabu = [[0] * n for _ in range(rounds)]
        since_best = shakes = step = 0
        for step in range(1, steps + 1):
            if self.cost <= floor or (step % 64 == 0 and time.thread_time() > self.deadline):
                break
            conflict = self._conflict(tabu, step)
            if conflict is None:
                break
            r, a = conflict
            move = self._best_swap(r, a, tabu[r], step, self.best_cost)
            if move is not None and move[1] <= 0:  # never worse: a crowded night has no way back up
                b, delta = move
                self._swap(r, a, b, delta)
                tabu[r][a] = step + rng.randint(*_TABU_STEPS)
                tabu[r][b] = step + rng.randint(*_TABU_STEPS)
            if self.cost < self.best_cost:
                self.best_cost, self.best, since_best, shakes = self.cost, self._copy(), 0, 0
            else:
                since_best += 1
            if since_best > _PATIENCE:
                shakes += 1
                if shakes > _SHAKES:
                    break
                self._restore(self.best, self.best_cost)
                self._shake()
                since_best = 0
        return max(step, 1) * per_step

    def _conflict(self, tabu, step):
        """A round and a player who meets someone there again, picked at random (not recently moved
        when there is such a one)."""
        counts, plan, where, rng = self.counts, self.plan, self.where, self.rng
        rounds, n = len(plan), self.n
        for _ in range(4 * n):
            r, a = rng.randrange(rounds), rng.randrange(n)
            met = counts[a]
            if tabu[r][a] < step and any(met[x] > 1 for x in plan[r][where[r][a]] if x != a):
                return r, a
        every = [(r, a) for r in range(rounds) for a in range(n)
                 if any(counts[a][x] > 1 for x in plan[r][where[r][a]] if x != a)]
        return rng.choice(every) if every else None

    def _best_swap(self, r, a, tabu, step, best_cost):
        more, less, counts, rng = self.costs.more, self.costs.less, self.counts, self.rng
        home_t = self.where[r][a]
        home = [x for x in self.plan[r][home_t] if x != a]
        met_a = counts[a]
        leaving = sum(less[met_a[x]] for x in home)
        best_delta, best = None, []
        for t, table in enumerate(self.plan[r]):
            if t == home_t:
                continue
            joining = leaving + sum(more[met_a[y]] for y in table)
            for b in table:
                met_b = counts[b]
                delta = joining - more[met_a[b]]
                for x in home:
                    delta += more[met_b[x]]
                for y in table:
                    if y != b:
                        delta += less[met_b[y]]
                if tabu[b] >= step and self.cost + delta >= best_cost:
                    continue
                if best_delta is None or delta < best_delta:
                    best_delta, best = delta, [b]
                elif delta == best_delta:
                    best.append(b)
        return (rng.choice(best), best_delta) if best else None

    def _swap(self, r, a, b, delta):
        tables, where, counts = self.plan[r], self.where[r], self.counts
        ta, tb = where[a], where[b]
        for x in tables[ta]:
            if x != a:
                counts[a][x] -= 1
                counts[x][a] -= 1
                counts[b][x] += 1
                counts[x][b] += 1
        for y in tables[tb]:
            if y != b:
                counts[b][y] -= 1
                counts[y][b] -= 1
                counts[a][y] += 1
                counts[y][a] += 1
        tables[ta][tables[ta].index(a)] = b
        tables[tb][tables[tb].index(b)] = a
        where[a], where[b] = tb, ta
        self.cost += delta

    def _copy(self):
        return [[list(table) for table in tables] for tables in self.plan]

    def _restore(self, best, best_cost):
        for tables in self.plan:
            meet(self.counts, tables, -1)
        self.plan = [[list(table) for table in tables] for tables in best]
        for r, tables in enumerate(self.plan):
            meet(self.counts, tables, 1)
            for t, table in enumerate(tables):
                for p in table:
                    self.where[r][p] = t
        self.cost = best_cost

    def _shake(self):
        """A few random swaps, to leave a plan the search keeps coming back to."""
        more, less, counts, rng = self.costs.more, self.costs.less, self.counts, self.rng
        for _ in range(max(2, self.n // 8)):
            r = rng.randrange(len(self.plan))
            ta, tb = rng.sample(range(len(self.plan[r])), 2)
            a, b = rng.choice(self.plan[r][ta]), rng.choice(self.plan[r][tb])
            delta = 0
            for x in self.plan[r][ta]:
                if x != a:
                    delta += less[counts[a][x]] + more[counts[b][x]]
            for y in self.plan[r][tb]:
                if y != b:
                    delta += less[counts[b][y]] + more[counts[a][y]]
            self._swap(r, a, b, delta)
