"""The home page."""

from flask import Blueprint
from flask_login import current_user
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .extensions import db
from .leagues.service import leagues_of
from .models import Game, Membership
from .rendering import render

bp = Blueprint("main", __name__)
RECENT_RESULTS = 10


def _games_of(user, finished: bool, limit: int | None = None) -> list[Game]:
    query = (db.select(Game).join(Membership, Membership.league_id == Game.league_id)
             .where(Membership.user_id == user.id, Game.status == ("finished" if finished else "in_progress"))
             .order_by((Game.finished_at if finished else Game.updated_at).desc()))
    return list(db.session.execute(query.limit(limit) if limit else query).scalars())


@bp.get("/")
def index():
    """Introduction for visitors; games in progress, then recent results, for a logged-in user."""
    if not current_user.is_authenticated:
        return render("main/welcome.html")
    return render("main/home.html", memberships=leagues_of(current_user),
                  in_progress=_games_of(current_user, finished=False),
                  recent=_games_of(current_user, finished=True, limit=RECENT_RESULTS))


@bp.get("/healthz")
@bp.get("/healthz/live")
def health():
    """Liveness: the process answers (restart it if not). Touches nothing else."""
    return {"status": "ok"}


@bp.get("/healthz/ready")
def ready():
    """Readiness: the database answers too (send no traffic here if not)."""
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        return {"status": "unavailable", "database": "unreachable"}, 503
    return {"status": "ok", "database": "ok"}
