"""The guest cookie: signed, long-lived, HttpOnly, SameSite=Lax, Secure in production.

It holds only the guest's random key. Flask-Login reads it (as a request loader) whenever the
session names nobody, so a guest stays "logged in" on this browser for as long as the cookie lives,
and a real account that logs in on the same browser takes precedence without losing the guest.
"""

from datetime import timedelta

from flask import Flask, current_app, g, request
from itsdangerous import BadSignature, URLSafeSerializer

from ..extensions import db, login_manager
from ..models import User
from .service import guest_by_key, touch

COOKIE = "ramo_guest"
# Browsers cap cookie lifetimes at 400 days; each returning visit slides it forward again.
MAX_AGE = timedelta(days=400)


def _signer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key, salt="ramo-keeper-guest")


def remember_guest(response, user: User):
    """Tie this browser to the guest."""
    response.set_cookie(COOKIE, _signer().dumps(user.username_key), max_age=MAX_AGE, httponly=True,
                        samesite="Lax", secure=current_app.config.get("SESSION_COOKIE_SECURE", False))
    return response


def forget_guest(response):
    response.delete_cookie(COOKIE, httponly=True, samesite="Lax",
                           secure=current_app.config.get("SESSION_COOKIE_SECURE", False))
    return response


def cookie_guest() -> User | None:
    """The guest this browser's cookie names, if the signature holds and the guest still exists."""
    raw = request.cookies.get(COOKIE)
    if not raw:
        return None
    try:
        key = _signer().loads(raw)
    except BadSignature:
        return None
    return guest_by_key(key) if isinstance(key, str) else None


def init_app(app: Flask) -> None:
    @login_manager.request_loader
    def load_guest(request_):
        # The API authenticates with bearer tokens only and never reads cookies.
        if request_.path.startswith("/api/"):
            return None
        user = cookie_guest()
        if user is not None and not (db.session.new or db.session.dirty or db.session.deleted) and touch(user):
            db.session.commit()
            g.slide_guest_cookie = user
        return user

    @app.after_request
    def slide_guest_cookie(response):
        user = g.pop("slide_guest_cookie", None)
        return remember_guest(response, user) if user is not None else response
