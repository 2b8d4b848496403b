"""The home page."""

from flask import Blueprint
from flask_login import current_user

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
def health():
    """For load balancers and the run check."""
    return {"status": "ok"}
