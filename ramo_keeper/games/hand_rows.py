"""A hand's stored rows (HandResult) and the rules' records: what a replay reads, what a write stores.

The last step of recording a hand: games/stored.py hands each played hand here to be written.
A row keeps the player's cards, the marks as one sorted list of keys (rules/marks.py) and what
the rules derived; the rules' records carry the same keys as a set.
"""

from collections.abc import Iterable

from .. import rules
from ..models import Hand, HandResult


def hand_input(results: Iterable[HandResult]) -> rules.HandInput:
    """A stored hand's rows as rules input (for a replay)."""
    return rules.HandInput(tuple(
        rules.PlayerResult(r.player_id, r.cards, r.marks) for r in results
    ))


def scored_line(row) -> rules.ScoredResult:
    """A stored result (a HandResult, or a plain row of its columns) as the rules' scored line, without replaying."""
    return rules.ScoredResult(row.player_id, dict(row.cards), row.marks, value=row.value, score=row.score,
                               level_before=row.level_before, level_after=row.level_after,
                              completed=row.completed)


def scored_lines(results: Iterable[HandResult]) -> tuple[rules.ScoredResult, ...]:
    return tuple(scored_line(r) for r in results)


def write_hand(hand: Hand, outcome: rules.HandOutcome) -> None:
    """Write a played hand onto its rows: the inputs (every category present, the effective marks) and what
    they scored.

    Rows are updated in place: the seats never change, and replacing the rows would insert the
    new ones before the old ones are deleted, against the unique (hand, player).
    """
    hand.dealer_id, hand.winner_ids = outcome.dealer_id, list(outcome.winner_ids)
    rows = {row.player_id: row for row in hand.results}
    for position, line in enumerate(outcome.results):
        row = rows.get(line.player_id)
        if row is None:
            row = HandResult(player_id=line.player_id)
            hand.results.append(row)
        row.position, row.cards, row.marks = position, dict(line.cards), sorted(line.marks)
        row.value, row.score, row.completed = line.value, line.score, line.completed
        row.level_before, row.level_after = line.level_before, line.level_after
