"""One backup import at a time in the whole app, with a lock that dies with the process holding it.

A worker killed mid-import (SIGKILL, out of memory, gunicorn's timeout) must not block the next
import, so the lock is one the operating system or the database drops when its holder goes away:

- PostgreSQL: a session-level advisory lock on a connection of its own, taken with
  pg_try_advisory_lock and given back with pg_advisory_unlock. A dead worker's connection closes,
  and the server drops its locks with it. The lock is per database, so every worker and every
  machine on the database shares it.
- SQLite (a file): flock() on a file beside the database. The kernel drops it when the holder's
  file is closed, which a dead process's always is. Every process using the database runs on this
  machine, as SQLite requires.
- SQLite in memory: a lock in this process, the only one that sees the database.

While the lock is held, a row in the throttle table (bucket "import") says when the import began
and how long it is expected to take, so a refused import is told truly when to come back
(`retry_after`). The row is a note only, never the lock: one left behind by a dead worker changes
nothing but the next holder's note.
"""

import fcntl
import hashlib
import math
import os
import threading
from datetime import timedelta

from sqlalchemy import Connection, text
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from ..database import throttle
from ..extensions import db
from ..models import ThrottleCounter

BUCKET = "import"
KEY_DIGEST = hashlib.sha256(b"one import at a time").hexdigest()
# pg_try_advisory_lock takes one 64-bit key: the app's own, from its name.
ADVISORY_KEY = int.from_bytes(hashlib.sha256(b"ramo-keeper: one backup import at a time").digest()[:8], "big",
                              signed=True)
# How long an import takes per megabyte of JSON (checks, replay and writes; about 2.5 s on the
# benchmark's machine, docs/PERFORMANCE.md), with some room: a Retry-After too short is refused again.
SECONDS_PER_MEGABYTE = 4
SHORTEST_WAIT = 2  # seconds: the answer to a refused import when the running one has overrun its estimate

_in_process = threading.Lock()


def expected_seconds(size: int) -> int:
    """How long importing `size` bytes of JSON is expected to take, in whole seconds."""
    return max(1, math.ceil(size / 1_000_000 * SECONDS_PER_MEGABYTE))


class ImportLock:
    """The app-wide import lock of one database; `acquire()` never waits."""

    def __init__(self, engine):
        self.engine = engine
        self._connection: Connection | None = None
        self._file: int | None = None
        self._memory = False

    def acquire(self) -> bool:
        if self.engine.dialect.name == "postgresql":
            return self._acquire_advisory()
        path = self.engine.url.database
        if not path or path == ":memory:" or "mode=memory" in str(self.engine.url):
            self._memory = _in_process.acquire(blocking=False)
            return self._memory
        return self._acquire_file(f"{os.path.abspath(path)}.import-lock")

    def _acquire_advisory(self) -> bool:
        connection = self.engine.connect()
        try:
            taken = connection.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": ADVISORY_KEY}).scalar_one()
            connection.commit()  # a session-level lock outlives the transaction; nothing stays open
        except BaseException:
            connection.invalidate()
            raise
        if not taken:
            connection.close()
            return False
        self._connection = connection
        return True

    def _acquire_file(self, path: str) -> bool:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            return False
        self._file = descriptor
        return True

    def release(self) -> None:
        if self._connection is not None:
            connection, self._connection = self._connection, None
            try:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": ADVISORY_KEY})
                connection.commit()
                connection.close()
            except BaseException:
                connection.invalidate()  # a connection that is really closed drops its locks
                raise
        if self._file is not None:
            descriptor, self._file = self._file, None
            os.close(descriptor)  # closing the file drops its flock
        if self._memory:
            self._memory = False
            _in_process.release()


def _insert():
    return postgresql_insert if db.session.get_bind().dialect.name == "postgresql" else sqlite_insert


def note_start(seconds: int) -> None:
    """Say, for the imports refused meanwhile, that one began now and should take `seconds` (commits)."""
    table = ThrottleCounter.__table__
    at = throttle.now()
    db.session.execute(_insert()(table).values(bucket=BUCKET, key_digest=KEY_DIGEST, window_start=at, count=seconds)
                       .on_conflict_do_update(index_elements=[table.c.bucket, table.c.key_digest],
                                              set_={"window_start": at, "count": seconds}))
    db.session.commit()


def clear_note() -> None:
    db.session.execute(db.delete(ThrottleCounter).where(ThrottleCounter.bucket == BUCKET,
                                                        ThrottleCounter.key_digest == KEY_DIGEST))
    db.session.commit()


def retry_after() -> int:
    """Whole seconds until the running import is expected to be done (SHORTEST_WAIT once it has overrun)."""
    note = db.session.execute(db.select(ThrottleCounter.window_start, ThrottleCounter.count).where(
        ThrottleCounter.bucket == BUCKET, ThrottleCounter.key_digest == KEY_DIGEST)).first()
    if note is None:  # the holder has not written its note yet: it has only just begun
        return SHORTEST_WAIT
    left = (note.window_start + timedelta(seconds=note.count) - throttle.now()).total_seconds()
    return max(SHORTEST_WAIT, math.ceil(left))
