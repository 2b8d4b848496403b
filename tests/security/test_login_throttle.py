"""Failed logins are throttled per account and per address (429 + Retry-After), never for more than 15 minutes;
unknown names cost a password hash like known ones; common passwords are refused."""

from datetime import timedelta

import pytest
from werkzeug import security

from ramo_keeper.accounts import service
from ramo_keeper.database import throttle
from ramo_keeper.models import utcnow


@pytest.fixture
def clock(monkeypatch):
    current = {"at": utcnow()}
    monkeypatch.setattr(throttle, "now", lambda: current["at"])

    def advance(seconds):
        current["at"] += timedelta(seconds=seconds)

    return advance


def _fail(web, name="Ann", address="198.51.100.7"):
    return web.post("/login", {"username": name, "password": "wrong password"},
                    environ_base={"REMOTE_ADDR": address})


def test_the_eleventh_wrong_password_for_one_account_gets_429_with_retry_after(app, web, clock):
    web.register("Ann")
    web.logout()
    web.get("/login")
    for _ in range(10):
        assert _fail(web).status_code == 422
    clock(60)
    response = _fail(web, address="192.0.2.99")  # another address: the account itself is throttled
    assert response.status_code == 429
    assert response.headers["Retry-After"] == str(15 * 60 - 60)
    assert "Too many failed logins" in response.get_data(as_text=True)
    # Even the right password waits: a guesser must not learn it was right.
    right = web.post("/login", {"username": "Ann", "password": "correct horse"})
    assert right.status_code == 429


def test_a_lockout_ends_within_15_minutes_however_long_the_attack_goes_on(app, web, clock):
    web.register("Ann")
    web.logout()
    web.get("/login")
    for _ in range(40):
        _fail(web)
        clock(20)  # 800 s of attempts, every 20 s
    response = web.post("/login", {"username": "Ann", "password": "correct horse"})
    assert response.status_code == 429 and int(response.headers["Retry-After"]) <= 15 * 60
    clock(int(response.headers["Retry-After"]))
    assert web.post("/login", {"username": "Ann", "password": "correct horse"}).status_code == 303


def test_one_address_trying_many_names_is_throttled(app, web, clock):
    web.get("/login")
    for number in range(50):
        assert _fail(web, name=f"user{number}").status_code == 422
    response = _fail(web, name="someone-new")
    assert response.status_code == 429 and response.headers["Retry-After"] == str(15 * 60)
    assert _fail(web, name="someone-new", address="192.0.2.1").status_code == 422


def test_a_successful_login_clears_the_accounts_failures(app, web, clock):
    web.register("Ann")
    web.logout()
    web.get("/login")
    for _ in range(9):
        _fail(web)
    assert web.post("/login", {"username": "Ann", "password": "correct horse"}).status_code == 303
    web.logout()
    web.get("/login")
    for _ in range(10):
        assert _fail(web).status_code == 422


def test_unknown_and_known_names_both_cost_one_password_check(app, web, monkeypatch):
    web.register("Ann")
    web.logout()
    calls = []
    original = security.check_password_hash
    monkeypatch.setattr(service, "check_password_hash", lambda h, p: calls.append("dummy") or original(h, p))
    import ramo_keeper.models as models

    monkeypatch.setattr(models, "check_password_hash", lambda h, p: calls.append("real") or original(h, p))
    web.get("/login")
    _fail(web, name="nobody-by-this-name")
    _fail(web, name="Ann")
    assert calls == ["dummy", "real"]


@pytest.mark.parametrize("password", ["password", "PASSWORD", "iloveyou", "12345678", "qwertyuiop"])
def test_common_passwords_are_refused_at_registration(web, password):
    web.get("/register")
    response = web.post("/register", {"username": "Ann", "password": password, "confirm": password})
    assert response.status_code == 422
    assert "most common passwords" in response.get_data(as_text=True)


def test_too_many_registrations_from_one_address_get_429(app, web, clock):
    app.config["REGISTRATIONS_PER_ADDRESS"] = 2
    for number in range(2):
        web.client.delete_cookie("session", domain="keeper.test")
        web.register(f"user{number}")
    web.client.delete_cookie("session", domain="keeper.test")
    web.get("/register")
    response = web.post("/register", {"username": "user3", "password": "correct horse", "confirm": "correct horse"})
    assert response.status_code == 429 and "Retry-After" in response.headers
