"""Roster and account names are keyed by casefold(), the comparison the rules make at the table."""

from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from conftest import mark_schema_changed
from ramo_keeper.extensions import db


def test_a_name_that_casefolds_like_one_on_the_roster_is_refused(app, table):
    web = table.web
    web.get(f"/leagues/{table.league_id}/players")
    assert web.post(f"/leagues/{table.league_id}/players", {"name": "Straße"}).status_code in (200, 303)
    response = web.post(f"/leagues/{table.league_id}/players", {"name": "STRASSE"})
    assert response.status_code in (409, 422)
    assert "already on the roster" in response.get_data(as_text=True)


def test_account_names_are_one_name_however_written(new_web):
    new_web().register("Straße")
    other = new_web()
    other.get("/register")
    response = other.post("/register", {"username": "STRASSE", "password": "long enough", "confirm": "long enough"})
    assert response.status_code == 422 and "is taken" in response.get_data(as_text=True)


def test_the_migration_rekeys_stored_names_with_casefold_and_keeps_colliding_rows(app):
    with app.app_context():
        db.drop_all()
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        mark_schema_changed()
        upgrade(revision="0001")
        db.session.execute(text(
            "INSERT INTO \"user\" (id, username, username_key, password_hash, created_at) VALUES "
            "(1, 'Straße', 'straße', 'x', '2026-01-01'), (2, 'STRASSE', 'strasse', 'x', '2026-01-01')"))
        db.session.execute(text("INSERT INTO league (id, name, created_at) VALUES (1, 'L', '2026-01-01')"))
        db.session.execute(text(
            "INSERT INTO player (id, league_id, name, name_key, archived, created_at) VALUES "
            "(1, 1, 'Straße', 'straße', false, '2026-01-01'), (2, 1, 'STRASSE', 'strasse', false, '2026-01-01'),"
            " (3, 1, 'Bo', 'bo', false, '2026-01-01')"))
        db.session.execute(text("INSERT INTO membership (id, league_id, user_id, role, created_at) "
                                "VALUES (1, 1, 1, 'owner', '2026-01-01')"))
        db.session.commit()
        upgrade(revision="0004_security_sessions")  # later keys also merge look-alikes: 0007's test
        # Rebuilding tables (SQLite's batch mode) must not cascade into the rows that point at them.
        assert db.session.execute(text("SELECT user_id, role FROM membership")).all() == [(1, "owner")]
        users = dict(db.session.execute(text('SELECT id, username_key FROM "user"')).all())
        players = dict(db.session.execute(text("SELECT id, name_key FROM player")).all())
        assert users == {1: "strasse", 2: "strasse#2"}
        assert players == {1: "strasse", 2: "strasse#2", 3: "bo"}
        db.session.rollback()  # end the read, or PostgreSQL's DROP TABLE waits for it
        downgrade(revision="base")
        upgrade()
