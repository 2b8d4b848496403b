"""When writers collide in the database: a unique rule broken is a 409, a deadlock is retried, a busy database a 503.

- A unique index or constraint that refuses a row (two people adding one name at the same moment)
  becomes the service's Conflict, worded for the table (`flush_or_conflict`).
- A deadlock or serialization failure reported by PostgreSQL (SQLSTATE 40P01, 40001) rolls the
  request back and runs it once more; if it happens again the answer is 503 with Retry-After.
  The lock order in locks.py makes this rare.
- SQLite's "database is locked" (a writer waited out the busy timeout) is answered 503 with
  Retry-After at once: waiting again would only double the wait. The phones' outbox retries.
"""

import sqlite3
from collections.abc import Callable

from flask import Response, g, render_template, request, session
from flask_babel import gettext
from sqlalchemy.exc import DBAPIError, IntegrityError

from ..errors import Conflict
from ..extensions import db
from ..web.json_errors import error as json_error

RETRY_AFTER_SECONDS = 2
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


def _driver_error(error: Exception) -> Exception:
    return error.orig if isinstance(error, DBAPIError) else error


def is_retryable(error: Exception) -> bool:
    """A deadlock or serialization failure: the same request may well succeed if run again."""
    return getattr(_driver_error(error), "sqlstate", None) in RETRIED_SQLSTATES


def is_busy(error: Exception) -> bool:
    """SQLite's write lock was not free within the busy timeout."""
    driver_error = _driver_error(error)
    name = getattr(driver_error, "sqlite_errorname", "") or ""
    return name.startswith("SQLITE_BUSY") or "database is locked" in str(driver_error)


def dispatch(app, run: Callable[[], Response]) -> Response:
    """Run the request (Flask's full dispatch); once more after a deadlock; 503 if the database stays busy."""
    flashes = list(session.get("_flashes", []))
    for attempt in (1, 2):
        try:
            return run()
        except DATABASE_ERRORS as error:
            if not (is_busy(error) or is_retryable(error)):
                raise
            db.session.rollback()
            _restore_flashes(flashes)
            if is_busy(error) or attempt == 2:
                app.logger.warning("Answered 503 to %s %s: %s", request.method, request.path, _driver_error(error))
                return app.finalize_request(busy_response())
    raise AssertionError("unreachable")


def _restore_flashes(flashes: list) -> None:
    """A message flashed by the failed run is not shown (nor shown twice after the rerun)."""
    if session.get("_flashes", []) != flashes:
        session["_flashes"] = flashes


def busy_response() -> Response:
    """503 with Retry-After: JSON in the API's error shape, a page otherwise."""
    g.reads_only = True  # the language and the page read who is logged in without waiting for the lock again
    message = gettext("Many changes are being saved at this moment and yours could not be: nothing was saved. "
                      "Try again in a few seconds.")
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}
    if request.path.startswith("/api/"):
        response, _, _ = json_error(503, message)
        response.status_code = 503
        response.headers.update(headers)
        return response
    return Response(render_template("error.html", code=503, message=message), 503, headers)
