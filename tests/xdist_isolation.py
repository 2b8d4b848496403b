"""What each pytest-xdist worker keeps to itself: its PostgreSQL database and its range of server ports.

Without xdist (a plain `pytest`) there is one worker, and it uses DATABASE_URL's database as given.
SQLite needs nothing here: every test's file is under its own tmp_path, which xdist already
separates per worker.
"""

import os

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

# xdist names its workers gw0, gw1, …; the controller and a plain run have no name.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
WORKER_INDEX = int(WORKER[2:]) if WORKER[2:].isdigit() else 0

PORTS_PER_WORKER = 20
# RAMO_TEST_FIRST_PORT moves the range, so that two runs on one machine (two checkouts) never meet.
FIRST_PORT = int(os.environ.get("RAMO_TEST_FIRST_PORT", "18100"))


def server_ports() -> range:
    """The ports this worker's gunicorn servers may take; no other worker of the run probes them."""
    start = FIRST_PORT + PORTS_PER_WORKER * WORKER_INDEX
    return range(start, start + PORTS_PER_WORKER)


def worker_database_url(base_url: str) -> str:
    """`…/ramo_test` for a plain run, `…/ramo_test_gw1` for xdist's worker gw1."""
    if not WORKER:
        return base_url
    url = make_url(base_url)
    return url.set(database=f"{url.database}_{WORKER}").render_as_string(hide_password=False)


def _on_server(base_url: str, *statements: str) -> None:
    # CREATE/DROP DATABASE cannot run in a transaction; connect to the base database to run them.
    engine = create_engine(base_url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            for statement in statements:
                connection.execute(text(statement))
    finally:
        engine.dispose()


def create_worker_database(base_url: str) -> None:
    """A new, empty database for this worker (one left by an interrupted run is dropped first)."""
    name = make_url(worker_database_url(base_url)).database
    if name != make_url(base_url).database:
        _on_server(base_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"')


def drop_worker_database(base_url: str) -> None:
    name = make_url(worker_database_url(base_url)).database
    if name != make_url(base_url).database:
        _on_server(base_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
