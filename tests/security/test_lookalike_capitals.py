"""Names that look the same once written in capitals are one name: the skeleton is taken before case is folded.

Folding first lost what a capital looks like: a capital i shows as a small L ("AI" as "Al"), a zero as
a capital O ("0lga" as "Olga"), yet "ai" and "al", "0lga" and "olga" differ. The key (lookalike.py)
now takes UTS #39's skeleton of the name as written, then folds; case still never counts.
"""

import importlib.util
from pathlib import Path

import pytest
from api.conftest import api, make_api  # noqa: F401  (the API's fixtures: a user with a token)

from ramo_keeper.extensions import db
from ramo_keeper.models import Player, User
from ramo_keeper.text.validation import name_key

SHOW_THE_SAME = [("Al", "AI"), ("Ill", "lll"), ("Lil", "LiI"), ("0lga", "Olga"), ("algfaz", "aIgfaz"),
                 ("B0b", "Bob"), ("Ian", "ian"), ("IAN", "ian"), ("Straße", "STRASSE"), ("\u0422om", "\u0442om")]
DIFFERENT = [("Bo", "Al"), ("Anna", "Anne"), ("Olga", "Olha"), ("민준", "민중"), ("Nicolo", "Niccolo")]
MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations" / "versions"


@pytest.mark.parametrize(("first", "second"), SHOW_THE_SAME)
def test_names_that_show_the_same_have_one_key(first, second):
    assert name_key(first) == name_key(second)


@pytest.mark.parametrize(("first", "second"), DIFFERENT)
def test_different_names_keep_different_keys(first, second):
    assert name_key(first) != name_key(second)


@pytest.mark.parametrize(("first", "second"), SHOW_THE_SAME[:4])
def test_a_player_whose_name_shows_as_anothers_in_capitals_is_refused(api, first, second):  # noqa: F811
    league, _ = api.league(names=(first,))
    response = api.post(f"/leagues/{league}/players", {"name": second})
    assert response.status_code == 409, response.get_json()
    assert response.get_json()["details"]["current"]["name"] == first


def test_an_account_whose_name_shows_as_anothers_in_capitals_is_refused(app, new_web):
    new_web().register("algfaz")
    stranger = new_web()
    stranger.get("/register")
    response = stranger.post("/register", {"username": "aIgfaz", "password": "long enough", "confirm": "long enough"})
    assert response.status_code == 422
    assert "looks the same as one already taken" in response.get_data(as_text=True)
    with app.app_context():
        assert list(db.session.execute(db.select(User.username)).scalars()) == ["algfaz"]


def test_logging_in_still_ignores_case(new_web):
    new_web().register("Ian")
    other = new_web()
    assert other.login("IAN").status_code == 303
    assert "Log out" in other.get("/").get_data(as_text=True)


def _folded_first_key():
    """The key of migration 0007 (case folded before the skeleton): the keys a database holds before 0013."""
    spec = importlib.util.spec_from_file_location("keys_0007", MIGRATIONS / "0007_lookalike_name_keys.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module._Key()


def test_the_migration_renames_the_later_of_two_names_that_now_look_the_same_and_rekeys_everyone(app):
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    from conftest import mark_schema_changed

    old_key = _folded_first_key()
    users = [(1, "algfaz", False), (2, "aIgfaz", False), (3, "Guest", True), (4, "Olga", False), (5, "0lga", False)]
    players = [(1, 1, "Al"), (2, 1, "AI"), (3, 1, "Bo"), (4, 1, "Ill"), (5, 1, "lll"), (6, 1, "AI (2)"), (7, 2, "AI")]
    with app.app_context():
        db.drop_all()
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        mark_schema_changed()
        upgrade(revision="0012_hand_marks_as_data")
        for user_id, name, guest in users:
            db.session.execute(text(
                'INSERT INTO "user" (id, username, username_key, password_hash, created_at, is_guest) '
                "VALUES (:id, :name, :key, 'x', '2026-01-01', :guest)"),
                {"id": user_id, "name": name, "key": "guest:cccc" if guest else old_key(name), "guest": guest})
        db.session.execute(text("INSERT INTO league (id, name, created_at) VALUES (1, 'L', '2026-01-01'), "
                                "(2, 'M', '2026-01-01')"))
        for player_id, league_id, name in players:
            db.session.execute(text(
                "INSERT INTO player (id, league_id, name, name_key, archived, created_at) "
                "VALUES (:id, :league, :name, :key, false, '2026-01-01')"),
                {"id": player_id, "league": league_id, "name": name, "key": old_key(name)})
        db.session.commit()
        upgrade()

        stored_users = dict(db.session.execute(text('SELECT id, username FROM "user"')).all())
        stored_players = dict(db.session.execute(text("SELECT id, name FROM player")).all())
        # The earliest keeps its name; a later look-alike takes the first free number ("AI (2)" is taken).
        assert stored_users == {1: "algfaz", 2: "aIgfaz (2)", 3: "Guest", 4: "Olga", 5: "0lga (2)"}
        assert stored_players == {1: "Al", 2: "AI (3)", 3: "Bo", 4: "Ill", 5: "lll (2)", 6: "AI (2)", 7: "AI"}
        keys = dict(db.session.execute(text("SELECT id, name_key FROM player")).all())
        user_keys = dict(db.session.execute(text('SELECT id, username_key FROM "user"')).all())
        assert all(keys[i] == name_key(name) for i, name in stored_players.items())
        assert all(user_keys[i] == name_key(name) for i, name in stored_users.items() if i != 3)
        assert user_keys[3] == "guest:cccc"
        db.session.rollback()  # end the read, or PostgreSQL's DROP TABLE waits for it

        downgrade(revision="0012_hand_marks_as_data")
        keys = dict(db.session.execute(text("SELECT id, name_key FROM player")).all())
        user_keys = dict(db.session.execute(text('SELECT id, username_key FROM "user"')).all())
        assert keys == {i: old_key(name) for i, name in stored_players.items()}
        assert user_keys == {**{i: old_key(name) for i, name in stored_users.items()}, 3: "guest:cccc"}
        db.session.rollback()
        downgrade(revision="base")
        upgrade()


def test_the_database_itself_holds_one_of_two_players_that_show_the_same(app, table):
    from sqlalchemy.exc import IntegrityError

    with app.app_context():
        db.session.add(Player(league_id=table.league_id, name="Al", name_key=name_key("Al")))
        db.session.commit()
        db.session.add(Player(league_id=table.league_id, name="AI", name_key=name_key("AI")))
        with pytest.raises(IntegrityError):
            db.session.flush()
        db.session.rollback()
