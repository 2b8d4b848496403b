"""Migration 0016 gives every night already open the snapshot it opened with: its first game's definition
and options, or, where that game is gone, its house rule's definition as it is now."""

from datetime import datetime

import sqlalchemy as sa
from flask_migrate import upgrade
from sqlalchemy import text

from conftest import mark_schema_changed
from ramo_keeper.extensions import db

NOW = datetime(2026, 12, 2, 20, 0)
THEN = {"key": "house-then", "engine": "rummy", "name": "Quick rummy", "options": {"hands": 1}}
NOW_RULE = {"key": "house-then", "engine": "rummy", "name": "Quick rummy", "options": {"hands": 3}}
FIRST_OPTIONS = {"end": "hands", "hands": 1, "rummy_bonus": True}
RUMMY_OPTIONS = {"end": "score", "target": 500}


def _fill(connection) -> None:
    meta = sa.MetaData()
    table = {name: sa.Table(name, meta, autoload_with=connection)
             for name in ("league", "player", "ruleset", "game", "night", "night_table")}
    connection.execute(table["league"].insert(), [{"id": 1, "name": "Club", "created_at": NOW}])
    connection.execute(table["player"].insert(), [
        {"id": pid, "league_id": 1, "name": name, "name_key": name.lower(), "archived": False, "created_at": NOW}
        for pid, name in ((1, "Ann"), (2, "Bo"))])
    connection.execute(table["ruleset"].insert(), [{
        "id": 7, "key": "house-then", "league_id": 1, "name": "Quick rummy", "based_on": "rummy",
        "definition": NOW_RULE, "created_at": NOW, "updated_at": NOW}])
    game = {"league_id": 1, "first_dealer_id": 1, "status": "in_progress", "version": 1, "created_at": NOW,
            "updated_at": NOW, "hand_count": 0, "winner_ids": [], "live_counting": False, "drafts_version": 0}
    connection.execute(table["game"].insert(), [
        {**game, "id": 1, "variant": "house-then", "options": FIRST_OPTIONS, "definition": THEN, "ruleset_id": 7},
        {**game, "id": 2, "variant": "rummy", "options": RUMMY_OPTIONS, "definition": None, "ruleset_id": None}])
    night = {"league_id": 1, "name": "Thursday", "table_size": 2, "rounds": 3, "seating": "mix",
             "current_round": 1, "plan": [], "version": 2, "created_at": NOW, "options": {},
             "ended_at": None, "board_token": None, "created_by_id": None, "season_id": None}
    connection.execute(table["night"].insert(), [
        {**night, "id": 1, "variant": "house-then"},  # its first game still there
        {**night, "id": 2, "variant": "rummy"},  # a built-in game
        {**night, "id": 3, "variant": "house-then"}])  # its only game deleted
    connection.execute(table["night_table"].insert(), [
        {"id": 1, "night_id": 1, "round": 1, "table": 1, "seats": [1, 2], "game_id": 1},
        {"id": 2, "night_id": 2, "round": 1, "table": 1, "seats": [1, 2], "game_id": 2},
        {"id": 3, "night_id": 3, "round": 1, "table": 1, "seats": [1, 2], "game_id": None}])


def test_open_nights_take_the_snapshot_they_opened_with(app):
    with app.app_context():
        db.drop_all()
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        mark_schema_changed()
        upgrade(revision="0014_club_nights")
        with db.engine.begin() as connection:
            _fill(connection)
        upgrade()
        with db.engine.connect() as connection:
            meta = sa.MetaData()
            night = sa.Table("night", meta, autoload_with=connection)
            rows = {row.id: (row.definition, row.ruleset_id, row.options) for row in connection.execute(
                sa.select(night.c.id, night.c.definition, night.c.ruleset_id, night.c.options))}
        assert rows == {1: (THEN, 7, FIRST_OPTIONS), 2: (None, None, RUMMY_OPTIONS), 3: (NOW_RULE, 7, {})}
