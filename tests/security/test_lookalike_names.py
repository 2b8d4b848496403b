"""Names a person cannot tell apart are one name (issue 18, break 6).

Beside a player "Al" and an account "alice", every string the attack run slipped in is refused: the
invisible ones for their invisible character, the visible look-alikes as "looks the same as Al". Names
in Korean, Italian, Greek, Cyrillic and Chinese are taken as typed, and different names stay different.
"""

import pytest
from sqlalchemy.exc import IntegrityError

from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.backups.backup import import_league
from ramo_keeper.errors import ServiceError
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import League, Player, User
from ramo_keeper.text.validation import TextError, clean_name, name_key

INVISIBLE_IN_AL = {
    "zero-width space": "A\u200bl",
    "soft hyphen": "Al\u00ad",
    "word joiner": "Al\u2060",
    "variation selector 16": "Al\ufe0f",
    "Hangul filler": "Al\u3164",
    "Hangul choseong filler": "Al\u115f",
    "Hangul jungseong filler": "A\u1160l",
    "half-width Hangul filler": "Al\uffa0",
}
VISIBLE_AS_AL = {
    "full-width": "\uff21\uff4c",
    "Cyrillic A": "\u0410l",
    "no-break space": "A\u00a0l",
    "combining acute": "A\u0301l",
}
INVISIBLE_IN_ALICE = {"zero-width space": "alice\u200b", "soft hyphen": "ali\u00adce"}
VISIBLE_AS_ALICE = {"Cyrillic a": "\u0430lice", "full-width": "\uff41\uff4c\uff49\uff43\uff45"}
INVISIBLE_WORDS = "cannot contain invisible characters"


def _params(*groups):
    cases = [(name, words) for group, words in groups for name in group.values()]
    ids = [label for group, _ in groups for label in group]
    return pytest.mark.parametrize(("name", "words"), cases, ids=ids)


def _roster(app, league_id) -> list[str]:
    with app.app_context():
        return sorted(db.session.execute(db.select(Player.name).filter_by(league_id=league_id)).scalars())


@pytest.fixture
def al_table(app, table):
    """Ana's league "Friday" with A, B, C, D and Al on the roster."""
    table.web.get(f"/leagues/{table.league_id}/players")
    assert table.web.post(f"/leagues/{table.league_id}/players", {"name": "Al"}).status_code == 303
    return table


@pytest.fixture
def api(app, al_table):
    with app.app_context():
        token = issue_token(db.session.execute(db.select(User).filter_by(username="Ana")).scalar_one())
        db.session.commit()
    client = app.test_client()
    headers = {"Authorization": f"Bearer {token}"}
    return lambda path, body: client.post(f"/api/v1{path}", json=body, headers=headers)


@pytest.mark.parametrize("name", [*INVISIBLE_IN_AL.values(), *INVISIBLE_IN_ALICE.values()],
                         ids=[*(f"Al, {k}" for k in INVISIBLE_IN_AL), *(f"alice, {k}" for k in INVISIBLE_IN_ALICE)])
def test_the_validator_refuses_invisible_characters_with_a_sentence(name):
    with pytest.raises(TextError) as refused:
        clean_name(name)
    assert refused.value.message.startswith("A name " + INVISIBLE_WORDS)


@_params((INVISIBLE_IN_AL, INVISIBLE_WORDS), (VISIBLE_AS_AL, "looks the same as Al,"))
def test_the_roster_page_refuses_a_name_that_shows_as_al(app, al_table, name, words):
    response = al_table.web.post(f"/leagues/{al_table.league_id}/players", {"name": name})
    assert response.status_code == 422
    assert words in response.get_data(as_text=True)
    assert _roster(app, al_table.league_id) == ["A", "Al", "B", "C", "D"]


@_params((INVISIBLE_IN_AL, INVISIBLE_WORDS), (VISIBLE_AS_AL, "looks the same as Al,"))
def test_renaming_a_player_to_a_name_that_shows_as_al_is_refused(app, al_table, name, words):
    web = al_table.web
    response = web.post(f"/leagues/{al_table.league_id}/players/{al_table.id('B')}/rename", {"name": name})
    assert response.status_code == 422
    assert words in response.get_data(as_text=True)
    assert _roster(app, al_table.league_id) == ["A", "Al", "B", "C", "D"]


@_params((INVISIBLE_IN_AL, INVISIBLE_WORDS), (VISIBLE_AS_AL, "looks the same as Al,"))
def test_the_api_refuses_a_name_that_shows_as_al(app, al_table, api, name, words):
    response = api(f"/leagues/{al_table.league_id}/players", {"name": name})
    # A refused character is a body that is not valid (400); a look-alike is a duplicate name (409).
    expected = (400, "bad_request") if words == INVISIBLE_WORDS else (409, "conflict")
    assert (response.status_code, response.get_json()["details"]["code"]) == expected
    assert words in response.get_json()["error"]
    assert _roster(app, al_table.league_id) == ["A", "Al", "B", "C", "D"]


def test_the_database_itself_holds_one_of_names_that_look_the_same(app, al_table):
    with app.app_context():
        for name in VISIBLE_AS_AL.values():
            db.session.add(Player(league_id=al_table.league_id, name=name, name_key=name_key(name)))
            with pytest.raises(IntegrityError):
                db.session.flush()
            db.session.rollback()


@_params((INVISIBLE_IN_ALICE, INVISIBLE_WORDS), (VISIBLE_AS_ALICE, "looks the same as one already taken"))
def test_registration_refuses_a_name_that_shows_as_alice(app, new_web, name, words):
    new_web().register("alice")
    stranger = new_web()
    stranger.get("/register")
    response = stranger.post("/register", {"username": name, "password": "long enough", "confirm": "long enough"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert words in page
    if words != INVISIBLE_WORDS:
        assert "alice" not in page  # as today's "is taken", the answer names no other account
    with app.app_context():
        assert list(db.session.execute(db.select(User.username)).scalars()) == ["alice"]


def test_an_owner_cannot_make_two_leagues_that_look_the_same_but_someone_else_can(app, al_table, api, new_web):
    web = al_table.web
    web.get("/leagues")
    assert web.post("/leagues", {"name": "Thursday club"}).status_code == 303
    response = web.post("/leagues", {"name": "\u0422hursday club"})  # Cyrillic Т
    assert response.status_code == 422
    assert "looks the same as Thursday club, a league you already own" in response.get_data(as_text=True)
    response = web.post("/leagues", {"name": "Thursday\u200b club"})
    assert response.status_code == 422 and INVISIBLE_WORDS in response.get_data(as_text=True)
    response = api("/leagues", {"name": "\uff34hursday club"})  # full-width Ｔ
    assert (response.status_code, response.get_json()["details"]["code"]) == (409, "conflict")
    other = new_web()
    other.register("Bo")
    other.get("/leagues")
    assert other.post("/leagues", {"name": "\u0422hursday club"}).status_code == 303
    with app.app_context():
        names = sorted(db.session.execute(db.select(League.name)).scalars())
    assert names == ["Friday", "Thursday club", "\u0422hursday club"]


NATIVE = ["민준", "서연", "민중", "각가", "가까", "Niccolò", "Nicolo", "Ελένη", "Иван", "Ivan", "李明", "Zoë"]
# Each one's look-alike, and the name it is refused beside (decided: accents on Latin, Greek and
# Cyrillic letters do not tell names apart, so "Niccolo" is "Niccolò"; "Nicolo" has one c fewer).
REFUSED_BESIDE = {
    "Niccolo": "Niccolò",
    "Ελενη": "Ελένη",
    "Ивaн": "Иван",  # a Latin "a" in a Cyrillic name
    "Zoe": "Zoë",
}


def test_names_in_every_script_are_kept_as_typed_and_look_alikes_of_them_are_refused(app, al_table, api):
    web, league_id = al_table.web, al_table.league_id
    for name in NATIVE:
        response = web.post(f"/leagues/{league_id}/players", {"name": name})
        assert response.status_code == 303, (name, response.get_data(as_text=True))
    assert set(NATIVE) <= set(_roster(app, league_id))
    for name, beside in REFUSED_BESIDE.items():
        response = web.post(f"/leagues/{league_id}/players", {"name": name})
        assert response.status_code == 422, name
        assert f"looks the same as {beside}," in response.get_data(as_text=True)
    for name in ("민준\u3164", "李明\u200b", "서연\ufe0f"):
        response = api(f"/leagues/{league_id}/players", {"name": name})
        assert response.status_code == 400 and INVISIBLE_WORDS in response.get_json()["error"], name
    assert sorted(_roster(app, league_id)) == sorted(["A", "B", "C", "D", "Al", *NATIVE])


def test_a_backup_with_two_players_that_look_the_same_or_an_invisible_character_is_refused(app):
    data = {"format": "ramo-keeper-league-backup", "version": 1, "league": {"name": "Old"},
            "players": [{"id": 1, "name": "Al"}, {"id": 2, "name": "Bo"}],
            "seasons": [{"id": 1, "name": "Spring", "is_current": True}], "games": []}
    with app.app_context():
        league = create_league(create_user("Owner", "correct horse"), "Restored")
        db.session.commit()
        for second, words in (("\u0410l", "Player 2: its name is used twice"), ("Al\u2060", "Player 2, name")):
            data["players"][1]["name"] = second
            with pytest.raises(ServiceError, match=words):
                import_league(league, data)
            db.session.rollback()
        assert db.session.execute(db.select(Player)).first() is None


LONG = "Bartholomew Maximilian Featherstonehaugh"  # 40 characters, the longest name there is


def test_the_migration_renames_the_later_of_two_names_that_now_look_the_same_and_rekeys_everyone(app):
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    from conftest import mark_schema_changed
    from ramo_keeper.accounts.service import find_user

    assert len(LONG) == 40
    users = [(1, "alice", "alice", False), (2, "\u0430lice", "\u0430lice", False),
             (3, "\uff41\uff4c\uff49\uff43\uff45", "\uff41\uff4c\uff49\uff43\uff45", False),
             (4, "Guest", "guest:aaaa", True), (5, "Guest", "guest:bbbb", True),
             (6, LONG, LONG.casefold(), False), (7, "\u0412" + LONG[1:], ("\u0412" + LONG[1:]).casefold(), False)]
    players = [(1, 1, "Al", "al"), (2, 1, "A\u200bl", "a\u200bl"), (3, 1, "\uff21\uff4c", "\uff41\uff4c"),
               (4, 1, "Al (2)", "al (2)"), (5, 1, "Bo", "bo"), (6, 1, "Straße", "strasse"),
               (7, 1, "STRASSE", "strasse#7"), (8, 2, "Al", "al")]
    with app.app_context():
        db.drop_all()
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        mark_schema_changed()
        upgrade(revision="0006_core_stored_state")
        for row in users:
            db.session.execute(text(
                'INSERT INTO "user" (id, username, username_key, password_hash, created_at, is_guest) '
                "VALUES (:id, :name, :key, 'x', '2026-01-01', :guest)"),
                dict(zip(("id", "name", "key", "guest"), row, strict=True)))
        db.session.execute(text("INSERT INTO league (id, name, created_at) VALUES (1, 'L', '2026-01-01'), "
                                "(2, 'M', '2026-01-01')"))
        for row in players:
            db.session.execute(text(
                "INSERT INTO player (id, league_id, name, name_key, archived, created_at) "
                "VALUES (:id, :league, :name, :key, false, '2026-01-01')"),
                dict(zip(("id", "league", "name", "key"), row, strict=True)))
        db.session.commit()
        upgrade()

        stored_users = {i: (n, k) for i, n, k in db.session.execute(text(
            'SELECT id, username, username_key FROM "user"'))}
        stored_players = {i: (n, k) for i, n, k in db.session.execute(text(
            "SELECT id, name, name_key FROM player"))}
        # The earliest keeps its name; each later look-alike gets the first free number, without its
        # invisible characters ("Al (2)" is a player already, so the zero-width one becomes "Al (3)"),
        # cut to fit in 40 characters (36 of the long name and " (2)").
        assert {i: n for i, (n, _) in stored_users.items()} == {
            1: "alice", 2: "\u0430lice (2)", 3: "\uff41\uff4c\uff49\uff43\uff45 (3)",
            4: "Guest", 5: "Guest", 6: LONG, 7: "\u0412artholomew Maximilian Featherstoneh (2)"}
        assert {i: n for i, (n, _) in stored_players.items()} == {
            1: "Al", 2: "Al (3)", 3: "\uff21\uff4c (4)", 4: "Al (2)", 5: "Bo", 6: "Straße", 7: "STRASSE (2)", 8: "Al"}
        # Guests keep the key their cookie names; every other key is the app's key of the stored name.
        assert stored_users[4][1] == "guest:aaaa" and stored_users[5][1] == "guest:bbbb"
        for i, (name, key) in [*stored_players.items(), *[u for u in stored_users.items() if u[0] < 4 or u[0] > 5]]:
            assert key == name_key(name), (i, name)
        assert (stored_players[1][1], stored_players[5][1], stored_players[6][1]) == ("al", "bo", "strasse")
        assert find_user("alice").id == 1 and find_user("\u0430lice (2)").id == 2
        db.session.rollback()  # end the read, or PostgreSQL's DROP TABLE waits for it

        downgrade(revision="0006_core_stored_state")
        keys = dict(db.session.execute(text("SELECT id, name_key FROM player")).all())
        user_keys = dict(db.session.execute(text('SELECT id, username_key FROM "user"')).all())
        assert (keys[1], keys[2], keys[5], keys[7]) == ("al", "al (3)", "bo", "strasse (2)")
        assert (user_keys[1], user_keys[4]) == ("alice", "guest:aaaa")
        db.session.rollback()
        downgrade(revision="base")
        upgrade()
