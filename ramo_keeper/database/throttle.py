"""Attempt counters in the database: a limit that holds across workers and machines.

    retry_after = hit("login-address", request.remote_addr, limit=30, window_seconds=900)
    if retry_after:
        ...answer 429 with Retry-After: retry_after...

Each (bucket, key) counts attempts in a fixed window that starts at its first attempt. One
INSERT … ON CONFLICT DO UPDATE … RETURNING counts and reads in a single statement, so two
workers hitting at once can never both see the old count. Works on SQLite and PostgreSQL.

A window that has ended counts for nothing, so each new window deletes its bucket's ended ones:
the table holds the keys seen within one window, not every address that ever tried.
"""

import hashlib
import math
from datetime import datetime, timedelta

from sqlalchemy import case, delete, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from ..extensions import db
from ..models import ThrottleCounter, utcnow


def now() -> datetime:
    """The clock (naive UTC); tests move it forward instead of sleeping."""
    return utcnow()


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def _retry_after(window_start: datetime, window_seconds: int, at: datetime) -> int:
    left = (window_start + timedelta(seconds=window_seconds) - at).total_seconds()
    return max(1, math.ceil(left))


def hit(bucket: str, key: str, limit: int, window_seconds: int) -> int | None:
    """Count one attempt; return the seconds to wait (for Retry-After) if it is over the limit, else None.

    The attempt over the limit is counted too, but the window never stretches: whatever happens,
    the key is free again `window_seconds` after its window began. Commits the current session,
    so call it before the request writes anything else.
    """
    at = now()
    expired_before = at - timedelta(seconds=window_seconds)
    table = ThrottleCounter.__table__
    insert = postgresql_insert if db.session.get_bind().dialect.name == "postgresql" else sqlite_insert
    expired = table.c.window_start <= expired_before
    statement = (
        insert(table)
        .values(bucket=bucket, key_digest=_digest(key), window_start=at, count=1)
        .on_conflict_do_update(
            index_elements=[table.c.bucket, table.c.key_digest],
            set_={
                "count": case((expired, 1), else_=table.c.count + 1),
                "window_start": case((expired, at), else_=table.c.window_start),
            },
        )
        .returning(table.c.count, table.c.window_start)
    )
    count, window_start = db.session.execute(statement).one()
    db.session.commit()
    if count == 1:
        _delete_ended_windows(bucket, expired_before)
    if count > limit:
        return _retry_after(window_start, window_seconds, at)
    return None


def blocked(bucket: str, key: str, limit: int, window_seconds: int) -> int | None:
    """Like hit() but counts nothing: the seconds to wait if the key is already at its limit, else None."""
    at = now()
    row = db.session.execute(
        select(ThrottleCounter.count, ThrottleCounter.window_start)
        .where(ThrottleCounter.bucket == bucket, ThrottleCounter.key_digest == _digest(key))
    ).one_or_none()
    if row is None or row.window_start <= at - timedelta(seconds=window_seconds) or row.count < limit:
        return None
    return _retry_after(row.window_start, window_seconds, at)


def reset(bucket: str, key: str) -> None:
    """Forget the key's attempts (after a successful login, say). Commits the current session."""
    db.session.execute(delete(ThrottleCounter).where(
        ThrottleCounter.bucket == bucket, ThrottleCounter.key_digest == _digest(key)))
    db.session.commit()


def _delete_ended_windows(bucket: str, ended_before: datetime) -> None:
    """Delete the bucket's windows that began at or before `ended_before` (commits). Every key of a bucket
    has the same window, so these rows change no answer: hit() would restart them, blocked() ignores them.
    Runs after the hit's own commit, holding no row lock; rows another hit holds right now are skipped
    (SKIP LOCKED on PostgreSQL), so two purges never wait on each other and the next new window takes them."""
    table = ThrottleCounter.__table__
    ended = (select(table.c.key_digest)
             .where(table.c.bucket == bucket, table.c.window_start <= ended_before)
             .with_for_update(skip_locked=True))
    db.session.execute(delete(table).where(table.c.bucket == bucket, table.c.key_digest.in_(ended)))
    db.session.commit()
