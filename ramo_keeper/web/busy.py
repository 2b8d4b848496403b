"""A request that meets a deadlock runs once more; one that meets a busy database is answered 503.

- A deadlock or serialization failure reported by PostgreSQL (SQLSTATE 40P01, 40001) rolls the
  request back and runs it once more; if it happens again the answer is 503 with Retry-After.
- SQLite's "database is locked" (a writer waited out the busy timeout) is answered 503 with
  Retry-After at once: waiting again would only double the wait. The phones' outbox retries.

Which errors are which is the database's knowledge (database/contention.py); the pages, the flashes and
the API's error shape are the web's, here.
"""

from collections.abc import Callable

from flask import Response, g, render_template, request, session
from flask_babel import gettext

from ..database.contention import DATABASE_ERRORS, driver_error, is_busy, is_retryable
from ..extensions import db
from .json_errors import error as json_error

RETRY_AFTER_SECONDS = 2


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
                app.logger.warning("Answered 503 to %s %s: %s", request.method, request.path, driver_error(error))
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
