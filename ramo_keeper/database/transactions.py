"""Transactions: one commit point per request, and SQLite connections that lock before they read."""

from contextlib import contextmanager

from flask import Flask, g, has_request_context, request
from sqlalchemy import event
from sqlalchemy.engine import Engine

from ..extensions import db

READ_ONLY_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# How long a SQLite writer waits for the write lock before its request is answered 503 (web/busy.py).
BUSY_TIMEOUT_MS = 5000


def init_app(app: Flask) -> None:
    """Configure the engine, and commit (or roll back) every request at one point."""
    with app.app_context():
        configure_sqlite(db.engine, app.config.get("SQLITE_BUSY_TIMEOUT_MS", BUSY_TIMEOUT_MS))

    @app.after_request
    def commit_or_roll_back(response):
        # The one commit point of every page and API request: an answer below 400 keeps the
        # request's changes; an error answer changes nothing.
        if response.status_code < 400:
            db.session.commit()
        else:
            db.session.rollback()
        return response


@contextmanager
def no_write_lock():
    """A slow part of a writing request that only reads and computes (a backup import's checks and replay).

    The request's transaction so far is committed first. Inside the block a statement runs on its
    own, as in a reading request, instead of taking SQLite's write lock: an expired object that
    reloads itself (the account whose language a message needs) must not stop every other writer.
    The request's writes after the block begin a new transaction, with the lock as usual.
    """
    db.session.commit()
    g.sqlite_no_write_lock = True
    try:
        yield
    finally:
        g.sqlite_no_write_lock = False
        db.session.commit()  # ends what a read in the block began (PostgreSQL)


def _begin_statement(dbapi_connection) -> str | None:
    """How a SQLite transaction begins: IMMEDIATE for a request that may write, none for a reading request.

    A reading request (GET, HEAD, OPTIONS) runs each statement on its own, as PostgreSQL's read
    committed does: it never holds a snapshot, so an occasional write in it (a token's last use)
    is not refused for a stale one, and a game read checks the version itself
    (games/stored.load_game). So does a writing request that has given up writing (`g.reads_only`:
    the busy page of web/busy.py still reads who is logged in), and one inside `no_write_lock()`
    (a backup import checking its file). A writing request takes the lock once: a second connection
    it opens while its first holds the lock (the token note) begins deferred, so it never waits for
    its own request. Work outside a request (CLI, scripts) is a plain transaction.
    """
    if not has_request_context():
        return "BEGIN"
    if request.method in READ_ONLY_METHODS or g.get("reads_only") or g.get("sqlite_no_write_lock"):
        return None
    holder = g.get("sqlite_write_lock")
    if holder is not None and holder is not dbapi_connection:
        return "BEGIN"
    g.sqlite_write_lock = dbapi_connection
    return "BEGIN IMMEDIATE"


def _released(dbapi_connection) -> None:
    if has_request_context() and g.get("sqlite_write_lock") is dbapi_connection:
        g.sqlite_write_lock = None


def configure_sqlite(engine: Engine, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
    """WAL, foreign keys and a busy timeout on every new SQLite connection; writers begin IMMEDIATE.

    PRAGMAs are per connection, so they run on each one the pool opens. A write request begins its
    transaction with BEGIN IMMEDIATE at its first statement: it waits (busy timeout) for the one
    writer at a time, and then reads and writes the game with nobody writing in between, which is
    what a row lock does on PostgreSQL. Reading requests take no lock at all, and WAL lets them read
    while a writer holds it. The driver's own transaction handling is switched off
    (isolation_level = None): it would begin only at the first INSERT/UPDATE, after the reads that
    decide what to write.
    """
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def _set_pragmas(dbapi_connection, _record):
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        if ":memory:" not in str(engine.url):
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection):
        # Straight to the driver: a BEGIN is not one of the request's statements (tests count those).
        dbapi_connection = connection.connection.dbapi_connection
        statement = _begin_statement(dbapi_connection)
        if statement:
            dbapi_connection.execute(statement)

    @event.listens_for(engine, "commit")
    @event.listens_for(engine, "rollback")
    def _end(connection):
        _released(connection.connection.dbapi_connection)
