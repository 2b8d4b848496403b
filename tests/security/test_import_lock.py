"""One import at a time, with a lock that dies with its holder; and an import's checking holds no write lock.

The lock is a PostgreSQL advisory lock on a connection of its own, or flock() on a file beside the
SQLite database (import_lock.py): while another worker holds it, an import is answered 429 with a
Retry-After worked out from the running import's note; once the holder is gone (its connection or file
closed without a word, as when a worker is killed), the next import runs at once. A worker really
killed on gunicorn: tests/security/test_backups_server.py.
"""

import gzip
import json
from datetime import timedelta

import pytest
from uploads import multipart, post_backup

from benchmarks.backup_file import league_backup
from conftest import csrf_from
from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.backups import backup, import_lock
from ramo_keeper.backups.backup_size import MAX_BACKUP_BYTES
from ramo_keeper.extensions import db
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


def post_file(person, league_id: int, file: bytes, **headers):
    return post_backup(person, league_id, file, **headers)


@pytest.fixture
def other_worker_lock(other_worker):
    """The import lock as another worker (another app instance: its own engine and connections) takes it,
    with the note an import writes; released at the end unless the test let its holder die."""
    held = []

    def take(started_seconds_ago: int = 0, expected_seconds: int = 10):
        worker = other_worker()
        with worker.app_context():
            lock = import_lock.ImportLock(db.engine)
            assert lock.acquire()
            db.session.add(ThrottleCounter(bucket=import_lock.BUCKET, key_digest=import_lock.KEY_DIGEST,
                                           count=expected_seconds,
                                           window_start=utcnow() - timedelta(seconds=started_seconds_ago)))
            db.session.commit()
        held.append(lock)
        return lock

    yield take
    for lock in held:
        lock.release()


def die(lock: import_lock.ImportLock) -> None:
    """What a killed worker leaves: its connection or file closed by the system, no unlock sent, its note kept."""
    if lock._connection is not None:
        lock._connection.invalidate()  # the socket closes; PostgreSQL drops the session's locks
        lock._connection = None
    if lock._file is not None:
        import os

        os.close(lock._file)  # the kernel drops the flock with the last descriptor of the file
        lock._file = None


def notes(app) -> int:
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
def test_while_another_import_runs_the_page_answers_429_and_imports_nothing(
        app, owner, other_worker_lock, language, words):
    person, league_id = owner
    other_worker_lock(started_seconds_ago=3, expected_seconds=10)
    response = post_file(person, league_id, SMALL, **{"Accept-Language": language})
    assert response.status_code == 429
    assert words in response.get_data(as_text=True)
    assert games_in(app, league_id) == 0
    with app.app_context():
        assert db.session.execute(db.select(Player)).first() is None
    assert notes(app) == 1  # the running import's note is still its own


@pytest.mark.parametrize(("started", "expected", "low", "high"), [
    (3, 10, 6, 8),  # about 7 s left
    (2, 60, 57, 59),  # a large import that has only begun
    (40, 10, import_lock.SHORTEST_WAIT, import_lock.SHORTEST_WAIT),  # overran its estimate: any moment now
], ids=["seven-seconds-left", "just-begun", "overran"])
def test_retry_after_says_how_long_the_running_import_should_still_take(
        owner, other_worker_lock, started, expected, low, high):
    person, league_id = owner
    other_worker_lock(started_seconds_ago=started, expected_seconds=expected)
    response = post_file(person, league_id, SMALL)
    assert response.status_code == 429
    assert low <= int(response.headers["Retry-After"]) <= high


def test_an_import_notes_how_long_it_should_take_from_its_size(app, owner, monkeypatch):
    person, league_id = owner
    seen = []
    real_plan = backup.plan_import

    def plan_and_look(*args):
        with app.app_context():
            seen.append(db.session.execute(db.select(ThrottleCounter.count).filter_by(bucket="import")).scalar_one())
        return real_plan(*args)

    monkeypatch.setattr("ramo_keeper.backups.importing.plan_import", plan_and_look)
    assert post_file(person, league_id, SMALL).status_code == 303
    assert seen == [import_lock.expected_seconds(len(SMALL))]
    assert notes(app) == 0


@pytest.mark.parametrize(("body", "status", "notes_after"), [
    (SMALL, 303, 0), (json.dumps({"format": "something else"}).encode(), 422, 0),
    # Refused as it is read, before the lock is taken (reading.py): the dead holder's note stays, a note only.
    (b"{not json", 422, 1),
], ids=["imported", "not-a-backup", "not-json"])
def test_a_lock_whose_holder_died_holds_nothing_back_and_the_next_import_runs_at_once(
        app, owner, other_worker_lock, body, status, notes_after):
    person, league_id = owner
    die(other_worker_lock(started_seconds_ago=1, expected_seconds=600))  # the note left behind says 10 minutes
    assert post_file(person, league_id, body).status_code == status
    assert games_in(app, league_id) == (3 if status == 303 else 0)
    assert notes(app) == notes_after
    with app.app_context():  # the lock is free again after the import, imported or refused
        lock = import_lock.ImportLock(db.engine)
        assert lock.acquire()
        lock.release()


def test_a_gzipped_backup_is_imported_and_one_that_unpacks_past_the_largest_backup_is_refused(app, owner):
    person, league_id = owner
    bomb = gzip.compress(b" " * (MAX_BACKUP_BYTES + 1), compresslevel=1)
    refused = post_file(person, league_id, bomb)
    assert refused.status_code == 422
    assert "larger than any backup of a league can be" in refused.get_data(as_text=True)
    assert post_file(person, league_id, gzip.compress(SMALL)).status_code == 303
    assert games_in(app, league_id) == 3


def test_the_import_takes_a_file_past_the_apps_usual_upload_limit_which_other_forms_keep(app, owner):
    person, league_id = owner
    past_usual = b" " * (app.config["MAX_CONTENT_LENGTH"] + 1) + SMALL  # whitespace is valid JSON around it
    assert post_file(person, league_id, past_usual).status_code == 303
    page = person.get("/leagues").get_data(as_text=True)
    body, content_type = multipart({"csrf_token": csrf_from(page), "name": "Big"}, past_usual)
    too_large = person.client.post("/leagues", data=body, content_type=content_type)
    assert too_large.status_code == 413


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
