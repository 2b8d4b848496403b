"""The stored derived state: backfilled by the migration, and readable while a writer holds SQLite's lock."""

import importlib.util
from pathlib import Path

import pytest
from sqlalchemy import create_engine, event, text

from conftest import ON_POSTGRES
from ramo_keeper.extensions import db
from ramo_keeper.games.stored import load_game, read_game, state_of, stored_state
from ramo_keeper.models import Game, Hand, HandResult, Seat

VERSIONS = Path(__file__).resolve().parent.parent / "migrations" / "versions"


def migration(name: str = "0006_core_stored_state"):
    spec = importlib.util.spec_from_file_location(name, VERSIONS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def backfill_as_in_0006(connection) -> None:
    """0006's backfill reads the results' marks as the flag columns of its day: they are put back for it
    (0012's downgrade), then made data again (0012's upgrade)."""
    from alembic.migration import MigrationContext
    from alembic.operations import Operations

    marks_as_data = migration("0012_hand_marks_as_data")
    with Operations.context(MigrationContext.configure(connection)):
        marks_as_data.downgrade()
        migration().backfill(connection)
        marks_as_data.upgrade()


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
        db.session.rollback()  # PostgreSQL: the read's locks would keep the backfill's ALTER TABLE waiting
        with db.engine.begin() as connection:
            backfill_as_in_0006(connection)
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


def test_upgrading_a_database_with_games_keeps_every_row_and_fills_the_derived_values(app):
    """From revision 0001 with one Rummy hand in it: nothing is lost (no table is copied) and the scores appear."""
    from flask_migrate import upgrade

    from conftest import mark_schema_changed

    with app.app_context():
        db.drop_all()
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        mark_schema_changed()
        upgrade(revision="0001")
        now = "2026-11-30 20:00:00"
        for statement in (
            "INSERT INTO league (id, name, created_at) VALUES (1, 'L', :now)",
            "INSERT INTO player (id, league_id, name, name_key, archived, created_at) VALUES "
            "(1, 1, 'Ann', 'ann', false, :now), (2, 1, 'Bo', 'bo', false, :now), (3, 1, 'Cy', 'cy', false, :now)",
            "INSERT INTO game (id, league_id, variant, options, first_dealer_id, status, version, created_at,"
            " updated_at) VALUES (1, 1, 'rummy', :options, 1, 'in_progress', 2, :now, :now)",
            "INSERT INTO seat (id, game_id, player_id, position) VALUES (1, 1, 1, 0), (2, 1, 2, 1), (3, 1, 3, 2)",
            "INSERT INTO hand (id, game_id, number, created_at) VALUES (1, 1, 1, :now)",
            "INSERT INTO hand_result (id, hand_id, player_id, position, cards, went_out, laid_down, knocked,"
            " went_rummy) VALUES (1, 1, 1, 0, :out, true, false, false, false),"
            " (2, 1, 2, 1, :bo, false, false, false, false), (3, 1, 3, 2, :cy, false, false, false, false)",
        ):
            db.session.execute(text(statement), {
                "now": now, "out": '{"pips": 0, "tens": 0, "aces": 0}', "bo": '{"pips": 9, "tens": 0, "aces": 0}',
                "cy": '{"pips": 0, "tens": 1, "aces": 0}',
                "options": '{"ace_value": 1, "end": "target", "target": 150, "hands": 10, "dealer_rule": "rotate"}'})
        db.session.commit()
        upgrade()
        game = load_game(1)
        # Ann went out: Bo's 9 pips and Cy's ten score 9 + 10 = 19 for her; Ann dealt, so Bo deals next.
        assert [(s.player.name, s.total) for s in game.seats] == [("Ann", 19), ("Bo", 0), ("Cy", 0)]
        assert [r.score for r in game.hands[0].results] == [19, 0, 0]
        assert (game.hand_count, game.next_dealer_id, game.hands[0].dealer_id) == (1, 2, 1)
        assert stored_state(game) == state_of(game)


def test_an_imported_backup_stores_the_same_derived_values_a_replay_gives(table):
    from ramo_keeper.backups.backup import export_league, import_league
    from ramo_keeper.leagues.service import create_league
    from ramo_keeper.models import League, User

    rummy = table.new_game("rummy", ["A", "B", "C"], end="hands", hands=2)
    table.post_hand(rummy, out="A", cards={"B": {"pips": 9}})
    table.post_hand(rummy, out="B", cards={"A": {"pips": 20}, "C": {"pips": 4}})
    ramo = table.new_game("ramo", ["A", "B", "C", "D"], dealer="C")
    table.post_hand(ramo, out="D", laid=["A"], cards={"A": {"low": 3}, "B": {"low": 5}, "C": {"high": 1}})
    with table.app.app_context():
        data = export_league(db.session.get(League, table.league_id))
        copy = create_league(db.session.execute(db.select(User)).scalar_one(), "Copy")
        import_league(copy, data)
        db.session.commit()
        imported = db.session.execute(db.select(Game.id).filter_by(league_id=copy.id).order_by(Game.id)).scalars()
        games = [load_game(game_id) for game_id in imported]
        assert [g.status for g in games] == ["finished", "in_progress"]
        for game in games:
            assert stored_state(game) == state_of(game) == read_game(game.id)[1]
        # Rummy: A 9, B 24, C 0 and B won; Ramo: C dealt hand 1, so D deals next (the deal passes left).
        assert [s.total for s in games[0].seats] == [9, 24, 0]
        assert [s.player.name for s in games[0].seats if s.player_id in games[0].winner_ids] == ["B"]
        assert games[1].hands[0].dealer_id == games[1].seats[2].player_id
