"""An uploaded backup imported beside live tables: checked with no lock, written in one short transaction,
and one import at a time across every worker and machine.

Checking and replaying the largest file a league may hold takes seconds of CPU. Done inside the
request's write transaction, it held SQLite's one write lock all that while (a writing request takes
it at its first statement, see database.py), and other tables' hands waited, then failed. Here the
request's transaction ends when the import lock is taken (committed), the file is checked and
replayed with nothing held (`database.no_write_lock`), and only the inserts run in a new
transaction (`backup.write_import`).

At most one import runs at a time in the whole app, so that imports cannot take every worker:
a row in the throttle table (bucket "import") is the lock. It is inserted and committed before the
work and deleted after; a row older than STALE_SECONDS is a worker that died mid-import, and the
next import takes it over. Its `count` column holds the holder's random token, so a worker whose
row was taken over never deletes its successor's.
"""

import hashlib
import json
import secrets
from collections.abc import Callable
from contextlib import contextmanager
from datetime import timedelta

from flask_babel import gettext
from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from .. import throttle
from ..database import no_write_lock
from ..errors import ServiceError
from ..extensions import db
from ..models import League, ThrottleCounter
from .backup import BadBackup, is_empty, not_empty, plan_import, write_import

BUCKET = "import"
KEY_DIGEST = hashlib.sha256(b"one import at a time").hexdigest()
STALE_SECONDS = 300
# The largest file takes several seconds: a retry sooner would most likely be refused again.
RETRY_AFTER_SECONDS = 10


class ImportBusy(ServiceError):
    """Another import is running; try again after `retry_after` seconds."""

    status = 429

    def __init__(self):
        super().__init__(gettext("Another backup is being imported right now. Try again in a few seconds."),
                         field="file")
        self.retry_after = RETRY_AFTER_SECONDS


def _take() -> int | None:
    """Insert the lock row (or take over a stale one) and commit; the holder's token, or None if held."""
    at, token = throttle.now(), secrets.randbelow(2**31 - 1) + 1
    table = ThrottleCounter.__table__
    insert = postgresql_insert if db.session.get_bind().dialect.name == "postgresql" else sqlite_insert
    statement = (insert(table).values(bucket=BUCKET, key_digest=KEY_DIGEST, window_start=at, count=token)
                 .on_conflict_do_update(index_elements=[table.c.bucket, table.c.key_digest],
                                        set_={"window_start": at, "count": token},
                                        where=table.c.window_start <= at - timedelta(seconds=STALE_SECONDS))
                 .returning(table.c.count))
    taken = db.session.execute(statement).scalar_one_or_none()
    db.session.commit()
    return token if taken == token else None


@contextmanager
def one_import_at_a_time():
    """Hold the app-wide import lock for the block, or raise ImportBusy at once."""
    token = _take()
    if token is None:
        raise ImportBusy()
    try:
        yield
    finally:
        db.session.rollback()  # whatever the block left unfinished
        db.session.execute(delete(ThrottleCounter).where(
            ThrottleCounter.bucket == BUCKET, ThrottleCounter.key_digest == KEY_DIGEST, ThrottleCounter.count == token))
        db.session.commit()


def import_upload(league: League, read: Callable[[], bytes]) -> dict:
    """Import an uploaded backup into the league (whose owner has been checked); returns counts.

    Raises ImportBusy, BadBackup (the file), or Conflict (the league is not empty). Nothing is
    written unless all of it is. Commits: call it after the request's checks and before its writes.
    """
    league_id, dialect = league.id, db.session.get_bind().dialect
    if not is_empty(league):  # checked again under the write lock; this spares a replay bound to fail
        raise not_empty()
    with one_import_at_a_time():
        with no_write_lock():
            try:
                data = json.loads(read().decode("utf-8-sig"))
            except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
                raise BadBackup(gettext("That file is not JSON: choose a backup downloaded from Ramo Keeper.")) \
                    from None
            plan = plan_import(league_id, data, dialect)
        counts = write_import(db.session.get(League, league_id), plan)
        db.session.commit()
    return counts
