"""Seating of a club night (RULES.md §9): table sizes, the `mix` and `ladder` seatings, placement points.

Pure Python with no app imports: the nights service asks, this module answers.

A *repeat* is a pair meeting at one table again (a pair sharing a table in m rounds counts m - 1).
`mix` keeps a night's repeats as low as it can in two steps:

1. Rounds from a design (nights/designs.py): the most rounds without a single repeat known for the
   night's tables (transversal designs and affine planes, the round robin, Kirkman and nearly-Kirkman
   triple systems, resolvable designs with tables of four, the social golfer 8-4-10); with fewer players
   than the tables hold, players who never meet one another are left out, giving tables of k and k - 1
   as §9's sizes need.
2. A local search for the rest (rounds past the design, tables no design gives, a night re-planned after
   players came or went; nights/plan_search.py), run from a few fixed seeds while its work lasts, the
   best plan kept. It stops at a bound no plan can beat. The work is counted in steps, so the same
   night gets the same plan on any machine; the planning thread's CPU clock only guards a machine so
   slow that the steps would take most of a second. The night's own seed only says which player sits
   at which place of the plan, so the repeats never depend on it.
"""

import random
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from ramo_keeper import rules
from ramo_keeper.nights import designs
from ramo_keeper.nights.plan_search import REPEAT, SEARCH_WORK, Costs, Search, fit_round, floor_cost, meet

MAX_PLAYERS, MAX_TABLES, MAX_ROUNDS = 64, 16, 12
SMALLEST_TABLE, LARGEST_TABLE = 2, 8

_STARTS = 4           # searches from as many fixed seeds, while the work lasts: the best plan is kept
# CPU seconds after which the search stops: a guard against a runaway search only. The work budget ends
# every search long before it (64 players, 12 rounds: 0.3 s), so a busy machine never changes the plan.
_GUARD_SECONDS = 8.0


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
                             problem="table_size_out_of_range", least=max(SMALLEST_TABLE, least),
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
                             problem="rounds_out_of_range", most=MAX_ROUNDS)
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
    costs = Costs(max(max(row) for row in counts) + rounds + 1)
    floor = floor_cost(counts, sizes, rounds, costs)
    design = designs.zero_repeat_rounds(sizes, rounds) if start is None else []
    best, best_cost, work = None, None, SEARCH_WORK
    for attempt in range(_STARTS):
        rng, met = random.Random(attempt), [list(row) for row in counts]
        if start is None:
            plan = [[list(table) for table in tables] for tables in design]
            for tables in plan:
                meet(met, tables, 1)
        else:
            plan = [[[index[p] for p in table if p in index] for table in tables] for tables in start]
            plan = [fit_round(tables, sizes, met, costs, rng) for tables in plan]
        while len(plan) < rounds:
            plan.append(fit_round([], sizes, met, costs, rng))
        search = Search(plan, met, costs, rng, deadline)
        if len(sizes) > 1:
            work -= search.run(floor, work)
        if best_cost is None or search.best_cost < best_cost:
            best, best_cost = search.best, search.best_cost
        if best_cost - floor < REPEAT or work <= 0 or time.thread_time() > deadline:  # no fewer repeats can be
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
