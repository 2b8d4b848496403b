"""The database-backed attempt counter: limits, windows, reset, and a count shared between app processes."""

import threading
from datetime import timedelta

import pytest

from conftest import make_app
from ramo_keeper.database import throttle
from ramo_keeper.extensions import db
from ramo_keeper.models import ThrottleCounter, utcnow


@pytest.fixture
def clock(monkeypatch):
    """A clock the test moves forward."""
    current = {"at": utcnow()}
    monkeypatch.setattr(throttle, "now", lambda: current["at"])

    def advance(seconds):
        current["at"] += timedelta(seconds=seconds)

    return advance


def test_attempts_up_to_the_limit_pass_and_the_next_waits_for_the_window(app, clock):
    with app.app_context():
        assert [throttle.hit("b", "k", limit=3, window_seconds=60) for _ in range(3)] == [None, None, None]
        clock(10)
        assert throttle.hit("b", "k", limit=3, window_seconds=60) == 50  # the window began 10 s ago
        assert throttle.blocked("b", "k", limit=3, window_seconds=60) == 50


def test_a_new_window_starts_when_the_old_one_ends(app, clock):
    with app.app_context():
        for _ in range(5):
            throttle.hit("b", "k", limit=3, window_seconds=60)
        clock(60)
        assert throttle.blocked("b", "k", limit=3, window_seconds=60) is None
        assert throttle.hit("b", "k", limit=3, window_seconds=60) is None


def test_refused_attempts_never_stretch_the_window(app, clock):
    with app.app_context():
        for _ in range(3):
            throttle.hit("b", "k", limit=3, window_seconds=900)
        for _ in range(20):
            clock(40)
            throttle.hit("b", "k", limit=3, window_seconds=900)
        # 800 s after the first attempt, 100 s are left, however often it was retried.
        assert throttle.blocked("b", "k", limit=3, window_seconds=900) == 100


def test_buckets_and_keys_count_separately_and_reset_forgets(app, clock):
    with app.app_context():
        for _ in range(2):
            throttle.hit("login", "ann", limit=1, window_seconds=60)
        assert throttle.blocked("login", "ann", limit=1, window_seconds=60)
        assert throttle.blocked("login", "bob", limit=1, window_seconds=60) is None
        assert throttle.blocked("guest", "ann", limit=1, window_seconds=60) is None
        throttle.reset("login", "ann")
        assert throttle.blocked("login", "ann", limit=1, window_seconds=60) is None


def test_keys_are_not_stored_in_clear(app):
    with app.app_context():
        throttle.hit("login-address", "203.0.113.9", limit=5, window_seconds=60)
        row = db.session.execute(db.select(ThrottleCounter)).scalar_one()
        assert "203.0.113.9" not in row.key_digest and len(row.key_digest) == 64


def _stored_keys(bucket: str) -> int:
    return db.session.execute(db.select(db.func.count()).select_from(ThrottleCounter)
                              .where(ThrottleCounter.bucket == bucket)).scalar_one()


def test_a_new_window_deletes_the_buckets_ended_windows(app, clock):
    """Nothing but hits runs: an address that tried once and never came back leaves no row behind."""
    with app.app_context():
        throttle.hit("b", "gone", limit=5, window_seconds=60)
        throttle.hit("other", "gone", limit=5, window_seconds=60)
        clock(30)
        throttle.hit("b", "recent", limit=5, window_seconds=60)
        clock(30)  # "gone"'s window has just ended, "recent"'s has 30 s left
        throttle.hit("b", "new", limit=5, window_seconds=60)
        assert _stored_keys("b") == 2
        assert throttle.hit("b", "recent", limit=2, window_seconds=60) is None  # still counting: 2 of 2
        assert throttle.hit("b", "recent", limit=2, window_seconds=60) == 30
        assert _stored_keys("other") == 1  # another bucket's windows are its own to end


def test_two_app_processes_on_one_database_share_the_count(app):
    """Two apps with their own engines stand for two gunicorn workers (or machines)."""
    other = make_app({**{k: app.config[k] for k in ("SQLALCHEMY_DATABASE_URI", "SECRET_KEY")}, "TESTING": True})
    with app.app_context():
        assert throttle.hit("b", "k", limit=2, window_seconds=60) is None
    with other.app_context():
        assert throttle.hit("b", "k", limit=2, window_seconds=60) is None
    with app.app_context():
        assert throttle.hit("b", "k", limit=2, window_seconds=60) is not None
    with other.app_context():
        db.engine.dispose()


def test_concurrent_hits_are_each_counted_once(app):
    attempts, threads_ = 12, []
    outcomes = []

    def one_attempt():
        with app.app_context():
            outcomes.append(throttle.hit("b", "k", limit=5, window_seconds=60))
            db.session.remove()

    for _ in range(attempts):
        threads_.append(threading.Thread(target=one_attempt))
    for thread in threads_:
        thread.start()
    for thread in threads_:
        thread.join()
    assert sum(outcome is None for outcome in outcomes) == 5
    with app.app_context():
        assert db.session.execute(db.select(ThrottleCounter.count)).scalar_one() == attempts
