"""An uploaded backup imported beside live tables: read and checked with no lock, written in one short
transaction, and one import at a time across every worker and machine.

Checking and replaying the largest file a league may hold takes seconds of CPU. Done inside the
request's write transaction, it held SQLite's one write lock all that while (a writing request takes
it at its first statement, see database/transactions.py), and other tables' hands waited, then failed. Here the
request's transaction ends when the import lock is taken, the file is checked and replayed with
nothing held (`database.no_write_lock`), and only the inserts run in a new transaction
(`backup.write_import`).

At most one import runs at a time in the whole app, so that imports cannot take every worker. The
lock dies with the process holding it (import_lock.py): a worker killed mid-import never blocks the
next one, and a refused import is told truly how long the running one should still take.

The file is JSON, or JSON compressed with gzip, of at most MAX_BACKUP_BYTES once uncompressed: the
largest backup the app writes for a league at every cap (backup_size.py). It is unpacked and parsed
as it arrives, before the lock, and refused as soon as it passes what such a backup holds
(reading.py). Whatever else it holds, however wrong (a number of 5,000 digits, brackets nested
150,000 deep, a list where a name belongs), is answered with a sentence naming the problem, and
nothing is saved.
"""

from collections.abc import Callable

from flask_babel import gettext

from ..database.transactions import no_write_lock
from ..errors import ServiceError
from ..extensions import db
from ..models import League
from . import import_lock
from .backup import is_empty, not_empty, plan_import, write_import
from .reading import read_backup


class ImportBusy(ServiceError):
    """Another import is running; try again after `retry_after` seconds."""

    status = 429

    def __init__(self, retry_after: int):
        super().__init__(gettext("Another backup is being imported right now. Try again in a few seconds."),
                         field="file")
        self.retry_after = retry_after


def import_upload(league: League, read: Callable[[int], bytes]) -> dict:
    """Import an uploaded backup into the league (whose owner has been checked); returns counts.

    Raises ImportBusy, BadBackup (the file), or Conflict (the league is not empty). Nothing is
    written unless all of it is. Commits: call it after the request's checks and before its writes.
    """
    league_id, dialect = league.id, db.session.get_bind().dialect
    with no_write_lock():
        if not is_empty(league):  # checked again under the write lock; this spares a replay bound to fail
            raise not_empty()
        # Read as it arrives, within the limits of the largest backup, before the import's lock (reading.py).
        data, size = read_backup(read)
    lock = import_lock.ImportLock(db.engine)
    if not lock.acquire():
        with no_write_lock():
            raise ImportBusy(import_lock.retry_after())
    try:
        import_lock.note_start(import_lock.expected_seconds(size))
        with no_write_lock():
            plan = plan_import(league_id, data, dialect)
        counts = write_import(db.session.get(League, league_id), plan)
        db.session.commit()
    finally:
        db.session.rollback()  # whatever the block left unfinished
        try:
            import_lock.clear_note()
        finally:
            lock.release()
    return counts

