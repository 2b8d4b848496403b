"""One state of the database for a long read: a download streamed a batch at a time.

A large download (a league's backup, a season's BG Stats file) reads its rows in batches and sends
each as soon as it is read. Batches read on the request's own connection could each see another
state (PostgreSQL's read committed; a SQLite reading request runs statement by statement, see
transactions.py): a game added between two batches could name a player the file never listed. So the
reads run on a connection of their own in one read-only transaction: REPEATABLE READ on PostgreSQL,
a deferred read transaction on SQLite (WAL lets writers go on beside it). Neither blocks a writer.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from ..extensions import db


@contextmanager
def snapshot() -> Iterator[Connection]:
    """A connection that reads one state of the database from its first read to its last."""
    engine = db.engine
    if engine.dialect.name == "postgresql":
        connection = engine.connect().execution_options(isolation_level="REPEATABLE READ")
        connection.execute(text("SET TRANSACTION READ ONLY"))
    else:
        connection = engine.connect()
        connection.begin()
        if not connection.connection.dbapi_connection.in_transaction:  # a reading request's: no BEGIN sent
            connection.exec_driver_sql("BEGIN")
    try:
        yield connection
    finally:
        try:
            connection.rollback()
        except SQLAlchemyError:  # the connection is gone (a server restart): nothing is left to roll back
            pass
        connection.close()


@contextmanager
def snapshot_session() -> Iterator[Session]:
    """An ORM session of its own on `snapshot()`; the caller may expunge what it has sent."""
    with snapshot() as connection, Session(bind=connection, autoflush=False) as session:
        yield session
