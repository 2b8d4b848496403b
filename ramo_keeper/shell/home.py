"""The home page."""

from flask import Blueprint, current_app
from flask_login import current_user
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .. import rules
from ..extensions import db
from ..games import listing
from ..i18n import TRANSLATED_LANGUAGES
from ..leagues.service import leagues_of
from ..text.game_words import game_name
from ..text.lists import names_and
from ..web.pagination import requested_page
from ..web.rendering import render
from . import catalogues

bp = Blueprint("main", __name__)


@bp.get("/")
def index():
    """Visitors and guests: Play now (and a guest's games); accounts: games in progress, then recent results."""
    if not current_user.is_authenticated:
        return render("main/welcome.html", games=_game_names())
    if current_user.is_guest:
        return render("main/welcome.html", games=_game_names(),
                      in_progress=listing.games_in_progress(current_user.id, requested_page()),
                      recent=listing.recent_results(current_user.id))
    return render("main/home.html", memberships=leagues_of(current_user),
                  in_progress=listing.games_in_progress(current_user.id, requested_page()),
                  recent=listing.recent_results(current_user.id))


def _game_names() -> str:
    """Every game the keeper knows, in the reader's language: "Ramo, Contract Rummy, … and Phase 10"."""
    return names_and(game_name(variant.name) for variant in rules.VARIANTS.values())


@bp.get("/healthz")
@bp.get("/healthz/live")
def health():
    """Liveness: the process answers (restart it if not). Touches nothing else."""
    return {"status": "ok"}


@bp.get("/healthz/ready")
def ready():
    """Readiness: the database answers and every offered language can be served (send no traffic here if not)."""
    missing = catalogues.unservable(current_app.config["TRANSLATIONS_DIRECTORY"], TRANSLATED_LANGUAGES)
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        return {"status": "unavailable", "database": "unreachable", "languages_missing": missing}, 503
    if missing:
        return {"status": "unavailable", "database": "ok", "languages_missing": missing}, 503
    return {"status": "ok", "database": "ok"}
