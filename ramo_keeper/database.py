"""Connection settings for the embedded SQLite database."""

from sqlalchemy import event
from sqlalchemy.engine import Engine


def configure_sqlite(engine: Engine) -> None:
    """Set WAL, foreign keys and a busy timeout on every new SQLite connection.

    PRAGMAs are per connection, so they must run on each one the pool opens;
    a busy timeout lets two requests that write at once wait instead of failing.
    """
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def _set_pragmas(dbapi_connection, _record):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        if ":memory:" not in str(engine.url):
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()
