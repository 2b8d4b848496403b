"""Migration 0012 moves every stored hand's flags into its list of marks, and every game replays the same.

A database is built at the revision before it and filled in SQL (the models no longer match it) with games of
every built-in game, their hands carrying every mark; what 0011's app would have stored for them is
derived by 0006's backfill, as the app did at each write. After the upgrade each result carries its
marks as data, the stored values have not moved, a replay from the marks gives them again, and a few
totals are worked by hand from docs/RULES.md. The downgrade gives the flags back.
"""

import importlib.util
import json
from datetime import datetime
from pathlib import Path

import sqlalchemy as sa
from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from conftest import mark_schema_changed
from ramo_keeper import rules
from ramo_keeper.extensions import db
from ramo_keeper.games.stored import load_game, state_of, stored_state

BEFORE = "0011_own_phone_counting"
FLAGS = ("went_out", "laid_down", "knocked", "went_rummy")
NOW = datetime(2026, 11, 30, 20, 0)
A, B, C, D = 1, 2, 3, 4  # the players, seated in this order; A deals first
OUT = {"went_out": True}
OUT_AND_LAID = {"went_out": True, "laid_down": True}  # Ramo, Contract, Phase 10, Liverpool: out means laid down
LAID = {"laid_down": True}

# Per game: its key, its seats and its hands, each hand a result per seat: (cards, flags as 0011 stored them).
GAMES = {
    # Ramo (§1). Hand 1: A out −50; B laid down, 2 low = 10; C 1 high + 1 low = 15.
    # Hand 2: B out −50; A laid down, 1 special = 20; C 3 low = 15. Totals A −30, B −40, C 30; levels A 3, B 3, C 1.
    1: ("ramo", (A, B, C), [
        {A: ({}, OUT_AND_LAID), B: ({"low": 2}, LAID), C: ({"high": 1, "low": 1}, {})},
        {A: ({"special": 1}, LAID), B: ({}, OUT_AND_LAID), C: ({"low": 3}, {})},
    ]),
    # Rummy (§3). Hand 1: A goes rummy, B 9 pips + C one ten = 19, doubled: A 38. Hand 2: B out, A 4 pips,
    # C 2 aces: B 6. Totals A 38, B 6, C 0.
    2: ("rummy", (A, B, C), [
        {A: ({}, {"went_out": True, "went_rummy": True}), B: ({"pips": 9}, {}), C: ({"tens": 1}, {})},
        {A: ({"pips": 4}, {}), B: ({}, OUT), C: ({"aces": 2}, {})},
    ]),
    # Manipulation (§4), its examples 1, 4 and 5: A knocks with 4 (B 17, C 30): 13 + 26 = 39; A goes out
    # (the knock, stored as both marks; B 26, C 39): 26 + 39 + 25 = 90; no knock, A 10, B 6, C 8: B 4 + 2 = 6.
    # Totals A 129, B 6, C 0; hands won A 2, B 1.
    3: ("manipulation", (A, B, C), [
        {A: ({"pips": 4}, {"knocked": True}), B: ({"tens": 1, "pips": 7}, {}), C: ({"tens": 3}, {})},
        {A: ({}, {"went_out": True, "knocked": True}), B: ({"tens": 2, "pips": 6}, {}),
         C: ({"tens": 3, "pips": 9}, {})},
        {A: ({"tens": 1}, {}), B: ({"pips": 6}, {}), C: ({"pips": 8}, {})},
    ]),
    4: ("contract", (A, B, C), [
        {A: ({}, OUT_AND_LAID), B: ({"pips": 12, "aces": 1}, LAID), C: ({"tens": 2, "jokers": 1}, {})},
        {A: ({"pips": 5}, LAID), B: ({"tens": 1}, {}), C: ({}, OUT_AND_LAID)},
    ]),
    5: ("phase10", (A, B, C, D), [
        {A: ({"low": 1}, LAID), B: ({}, OUT_AND_LAID), C: ({"high": 2, "skip": 1}, {}), D: ({"wild": 1}, LAID)},
        {A: ({}, OUT_AND_LAID), B: ({"low": 3}, {}), C: ({"low": 1}, LAID), D: ({"high": 1}, {})},
    ]),
    6: ("liverpool", (A, B, C), [
        {A: ({"pips": 7}, {}), B: ({"aces": 1, "jokers": 1}, LAID), C: ({}, OUT_AND_LAID)},
        {A: ({}, OUT_AND_LAID), B: ({"pips": 3}, {}), C: ({"tens": 1}, LAID)},
    ]),
}


def _migration(name: str):
    path = Path(__file__).resolve().parent.parent / "migrations" / "versions" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _database_before_the_marks():
    db.drop_all()
    db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
    db.session.commit()
    mark_schema_changed()
    upgrade(revision=BEFORE)


def _fill(connection) -> None:
    """The games in SQL, as 0011's app stored them: every category of a result present, effective flags."""
    meta = sa.MetaData()
    table = {name: sa.Table(name, meta, autoload_with=connection)
             for name in ("league", "player", "game", "seat", "hand", "hand_result")}
    connection.execute(table["league"].insert(), [{"id": 1, "name": "Club", "created_at": NOW}])
    connection.execute(table["player"].insert(), [
        {"id": pid, "league_id": 1, "name": name, "name_key": name.lower(), "archived": False, "created_at": NOW}
        for pid, name in ((A, "Ann"), (B, "Bo"), (C, "Cy"), (D, "Di"))])
    hand_id = result_id = 0
    for game_id, (key, seats, hands) in GAMES.items():
        variant = rules.get_variant(key)
        connection.execute(table["game"].insert(), [{
            "id": game_id, "league_id": 1, "variant": key, "options": variant.default_options(),
            "first_dealer_id": A, "status": "in_progress", "version": 1 + len(hands), "created_at": NOW,
            "updated_at": NOW}])
        connection.execute(table["seat"].insert(), [
            {"id": game_id * 10 + i, "game_id": game_id, "player_id": pid, "position": i}
            for i, pid in enumerate(seats)])
        for number, hand in enumerate(hands, 1):
            hand_id += 1
            connection.execute(table["hand"].insert(), [
                {"id": hand_id, "game_id": game_id, "number": number, "created_at": NOW}])
            rows = []
            for position, pid in enumerate(seats):
                cards, flags = hand[pid]
                result_id += 1
                rows.append({"id": result_id, "hand_id": hand_id, "player_id": pid, "position": position,
                             "cards": {c.key: cards.get(c.key, 0) for c in variant.card_categories},
                             **{flag: flags.get(flag, False) for flag in FLAGS}})
            connection.execute(table["hand_result"].insert(), rows)


def _stored(connection) -> dict:
    """Everything stored that a replay derives, by row id."""
    return {
        "games": connection.execute(text(
            "SELECT id, status, hand_count, next_dealer_id, winner_ids FROM game ORDER BY id")).all(),
        "seats": connection.execute(text(
            "SELECT id, total, level, completed, rounds_won, rank, end_bonus, place FROM seat ORDER BY id")).all(),
        "hands": connection.execute(text("SELECT id, dealer_id, winner_ids FROM hand ORDER BY id")).all(),
        "results": connection.execute(text(
            "SELECT id, cards, value, score, level_before, level_after, completed FROM hand_result ORDER BY id"
        )).all(),
    }


def _flags(connection) -> dict[int, tuple[bool, ...]]:
    rows = connection.execute(text(f"SELECT id, {', '.join(FLAGS)} FROM hand_result ORDER BY id")).all()
    return {row[0]: tuple(bool(flag) for flag in row[1:]) for row in rows}


def _totals(game_id: int) -> dict[int, int]:
    return {seat.player_id: seat.total for seat in load_game(game_id).seats}


def test_every_game_replays_to_the_same_totals_after_its_marks_become_data(app):
    with app.app_context():
        _database_before_the_marks()
        with db.engine.begin() as connection:
            _fill(connection)
            _migration("0006_core_stored_state").backfill(connection)  # what 0011's app stored at each write
        with db.engine.connect() as connection:
            before, flags = _stored(connection), _flags(connection)
        assert {f for row in flags.values() for f, on in zip(FLAGS, row, strict=True) if on} == set(FLAGS)

        upgrade()

        with db.engine.connect() as connection:
            assert _stored(connection) == before  # no row lost, no stored value moved
            marks = dict(connection.execute(text("SELECT id, marks FROM hand_result ORDER BY id")).all())
        # Each result's flags, now one sorted list of the marks it carries (JSON text on SQLite).
        assert {rid: json.loads(value) if isinstance(value, str) else value for rid, value in marks.items()} == {
            rid: sorted(f for f, on in zip(FLAGS, row, strict=True) if on) for rid, row in flags.items()}
        for game_id in GAMES:
            game = load_game(game_id)
            assert state_of(game) == stored_state(game), game.variant  # a replay from the marks gives the same
        # Worked by hand above from docs/RULES.md.
        assert _totals(1) == {A: -30, B: -40, C: 30}
        assert {seat.player_id: seat.level for seat in load_game(1).seats} == {A: 3, B: 3, C: 1}
        assert _totals(2) == {A: 38, B: 6, C: 0}
        assert _totals(3) == {A: 129, B: 6, C: 0}
        assert {seat.player_id: seat.rounds_won for seat in load_game(3).seats} == {A: 2, B: 1, C: 0}
        assert [r.marks for r in load_game(2).hands[0].results] == [["went_out", "went_rummy"], [], []]
        assert load_game(3).hands[1].results[0].marks == ["knocked", "went_out"]

        db.session.rollback()  # PostgreSQL: the reads above hold locks the downgrade's ALTER TABLE waits for
        downgrade(revision=BEFORE)
        with db.engine.connect() as connection:
            assert _flags(connection) == flags  # the way back gives every flag back
            assert _stored(connection) == before
        upgrade()
