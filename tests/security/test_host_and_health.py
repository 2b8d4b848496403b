"""External links come from PUBLIC_URL, never from the Host header; unknown hosts are refused; ProxyFix only
when switched on; health checks; the CSV Content-Type names its charset once."""

import pytest
from flask import request

from conftest import Table, csrf_from, make_app
from ramo_keeper.config import ConfigError, load_config
from ramo_keeper.extensions import db


def _shared_game(table) -> str:
    game_id = table.new_game("rummy", ["A", "B", "C"])
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    table.web.client.post(f"/games/{game_id}/share", data={"csrf_token": csrf_from(page)})
    return f"/games/{game_id}"


def _invite_page(table) -> str:
    page = table.web.get(f"/leagues/{table.league_id}").get_data(as_text=True)
    table.web.client.post(f"/leagues/{table.league_id}/invite", data={"csrf_token": csrf_from(page)})
    return f"/leagues/{table.league_id}"


def test_a_forged_host_header_never_reaches_invite_or_live_links(app, web):
    app.config["PUBLIC_URL"] = "https://ramo.example.org"
    table = Table(app, web, ["A", "B", "C"])
    paths = (_invite_page(table), _shared_game(table))
    for cookie in list(web.client._cookies.values()):  # the attacker's proxy passes the cookies on
        web.client.set_cookie(cookie.key, cookie.value, domain="evil.example")
    for path in paths:
        response = web.client.get(path, headers={"Host": "evil.example"})
        assert response.status_code == 200, path
        page = response.get_data(as_text=True)
        assert "evil.example" not in page, path
        assert "https://ramo.example.org/" in page, path


def test_an_untrusted_host_is_refused(app, client):
    app.config["TRUSTED_HOSTS"] = ["keeper.test"]
    assert client.get("/rules").status_code == 200
    assert client.get("/rules", headers={"Host": "evil.example"}).status_code == 400


def test_public_url_sets_the_trusted_host_and_is_checked(monkeypatch, tmp_path):
    monkeypatch.setenv("PUBLIC_URL", "https://ramo.example.org/")
    config = load_config(str(tmp_path))
    assert config["PUBLIC_URL"] == "https://ramo.example.org"
    assert config["TRUSTED_HOSTS"] == ["ramo.example.org"]
    monkeypatch.setenv("PUBLIC_URL", "ramo.example.org")
    with pytest.raises(ConfigError):
        load_config(str(tmp_path))


def test_proxy_headers_are_ignored_unless_proxy_fix_is_on(app):
    def seen_address(**config):
        application = make_app({"SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
                                  "SECRET_KEY": "x", **config})
        application.add_url_rule("/_address", "address", lambda: request.remote_addr)
        response = application.test_client().get("/_address", headers={"X-Forwarded-For": "203.0.113.5"},
                                                  environ_base={"REMOTE_ADDR": "10.0.0.2"})
        with application.app_context():
            db.engine.dispose()
        return response.get_data(as_text=True)

    assert seen_address() == "10.0.0.2"
    assert seen_address(PROXY_FIX_HOPS=1) == "203.0.113.5"


def test_health_checks(app, client):
    assert client.get("/healthz/live").get_json() == {"status": "ok"}
    assert client.get("/healthz/ready").get_json() == {"status": "ok", "database": "ok"}


def test_readiness_fails_when_the_database_is_gone(tmp_path):
    broken = make_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/missing-dir/x.sqlite3",
                         "SECRET_KEY": "x", "TESTING": True})
    response = broken.test_client().get("/healthz/ready")
    assert response.status_code == 503 and response.get_json()["database"] == "unreachable"
    assert broken.test_client().get("/healthz/live").status_code == 200
    with broken.app_context():
        db.engine.dispose()


def test_the_csv_content_type_names_its_charset_once(table):
    response = table.web.get(f"/leagues/{table.league_id}/seasons/{table.season_id}/standings.csv")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
