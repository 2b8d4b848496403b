"""The migrations build exactly the schema the models describe."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

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


def test_sqlite_connections_use_wal_foreign_keys_and_a_busy_timeout(app):
    if ON_POSTGRES:
        return
    with app.app_context(), db.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert connection.execute(text("PRAGMA busy_timeout")).scalar() >= 1000
