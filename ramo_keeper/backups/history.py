"""A game's corrections history (its audit trail: hands corrected, removed, counted on phones) in a backup.

A backup carries each game's latest 20 entries (all its page lists) and, of those, the league's newest
2,000: enough for any league's pages, and a bound on the file's size.

Each entry keeps its hand's inputs before and after as the audit stores them, naming the backup's player
ids, and who made it by account name: accounts are not part of a backup, so the import gives an entry to
the importing league's member of that exact name, or to nobody ("Someone corrected hand 2").
"""

import json

from flask_babel import gettext
from sqlalchemy import Connection, func, select

from ..extensions import db
from ..models import AuditEntry, Game, Membership, User
from .backup_file import HistoryBody, HistoryRow

# What a backup carries: each game's latest HISTORY_PER_GAME entries (all its page shows), and of those the
# league's newest HISTORY_PER_LEAGUE, so that the history adds a bounded size to the file (backup_size.py).
HISTORY_PER_GAME = 20
HISTORY_PER_LEAGUE = 2_000


def kept_entries(connection: Connection, league_id: int) -> set[int]:
    """The ids of the audit entries the league's backup carries."""
    newest = func.row_number().over(partition_by=AuditEntry.game_id, order_by=AuditEntry.id.desc())
    ranked = (select(AuditEntry.id, newest.label("newest")).join(Game, Game.id == AuditEntry.game_id)
              .where(Game.league_id == league_id).subquery())
    return set(connection.execute(select(ranked.c.id).where(ranked.c.newest <= HISTORY_PER_GAME)
                                  .order_by(ranked.c.id.desc()).limit(HISTORY_PER_LEAGUE)).scalars())


def history_rows(connection: Connection, game_ids: list[int], kept: set[int]) -> dict[int, list[dict]]:
    """The games' carried audit entries in the order they were made, as the backup writes them."""
    found: dict[int, list[dict]] = {}
    if not kept:
        return found
    rows = connection.execute(
        select(AuditEntry.id, AuditEntry.game_id, AuditEntry.action, AuditEntry.hand_number, AuditEntry.before,
               AuditEntry.after, AuditEntry.created_at, User.username)
        .outerjoin(User, User.id == AuditEntry.user_id).where(AuditEntry.game_id.in_(game_ids))
        .order_by(AuditEntry.game_id, AuditEntry.id))
    for row in rows:
        if row.id not in kept:
            continue
        entry = {"action": row.action, "hand_number": row.hand_number, "before": row.before, "after": row.after,
                 "by": row.username, "created_at": row.created_at.isoformat() if row.created_at else None}
        found.setdefault(row.game_id, []).append(entry)
    return found


def _player_ids(body: HistoryBody | None) -> list[int]:
    if body is None:
        return []
    return [r.player_id for r in body.results] + [c.player_id for c in body.counted_by or []]


def unknown_player(history: list[HistoryRow], players: set[int]) -> int | None:
    """The first player an entry names who is not one of the backup's players, else None."""
    for entry in history:
        for player_id in _player_ids(entry.before) + _player_ids(entry.after):
            if player_id not in players:
                return player_id
    return None


def holds_nul(history: list[HistoryRow]) -> bool:
    """Whether an entry's text holds U+0000, which PostgreSQL's JSON cannot store (nor any page show)."""
    return any("\\u0000" in json.dumps(entry.model_dump()) for entry in history)


def refusal(where: str, player_id: int) -> str:
    return gettext("%(where)s, corrections: player %(player)s is not one of the backup's players.",
                   where=where, player=player_id)


def _body(body: HistoryBody | None, players: dict[int, int]) -> dict | None:
    """The stored JSON with the new player ids, in the audit's own shape (games/hand_inputs.to_body)."""
    if body is None:
        return None
    if body.counted_by is not None:
        return {"counted_by": [{"player_id": players[c.player_id], "user_id": None, "via": c.via}
                               for c in body.counted_by]}
    return {"results": [{**r.model_dump(), "player_id": players[r.player_id]} for r in body.results]}


def write_history(league_id: int, planned: list[tuple[int, list[HistoryRow], list]], players: dict[int, int]) -> None:
    """Insert every game's entries (`planned`: new game id, entries, their times), under the import's lock."""
    if not planned:
        return
    members = dict(db.session.execute(
        db.select(User.username, User.id).join(Membership, Membership.user_id == User.id)
        .where(Membership.league_id == league_id)).all())
    rows = [{"game_id": game_id, "user_id": members.get(entry.by) if entry.by else None, "action": entry.action,
             "hand_number": entry.hand_number, "before": _body(entry.before, players),
             "after": _body(entry.after, players), "created_at": when}
            for game_id, entries, times in planned for entry, when in zip(entries, times, strict=True)]
    if rows:
        db.session.execute(AuditEntry.__table__.insert(), rows)
