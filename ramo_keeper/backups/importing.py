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
largest backup the app writes for a league at every cap (backup_size.py). Whatever else it holds,
however wrong (a number of 5,000 digits, brackets nested 150,000 deep, a list where a name belongs),
is answered with a sentence naming the problem, and nothing is saved.
"""

import json
import re
import zlib
from collections.abc import Callable

from flask_babel import format_decimal, gettext

from ..database.transactions import no_write_lock
from ..errors import ServiceError
from ..extensions import db
from ..models import League
from . import import_lock
from .backup import BadBackup, is_empty, not_empty, plan_import, write_import
from .backup_size import MAX_BACKUP_BYTES

GZIP_MAGIC = b"\x1f\x8b"
LONGEST_NUMBER = 30  # digits: no number a backup holds comes near (ids stop at 10)
# A lone surrogate (\ud800 to \udfff not in a pair) decodes to a string no database or page can encode.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


class ImportBusy(ServiceError):
    """Another import is running; try again after `retry_after` seconds."""

    status = 429

    def __init__(self, retry_after: int):
        super().__init__(gettext("Another backup is being imported right now. Try again in a few seconds."),
                         field="file")
        self.retry_after = retry_after


def _too_large() -> BadBackup:
    return BadBackup(gettext("This file is larger than any backup of a league can be (at most %(limit)s MB once "
                             "uncompressed): choose a backup downloaded from Ramo Keeper.",
                             limit=format_decimal(MAX_BACKUP_BYTES // 1_000_000)))


def _not_json() -> BadBackup:
    return BadBackup(gettext("That file is not JSON: choose a backup downloaded from Ramo Keeper."))


def uncompressed(raw: bytes) -> bytes:
    """The file's JSON bytes: as sent, or gunzipped; at most MAX_BACKUP_BYTES either way."""
    if not raw.startswith(GZIP_MAGIC):
        if len(raw) > MAX_BACKUP_BYTES:
            raise _too_large()
        return raw
    reader = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        data = reader.decompress(raw, MAX_BACKUP_BYTES + 1)  # a small file never unpacks past the limit
    except zlib.error:
        raise BadBackup(gettext("That file looks compressed but cannot be read: choose a backup downloaded from "
                                "Ramo Keeper, or compress it again with gzip.")) from None
    if len(data) > MAX_BACKUP_BYTES:
        raise _too_large()
    return data


class _Refused(Exception):
    """Raised inside the JSON parser: a value no backup holds."""


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > LONGEST_NUMBER:
        raise _Refused(gettext("This file holds a number of %(count)s digits, far longer than any a backup holds: "
                               "choose a backup downloaded from Ramo Keeper.",
                               count=format_decimal(len(digits.lstrip("-")))))
    return int(digits)


def _constant(name: str):
    raise _Refused(gettext("This file holds %(value)s, which is not a number a backup holds: choose a backup "
                           "downloaded from Ramo Keeper.", value=name))


def _lone_surrogate(value) -> bool:
    """Whether any text in the parsed file (keys included) cannot be written as UTF-8."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def parsed(data: bytes):
    """The backup's JSON as Python values, or BadBackup saying why it cannot be one."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _not_json() from None
    try:
        value = json.loads(text, parse_int=_whole_number, parse_constant=_constant)
    except _Refused as refused:
        raise BadBackup(str(refused)) from None
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError; RecursionError: [[[[… too deep
        raise _not_json() from None
    if SURROGATE_ESCAPE.search(text) and _lone_surrogate(value):
        raise BadBackup(gettext("This file holds text with a broken character: choose a backup downloaded from "
                                "Ramo Keeper."))
    return value


def import_upload(league: League, read: Callable[[], bytes]) -> dict:
    """Import an uploaded backup into the league (whose owner has been checked); returns counts.

    Raises ImportBusy, BadBackup (the file), or Conflict (the league is not empty). Nothing is
    written unless all of it is. Commits: call it after the request's checks and before its writes.
    """
    league_id, dialect = league.id, db.session.get_bind().dialect
    if not is_empty(league):  # checked again under the write lock; this spares a replay bound to fail
        raise not_empty()
    data = uncompressed(read())
    lock = import_lock.ImportLock(db.engine)
    if not lock.acquire():
        with no_write_lock():
            raise ImportBusy(import_lock.retry_after())
    try:
        import_lock.note_start(import_lock.expected_seconds(len(data)))
        with no_write_lock():
            plan = plan_import(league_id, parsed(data), dialect)
        counts = write_import(db.session.get(League, league_id), plan)
        db.session.commit()
    finally:
        db.session.rollback()  # whatever the block left unfinished
        try:
            import_lock.clear_note()
        finally:
            lock.release()
    return counts

