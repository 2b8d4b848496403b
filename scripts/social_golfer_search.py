"""Search for a 32 / 4 / 10 night without a repeat (the social golfer 8-4-10) developed under a cyclic group.

An offline tool, not part of the app: it needs python-sat, which is no dependency of the project. Run it
from a throw-away virtualenv:

    python3 -m venv /tmp/satvenv && /tmp/satvenv/bin/pip install python-sat
    /tmp/satvenv/bin/python scripts/social_golfer_search.py z10          # or z5, or phi 1 / phi 2 / ...

In every model the players are 30 moving points (orbit i, residue r: point M·i + r) and two fixed points
30 and 31, and a base round is developed by r -> r + t (mod M): the form of `DEVELOPED` in
ramo_keeper/nights/designs.py, so a base round found can be kept there as it is.
- z10: M = 10, three orbits, one base round (10 rounds).
- z5: M = 5, six orbits, two base rounds (5 + 5 rounds).
- phi m: M = 5, one base round R; the rounds are R + t and phi(R) + t, phi(i, r) = (i + 3 mod 6, m·r).
Each player misses exactly one other over 10 rounds (31 others, 3 met a round), so the pairs never met
are a perfect matching (a resolvable 4-GDD of type 2^16). Symmetry is broken soundly: the orbits are
renumbered and each translated so that player 30 sits with residue 0 of orbits 0, 1, 2 in the first base
round, and the other tables of a base round come in order of their smallest player.
Results on 3 December 2026 (CaDiCaL 1.5.3): z10 has none (UNSAT, 5 CPU minutes); phi 2, phi 3 and
phi 4 have none (UNSAT in under a minute); z5 and phi 1 ran 25 and 15 minutes without an answer.
"""

import itertools
import sys

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

TABLES = 8


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


if __name__ == "__main__":
    found = solve(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    print(found if found is not None else "none: no such schedule (UNSAT)")
