"""Who may see and change what: league membership checks shared by pages and the API."""

from flask import abort
from flask_babel import gettext
from flask_login import current_user
from sqlalchemy import bindparam

from ..extensions import db
from ..models import League, Membership

# Every league page and game read asks this: the statement is built once.
_MEMBERSHIP = db.select(Membership).where(Membership.league_id == bindparam("league_id"),
                                         Membership.user_id == bindparam("user_id"))


def membership_for(league_id: int, user=None) -> Membership | None:
    user = user or current_user
    if not user or not user.is_authenticated:
        return None
    return db.session.execute(_MEMBERSHIP, {"league_id": league_id, "user_id": user.id}).scalar_one_or_none()


def require_league(league_id: int, role: str = "viewer", user=None) -> tuple[League, Membership]:
    """The league and the caller's membership, or 404 for outsiders and 403 for too low a role.

    Outsiders get 404, never 403, so a league's existence is not revealed.
    """
    membership = membership_for(league_id, user)
    if membership is None:
        abort(404)
    if role == "scorer" and not membership.can_write:
        abort(403)
    if role == "owner" and membership.role != "owner":
        abort(403, gettext("Only the league's owner can do that."))
    return membership.league, membership
