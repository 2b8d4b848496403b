"""Schedules without a single repeat, known for a night's shape (RULES.md §9, "Seating quality").

Pure Python with no app imports. Each design seats `tables` tables of `k` players (points 0..tables·k-1)
round after round so that no pair meets twice; a night with fewer players (tables of k and k - 1) takes
a design for full tables and leaves out players who never meet one another in the rounds it uses, so
each round loses at most one player a table.

Where they come from:
- Resolvable transversal designs over GF(q): q tables (q a prime power) of at most q players give q
  rounds; the groups are one more round when the tables are full (the affine plane AG(2, q)).
- The round robin ("circle method"): 2n players at tables of two, 2n - 1 rounds.
- The lines of AG(3, 3): 27 players at tables of three, 13 rounds (a Kirkman triple system).
- Kirkman and nearly-Kirkman triple systems and resolvable designs with blocks of four, given as data
  (`DEVELOPED`): a few base rounds and a cyclic group that moves them round, the usual way such designs
  are published. Each one is checked by tests/nights/test_seating.py, pair by pair.
- The social golfer 8-4-10: 32 players at tables of four, 10 rounds, given round by round (`LISTED`).
"""

from functools import lru_cache
from itertools import combinations

_PRIME_POWERS = {2: (2, 1), 3: (3, 1), 4: (2, 2), 5: (5, 1), 7: (7, 1), 8: (2, 3), 9: (3, 2),
                 11: (11, 1), 13: (13, 1), 16: (2, 4)}
# A monic irreducible polynomial of each degree used, lowest coefficient first (x²+x+1, x³+x+1, x²+1, x⁴+x+1).
_MODULUS = {4: (1, 1, 1), 8: (1, 1, 0, 1), 9: (1, 0, 1), 16: (1, 1, 0, 0, 1)}

# Designs developed under the cyclic group Z_m: (players, table size) → (m, base rounds, source). A
# point p < players - fixed stands for residue p % m of orbit p // m and moves to (p + t) % m of the same
# orbit under t; the last `fixed` points stay where they are. Each base round, moved by t = 0..m-1, is
# one round: m rounds a base round.
# The base rounds below were found for this app by a difference-method search (every block's
# differences under Z_m counted, each pair of players covered once) in the form these designs are
# published in; tests/nights/test_seating.py checks every pair of every round.
DEVELOPED: dict[tuple[int, int], tuple[int, int, tuple, str]] = {
    (15, 3): (7, 1, (((0, 1, 10), (2, 6, 7), (3, 5, 9), (4, 11, 14), (8, 12, 13)),),
              "Kirkman's schoolgirls (1850): a Kirkman triple system KTS(15), 1-rotational over Z_7"),
    (21, 3): (5, 1, (((0, 13, 19), (1, 5, 7), (2, 14, 17), (3, 12, 16), (4, 6, 20), (8, 10, 11), (9, 15, 18)),
                     ((0, 1, 11), (2, 4, 7), (3, 15, 19), (5, 9, 17), (6, 10, 12), (8, 13, 18), (14, 16, 20))),
              "a Kirkman triple system KTS(21) over Z_5 with a fixed point"),
    (28, 4): (9, 1, (((0, 5, 17, 21), (1, 3, 4, 18), (2, 11, 13, 22), (6, 10, 24, 25), (7, 12, 20, 27),
                      (8, 9, 14, 15), (16, 19, 23, 26)),),
              "a resolvable design RBIBD(28, 4, 1) over Z_9 with a fixed point"),
    # Nearly Kirkman: each player misses exactly one other (the two fixed points miss each other).
    (18, 3): (4, 2, (((0, 6, 13), (1, 9, 10), (2, 14, 16), (3, 4, 7), (5, 8, 17), (11, 12, 15)),
                     ((0, 7, 15), (1, 2, 8), (3, 13, 17), (4, 9, 16), (5, 11, 14), (6, 10, 12))),
              "a nearly Kirkman triple system NKTS(18) over Z_4 with two fixed points"),
    (24, 3): (11, 2, (((0, 1, 3), (2, 7, 21), (4, 16, 23), (5, 11, 20), (6, 10, 19), (8, 15, 18), (9, 14, 22),
                       (12, 13, 17)),),
              "a nearly Kirkman triple system NKTS(24) over Z_11 with two fixed points"),
}


# Designs kept round by round, where none developed by a cyclic group is known here: (players, table size)
# → (rounds, source). Each is checked by tests/nights/test_seating.py, pair by pair.
LISTED: dict[tuple[int, int], tuple[tuple, str]] = {
    # Each player misses exactly one other, the other of {2i, 2i + 1}: a resolvable 4-GDD of type 2^16.
    (32, 4): ((((0, 2, 4, 6), (1, 3, 5, 7), (8, 12, 27, 31), (9, 13, 26, 30),
                (10, 14, 25, 29), (11, 15, 24, 28), (16, 19, 20, 23), (17, 18, 21, 22)),
               ((0, 3, 8, 11), (1, 2, 9, 10), (4, 7, 12, 15), (5, 6, 13, 14),
                (16, 18, 24, 26), (17, 19, 25, 27), (20, 22, 28, 30), (21, 23, 29, 31)),
               ((0, 5, 18, 23), (1, 4, 19, 22), (2, 7, 16, 21), (3, 6, 17, 20),
                (8, 10, 13, 15), (9, 11, 12, 14), (24, 27, 29, 30), (25, 26, 28, 31)),
               ((0, 13, 22, 27), (1, 12, 23, 26), (2, 15, 20, 25), (3, 14, 21, 24),
                (4, 9, 18, 31), (5, 8, 19, 30), (6, 11, 16, 29), (7, 10, 17, 28)),
               ((0, 14, 20, 26), (1, 15, 21, 27), (2, 13, 18, 29), (3, 12, 19, 28),
                (4, 10, 16, 30), (5, 11, 17, 31), (6, 9, 22, 25), (7, 8, 23, 24)),
               ((0, 15, 16, 31), (1, 14, 17, 30), (2, 12, 22, 24), (3, 13, 23, 25),
                (4, 11, 20, 27), (5, 10, 21, 26), (6, 8, 18, 28), (7, 9, 19, 29)),
               ((0, 12, 17, 29), (1, 13, 16, 28), (2, 11, 23, 30), (3, 10, 22, 31),
                (4, 8, 21, 25), (5, 9, 20, 24), (6, 15, 19, 26), (7, 14, 18, 27)),
               ((0, 9, 21, 28), (1, 8, 20, 29), (2, 14, 19, 31), (3, 15, 18, 30),
                (4, 13, 17, 24), (5, 12, 16, 25), (6, 10, 23, 27), (7, 11, 22, 26)),
               ((0, 7, 25, 30), (1, 6, 24, 31), (2, 8, 17, 26), (3, 9, 16, 27),
                (4, 14, 23, 28), (5, 15, 22, 29), (10, 12, 18, 20), (11, 13, 19, 21)),
               ((0, 10, 19, 24), (1, 11, 18, 25), (2, 5, 27, 28), (3, 4, 26, 29),
                (6, 12, 21, 30), (7, 13, 20, 31), (8, 14, 16, 22), (9, 15, 17, 23))),
              "the social golfer 8-4-10 (Aguado 2004): found for this app by a SAT search for a schedule kept by "
              "the automorphism group of the published one, Z_2^3 (scripts/social_golfer_search.py z2cube)"),
}


def zero_repeat_rounds(sizes: list[int], wanted: int) -> list[list[list[int]]]:
    """The most rounds (at most `wanted`) known to seat tables of `sizes` (larger first) without a
    repeat, as tables of the points 0..sum(sizes)-1 in the order of `sizes`; none when no design fits."""
    k, tables, players = sizes[0], len(sizes), sum(sizes)
    best: list = []
    for design in _designs(tables, k):
        fewest = len(best) + 1
        for rounds in range(min(wanted, len(design)), fewest - 1, -1):
            left_out = _never_met(design[:rounds], tables * k - players)
            if left_out is not None:
                best = _without(design[:rounds], left_out)
                break
        if len(best) >= wanted:
            break
    return best


@lru_cache(maxsize=64)
def _designs(tables: int, k: int) -> tuple:
    """Every design known for full tables, the longest first."""
    found = []
    if tables in _PRIME_POWERS and k <= tables:
        found.append(_transversal(tables, k))
    if k == 2:
        found.append(_round_robin(2 * tables))
    if (tables, k) == (9, 3):
        found.append(_affine_lines_3d())
    if (tables * k, k) in DEVELOPED:
        found.append(developed(tables * k, k))
    if (tables * k, k) in LISTED:
        found.append(listed(tables * k, k))
    return tuple(sorted(found, key=len, reverse=True))


def _never_met(rounds, count: int) -> list[int] | None:
    """`count` points no two of which share a table in `rounds` (found greedily from each point in turn),
    or None."""
    if count == 0:
        return []
    points = sorted({p for table in rounds[0] for p in table})
    met = {p: set() for p in points}
    for tables in rounds:
        for table in tables:
            for a, b in combinations(table, 2):
                met[a].add(b)
                met[b].add(a)
    for start in points:
        chosen = [start]
        for p in points:
            if len(chosen) == count:
                break
            if p not in chosen and not any(p in met[c] for c in chosen):
                chosen.append(p)
        if len(chosen) == count:
            return chosen
    return None


def _without(rounds, left_out: list[int]) -> list[list[list[int]]]:
    """The rounds without the points left out, the others numbered 0.. in order, larger tables first."""
    gone = set(left_out)
    kept = sorted({p for table in rounds[0] for p in table} - gone)
    number = {p: i for i, p in enumerate(kept)}
    return [sorted(([number[p] for p in table if p not in gone] for table in tables), key=len, reverse=True)
            for tables in rounds]


def developed(players: int, k: int) -> list[list[list[int]]]:
    """The rounds of a design kept as data (`DEVELOPED`), moved round by its group."""
    m, fixed, bases, _ = DEVELOPED[players, k]
    moving = players - fixed

    def moved(p: int, t: int) -> int:
        return p if p >= moving else p - p % m + (p % m + t) % m

    return [[[moved(p, t) for p in table] for table in base] for base in bases for t in range(m)]


def listed(players: int, k: int) -> list[list[list[int]]]:
    """The rounds of a design kept round by round (`LISTED`)."""
    return [[list(table) for table in tables] for tables in LISTED[players, k][0]]


def _field(q: int) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and multiplication tables of GF(q), an element being its polynomial's coefficients
    (lowest first) read as a number in base p."""
    p, degree = _PRIME_POWERS[q]

    def digits(x):
        return [(x // p ** i) % p for i in range(degree)]

    def number(ds):
        return sum(d * p ** i for i, d in enumerate(ds))

    def times(x, y):
        product = [0] * (2 * degree - 1)
        for i, a in enumerate(digits(x)):
            for j, b in enumerate(digits(y)):
                product[i + j] += a * b
        modulus = _MODULUS.get(q, ())  # a prime: the product of two digits needs no reducing
        for high in range(len(product) - 1, degree - 1, -1):
            c = product[high]
            for j, m in enumerate(modulus):
                product[high - degree + j] -= c * m
        return number([d % p for d in product[:degree]])

    def plus(x, y):
        return number([(a + b) % p for a, b in zip(digits(x), digits(y), strict=True)])

    return [[plus(x, y) for y in range(q)] for x in range(q)], [[times(x, y) for y in range(q)] for x in range(q)]


def _transversal(q: int, k: int) -> list[list[list[int]]]:
    """q tables of k <= q: player (g, x) of group g sits in round b at table a where x = a + b·g. Two
    players of different groups meet in exactly one of the q rounds and two of one group never; with
    k == q the groups themselves are one round more (the affine plane AG(2, q))."""
    add, mul = _field(q)
    rounds = [[[g * q + add[a][mul[b][g]] for g in range(k)] for a in range(q)] for b in range(q)]
    if k == q:
        rounds.append([[g * q + x for x in range(q)] for g in range(k)])
    return rounds


def _round_robin(players: int) -> list[list[list[int]]]:
    """The circle method: the last player stays, the others turn one place a round."""
    turning = players - 1
    rounds = []
    for r in range(turning):
        pairs = [[r, players - 1]]
        pairs += [[(r + i) % turning, (r - i) % turning] for i in range(1, players // 2)]
        rounds.append(pairs)
    return rounds


def _affine_lines_3d() -> list[list[list[int]]]:
    """AG(3, 3): 27 points (x, y, z) over GF(3); each of the 13 directions cuts them into 9 parallel lines."""
    directions = [(1, y, z) for y in range(3) for z in range(3)] + [(0, 1, z) for z in range(3)] + [(0, 0, 1)]
    points = [(x, y, z) for x in range(3) for y in range(3) for z in range(3)]
    rounds = []
    for d in directions:
        seen, tables = set(), []
        for p in points:
            if p not in seen:
                line = [tuple((p[i] + s * d[i]) % 3 for i in range(3)) for s in range(3)]
                seen.update(line)
                tables.append([9 * x + 3 * y + z for x, y, z in line])
        rounds.append(tables)
    return rounds
