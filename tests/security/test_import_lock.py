"""One import at a time, held in the database; and an import's checking holds no write lock (issue 18).

The lock is a throttle row (bucket "import"): while a live one exists every other import is answered
429 with Retry-After and changes nothing; one older than five minutes is a worker that died and is
taken over; the row is gone after every import, imported or refused.
"""

import io
import json
from datetime import timedelta

import pytest

from benchmarks.backup_file import league_backup
from conftest import csrf_from
from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.leagues import backup, importing
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import Game, Player, ThrottleCounter, utcnow

SMALL = json.dumps(league_backup(30, hands_per_game=10)).encode()


@pytest.fixture
def owner(app, new_web):
    with app.app_context():
        league = create_league(create_user("Owner", "correct horse"), "Restored")
        db.session.commit()
        league_id = league.id
    person = new_web()
    person.login("Owner")
    return person, league_id


def post_file(person, league_id: int, body: bytes, **headers):
    page = person.get(f"/leagues/{league_id}/import").get_data(as_text=True)
    return person.client.post(f"/leagues/{league_id}/import", content_type="multipart/form-data", headers=headers,
                              data={"csrf_token": csrf_from(page), "file": (io.BytesIO(body), "backup.json")})


def hold_lock(app, started_seconds_ago: int) -> None:
    """Another worker's import, begun that long ago."""
    with app.app_context():
        db.session.add(ThrottleCounter(bucket="import", key_digest=importing.KEY_DIGEST, count=7,
                                       window_start=utcnow() - timedelta(seconds=started_seconds_ago)))
        db.session.commit()


def lock_rows(app) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(ThrottleCounter).filter_by(bucket="import"))


def games_in(app, league_id: int) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count(Game.id)).filter_by(league_id=league_id))


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Another backup is being imported right now. Try again in a few seconds."),
    ("ko", "지금 다른 백업을 가져오는 중입니다. 몇 초 뒤에 다시 시도하세요."),
    ("it", "Si sta già importando un altro backup. Riprova tra qualche secondo."),
])
def test_while_another_import_runs_the_page_answers_429_with_retry_after_and_imports_nothing(
        app, owner, language, words):
    person, league_id = owner
    hold_lock(app, started_seconds_ago=20)
    response = post_file(person, league_id, SMALL, **{"Accept-Language": language})
    assert response.status_code == 429
    assert int(response.headers["Retry-After"]) >= 1
    assert words in response.get_data(as_text=True)
    assert games_in(app, league_id) == 0
    with app.app_context():
        assert db.session.execute(db.select(Player)).first() is None
    # The other worker's lock is still its own.
    assert lock_rows(app) == 1


@pytest.mark.parametrize(("body", "status"), [
    (SMALL, 303), (b"{not json", 422), (json.dumps({"format": "something else"}).encode(), 422),
], ids=["imported", "not-json", "not-a-backup"])
def test_a_lock_left_by_a_dead_worker_is_taken_over_and_released_after_the_import_imported_or_refused(
        app, owner, body, status):
    person, league_id = owner
    hold_lock(app, started_seconds_ago=importing.STALE_SECONDS + 1)
    assert post_file(person, league_id, body).status_code == status
    assert games_in(app, league_id) == (3 if status == 303 else 0)
    assert lock_rows(app) == 0
    # The next import is not refused as busy (the league may be full by now: then 422).
    assert post_file(person, league_id, SMALL).status_code == (422 if status == 303 else 303)
    assert lock_rows(app) == 0


def test_another_table_writes_while_the_file_is_checked_and_replayed(app, owner, other_worker, monkeypatch):
    """Another worker's hand, sent while the import replays the file's first game, is recorded: on SQLite
    a write lock held by the import would make it wait out its busy timeout (5 s) and fail."""
    person, league_id = owner
    with app.app_context():
        bo = create_user("Bo", "correct horse")
        friday = create_league(bo, "Friday")
        players = [add_player(friday, name).id for name in ("A", "B")]
        token = issue_token(bo)
        db.session.commit()
        friday_id = friday.id
    worker = other_worker()
    client = worker.test_client()
    headers = {"Authorization": f"Bearer {token}"}
    game = client.post(f"/api/v1/leagues/{friday_id}/games", headers=headers,
                       json={"variant": "rummy", "player_ids": players}).get_json()
    answers = []
    real_replay = backup._replay

    def replay_beside_a_hand(*args):
        if not answers:
            answers.append(client.post(f"/api/v1/games/{game['id']}/hands", headers=headers, json={"results": [
                {"player_id": players[0], "cards": {}, "went_out": True},
                {"player_id": players[1], "cards": {"pips": 5}}]}).status_code)
        return real_replay(*args)

    monkeypatch.setattr(backup, "_replay", replay_beside_a_hand)
    assert post_file(person, league_id, SMALL).status_code == 303
    assert answers == [201]
