"""The home page."""

from flask import Blueprint
from flask_login import current_user

from .games import listing
from .leagues.service import leagues_of
from .pagination import requested_page
from .rendering import render

bp = Blueprint("main", __name__)


@bp.get("/")
def index():
    """Introduction for visitors; games in progress (a page at a time), then recent results, for a logged-in user."""
    if not current_user.is_authenticated:
        return render("main/welcome.html")
    return render("main/home.html", memberships=leagues_of(current_user),
                  in_progress=listing.games_in_progress(current_user.id, requested_page()),
                  recent=listing.recent_results(current_user.id))


@bp.get("/healthz")
def health():
    """For load balancers and the run check."""
    return {"status": "ok"}
