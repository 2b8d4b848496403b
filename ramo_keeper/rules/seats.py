"""Walking the table: who comes after whom, who deals next, and ranks by a key (pure functions)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def seats_after(seat_ids: Sequence[int], player_id: int) -> tuple[int, ...]:
    """The seats walked from the one after ``player_id`` round to ``player_id`` itself.

    >>> seats_after((1, 2, 3, 4), 2)
    (3, 4, 1, 2)
    """
    ids = tuple(seat_ids)
    i = ids.index(player_id)
    return ids[i + 1 :] + ids[: i + 1]


def first_reached(seat_ids: Sequence[int], after_id: int, candidates) -> int:
    """The first of ``candidates`` met walking the seats after ``after_id``, who comes last.

    >>> first_reached((1, 2, 3, 4), 3, {1, 4})
    4
    """
    return next(pid for pid in seats_after(seat_ids, after_id) if pid in candidates)


def rank_by(keys: Mapping[int, tuple]) -> dict[int, int]:
    """Rank 1 for the smallest key; equal keys share the best place (1, 1, 3).

    >>> rank_by({1: (10,), 2: (5,), 3: (5,)})
    {1: 3, 2: 1, 3: 1}
    """
    return {pid: 1 + sum(1 for other in keys.values() if other < key) for pid, key in keys.items()}


def next_dealer(rule: str, player_ids: Sequence[int], outcome, totals: Mapping[int, int]) -> int:
    """Who deals after ``outcome`` under a dealer rule.

    ``rotate``: the next seat; ``winner_deals``: the hand's first winner; ``highest_total`` /
    ``highest_hand``: the highest running total or hand score, ties to the first tied seat after
    the dealer, the dealer last.
    """
    if rule == "winner_deals" and outcome.winner_ids:
        return outcome.winner_ids[0]
    if rule in ("highest_total", "highest_hand"):
        values = dict(totals) if rule == "highest_total" else {r.player_id: r.score for r in outcome.results}
        top = max(values.values())
        return first_reached(player_ids, outcome.dealer_id, {p for p, v in values.items() if v == top})
    return seats_after(player_ids, outcome.dealer_id)[0]
