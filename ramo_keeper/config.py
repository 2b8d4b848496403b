"""Configuration read from environment variables.

`load_config(instance_path)` gives the settings as a mapping (production or development, from RAMO_ENV);
tests pass a mapping to `create_app(test_config=...)` that overrides any key of it.
"""

import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit


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
    if not (value.isascii() and value.isdecimal()):  # isdecimal() alone takes "３" (full-width) for 3
        raise ConfigError(f"{name} must be a whole number, not {value!r}.")
    return int(value)


def _public_url() -> str | None:
    url = os.environ.get("PUBLIC_URL", "").strip().rstrip("/")
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ConfigError(f"PUBLIC_URL must look like https://ramo.example.org, not {url!r}.")
    return url


def _trusted_hosts(public_url: str | None) -> list[str] | None:
    """Host names the app answers to (TRUSTED_HOSTS, comma-separated; else PUBLIC_URL's host); None: any."""
    names = [name.strip() for name in os.environ.get("TRUSTED_HOSTS", "").split(",") if name.strip()]
    if not names and public_url:
        names = [urlsplit(public_url).hostname]
    return names or None


def load_config(instance_path: str) -> dict:
    """Everything the app needs, from the environment, with defaults for the embedded setup."""
    production = os.environ.get("RAMO_ENV", os.environ.get("FLASK_ENV", "")) == "production"
    database_url = os.environ.get("DATABASE_URL") or _default_database_url(instance_path)
    public_url = _public_url()
    return {
        "PRODUCTION": production,
        # The address people use (https://ramo.example.org): external links are built from it.
        "PUBLIC_URL": public_url,
        # Werkzeug refuses (400) a request whose Host header is not one of these.
        "TRUSTED_HOSTS": _trusted_hosts(public_url),
        # PROXY_FIX=1 behind one reverse proxy (2 behind two): read the client's address and scheme
        # from X-Forwarded-*. Off by default, since without a proxy those headers are the client's lies.
        "PROXY_FIX_HOPS": _int_env("PROXY_FIX", 0),
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
        # Play now: new guests per address per window, and the idle days after which `flask guests prune`
        # removes a guest league.
        "GUEST_CREATE_LIMIT": _int_env("GUEST_CREATE_LIMIT", 10),
        "GUEST_CREATE_WINDOW_SECONDS": _int_env("GUEST_CREATE_WINDOW_SECONDS", 3600),
        "GUEST_IDLE_DAYS": _int_env("GUEST_IDLE_DAYS", 90),
        # Everyone counts their own cards: drafts one seat may send a minute, whichever phone holds it, and
        # drafts one address may send (a table's phones often share one Wi-Fi address) (drafts/routes.py).
        "DRAFTS_PER_PHONE_PER_MINUTE": _int_env("DRAFTS_PER_PHONE_PER_MINUTE", 120),
        "DRAFTS_PER_ADDRESS_PER_MINUTE": _int_env("DRAFTS_PER_ADDRESS_PER_MINUTE", 600),
        # How long a SQLite writer waits for the write lock before the request is answered 503.
        "SQLITE_BUSY_TIMEOUT_MS": _int_env("SQLITE_BUSY_TIMEOUT_MS", 5000),
    }
