"""The stored derived state: backfilled by the migration, and readable while a writer holds SQLite's lock."""

import importlib.util
from pathlib import Path

import pytest
from sqlalchemy import create_engine, event, text

from conftest import ON_POSTGRES
from ramo_keeper.extensions import db
from ramo_keeper.games.stored import load_game, state_of, stored_state
from ramo_keeper.models import Game, Hand, HandResult, Seat

MIGRATION = Path(__file__).resolve().parent.parent / "migrations" / "versions" / "0002_core_stored_state.py"


def migration():
    spec = importlib.util.spec_from_file_location("stored_state_migration", MIGRATION)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_migration_backfills_existing_games_from_their_stored_inputs(table):
    # A finished Rummy game of two hands, and a Ramo game in progress with levels.
    rummy = table.new_game("rummy", ["A", "B", "C"], end="hands", hands=2)
    table.post_hand(rummy, out="A", cards={"B": {"pips": 9}})
    table.post_hand(rummy, out="B", cards={"A": {"pips": 20}, "C": {"pips": 4}})
    ramo = table.new_game("ramo", ["A", "B", "C", "D"])
    table.post_hand(ramo, out="D", laid=["A"], cards={"A": {"low": 3}, "B": {"low": 5}, "C": {"high": 1}})
    with table.app.app_context():
        # As a database from before the migration: the derived columns hold only their defaults.
        db.session.execute(db.update(Game).values(hand_count=0, next_dealer_id=None, winner_ids=[]))
        db.session.execute(db.update(Seat).values(total=0, level=None, completed=False, rounds_won=0, rank=1,
                                                  end_bonus=0, place=1))
        db.session.execute(db.update(Hand).values(dealer_id=None, winner_ids=[]))
        db.session.execute(db.update(HandResult).values(value=0, score=0, level_before=None, level_after=None,
                                                        completed=False))
        db.session.commit()
        assert stored_state(load_game(rummy)) != state_of(load_game(rummy))
        with db.engine.begin() as connection:
            migration().backfill(connection)
        db.session.rollback()  # end the read transaction begun before the backfill: read what it wrote
        for game_id in (rummy, ramo):
            game = load_game(game_id)
            assert stored_state(game) == state_of(game)
        # Worked by hand: A 9 after hand 1; B 24 after hand 2; Ramo: D went out (−50 … level 2 for D and A).
        assert [s.total for s in load_game(rummy).seats] == [9, 24, 0]
        assert {s.player.name: s.level for s in load_game(ramo).seats} == {"A": 2, "B": 1, "C": 1, "D": 2}


@pytest.mark.skipif(ON_POSTGRES, reason="SQLite's file lock; PostgreSQL readers never wait for row locks")
def test_pages_still_read_while_another_process_holds_sqlites_write_lock(table):
    game = table.new_game("rummy", ["A", "B", "C"])
    table.post_hand(game, out="A", cards={"B": {"pips": 9}})
    writer = create_engine(table.app.config["SQLALCHEMY_DATABASE_URI"])
    with writer.connect() as connection:
        connection.exec_driver_sql("PRAGMA busy_timeout=0")
        connection.connection.dbapi_connection.isolation_level = None
        connection.connection.dbapi_connection.execute("BEGIN IMMEDIATE")
        try:
            # WAL: readers go on while one writer holds the lock; a read never asks for it.
            page = table.web.get(f"/games/{game}")
            assert page.status_code == 200 and "Scoreboard" in page.get_data(as_text=True)
            assert table.web.get(f"/games/{game}/board").status_code == 200
        finally:
            connection.connection.dbapi_connection.execute("ROLLBACK")
    writer.dispose()
    with table.app.app_context():
        assert db.session.execute(text("PRAGMA journal_mode")).scalar() == "wal"


def test_a_game_read_while_a_write_commits_shows_one_version_of_the_game(table):
    """Seats and hands come from two statements: a write committed between them must not be half seen."""
    game_id = table.new_game("rummy", ["A", "B", "C"])
    table.post_hand(game_id, out="A", cards={"B": {"pips": 9}})
    writer = create_engine(table.app.config["SQLALCHEMY_DATABASE_URI"])
    interfered = []

    def write_in_between(conn, cursor, statement, *args):
        # Just before the hands are read, another phone's write commits: a new version with new scores.
        if not interfered and "FROM game LEFT OUTER JOIN hand" in statement:
            interfered.append(True)
            with writer.begin() as other:
                other.execute(text("UPDATE game SET version = version + 1 WHERE id = :id"), {"id": game_id})
                other.execute(text("UPDATE hand_result SET score = 1000"))

    with table.app.app_context():
        version = db.session.get(Game, game_id).version
        db.session.rollback()
        event.listen(db.engine, "before_cursor_execute", write_in_between)
        try:
            game = load_game(game_id)
        finally:
            event.remove(db.engine, "before_cursor_execute", write_in_between)
        scores = {r.score for r in game.hands[0].results}
        assert interfered
        # Either all from before the write (SQLite's snapshot) or all after it (read again): never a mix.
        assert (game.version, scores) in ((version, {9, 0}), (version + 1, {1000})), (game.version, scores)
    writer.dispose()
