"""When writers collide in the database: a unique rule broken is a 409; which errors mean "run it again"
(a deadlock) and which "the database is busy".

- A unique index or constraint that refuses a row (two people adding one name at the same moment)
  becomes the service's Conflict, worded for the table (`flush_or_conflict`).
- A deadlock or serialization failure reported by PostgreSQL (SQLSTATE 40P01, 40001) is retryable;
  SQLite's "database is locked" (a writer waited out the busy timeout) is busy. web/busy.py reruns the
  request or answers 503 accordingly. The lock order in locks.py makes both rare.
"""

import sqlite3
from collections.abc import Callable

from sqlalchemy.exc import DBAPIError, IntegrityError

from ..errors import Conflict
from ..extensions import db

RETRIED_SQLSTATES = frozenset({"40P01", "40001"})  # deadlock detected, serialization failure


def flush_or_conflict(message: str, field: str | None = None, current: Callable[[], dict | None] | None = None) -> None:
    """Flush the pending rows; a unique rule the database refuses becomes Conflict(message).

    The transaction is rolled back (PostgreSQL refuses every statement after the error), so the
    caller shows the current state as a fresh read finds it. `current`, called after the rollback,
    reads the row that won the race; it goes into the conflict's details as `current` (docs/API.md).
    """
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        winner = current() if current is not None else None
        raise Conflict(message, field=field, details={"current": winner} if winner else None) from None


# SQLAlchemy wraps the driver's errors, except those of the BEGIN IMMEDIATE sent straight to it (transactions.py).
DATABASE_ERRORS = (DBAPIError, sqlite3.OperationalError)


def driver_error(error: Exception) -> Exception:
    return error.orig if isinstance(error, DBAPIError) else error


def is_retryable(error: Exception) -> bool:
    """A deadlock or serialization failure: the same request may well succeed if run again."""
    return getattr(driver_error(error), "sqlstate", None) in RETRIED_SQLSTATES


def is_busy(error: Exception) -> bool:
    """SQLite's write lock was not free within the busy timeout."""
    cause = driver_error(error)
    name = getattr(cause, "sqlite_errorname", "") or ""
    return name.startswith("SQLITE_BUSY") or "database is locked" in str(cause)
