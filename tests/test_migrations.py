"""The migrations build exactly the schema the models describe."""

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from conftest import ON_POSTGRES, mark_schema_changed
from ramo_keeper.extensions import db


def _empty_database():
    db.drop_all()
    db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
    db.session.commit()
    mark_schema_changed()


def test_upgrading_an_empty_database_matches_the_models(app):
    with app.app_context():
        _empty_database()
        upgrade()
        with db.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            differences = compare_metadata(context, db.metadata)
        assert differences == [], "a model change has no migration: run `flask db migrate` and read the script"


def test_downgrade_removes_every_table(app):
    with app.app_context():
        _empty_database()
        upgrade()
        downgrade(revision="base")
        tables = set(inspect(db.engine).get_table_names()) - {"alembic_version"}
        assert tables == set()
        upgrade()


@pytest.mark.skipif(ON_POSTGRES, reason="SQLite PRAGMAs; PostgreSQL has no such settings to check")
def test_sqlite_connections_use_wal_foreign_keys_and_a_busy_timeout(app):
    with app.app_context(), db.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert connection.execute(text("PRAGMA busy_timeout")).scalar() >= 1000


def test_foreign_keys_are_enforced_on_every_database(app):
    """Runs on SQLite and PostgreSQL alike: a season of a league that does not exist is refused,
    while the very same row for a real league is accepted (so the foreign key is what refuses)."""
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.leagues.service import create_league

    insert = text("INSERT INTO season (league_id, name, ranking, min_games, is_current, closed, created_at) "
                  "VALUES (:league, 'Ghost', 'points', 0, false, false, CURRENT_TIMESTAMP)")
    with app.app_context():
        league = create_league(create_user("Ana", "correct horse"), "Club")
        db.session.commit()
        db.session.execute(insert, {"league": league.id})
        db.session.commit()
        with pytest.raises(IntegrityError):
            db.session.execute(insert, {"league": league.id + 1000})
            db.session.flush()
        db.session.rollback()
