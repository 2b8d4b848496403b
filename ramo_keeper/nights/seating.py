"""Seating of a club night (RULES.md §9): table sizes, the `mix` and `ladder` seatings, placement points.

Pure Python with no app imports: the nights service asks, this module answers.

A *repeat* is a pair meeting at one table again (a pair sharing a table in m rounds counts m - 1).
`mix` keeps a night's repeats as low as it can in two steps:

1. Rounds from a design. With q tables (q a prime power, so GF(q) exists) of at most k <= q players,
   player (g, x) of group g sits in round b at table a where x = a + b·g. Two players of different
   groups meet in exactly one of the q rounds and two of one group never, so q rounds have no repeat
   (q + 1 when k == q: the groups themselves are one more round, the affine plane AG(2, q)). Leaving
   players out of the last group keeps that and gives tables of k and k - 1, as §9's sizes need.
   16 players at 4, 9 at 3, 20 at 4 and 64 at 4 come from here.
2. A local search for the rest (rounds past the design, tables a design cannot give, a night re-planned
   after players came or went): each round starts greedy, then a player who meets someone again is
   swapped with the player of another table of that round that lowers the night's cost most, or at
   least keeps it (a move that makes things worse never pays on a crowded night); players just moved
   stay put for a few steps (tabu), so that sideways moves do not walk back. When nothing better comes
   for a while, the best plan so far is shaken by a few random swaps and the search goes on from there.
   It stops at a lower bound no plan can beat, after a few shakes in a row found nothing, or after a
   fixed number of steps, so that a seed gives the same plan on any machine; the planning thread's CPU
   clock only guards a machine so slow that the steps would take most of a second.
"""

import random
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from ramo_keeper import rules
from ramo_keeper.nights import designs

MAX_PLAYERS, MAX_TABLES, MAX_ROUNDS = 64, 16, 12
SMALLEST_TABLE, LARGEST_TABLE = 2, 8

# One more repeat always costs more than any spreading of the repeats can save (at most 2016 pairs of
# 64 players, each at most (24 - 1)² with 12 rounds played and 12 planned); among plans with as many
# repeats, the one that spreads them (no pair meeting three times while others meet twice) wins.
_REPEAT = 10_000_000
# What one plan may spend, in look-ups of a pair's meetings (a step costs about 2·n·s of them and 200
# more): at most about 0.3 s of one core (benchmarks/nights.py); spending 10 times more saved under 10%.
_SEARCH_WORK = 4_000_000
_PATIENCE = 1_500     # steps without a better plan before going back to the best one, shaken
_TABU_STEPS = (3, 8)  # a player just moved stays where it is for this many steps (drawn between)
_SHAKES = 4           # shakes in a row that found nothing better: the search has done what it can
_STARTS = 4           # searches from as many fixed seeds, while the work lasts: the best plan is kept
_GUARD_SECONDS = 0.8  # CPU seconds of the planning thread after which the search stops (a guard only)


class SeatingRefused(ValueError):
    """Players that §9 cannot seat at this game's tables. `reason` says why in English; `details` has the
    request field at fault (`path`), a stable `problem` key and its numbers, for a message in the reader's
    language."""

    def __init__(self, reason: str, details: dict | None = None, **more):
        super().__init__(reason)
        self.reason = reason
        self.details = {**(details or {}), **more}


def table_sizes(players: int, table_size: int, least: int, most: int) -> list[int]:
    """The tables of one round (§9): ⌈n/s⌉ tables, one fewer while the smallest would be under `least`,
    sizes differing by at most one, larger first. Refused past the caps, for a table size outside the
    game's range (`least`..`most`, within 2..8), or when a table would be over `most`."""
    if not max(SMALLEST_TABLE, least) <= table_size <= min(LARGEST_TABLE, most):
        raise SeatingRefused(f"The table size must be between {max(SMALLEST_TABLE, least)} and "
                             f"{min(LARGEST_TABLE, most)} for this game.", path="table_size",
                             problem="table_size_range", least=max(SMALLEST_TABLE, least),
                             most=min(LARGEST_TABLE, most))
    if players > MAX_PLAYERS:
        raise SeatingRefused(f"A night seats at most {MAX_PLAYERS} players.", path="player_ids",
                             problem="too_many_players", most=MAX_PLAYERS)
    if players < least:
        raise SeatingRefused(f"This game needs at least {least} players at a table.", path="player_ids",
                             problem="too_few_players", least=least)
    tables = -(-players // table_size)
    while tables > 1 and players // tables < least:
        tables -= 1
    base, larger = divmod(players, tables)
    sizes = [base + 1] * larger + [base] * (tables - larger)
    if sizes[0] > most:
        raise SeatingRefused(f"This game cannot seat {players} players at tables of "
                             f"{least if least == most else f'{least} to {most}'}.",
                             path="table_size", problem="cannot_seat", players=players, sizes=sizes,
                             least=least, most=most)
    if tables > MAX_TABLES:
        raise SeatingRefused(f"A night has at most {MAX_TABLES} tables: choose a larger table size.",
                             path="table_size", problem="too_many_tables", sizes=sizes, most=MAX_TABLES)
    return sizes


def count_repeats(rounds: Iterable[Sequence[Sequence[int]]]) -> int:
    """Repeated meetings: a pair sharing a table in m rounds counts m - 1."""
    met = Counter(frozenset(pair) for tables in rounds for table in tables for pair in combinations(table, 2))
    return sum(m - 1 for m in met.values())


def placement_points(place: int, table_players: int) -> int:
    """§9's points for `place` (1 = best) at a table of N: round(100·(N − p)/(N − 1)), halves up, from
    100 for the winner down to 0 for the last; a table of one has no one to beat and earns 0. The same
    scale as a league's standings (§5), so it is the rules' own function."""
    if not 1 <= place <= table_players:
        raise ValueError(f"There is no place {place} at a table of {table_players}.")
    return rules.placement_points(table_players, place)


def seat_ladder(order: Sequence[int], sizes: Sequence[int],
                previous: Sequence[Sequence[int]] = ()) -> list[list[int]]:
    """`ladder` (§9): the first s₁ players of `order` at table 1, the next s₂ at table 2, and so on; then,
    as Swiss pairing avoids a rematch, two players of neighbouring tables swap places while that leaves
    fewer pairs of the `previous` round's tables sitting together again, and neither table more (the
    swap that moves players the fewest places in `order` first, the highest tables first)."""
    if sum(sizes) != len(order) or len(set(order)) != len(order):
        raise SeatingRefused("Every player present sits at exactly one table.", path="player_ids",
                             problem="not_one_seat_each")
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start:start + size]))
        start += size
    sat = {p: t for t, table in enumerate(previous) for p in table}
    place = {p: i for i, p in enumerate(order)}

    def again(table) -> int:
        return sum(1 for a, b in combinations(table, 2) if a in sat and sat.get(b) == sat[a])

    while (swap := _best_ladder_swap(tables, again, place)) is not None:
        t, a, b = swap
        tables[t][tables[t].index(a)] = b
        tables[t + 1][tables[t + 1].index(b)] = a
    return [sorted(table, key=place.__getitem__) for table in tables]


def _best_ladder_swap(tables, again, place):
    """(table, its player, the next table's player) of the swap `seat_ladder` makes next, or None."""
    best = None
    for t in range(len(tables) - 1):
        upper, lower = tables[t], tables[t + 1]
        before_upper, before_lower = again(upper), again(lower)
        if before_upper + before_lower == 0:
            continue
        for a in upper:
            for b in lower:
                after_upper = again([b if p == a else p for p in upper])
                after_lower = again([a if p == b else p for p in lower])
                if after_upper <= before_upper and after_lower <= before_lower \
                        and after_upper + after_lower < before_upper + before_lower:
                    key = (place[b] - place[a], t, place[b])
                    if best is None or key < best[0]:
                        best = (key, (t, a, b))
    return best[1] if best else None


def plan_mix(players: Sequence[int], table_size: int, rounds: int, least: int, most: int,
             played: Sequence[Sequence[Sequence[int]]] = (), seed: int = 0) -> list[list[list[int]]]:
    """The next `rounds` rounds of `mix` (§9) for `players`: each round a list of tables, each table a
    list of player ids in seat order (the first seat deals first; it goes round the players who have
    dealt first least often). The night's repeats, counting the rounds already `played` (whoever sat
    there, present or gone), are kept as low as the search can. When `played` is the start of the
    plan this night would get as a whole (same players, same seed), the rest of that plan comes back,
    so planning round by round and planning the night at once seat alike."""
    players = list(players)
    if len(set(players)) != len(players):
        raise SeatingRefused("A player is listed twice.", path="player_ids", problem="player_twice")
    if not 0 <= rounds <= MAX_ROUNDS:
        raise SeatingRefused(f"A night has 1 to {MAX_ROUNDS} rounds.", path="rounds",
                             problem="rounds_range", most=MAX_ROUNDS)
    sizes = table_sizes(len(players), table_size, least, most)
    if rounds == 0:
        return []
    deadline = time.thread_time() + _GUARD_SECONDS
    rest = _rest_of_whole_night(players, table_size, rounds, least, most, played, seed, deadline)
    if rest is not None and {p for table in played[-1] for p in table} == set(players):
        return rest
    return _plan(players, sizes, rounds, played, seed, deadline, rest)


def _rest_of_whole_night(players, table_size, rounds, least, most, played, seed, deadline):
    """The rounds after `played` of the plan the night got as a whole, when `played` is its start:
    what is left of the night as planned, for the players who were there. None when the night was
    not planned so (players changed before, another seed, ladder rounds)."""
    if not played:
        return None
    there = {p for table in played[0] for p in table}
    if any({p for table in tables for p in table} != there for tables in played):
        return None
    try:
        sizes = table_sizes(len(there), table_size, least, most)
    except SeatingRefused:
        return None
    whole = _plan(sorted(there), sizes, len(played) + rounds, (), seed, deadline)
    if [_partition(tables) for tables in whole[:len(played)]] != [_partition(tables) for tables in played]:
        return None
    return whole[len(played):]


def _partition(tables: Sequence[Sequence[int]]) -> set[frozenset[int]]:
    return {frozenset(table) for table in tables}


def _plan(players: list[int], sizes: list[int], rounds: int, played, seed: int, deadline: float, start=None):
    """The next `rounds` rounds for `players` at tables of `sizes`, counting the rounds `played`: from
    a design's rounds and greedy ones, or from `start` (the rest of the night as planned before a
    player came or went) fitted to the players and tables of now; then searched, a few times from
    fixed seeds, the best kept. The night's `seed` only says which player sits at which point of the
    plan when nothing was played yet (so that two nights of one club do not seat alike): the repeats
    never depend on it."""
    order = sorted(players)
    if not played and start is None:
        random.Random(seed).shuffle(order)
    n, index = len(order), {p: i for i, p in enumerate(order)}
    counts = [[0] * n for _ in range(n)]
    for tables in played:
        for table in tables:
            here = [index[p] for p in table if p in index]
            for a, b in combinations(here, 2):
                counts[a][b] += 1
                counts[b][a] += 1
    costs = _Costs(max(max(row) for row in counts) + rounds + 1)
    floor = _floor(counts, sizes, rounds, costs)
    design = designs.zero_repeat_rounds(sizes, rounds) if start is None else []
    best, best_cost, work = None, None, _SEARCH_WORK
    for attempt in range(_STARTS):
        rng, met = random.Random(attempt), [list(row) for row in counts]
        if start is None:
            plan = [[list(table) for table in tables] for tables in design]
            for tables in plan:
                _meet(met, tables, 1)
        else:
            plan = [[[index[p] for p in table if p in index] for table in tables] for tables in start]
            plan = [_fit(tables, sizes, met, costs, rng) for tables in plan]
        while len(plan) < rounds:
            plan.append(_fit([], sizes, met, costs, rng))
        search = _Search(plan, met, costs, rng, deadline)
        if len(sizes) > 1:
            work -= search.run(floor, work)
        if best_cost is None or search.best_cost < best_cost:
            best, best_cost = search.best, search.best_cost
        if best_cost - floor < _REPEAT or work <= 0 or time.thread_time() > deadline:  # no fewer repeats can be
            break
    return _seat([[[order[i] for i in table] for table in tables] for tables in best], played, seed)


def _seat(rounds: list[list[list[int]]], played, seed: int) -> list[list[list[int]]]:
    """Seat order within each table: shuffled by the night's seed, the first seat going round the players."""
    rng = random.Random(seed)
    for tables in rounds:
        for table in tables:
            rng.shuffle(table)
    dealt = Counter(table[0] for tables in played for table in tables if table)
    firsts = iter(_first_seats([table for tables in rounds for table in tables], dealt))
    return [[_first_seat_first(table, next(firsts)) for table in tables] for tables in rounds]


def _first_seats(tables: list[list[int]], dealt: Counter) -> list[int]:
    """Who sits first (and deals first) at each table: a player of that table, chosen so that the most
    first seats anyone has in the night, `dealt` in the rounds played included, is as few as can be:
    the fair share first, one more until every table has its first seat."""
    players = {p for table in tables for p in table}
    most = -(-(sum(dealt[p] for p in players) + len(tables)) // len(players))
    while (first := _matching(tables, {p: max(most - dealt[p], 0) for p in players})) is None:
        most += 1
    return first


def _matching(tables: list[list[int]], room: dict[int, int]) -> list[int] | None:
    """A player of each table, each player chosen at most `room` times (augmenting paths); None if
    there is none."""
    held: dict[int, list[int]] = {p: [] for p in room}

    def give(t: int, seen: set[int]) -> bool:
        for p in tables[t]:
            if p not in seen:
                seen.add(p)
                if len(held[p]) < room[p]:
                    held[p].append(t)
                    return True
                for i, other in enumerate(held[p]):
                    if give(other, seen):
                        held[p][i] = t
                        return True
        return False

    if not all(give(t, set()) for t in range(len(tables))):
        return None
    first = {t: p for p, chosen in held.items() for t in chosen}
    return [first[t] for t in range(len(tables))]


def _first_seat_first(table: list[int], first: int) -> list[int]:
    return [first] + [p for p in table if p != first]


class _Costs:
    """What a pair costs for the number of times it meets, and what one meeting more or less changes."""

    def __init__(self, most_meetings: int):
        self.cost = [_REPEAT * max(m - 1, 0) + max(m - 1, 0) ** 2 for m in range(most_meetings + 2)]
        self.more = [self.cost[m + 1] - self.cost[m] for m in range(most_meetings + 1)]
        self.less = [0] + [self.cost[m - 1] - self.cost[m] for m in range(1, most_meetings + 1)]


def _floor(counts: list[list[int]], sizes: list[int], rounds: int, costs: _Costs) -> int:
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
    # Each repeat to come costs _REPEAT and at least 1 more (its pair meeting one more time than before).
    return already + (_REPEAT + 1) * max(by_pairs, by_players, by_pigeonholes, 0)


def _fewest_pairs(players: int, groups: int) -> int:
    """The fewest pairs of one group among `players` drawn from `groups` groups: spread them evenly."""
    each, more = divmod(players, groups)
    return more * (each + 1) * each // 2 + (groups - more) * each * (each - 1) // 2


def _meet(counts: list[list[int]], tables: list[list[int]], step: int) -> None:
    for table in tables:
        for a, b in combinations(table, 2):
            counts[a][b] += step
            counts[b][a] += step


def _fit(tables: list[list[int]], sizes: list[int], counts: list[list[int]], costs: _Costs,
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
    _meet(counts, fitted, 1)
    return fitted


class _Search:
    """Tabu search over swaps of two players of one round (module docstring)."""

    def __init__(self, plan, counts, costs: _Costs, rng: random.Random, deadline: float):
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
            _meet(self.counts, tables, -1)
        self.plan = [[list(table) for table in tables] for tables in best]
        for r, tables in enumerate(self.plan):
            _meet(self.counts, tables, 1)
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
