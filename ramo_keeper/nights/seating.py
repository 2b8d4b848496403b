"""Seating for club nights (docs/RULES.md §9). A stand-in: round-robin rotation, replaced at the merge."""


class SeatingRefused(ValueError):
    """A night that cannot be seated; `reason` is a short English sentence, `details` says what."""

    def __init__(self, reason: str, details: dict | None = None):
        super().__init__(reason)
        self.reason = reason
        self.details = details or {}


def table_sizes(players: int, table_size: int, least: int, most: int) -> list[int]:
    """§9's sizes, larger tables first; refused when a table would be over `most`."""
    if players < max(least, 1):
        raise SeatingRefused("Too few players for one table.", {"players": players, "least": least})
    count = -(-players // table_size)
    while count > 1 and players // count < least:
        count -= 1
    base, extra = divmod(players, count)
    sizes = [base + 1] * extra + [base] * (count - extra)
    if sizes[0] > most:
        raise SeatingRefused("A table would be over the game's maximum.", {"size": sizes[0], "most": most})
    return sizes


def seat_ladder(order, sizes) -> list[list[int]]:
    order, tables, start = list(order), [], 0
    for size in sizes:
        tables.append(order[start:start + size])
        start += size
    return tables


def plan_mix(players, table_size, rounds, least, most, played=(), seed=0) -> list[list[list[int]]]:
    players = list(players)
    sizes = table_sizes(len(players), table_size, least, most)
    plan = []
    for number in range(rounds):
        step = (number + len(list(played)) + seed) % max(len(players), 1)
        plan.append(seat_ladder(players[step:] + players[:step], sizes))
    return plan


def count_repeats(rounds) -> int:
    meetings: dict[tuple[int, int], int] = {}
    for tables in rounds:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    pair = (min(a, b), max(a, b))
                    meetings[pair] = meetings.get(pair, 0) + 1
    return sum(count - 1 for count in meetings.values())


def placement_points(place: int, table_players: int) -> int:
    return round(100 * (table_players - place) / (table_players - 1))
