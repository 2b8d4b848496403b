"""Logging out, changing the password and "log out everywhere" end the old session and remember cookies."""

from conftest import Browser, csrf_from


def _cookies(client) -> dict[str, str]:
    return {cookie.key: cookie.value for cookie in client._cookies.values()}


def _replay(app, cookies: dict[str, str]):
    """A fresh browser carrying copies of old cookies (what a thief who copied them would do)."""
    thief = app.test_client()
    for name, value in cookies.items():
        thief.set_cookie(name, value, domain="keeper.test")
    return thief


def _logged_in(client) -> bool:
    response = client.get("/account")
    return response.status_code == 200


def _logged_in_with_remember(web) -> dict[str, str]:
    web.register("Ann")
    web.logout()
    web.get("/login")
    response = web.post("/login", {"username": "Ann", "password": "correct horse", "remember": "y"})
    assert response.status_code == 303
    cookies = _cookies(web.client)
    assert {"session", "remember_token"} <= cookies.keys()
    return cookies


def test_old_session_cookie_stops_working_after_logout(app, web):
    cookies = _logged_in_with_remember(web)
    assert _logged_in(_replay(app, {"session": cookies["session"]}))
    web.logout()
    assert not _logged_in(_replay(app, {"session": cookies["session"]}))


def test_old_remember_cookie_stops_working_after_logout(app, web):
    cookies = _logged_in_with_remember(web)
    assert _logged_in(_replay(app, {"remember_token": cookies["remember_token"]}))
    web.logout()
    assert not _logged_in(_replay(app, {"remember_token": cookies["remember_token"]}))


def test_password_change_logs_out_other_devices_but_not_this_one(app, web):
    cookies = _logged_in_with_remember(web)
    page = web.get("/account").get_data(as_text=True)
    response = web.client.post("/account", data={
        "csrf_token": csrf_from(page), "current": "correct horse", "password": "tumbling otter 7",
        "confirm": "tumbling otter 7"})
    assert response.status_code == 303
    assert _logged_in(web.client)
    assert not _logged_in(_replay(app, {"session": cookies["session"]}))
    assert not _logged_in(_replay(app, {"remember_token": cookies["remember_token"]}))


def test_log_out_everywhere_ends_every_device(app, web):
    cookies = _logged_in_with_remember(web)
    other_phone = Browser(app.test_client())
    other_phone.login("Ann")
    assert _logged_in(other_phone.client)
    page = web.get("/account").get_data(as_text=True)
    assert "Log out everywhere" in page
    response = web.client.post("/account/logout-everywhere", data={"csrf_token": csrf_from(page)})
    assert response.status_code == 303
    assert not _logged_in(web.client)
    assert not _logged_in(other_phone.client)
    assert not _logged_in(_replay(app, cookies))


def test_remember_cookie_is_httponly_and_samesite_lax(web):
    web.register("Ann")
    web.logout()
    web.get("/login")
    response = web.post("/login", {"username": "Ann", "password": "correct horse", "remember": "y"})
    header = next(h for h in response.headers.getlist("Set-Cookie") if h.startswith("remember_token="))
    assert "HttpOnly" in header and "SameSite=Lax" in header


def test_remember_cookie_is_secure_in_production(monkeypatch, tmp_path):
    from ramo_keeper.config import load_config

    monkeypatch.setenv("RAMO_ENV", "production")
    monkeypatch.setenv("SECRET_KEY", "x" * 32)
    config = load_config(str(tmp_path))
    assert config["REMEMBER_COOKIE_SECURE"] is True and config["SESSION_COOKIE_SECURE"] is True


def test_a_session_id_in_other_digits_names_nobody(app):
    """"１:０" passed isdecimal() and int("１") is 1: only "<ASCII id>:<ASCII generation>" names a user."""
    from ramo_keeper.accounts.service import create_user, user_for_session
    from ramo_keeper.extensions import db

    with app.app_context():
        user = create_user("Ann", "correct horse")
        db.session.commit()
        plain = f"{user.id}:{user.session_generation}"
        assert user_for_session(plain) == user
        full_width = "".join(chr(0xFF10 + int(c)) if c.isdigit() else c for c in plain)
        arabic_indic = "".join(chr(0x0660 + int(c)) if c.isdigit() else c for c in plain)
        for odd in (full_width, arabic_indic, f"{user.id}:{full_width.partition(':')[2]}",
                    f"{full_width.partition(':')[0]}:{user.session_generation}"):
            assert user_for_session(odd) is None, odd
