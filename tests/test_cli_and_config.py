"""The `flask users` commands and configuration from the environment."""

from pathlib import Path

import pytest

from ramo_keeper.accounts.service import authenticate, user_for_token
from ramo_keeper.config import ConfigError, load_config


def test_users_create_then_duplicate_fails(app, runner):
    result = runner.invoke(args=["users", "create", "Ana", "--password", "correct horse"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert authenticate("Ana", "correct horse") is not None
    again = runner.invoke(args=["users", "create", "ana", "--password", "correct horse"])
    assert again.exit_code != 0
    assert "taken" in again.output


def test_users_create_refuses_a_short_password(runner):
    result = runner.invoke(args=["users", "create", "Ana", "--password", "short"])
    assert result.exit_code != 0
    assert "at least 8 characters" in result.output


def test_users_token_prints_a_working_token_as_the_last_line(app, runner):
    runner.invoke(args=["users", "create", "Ana", "--password", "correct horse"])
    result = runner.invoke(args=["users", "token", "Ana"])
    assert result.exit_code == 0
    token = result.output.strip().splitlines()[-1]
    with app.app_context():
        assert user_for_token(token).username == "Ana"
        assert user_for_token(token + "x") is None


def test_users_token_for_unknown_user_fails(runner):
    result = runner.invoke(args=["users", "token", "Nobody"])
    assert result.exit_code != 0 and "no user called Nobody" in result.output


def test_production_refuses_to_start_without_a_secret_key(monkeypatch, tmp_path):
    monkeypatch.setenv("RAMO_ENV", "production")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(ConfigError, match="SECRET_KEY is not set"):
        load_config(str(tmp_path))


def test_development_generates_and_keeps_a_secret_key(monkeypatch, tmp_path):
    monkeypatch.delenv("RAMO_ENV", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = load_config(str(tmp_path))["SECRET_KEY"]
    assert len(first) >= 32
    assert load_config(str(tmp_path))["SECRET_KEY"] == first
    assert (tmp_path / "secret_key").exists()


def test_database_url_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", "postgres://u@h/db")
    assert load_config(str(tmp_path))["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u@h/db"
    monkeypatch.delenv("DATABASE_URL")
    assert load_config(str(tmp_path))["SQLALCHEMY_DATABASE_URI"].startswith("sqlite:///")


def test_htmx_is_vendored_and_served_with_a_long_cache_lifetime(client):
    with client.get("/static/vendor/htmx-2.0.11.min.js") as response:
        body = response.get_data()
        assert response.status_code == 200
        assert response.cache_control.max_age == 365 * 24 * 3600
    assert len(body) == 52182  # npm htmx.org@2.0.11 dist/htmx.min.js
    assert b'version:"2.0.11"' in body


def test_pico_is_vendored_byte_for_byte(client):
    vendored = (Path(__file__).resolve().parent.parent / "static" / "vendor" / "pico-2.1.1.min.css").read_bytes()
    assert len(vendored) == 83319  # npm @picocss/pico@2.1.1 css/pico.min.css, as published
    assert vendored.startswith(b"@charset \"UTF-8\";/*!\n * Pico CSS") and b"v2.1.1" in vendored[:200]
    # Served without the rules no page here can use (shell/pico_trim.py), its licence kept.
    with client.get("/static/vendor/pico-2.1.1.min.css") as response:
        body = response.get_data()
        assert response.status_code == 200
    assert len(body) < len(vendored) and b"Licensed under MIT" in body[:200]


def test_every_page_has_a_viewport_and_no_cdn(client):
    page = client.get("/").get_data(as_text=True)
    assert '<meta name="viewport"' in page
    assert "cdn" not in page.lower() and "unpkg" not in page


def test_app_module_builds_the_app():
    import app as app_module

    assert app_module.app.name == "ramo_keeper"
    # The factory wired the features in: the pages, the API and the rules pages answer to their URLs.
    assert {"games", "api", "rules_pages"} <= set(app_module.app.blueprints)
    assert app_module.app.url_map.bind("keeper.test").match("/rules/ramo") == ("rules_pages.show",
                                                                               {"variant_key": "ramo"})


@pytest.mark.parametrize("value", ["３", "١٠", "５０"])
def test_a_number_setting_in_other_digits_is_refused(monkeypatch, tmp_path, value):
    """isdecimal() is True for "３" and int("３") is 3: a setting is read in ASCII digits or refused."""
    monkeypatch.setenv("LOGIN_ATTEMPTS_PER_ACCOUNT", value)
    with pytest.raises(ConfigError, match="LOGIN_ATTEMPTS_PER_ACCOUNT must be a whole number"):
        load_config(str(tmp_path))
    monkeypatch.setenv("LOGIN_ATTEMPTS_PER_ACCOUNT", "3")
    assert load_config(str(tmp_path))["LOGIN_ATTEMPTS_PER_ACCOUNT"] == 3
