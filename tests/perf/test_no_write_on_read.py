"""Issue 12: a GET never inserts, updates or deletes, for a member, an API script or a stranger."""

from datetime import timedelta

import pytest

from ramo_keeper.extensions import db
from ramo_keeper.models import ApiToken, utcnow

from .seeding import mark_token_used_recently, recorded_statements, seed, writes


def get_urls(app, seeded) -> list[str]:
    """One URL for every GET rule in the URL map, with real ids; a new argument name fails here first."""
    values = {
        "league_id": seeded.league_id, "season_id": seeded.season_id, "player_id": seeded.player_id,
        "game_id": seeded.game_id, "number": 1, "variant_key": "ramo", "filename": "css/app.css",
        "ruleset_id": seeded.ruleset_id, "key": seeded.ruleset_key, "night_id": seeded.night_id,
    }
    tokens = {"live.show": seeded.share_token, "live.qr_code": seeded.share_token,
              "drafts.live_panel": seeded.share_token, "leagues.join": seeded.invite_token,
              "night_board.board": seeded.board_token,
              **dict.fromkeys(("night_room.find", "night_room.player", "night_room.table"), seeded.board_token)}
    urls = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods:
            continue
        args = {}
        for name in rule.arguments:
            if name == "token":
                args[name] = tokens[rule.endpoint]
            else:
                assert name in values, f"{rule.rule}: give the no-write test a value for <{name}>"
                args[name] = values[name]
        with app.test_request_context():
            from flask import url_for

            urls.append(url_for(rule.endpoint, **args, _external=False))
    return urls


@pytest.fixture
def seeded(app):
    data = seed(app, finished=3, with_night=True)
    mark_token_used_recently(app)
    with app.app_context():  # ratings on, so their pages and API read (and keep) a replay too
        from ramo_keeper.extensions import db
        from ramo_keeper.house_rules.service import create_ruleset
        from ramo_keeper.models import League

        league = db.session.get(League, data.league_id)
        league.ratings = True
        data.ruleset = create_ruleset(league, "Nonna's Ramo", {"out_score": -30}, based_on="ramo")
        data.ruleset_id, data.ruleset_key = data.ruleset.id, data.ruleset.key
        db.session.commit()
    return data


def test_the_walk_covers_every_get_route_of_the_app(app, seeded):
    urls = get_urls(app, seeded)
    rules = [r for r in app.url_map.iter_rules() if "GET" in r.methods]
    assert len(urls) == len(rules)
    # The routes the issue names are among them.
    for path in ("/", f"/leagues/{seeded.league_id}/games", f"/games/{seeded.game_id}",
                 f"/games/{seeded.game_id}/board", f"/api/v1/games/{seeded.game_id}", "/api/v1/openapi.json"):
        assert path in urls


@pytest.mark.parametrize("who", ["member", "anonymous", "api"])
def test_no_get_route_writes_to_the_database(app, seeded, member_of, who):
    client = member_of(seeded.user_name).client if who == "member" else app.test_client()
    headers = {"Authorization": f"Bearer {seeded.api_token}"} if who == "api" else {}
    seen = []
    for url in get_urls(app, seeded):
        with recorded_statements(app) as statements:
            response = client.get(url, headers=headers)
            response.close()  # a static file is a stream: close it inside the block
        assert response.status_code < 500, url
        seen.append((url, response.status_code, writes(statements)))
    assert [(url, found) for url, _, found in seen if found] == []
    # The walk really read pages: a member sees every page, a script every API read.
    if who == "member":
        assert all(status in (200, 304) for url, status, _ in seen if not url.startswith("/api/")), seen
    if who == "api":
        # BG Stats takes finished games only: the seeded game is in progress (409).
        assert all(status == (409 if url.endswith("/bgstats") else 200)
                   for url, status, _ in seen if url.startswith("/api/")), seen


def test_a_polled_board_that_has_not_changed_writes_nothing(app, seeded, member_of):
    browser = member_of(seeded.user_name)
    first = browser.client.get(f"/games/{seeded.game_id}/board", headers={"HX-Request": "true"})
    with recorded_statements(app) as statements:
        again = browser.client.get(f"/games/{seeded.game_id}/board",
                                   headers={"HX-Request": "true", "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert writes(statements) == []


def _last_used(app):
    with app.app_context():
        return db.session.execute(db.select(ApiToken.last_used_at)).scalar_one()


def test_token_last_used_is_written_at_most_once_an_hour(app):
    seeded = seed(app, finished=0)
    headers = {"Authorization": f"Bearer {seeded.api_token}"}
    client = app.test_client()
    assert _last_used(app) is None
    with recorded_statements(app) as statements:
        for _ in range(3):
            assert client.get("/api/v1/leagues", headers=headers).status_code == 200
    # Never used: the first request notes it, the next two within the hour do not.
    assert len(writes(statements)) == 1
    first = _last_used(app)
    assert first is not None and utcnow() - first < timedelta(minutes=1)

    with app.app_context():
        row = db.session.execute(db.select(ApiToken)).scalar_one()
        row.last_used_at = utcnow() - timedelta(minutes=59)
        db.session.commit()
    with recorded_statements(app) as statements:
        client.get("/api/v1/leagues", headers=headers)
    assert writes(statements) == []

    with app.app_context():
        row = db.session.execute(db.select(ApiToken)).scalar_one()
        row.last_used_at = utcnow() - timedelta(minutes=61)
        db.session.commit()
    with recorded_statements(app) as statements:
        client.get("/api/v1/leagues", headers=headers)
    assert len(writes(statements)) == 1
    assert utcnow() - _last_used(app) < timedelta(minutes=1)


def test_the_last_used_write_is_its_own_transaction_not_the_requests(app):
    """A read that notes a token's use leaves the request's session clean (nothing flushed at its end)."""
    seeded = seed(app, finished=0)
    with app.test_request_context():
        from ramo_keeper.accounts.service import user_for_token

        user = user_for_token(seeded.api_token)
        assert user.username == seeded.user_name
        assert not db.session.dirty and not db.session.new
        db.session.rollback()
    # Rolling back the request's session did not undo the note: it was already committed on its own.
    assert _last_used(app) is not None


def test_a_read_never_waits_for_a_writer_to_note_a_token_use(app):
    """Another request holds the write (SQLite) or the token's row (PostgreSQL): the read is answered
    at once, the note is skipped, and the next read once the writer is done makes it."""
    seeded = seed(app, finished=0)
    headers = {"Authorization": f"Bearer {seeded.api_token}"}
    client = app.test_client()
    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        import sqlite3

        writer = sqlite3.connect(engine.url.database, isolation_level=None, timeout=0)
        writer.execute("BEGIN IMMEDIATE")
        release = writer.rollback
    else:
        writer = engine.connect()
        writer.exec_driver_sql("SELECT id FROM api_token FOR UPDATE")
        release = writer.rollback
    try:
        assert client.get("/api/v1/leagues", headers=headers).status_code == 200
        assert _last_used(app) is None
    finally:
        release()
        writer.close()
    assert client.get("/api/v1/leagues", headers=headers).status_code == 200
    assert _last_used(app) is not None
