"""Search for a 32 / 4 / 10 night without a repeat (the social golfer 8-4-10) that has a given automorphism group.

An offline tool, not part of the app: it needs python-sat, which is no dependency of the project. Run it
from a throw-away virtualenv:

    python3 -m venv /tmp/satvenv && /tmp/satvenv/bin/pip install python-sat
    /tmp/satvenv/bin/python scripts/social_golfer_search.py z2cube     # or z15, z5pairs; z10, z5, phi 1, ...

Each player misses exactly one other over 10 rounds (31 others, 3 met a round), so the pairs never met are
a perfect matching (a resolvable 4-GDD of type 2^16).

Pair models (`z2cube`, `z15`, `z5pairs`): one variable says "a and b share a table in round r"; each round
is an equivalence relation (two pairs of a triangle give the third) where everyone has 3 partners, and a
pair shares a table in at most one round. A group is imposed by giving each orbit of (round, pair) under
it one variable: a generator is a permutation of the players and one of the rounds.
- z2cube: Z_2^3 acting on the players without fixed points (player 8·o + g, g in Z_2^3 written as 3 bits,
  moved by g -> g xor x); x = 1 keeps every round (and the pairs {2i, 2i + 1} are forced never to meet),
  x = 2 swaps rounds 4-5, 6-7 and 8-9, x = 4 swaps rounds 8-9. This is the automorphism group (order 8)
  of the published 10-round solution (Aguado 2004, as shown in the Wolfram Demonstrations Project's
  "Social Golfer Problem"), found by checking that solution's automorphisms; the search only takes the
  group from it. SATISFIABLE in about 4 s: the schedule kept in ramo_keeper/nights/designs.py
  (`LISTED`) is the one this prints.
- z15: Z_15 x {0, 1} and two fixed points, two base rounds developed by Z_5, each kept by x -> x + 5 (the
  Z_5 model with an order-3 symmetry more). None: UNSAT within a second, and by counting: a fixed point's
  table, kept by x -> x + 5, is {inf, a, a + 5, a + 10} inside one layer and holds 3 of the 15 pairs
  {x, x + 5} of that layer; the two fixed points over 10 rounds would need 60 such pairs of the 30 there are.
- z5pairs: Z_5 with six orbits of 5 and two fixed points, two base rounds (the z5 model below): no answer
  in 10 minutes (3 December 2026, a loaded machine).

Table models (`z10`, `z5`, `phi m`): players are 30 moving points (orbit i, residue r: point M·i + r) and
two fixed points 30 and 31, and a base round is developed by r -> r + t (mod M): the form of `DEVELOPED`
in ramo_keeper/nights/designs.py.
- z10: M = 10, three orbits, one base round (10 rounds).
- z5: M = 5, six orbits, two base rounds (5 + 5 rounds).
- phi m: M = 5, one base round R; the rounds are R + t and phi(R) + t, phi(i, r) = (i + 3 mod 6, m·r).
Symmetry is broken soundly: the orbits are renumbered and each translated so that player 30 sits with
residue 0 of orbits 0, 1, 2 in the first base round, and the other tables of a base round come in order of
their smallest player. Results on 3 December 2026 (CaDiCaL 1.5.3): z10 has none (UNSAT, 5 CPU minutes);
phi 2, phi 3 and phi 4 have none (UNSAT in under a minute); z5 and phi 1 ran 25 and 15 minutes without an
answer.
"""

import itertools
import sys
from collections import Counter

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

TABLES, PLAYERS, ROUNDS = 8, 32, 10


def solve_pairs(generators, never_meet=()):
    """The 10 rounds of a schedule kept by the group the generators make, or None (UNSAT)."""
    orbit: dict = {}

    def find(x):
        while orbit.get(x, x) != x:
            x = orbit[x]
        return x

    for players, rounds in generators:
        for r in range(ROUNDS):
            for a, b in itertools.combinations(range(PLAYERS), 2):
                here, there = find((r, a, b)), find((rounds[r], *sorted((players[a], players[b]))))
                if here != there:
                    orbit[here] = there
    pool, clauses = IDPool(), []

    def together(r, a, b):
        return pool.id(find((r, min(a, b), max(a, b))))

    for r in range(ROUNDS):
        for a in range(PLAYERS):
            lits = [together(r, a, b) for b in range(PLAYERS) if b != a]
            clauses += CardEnc.equals(lits=lits, bound=3, vpool=pool, encoding=EncType.seqcounter).clauses
        for a, b, c in itertools.combinations(range(PLAYERS), 3):
            x, y, z = together(r, a, b), together(r, b, c), together(r, a, c)
            clauses += [[-x, -y, z], [-x, -z, y], [-y, -z, x]]
    for a, b in itertools.combinations(range(PLAYERS), 2):
        seen = Counter(together(r, a, b) for r in range(ROUNDS))
        clauses += [[-v] for v, n in seen.items() if n > 1]  # the group brings this pair back to one round
        clauses += CardEnc.atmost(lits=sorted(seen), bound=1, vpool=pool, encoding=EncType.seqcounter).clauses
    clauses += [[-together(r, a, b)] for a, b in never_meet for r in range(ROUNDS)]
    with Solver(name="cadical153", bootstrap_with=clauses) as solver:
        if not solver.solve():
            return None
        chosen = {lit for lit in solver.get_model() if lit > 0}
    schedule = []
    for r in range(ROUNDS):
        tables = {frozenset([a] + [b for b in range(PLAYERS) if b != a and together(r, a, b) in chosen])
                  for a in range(PLAYERS)}
        schedule.append(sorted(sorted(table) for table in tables))
    return schedule


def pair_model(model: str):
    def generator(players, swaps=()):
        rounds = list(range(ROUNDS))
        for i, j in swaps:
            rounds[i], rounds[j] = j, i
        return players, rounds

    if model == "z2cube":
        def xor(x):
            return [8 * (p // 8) + (p % 8 ^ x) for p in range(PLAYERS)]
        generators = [generator(xor(1)), generator(xor(2), [(4, 5), (6, 7), (8, 9)]), generator(xor(4), [(8, 9)])]
        return generators, [(p, p + 1) for p in range(0, PLAYERS, 2)]
    m = 15 if model == "z15" else 5
    players = [p - p % m + (p % m + 1) % m for p in range(30)] + [30, 31]
    return [(players, [5 * (r // 5) + (r % 5 + 1) % 5 for r in range(ROUNDS)])], [(30, 31)] if m == 15 else []


def solve(model: str, multiplier: int = 1):
    m = 10 if model == "z10" else 5
    orbits, bases = 30 // m, (2 if model == "z5" else 1)
    points = range(30)
    pool, clauses = IDPool(), []

    def seat(r, p, k):
        return pool.id(("seat", r, p, k))

    def card(lits, bound, exact=True):
        encode = CardEnc.equals if exact else CardEnc.atmost
        clauses.extend(encode(lits=lits, bound=bound, vpool=pool, encoding=EncType.seqcounter).clauses)

    def phi(p):
        return ((p // m + 3) % orbits) * m + (multiplier * (p % m)) % m

    def difference(a, b):
        i, j = a // m, b // m
        if i == j:
            d = (b - a) % m
            return ("pure", i, min(d, m - d))
        if i > j:
            a, b, i, j = b, a, j, i
        return ("mixed", i, j, (b - a) % m)

    for r in range(bases):
        for p in points:
            card([seat(r, p, k) for k in range(TABLES)], 1)
        for k in range(TABLES):  # tables 0 and 1 hold the fixed points 30 and 31
            card([seat(r, p, k) for p in points], 3 if k < 2 else 4)
        for k in range(2, TABLES - 1):
            for p in points:
                clauses.append([-seat(r, p, k + 1)] + [seat(r, q, k) for q in points if q < p])
    # A fixed point meets each orbit at one table of one base round (with phi: of R or of phi(R)).
    for fixed in (0, 1):
        for i in range(orbits):
            if model == "phi":
                pair = (i % 3, i % 3 + 3)
                card([seat(0, p, fixed) for p in points if p // m in pair], 1)
            else:
                card([seat(r, p, fixed) for r in range(bases) for p in points if p // m == i], 1)
    for p in (0, m, 2 * m):
        clauses.append([seat(0, p, 0)])
    # Each difference class (all its pairs, moved round by the group) is met at most once.
    met: dict[tuple, list[int]] = {}
    for r in range(bases):
        for a, b in itertools.combinations(points, 2):
            event = pool.id(("met", r, a, b))
            for k in range(TABLES):
                clauses.append([-seat(r, a, k), -seat(r, b, k), event])
            classes = [difference(a, b)] + ([difference(phi(a), phi(b))] if model == "phi" else [])
            if difference(a, b)[0] == "pure" and m % 2 == 0 and difference(a, b)[2] == m // 2:
                classes.append(difference(a, b))  # {x, x + 5} comes back after 5 rounds of 10
            for c in classes:
                met.setdefault(c, []).append(event)
    for events in met.values():
        if len(events) != len(set(events)):
            clauses.extend([-e] for e in set(events) if events.count(e) > 1)
        card(sorted(set(events)), 1, exact=False)
    with Solver(name="cadical153", bootstrap_with=clauses) as solver:
        if not solver.solve():
            return None
        chosen = {lit for lit in solver.get_model() if lit > 0}
    return [[[p for p in points if seat(r, p, k) in chosen] + ([30 + k] if k < 2 else []) for k in range(TABLES)]
            for r in range(bases)]


def repeats(schedule) -> int:
    """Pairs met more than once (0 for a schedule without a repeat), checked independently of the solver."""
    met = Counter(pair for tables in schedule for table in tables for pair in itertools.combinations(sorted(table), 2))
    assert all(sorted(p for table in tables for p in table) == list(range(PLAYERS)) for tables in schedule)
    assert all(len(table) == 4 for tables in schedule for table in tables)
    return sum(n - 1 for n in met.values())


if __name__ == "__main__":
    if sys.argv[1] in ("z2cube", "z15", "z5pairs"):
        found = solve_pairs(*pair_model(sys.argv[1]))
        if found is not None:
            print(f"repeats: {repeats(found)}")
    else:
        found = solve(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    print(found if found is not None else "none: no such schedule (UNSAT)")
