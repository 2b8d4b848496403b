"""Letters a pair of letters passes for: "cl" is "d", "VV" is "W", "ovvner1" is "owner1" (issue 34, finding 11).

The key (lookalike.py) wrote "m" as "rn", as UTS #39 does, but took "cl" beside "d" and "vv" beside "w"
as other names: an attack run added "VV" and "W", "cl" and "d" as players of one league and the account
"ovvner1" beside "owner1". Now "d" is written "cl" and "w" "vv" before names are compared, on every path
that stores a name (the roster page, the API, a backup's rows, accounts, house rules); "ß" is still "ss"
("Strauß" is "Strauss"). Names that only share letters stay apart, and Korean names are untouched.
"""

import importlib.util
from pathlib import Path

import pytest
from api.conftest import api, make_api  # noqa: F401  (the API's fixtures: a user with a token)

from ramo_keeper.accounts.service import create_user
from ramo_keeper.backups.backup import import_league
from ramo_keeper.errors import ServiceError
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import Player, User
from ramo_keeper.text.validation import name_key

# Each pair shows the same on a phone: the issue's three, UTS #39's own rn/m, and ß folded in full.
SHOW_THE_SAME = [("W", "VV"), ("d", "cl"), ("owner1", "ovvner1"), ("Dora", "Clora"), ("Edwin", "Eclvvin"),
                 ("Wendy", "VVencly"), ("m", "rn"), ("Emma", "Ernrna"), ("Strauß", "Strauss"),
                 ("STRAUẞ", "strauss"), ("vvv", "vw"), ("wv", "vvv")]
# Different names that share letters with a pair: each must stay a name of its own.
DIFFERENT = [("Ward", "Wade"), ("Dawn", "Don"), ("Carl", "Karl"), ("Claude", "Clause"), ("Vivian", "Wivian"),
             ("Dina", "Nina"), ("Wes", "Les"), ("Ada", "Ava"), ("다윤", "다은"), ("민준", "민중"), ("도원", "도윤")]
MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations" / "versions"


@pytest.mark.parametrize(("first", "second"), SHOW_THE_SAME)
def test_names_a_letter_pair_makes_look_the_same_have_one_key(first, second):
    assert name_key(first) == name_key(second)


@pytest.mark.parametrize(("first", "second"), DIFFERENT)
def test_names_that_only_share_letters_keep_their_own_keys(first, second):
    assert name_key(first) != name_key(second)


def _roster(app, league_id) -> list[str]:
    with app.app_context():
        return sorted(db.session.execute(db.select(Player.name).filter_by(league_id=league_id)).scalars())


@pytest.mark.parametrize(("first", "second"), [("W", "VV"), ("d", "cl"), ("Strauß", "Strauss")])
def test_the_api_refuses_a_player_whose_name_is_anothers_letter_pair(app, api, first, second):  # noqa: F811
    league, _ = api.league(names=(first,))
    response = api.post(f"/leagues/{league}/players", {"name": second})
    assert response.status_code == 409, response.get_json()
    assert response.get_json()["details"]["current"]["name"] == first
    assert _roster(app, league) == [first]


@pytest.mark.parametrize(("first", "second"), [("VV", "W"), ("Clio", "Dio"), ("Edward", "Eclvvarcl")])
def test_the_roster_page_refuses_and_renaming_refuses_a_letter_pair(app, table, first, second):
    web, league_id = table.web, table.league_id
    web.get(f"/leagues/{league_id}/players")
    assert web.post(f"/leagues/{league_id}/players", {"name": first}).status_code == 303
    response = web.post(f"/leagues/{league_id}/players", {"name": second})
    assert response.status_code == 422
    assert f"looks the same as {first}," in response.get_data(as_text=True)
    renamed = web.post(f"/leagues/{league_id}/players/{table.id('B')}/rename", {"name": second})
    assert renamed.status_code == 422
    assert _roster(app, league_id) == sorted(["A", "B", "C", "D", first])


def test_registration_refuses_ovvner1_beside_owner1(app, new_web):
    new_web().register("owner1")
    stranger = new_web()
    stranger.get("/register")
    response = stranger.post("/register", {"username": "ovvner1", "password": "long enough", "confirm": "long enough"})
    assert response.status_code == 422
    assert "looks the same as one already taken" in response.get_data(as_text=True)
    with app.app_context():
        assert list(db.session.execute(db.select(User.username)).scalars()) == ["owner1"]


def test_a_backup_with_players_vv_and_w_is_refused(app):
    data = {"format": "ramo-keeper-league-backup", "version": 1, "league": {"name": "Old"},
            "players": [{"id": 1, "name": "W"}, {"id": 2, "name": "VV"}],
            "seasons": [{"id": 1, "name": "Spring", "is_current": True}], "games": []}
    with app.app_context():
        league = create_league(create_user("Owner", "correct horse"), "Restored")
        db.session.commit()
        with pytest.raises(ServiceError, match="Player 2: its name is used twice"):
            import_league(league, data)
        db.session.rollback()
        assert db.session.execute(db.select(Player)).first() is None


def test_a_house_rule_cannot_take_anothers_name_written_with_letter_pairs(api):  # noqa: F811
    from house_rules.helpers import NONNA

    league, _ = api.league()
    first = api.ok("POST", f"/leagues/{league}/rulesets", {"name": "Dwarf Ramo", "definition": NONNA}, 201)
    response = api.post(f"/leagues/{league}/rulesets", {"name": "Clvvarf Ramo", "definition": NONNA})
    assert response.status_code == 409, response.get_json()
    assert response.get_json()["details"]["current"] == {"id": first["id"], "name": "Dwarf Ramo"}


def _key_of_0013():
    spec = importlib.util.spec_from_file_location("keys_0013", MIGRATIONS / "0013_lookalike_keys_unfolded.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module._Key()


def test_the_migration_renames_the_later_of_two_names_a_letter_pair_makes_alike(app):
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    from conftest import mark_schema_changed

    old_key = _key_of_0013()
    users = [(1, "owner1", False), (2, "ovvner1", False), (3, "Guest", True)]
    players = [(1, 1, "W"), (2, 1, "VV"), (3, 1, "VV (2)"), (4, 1, "cl"), (5, 1, "d"), (6, 2, "VV"), (7, 1, "Bo")]
    with app.app_context():
        db.drop_all()
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        mark_schema_changed()
        upgrade(revision="0014_club_nights")
        for user_id, name, guest in users:
            db.session.execute(text(
                'INSERT INTO "user" (id, username, username_key, password_hash, created_at, is_guest) '
                "VALUES (:id, :name, :key, 'x', '2026-01-01', :guest)"),
                {"id": user_id, "name": name, "key": "guest:dddd" if guest else old_key(name), "guest": guest})
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
        # The earliest keeps its name; a later look-alike takes the first free number ("VV (2)" is taken,
        # and is itself a look-alike of "W (2)", which no one holds).
        assert stored_users == {1: "owner1", 2: "ovvner1 (2)", 3: "Guest"}
        assert stored_players == {1: "W", 2: "VV (3)", 3: "VV (2)", 4: "cl", 5: "d (2)", 6: "VV", 7: "Bo"}
        keys = dict(db.session.execute(text("SELECT id, name_key FROM player")).all())
        user_keys = dict(db.session.execute(text('SELECT id, username_key FROM "user"')).all())
        assert all(keys[i] == name_key(name) for i, name in stored_players.items())
        assert all(user_keys[i] == name_key(name) for i, name in stored_users.items() if i != 3)
        assert user_keys[3] == "guest:dddd"
        db.session.rollback()  # end the read, or PostgreSQL's DROP TABLE waits for it

        downgrade(revision="0014_club_nights")
        keys = dict(db.session.execute(text("SELECT id, name_key FROM player")).all())
        assert keys == {i: old_key(name) for i, name in stored_players.items()}
        db.session.rollback()
        downgrade(revision="base")
        upgrade()
