"""Users and API tokens."""

import hashlib
import secrets
from functools import cache

from flask import current_app
from werkzeug.security import check_password_hash, generate_password_hash

from ..errors import Conflict, ServiceError
from ..extensions import db
from ..models import ApiToken, User, utcnow
from ..text import TextError, clean_name, name_key
from .passwords import password_problem


def find_user(username: str) -> User | None:
    return db.session.execute(
        db.select(User).filter_by(username_key=name_key(username.strip()))
    ).scalar_one_or_none()


def create_user(username: str, password: str) -> User:
    """A new account; the name is unique however it is written ("Straße" and "STRASSE" are one name)."""
    try:
        username = clean_name(username, "A name")
    except TextError as error:
        raise ServiceError(error.message, field="username") from None
    problem = password_problem(password)
    if problem:
        raise ServiceError(problem, field="password")
    if find_user(username):
        raise Conflict(f"The name {username} is taken.", field="username")
    user = User(username=username, username_key=name_key(username))
    user.set_password(password)
    db.session.add(user)
    db.session.flush()
    return user


@cache
def _dummy_hash(method: str) -> str:
    return generate_password_hash(secrets.token_hex(16), method=method)


def authenticate(username: str, password: str) -> User | None:
    """The user whose name and password these are, or None.

    An unknown name still costs one password hash, so the answer takes as long either way and
    the time it takes tells nothing about which names exist.
    """
    user = find_user(username)
    if user is None:
        check_password_hash(_dummy_hash(current_app.config.get("PASSWORD_HASH_METHOD", "scrypt")), password)
        return None
    return user if user.check_password(password) else None


def user_for_session(session_id: str) -> User | None:
    """The user of a session or remember cookie ("<id>:<generation>"), unless that generation has ended."""
    user_id, _, generation = session_id.partition(":")
    if not (user_id.isdecimal() and generation.isdecimal()) or len(user_id) > 10:
        return None  # also every cookie made before generations existed
    user = db.session.get(User, int(user_id))
    return user if user and str(user.session_generation) == generation else None


def _hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(user: User) -> str:
    """A new API token for the user; only its hash is kept, so it is shown once."""
    token = "rk_" + secrets.token_urlsafe(32)
    db.session.add(ApiToken(user_id=user.id, token_hash=_hash_token(token), prefix=token[:8]))
    db.session.flush()
    return token


def user_for_token(token: str) -> User | None:
    row = db.session.execute(
        db.select(ApiToken).filter_by(token_hash=_hash_token(token), revoked_at=None)
    ).scalar_one_or_none()
    if row is None:
        return None
    row.last_used_at = utcnow()
    return row.user


def revoke_token(user: User, token_id: int) -> bool:
    row = db.session.get(ApiToken, token_id)
    if row is None or row.user_id != user.id or row.revoked_at:
        return False
    row.revoked_at = utcnow()
    return True
