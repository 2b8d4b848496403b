"""Placement: league points scaled to the table size, finishing places, and ranks by current total."""

from __future__ import annotations

from .base import RuleError
from .registry import variant_of
from .seats import rank_by
from .state import GameState


def placement_points(table_size: int, place: int) -> int:
    """round(100·(N − p)/(N − 1)), halves rounded up; a one-player table earns 0.

    >>> placement_points(4, 2), placement_points(9, 8)
    (67, 13)
    """
    if table_size < 1 or not 1 <= place <= table_size:
        raise RuleError("no_such_place", place=place, table_size=table_size)
    if table_size == 1:
        return 0
    span = table_size - 1
    return (200 * (table_size - place) + span) // (2 * span)


def finishing_places(state: GameState) -> dict[int, int]:
    """Each player's place, 1 = best; tied players share the best of their places.

    Example: Ramo totals A 40, B 25, C 135, D 25 -> {A: 3, B: 1, C: 4, D: 1}.
    """
    return {p.player_id: p.place for p in state.players}


def total_ranks(state: GameState) -> dict[int, int]:
    """Rank by current total alone, 1 = best, ties sharing (1, 1, 3); best is lowest in penalty games.

    This can differ from the finishing place, which follows the game's finishing order (Ramo's
    completers rule and Phase 10 put those who completed first).
    Example: Ramo totals A 40, B 25, C 135, D 25 -> {A: 3, B: 1, C: 4, D: 1}.
    """
    variant = variant_of(state.setup)
    return rank_by({p.player_id: variant.total_key(p.total) for p in state.players})
