"""Login and registration limits, per account name and per address, counted in the database (throttle.py)."""

from flask import current_app, request
from flask_babel import ngettext

from ..database import throttle
from ..text.validation import name_key

# A lockout never lasts longer than this, whatever the configuration says.
LONGEST_LOCKOUT = 15 * 60



def _window() -> int:
    return min(current_app.config["LOGIN_THROTTLE_WINDOW"], LONGEST_LOCKOUT)


def _address() -> str:
    # With PROXY_FIX on, remote_addr is the client's address as the trusted proxy reports it.
    return request.remote_addr or "unknown"


def _buckets(username: str) -> list[tuple[str, str, int]]:
    config = current_app.config
    return [("login-account", name_key(username), config["LOGIN_ATTEMPTS_PER_ACCOUNT"]),
            ("login-address", _address(), config["LOGIN_ATTEMPTS_PER_ADDRESS"])]


def login_blocked(username: str) -> int | None:
    """Seconds to wait before this name may try again from this address, or None."""
    waits = [throttle.blocked(bucket, key, limit, _window()) for bucket, key, limit in _buckets(username)]
    return max((wait for wait in waits if wait), default=None)


def login_failed(username: str) -> None:
    for bucket, key, limit in _buckets(username):
        throttle.hit(bucket, key, limit, _window())


def login_succeeded(username: str) -> None:
    throttle.reset("login-account", name_key(username))


def registration_refused() -> int | None:
    """Counts one new account from this address; seconds to wait when over the limit, else None."""
    return throttle.hit("register-address", _address(), current_app.config["REGISTRATIONS_PER_ADDRESS"], _window())


def message(kind: str, retry_after: int) -> str:
    """The sentence for a refused login ("login") or registration ("register"), in whole minutes."""
    minutes = max(1, -(-retry_after // 60))
    if kind == "login":
        return ngettext("Too many failed logins for this name or from this address. Try again in %(num)d minute.",
                        "Too many failed logins for this name or from this address. Try again in %(num)d minutes.",
                        minutes)
    return ngettext("Too many new accounts from this address. Try again in %(num)d minute.",
                    "Too many new accounts from this address. Try again in %(num)d minutes.", minutes)
