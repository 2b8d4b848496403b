"""League points: placement points scaled to the table size, and finishing places."""

from __future__ import annotations

from .base import GameState, RuleError


def placement_points(table_size: int, place: int) -> int:
    """round(100·(N − p)/(N − 1)), halves rounded up; a one-player table earns 0.

    >>> placement_points(4, 2), placement_points(9, 8)
    (67, 13)
    """
    if table_size < 1 or not 1 <= place <= table_size:
        raise RuleError(f"Place {place} does not exist at a table of {table_size}")
    if table_size == 1:
        return 0
    span = table_size - 1
    return (200 * (table_size - place) + span) // (2 * span)


def finishing_places(state: GameState) -> dict[int, int]:
    """Each player's place, 1 = best; tied players share the best of their places.

    Example: Ramo totals A 40, B 25, C 135, D 25 -> {A: 3, B: 1, C: 4, D: 1}.
    """
    return {p.player_id: p.place for p in state.players}
