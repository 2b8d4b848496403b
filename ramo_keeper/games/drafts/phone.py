"""Which phone is asking: a random key in a long-lived cookie, kept in the database only as its SHA-256.

A seat is remembered on the phone, not in a login: a member logged in on two phones holds a seat on
one of them, and a phone on the live link has no login at all.
"""

import hashlib
import secrets
from datetime import timedelta

from flask import Flask, current_app, g, request

from ...text.validation import is_token

COOKIE = "ramo_phone"
MAX_AGE = timedelta(days=400)  # browsers cap a cookie's life at 400 days
KEY_LENGTH = 32  # secrets.token_urlsafe(24)


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def phone_digest() -> str | None:
    """This phone's digest, or None for a phone that never took a seat (or sent a damaged cookie)."""
    key = request.cookies.get(COOKIE, "")
    return digest(key) if len(key) == KEY_LENGTH and is_token(key) else None


def ensure_phone_digest() -> str:
    """This phone's digest, giving the phone a key (set on the response) when it has none."""
    found = phone_digest()
    if found is not None:
        return found
    key = secrets.token_urlsafe(24)
    g.new_phone_key = key
    return digest(key)


def init_app(app: Flask) -> None:
    @app.after_request
    def give_phone_key(response):
        key = g.pop("new_phone_key", None)
        if key is not None:
            response.set_cookie(COOKIE, key, max_age=MAX_AGE, httponly=True, samesite="Lax",
                                secure=current_app.config.get("SESSION_COOKIE_SECURE", False))
        return response
