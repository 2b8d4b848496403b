"""Configuration read from environment variables.

`Config` is the production/development default; tests pass a mapping to
`create_app(test_config=...)` that overrides any key.
"""

import os
import secrets
from pathlib import Path


class ConfigError(RuntimeError):
    """The app cannot start with this configuration."""


def _default_database_url(instance_path: str) -> str:
    return "sqlite:///" + str(Path(instance_path) / "ramo_keeper.sqlite3")


def _normalise_database_url(url: str) -> str:
    # Heroku-style URLs name the dialect "postgres"; SQLAlchemy wants a driver.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def secret_key(instance_path: str, production: bool) -> str:
    """The session-signing key: from SECRET_KEY, or a file in instance/ outside production.

    A generated key is written once so that restarting the server keeps everyone logged in.
    """
    key = os.environ.get("SECRET_KEY")
    if key:
        return key
    if production:
        raise ConfigError(
            "SECRET_KEY is not set. In production Ramo Keeper refuses to start without one: "
            "set SECRET_KEY to a long random string (python -c 'import secrets; print(secrets.token_hex(32))')."
        )
    key_file = Path(instance_path) / "secret_key"
    if not key_file.exists():
        key_file.parent.mkdir(parents=True, exist_ok=True)
        key_file.write_text(secrets.token_hex(32))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


def _int_env(name: str, default: int) -> int:
    value = os.environ.get(name, "")
    if not value:
        return default
    if not value.isdecimal():
        raise ConfigError(f"{name} must be a whole number, not {value!r}.")
    return int(value)


def load_config(instance_path: str) -> dict:
    """Everything the app needs, from the environment, with defaults for the embedded setup."""
    production = os.environ.get("RAMO_ENV", os.environ.get("FLASK_ENV", "")) == "production"
    database_url = os.environ.get("DATABASE_URL") or _default_database_url(instance_path)
    return {
        "PRODUCTION": production,
        "SECRET_KEY": secret_key(instance_path, production),
        "SQLALCHEMY_DATABASE_URI": _normalise_database_url(database_url),
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
        # A game night is longer than Flask-WTF's default hour.
        "WTF_CSRF_TIME_LIMIT": 24 * 3600,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SECURE": production,
        "REMEMBER_COOKIE_DURATION": 60 * 60 * 24 * 30,
        "REMEMBER_COOKIE_SECURE": production,
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        # Failed logins allowed per account name and per address in one window (at most 15 minutes).
        "LOGIN_ATTEMPTS_PER_ACCOUNT": _int_env("LOGIN_ATTEMPTS_PER_ACCOUNT", 10),
        "LOGIN_ATTEMPTS_PER_ADDRESS": _int_env("LOGIN_ATTEMPTS_PER_ADDRESS", 50),
        "REGISTRATIONS_PER_ADDRESS": _int_env("REGISTRATIONS_PER_ADDRESS", 20),
        "LOGIN_THROTTLE_WINDOW": _int_env("LOGIN_THROTTLE_WINDOW", 15 * 60),
        "SEND_FILE_MAX_AGE_DEFAULT": 3600,
        "MAX_CONTENT_LENGTH": 5 * 1024 * 1024,
    }
