"""Users and API tokens."""

import hashlib
import secrets

from ..errors import Conflict, ServiceError
from ..extensions import db
from ..models import ApiToken, User, utcnow

MIN_PASSWORD = 8


def find_user(username: str) -> User | None:
    return db.session.execute(
        db.select(User).filter_by(username_key=username.strip().lower())
    ).scalar_one_or_none()


def create_user(username: str, password: str) -> User:
    """A new account; the name is unique whatever its case."""
    username = username.strip()
    if not username:
        raise ServiceError("Choose a name.", field="username")
    if len(password) < MIN_PASSWORD:
        raise ServiceError(f"Use at least {MIN_PASSWORD} characters.", field="password")
    if find_user(username):
        raise Conflict(f"The name {username} is taken.", field="username")
    user = User(username=username, username_key=username.lower())
    user.set_password(password)
    db.session.add(user)
    db.session.flush()
    return user


def authenticate(username: str, password: str) -> User | None:
    user = find_user(username)
    if user and user.check_password(password):
        return user
    return None


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
