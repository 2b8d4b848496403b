"""Users and API tokens."""

import hashlib
import secrets
from contextlib import contextmanager
from datetime import timedelta
from functools import cache

from flask import current_app
from flask_babel import gettext
from sqlalchemy import or_, update
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import joinedload
from werkzeug.security import check_password_hash, generate_password_hash

from ..database.contention import flush_or_conflict
from ..errors import Conflict, ServiceError
from ..extensions import db
from ..i18n import N_
from ..models import ApiToken, User, utcnow
from ..text.validation import TextError, clean_name, folded, name_key
from .passwords import password_problem

# "Last used" is a coarse fact (the account page shows a day): one write per token per hour at most,
# so that reading through the API never queues behind a write.
LAST_USED_GRAIN = timedelta(hours=1)


def find_user(username: str) -> User | None:
    return db.session.execute(
        db.select(User).filter_by(username_key=name_key(username.strip()))
    ).scalar_one_or_none()


def refuse_taken_name(username: str) -> None:
    """Conflict if an account has this name or one that looks the same ("alice", "ａｌｉｃｅ", Cyrillic
    "аlice"). The answer never says which name it is: only that this one cannot be had."""
    existing = find_user(username)
    if existing is None:
        return
    if folded(existing.username) == folded(username):
        raise Conflict(gettext("The name %(name)s is taken.", name=username), field="username")
    raise Conflict(gettext("The name %(name)s looks the same as one already taken.", name=username),
                   field="username")


def create_user(username: str, password: str) -> User:
    """A new account; the name is unique however it is written ("Straße" and "STRASSE" are one name,
    and so are names that look the same)."""
    try:
        username = clean_name(username, N_("A name"))
    except TextError as error:
        raise ServiceError(error.message, field="username") from None
    problem = password_problem(password)
    if problem:
        raise ServiceError(problem, field="password")
    refuse_taken_name(username)
    taken = gettext("The name %(name)s is taken.", name=username)
    user = User(username=username, username_key=name_key(username))
    user.set_password(password)
    db.session.add(user)
    flush_or_conflict(taken, field="username")  # the unique key holds when two register the name at once
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
    if not (session_id.isascii() and user_id.isdecimal() and generation.isdecimal()) or len(user_id) > 10:
        return None  # also every cookie made before generations existed
    user = db.session.get(User, int(user_id))
    return user if user and str(user.session_generation) == generation else None


def _hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# A token outlives any browser, so it needs an account: a guest is only a cookie on one browser.
GUEST_NO_TOKEN = N_("Guests cannot have API tokens: save your games to an account first (Save to an account, "
                    "in the menu), then make a token here.")


def issue_token(user: User) -> str:
    """A new API token for the user; only its hash is kept, so it is shown once."""
    if user.is_guest:
        raise ServiceError(gettext(GUEST_NO_TOKEN))
    token = "rk_" + secrets.token_urlsafe(32)
    db.session.add(ApiToken(user_id=user.id, token_hash=_hash_token(token), prefix=token[:8]))
    db.session.flush()
    return token


def user_for_token(token: str) -> User | None:
    """The token's user (one statement), noting the use at most once per LAST_USED_GRAIN."""
    row = db.session.execute(
        db.select(ApiToken).options(joinedload(ApiToken.user))
        .filter_by(token_hash=_hash_token(token), revoked_at=None)
    ).scalar_one_or_none()
    if row is None:
        return None
    now = utcnow()
    if row.last_used_at is None or row.last_used_at < now - LAST_USED_GRAIN:
        _note_use(row.id, now)
    return row.user


def _note_use(token_id: int, now) -> None:
    """Record the use in its own short transaction, outside the request's, and never wait for it.

    The WHERE clause repeats the "due" test, so of several requests that saw a stale value only
    one writes. The request's own session never holds the write, so a read-only request stays
    read-only. When another request is writing at that moment (SQLite's single writer, or a row
    lock on PostgreSQL) the note is skipped rather than waited for: it is still due, and a later
    request makes it.
    """
    due = or_(ApiToken.last_used_at.is_(None), ApiToken.last_used_at < now - LAST_USED_GRAIN)
    target = db.select(ApiToken.id).where(ApiToken.id == token_id, due)
    try:
        with db.engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                target = target.with_for_update(skip_locked=True)
            with _no_busy_wait(connection):
                connection.execute(update(ApiToken).where(ApiToken.id.in_(target)).values(last_used_at=now))
    except OperationalError:
        pass


@contextmanager
def _no_busy_wait(connection):
    """On SQLite, fail at once instead of waiting out the busy timeout for the write lock."""
    if connection.dialect.name != "sqlite":
        yield
        return
    waited = connection.exec_driver_sql("PRAGMA busy_timeout").scalar()
    connection.exec_driver_sql("PRAGMA busy_timeout=0")
    try:
        yield
    finally:
        connection.exec_driver_sql(f"PRAGMA busy_timeout={int(waited)}")


def revoke_token(user: User, token_id: int) -> bool:
    row = db.session.get(ApiToken, token_id)
    if row is None or row.user_id != user.id or row.revoked_at:
        return False
    row.revoked_at = utcnow()
    return True
