"""Every "only one X" rule is held by the database, and a broken one is a 409 (or the form's error), never a 500.

Runs on SQLite and, with DATABASE_URL, on PostgreSQL. A race is staged in one process by letting
the app's own check pass (as it does for two requests that check at the same moment): the
database must still refuse the second row, and the answer must say so in the table's words.
"""

import sqlite3
from datetime import timedelta

import pytest
from flask_migrate import upgrade
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError, OperationalError

from conftest import ON_POSTGRES, Browser, mark_schema_changed
from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.leagues import players as roster
from ramo_keeper.leagues import service as leagues
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import Season, utcnow
from ramo_keeper.seasons import service as seasons

MIGRATION = "0009_one_of_each_rules"


@pytest.fixture
def club(app):
    """Ana's league "Club" (with its "Season 1", current), players Al and Bo, and Ana's API token."""
    with app.app_context():
        ana = create_user("Ana", "correct horse")
        league = create_league(ana, "Club")
        players = [add_player(league, name).id for name in ("Al", "Bo")]
        token = issue_token(ana)
        db.session.commit()
        return {"league": league.id, "players": players, "headers": {"Authorization": f"Bearer {token}"}}


def _insert(app, statement: str, **values) -> None:
    with app.app_context():
        db.session.execute(text(statement), values)
        db.session.commit()


SEASON = ("INSERT INTO season (league_id, name, ranking, min_games, is_current, closed, created_at) "
          "VALUES (:league, :name, 'points', 0, :current, false, CURRENT_TIMESTAMP)")
INVITE = ("INSERT INTO invite (league_id, token, role, created_at, expires_at, uses, revoked_at) "
          "VALUES (:league, :token, 'scorer', CURRENT_TIMESTAMP, :expires, 0, :revoked)")


def test_the_database_refuses_a_second_season_of_one_name_in_a_league(app, club):
    _insert(app, SEASON, league=club["league"], name="Spring", current=False)
    with pytest.raises(IntegrityError):
        _insert(app, SEASON, league=club["league"], name="Spring", current=False)


def test_the_database_refuses_a_second_current_season_but_not_a_second_past_one(app, club):
    _insert(app, SEASON, league=club["league"], name="Spring", current=False)  # Season 1 is current
    with pytest.raises(IntegrityError):
        _insert(app, SEASON, league=club["league"], name="Summer", current=True)


def test_the_database_refuses_a_second_live_invite_but_keeps_any_number_of_revoked_ones(app, club):
    expires = utcnow() + timedelta(days=7)
    for token in ("old-1", "old-2"):
        _insert(app, INVITE, league=club["league"], token=token, expires=expires, revoked=utcnow())
    _insert(app, INVITE, league=club["league"], token="live-1", expires=expires, revoked=None)
    with pytest.raises(IntegrityError):
        _insert(app, INVITE, league=club["league"], token="live-2", expires=expires, revoked=None)


def test_a_player_name_added_at_the_same_moment_is_a_409_conflict_in_the_api(app, client, club, monkeypatch):
    # Both requests checked before either inserted: the app's check saw no "Al". The 409 still names
    # the player who won, read after the rollback.
    monkeypatch.setattr(roster, "_checked_name", lambda league, name, except_id=None: name)
    response = client.post(f"/api/v1/leagues/{club['league']}/players", json={"name": "al"}, headers=club["headers"])
    assert response.status_code == 409
    assert response.get_json() == {"error": "al is already on the roster.",
                                   "details": {"code": "conflict", "field": "name",
                                               "current": {"id": club["players"][0], "name": "Al"}}}
    players = client.get(f"/api/v1/leagues/{club['league']}/players", headers=club["headers"]).get_json()
    assert sorted(p["name"] for p in players) == ["Al", "Bo"]


def test_a_username_registered_at_the_same_moment_is_the_forms_error(app, web, monkeypatch):
    from ramo_keeper.accounts import service as accounts

    web.register("Ana")
    web.logout()
    monkeypatch.setattr(accounts, "find_user", lambda name: None)
    web.get("/register")
    response = web.post("/register", {"username": "ANA", "password": "long enough", "confirm": "long enough"})
    assert response.status_code == 422 and "The name ANA is taken." in response.get_data(as_text=True)


def test_a_season_name_taken_at_the_same_moment_is_a_409_conflict_in_the_api(app, client, club, monkeypatch):
    monkeypatch.setattr(seasons, "_checked_name", lambda league_id, name, except_id=None: name)
    response = client.post(f"/api/v1/leagues/{club['league']}/seasons", json={"name": "Season 1"},
                           headers=club["headers"])
    assert response.status_code == 409
    with app.app_context():
        first = db.session.execute(db.select(Season.id)).scalar_one()
    assert response.get_json() == {"error": "There is already a season called Season 1.",
                                   "details": {"code": "conflict", "field": "name",
                                               "current": {"id": first, "name": "Season 1"}}}
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(Season.id))).scalar_one() == 1


def _game(client, club, season_id=None) -> tuple[int, dict]:
    body = {"variant": "rummy", "player_ids": club["players"]}
    if season_id is not None:
        body["season_id"] = season_id
    response = client.post(f"/api/v1/leagues/{club['league']}/games", json=body, headers=club["headers"])
    return response.status_code, response.get_json()


def test_a_running_game_blocks_the_close_and_the_error_names_it(app, client, club):
    status, game = _game(client, club)
    assert status == 201
    with app.app_context():
        season = db.session.execute(db.select(Season)).scalar_one()
        with pytest.raises(seasons.Conflict) as refused:
            seasons.close(season)
        assert refused.value.message == (
            f"1 game is still being played in Season 1: finish or delete it before closing the season: "
            f"Game {game['id']} (Al, Bo).")


class _Deadlock(Exception):
    sqlstate = "40P01"


def _failing(times: int, then):
    """A service that hits a deadlock the first `times` calls, then does its work."""
    calls = []

    def run(*args, **kwargs):
        calls.append(1)
        if len(calls) <= times:
            raise OperationalError("UPDATE player …", {}, _Deadlock("deadlock detected"))
        return then(*args, **kwargs)

    return run, calls


def test_a_deadlock_is_retried_once_and_the_request_succeeds(app, client, club, monkeypatch):
    from ramo_keeper.api import leagues as api_leagues

    run, calls = _failing(1, leagues.add_player)
    monkeypatch.setattr(api_leagues.service, "add_player", run)
    response = client.post(f"/api/v1/leagues/{club['league']}/players", json={"name": "Cy"}, headers=club["headers"])
    assert response.status_code == 201 and len(calls) == 2
    names = [p["name"] for p in client.get(f"/api/v1/leagues/{club['league']}/players",
                                           headers=club["headers"]).get_json()]
    assert names.count("Cy") == 1


def test_a_second_deadlock_is_a_503_with_retry_after_in_the_apis_shape(app, client, club, monkeypatch):
    from ramo_keeper.api import leagues as api_leagues

    run, calls = _failing(2, leagues.add_player)
    monkeypatch.setattr(api_leagues.service, "add_player", run)
    response = client.post(f"/api/v1/leagues/{club['league']}/players", json={"name": "Cy"}, headers=club["headers"])
    assert response.status_code == 503 and len(calls) == 2
    assert response.headers["Retry-After"] == "2"
    assert response.get_json()["details"] == {"code": "busy"}
    assert "nothing was saved" in response.get_json()["error"]


@pytest.fixture
def busy_sqlite(app):
    """(another worker waiting at most a tenth of a second for SQLite's write lock, a connection to hold that lock)."""
    if ON_POSTGRES:
        pytest.skip("SQLite's single write lock")
    from conftest import make_app

    keys = ("TESTING", "SQLALCHEMY_DATABASE_URI", "SECRET_KEY", "SERVER_NAME", "PASSWORD_HASH_METHOD")
    worker = make_app({**{key: app.config[key] for key in keys}, "SQLITE_BUSY_TIMEOUT_MS": 100})
    holder = sqlite3.connect(app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///"), isolation_level=None)
    yield worker, holder
    holder.close()
    with worker.app_context():
        db.engine.dispose()


def _while_locked(holder, send):
    holder.execute("BEGIN IMMEDIATE")
    try:
        return send()
    finally:
        holder.execute("ROLLBACK")


def test_a_sqlite_writer_that_cannot_get_the_lock_gets_503_json_in_the_api(app, club, busy_sqlite):
    worker, holder = busy_sqlite
    response = _while_locked(holder, lambda: worker.test_client().post(
        f"/api/v1/leagues/{club['league']}/players", json={"name": "Cy"}, headers=club["headers"]))
    assert response.status_code == 503 and response.headers["Retry-After"] == "2"
    assert response.get_json()["details"] == {"code": "busy"}
    assert [p["name"] for p in worker.test_client().get(f"/api/v1/leagues/{club['league']}/players",
                                                        headers=club["headers"]).get_json()] == ["Al", "Bo"]


def test_a_sqlite_writer_that_cannot_get_the_lock_gets_a_503_page(busy_sqlite):
    worker, holder = busy_sqlite
    browser = Browser(worker.test_client())
    browser.register("Ana")
    browser.get("/leagues")
    response = _while_locked(holder, lambda: browser.post("/leagues", {"name": "Friday"}))
    assert response.status_code == 503 and response.headers["Retry-After"] == "2"
    page = response.get_data(as_text=True)
    assert "Busy right now" in page and "nothing was saved" in page


def test_the_migration_repairs_duplicates_before_it_adds_the_rules(app):
    with app.app_context():
        db.drop_all()
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        mark_schema_changed()
        upgrade(revision="0006_core_stored_state")
        expires, revoked = utcnow() + timedelta(days=7), utcnow()
        for league_id in (1, 2):
            db.session.execute(text("INSERT INTO league (id, name, created_at) VALUES (:id, 'L', CURRENT_TIMESTAMP)"),
                               {"id": league_id})
        for league_id, name, current in ((1, "Season 1", True), (1, "season 1", True), (1, "Season 1 (2)", False),
                                         (1, "Season 1", True), (2, "Season 1", False), (2, "Winter", True)):
            db.session.execute(text(SEASON), {"league": league_id, "name": name, "current": current})
        for league_id, token, when in ((1, "a", None), (1, "b", revoked), (1, "c", None), (1, "d", None),
                                       (2, "e", None)):
            db.session.execute(text(INVITE), {"league": league_id, "token": token, "expires": expires,
                                              "revoked": when})
        db.session.commit()
        upgrade(revision=MIGRATION)
        rows = db.session.execute(text("SELECT league_id, name, is_current FROM season ORDER BY id")).all()
        assert [tuple(row) for row in rows] == [
            (1, "Season 1", True), (1, "season 1 (3)", False), (1, "Season 1 (2)", False),
            (1, "Season 1 (4)", False), (2, "Season 1", False), (2, "Winter", True)]
        live = db.session.execute(text("SELECT token FROM invite WHERE revoked_at IS NULL ORDER BY id")).scalars()
        assert list(live) == ["d", "e"]
        with pytest.raises(IntegrityError):
            db.session.execute(text(SEASON), {"league": 2, "name": "Spring", "current": True})
            db.session.flush()
        db.session.rollback()
