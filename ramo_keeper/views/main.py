"""The home page."""

from flask import Blueprint
from flask_login import current_user

from ..services.leagues import leagues_of
from . import render

bp = Blueprint("main", __name__)


@bp.get("/")
def index():
    """Introduction for visitors; leagues and games for a logged-in user."""
    if not current_user.is_authenticated:
        return render("main/welcome.html")
    return render("main/home.html", memberships=leagues_of(current_user))


@bp.get("/healthz")
def health():
    """For load balancers and the run check."""
    return {"status": "ok"}
