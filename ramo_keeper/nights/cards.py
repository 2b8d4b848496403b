"""Table cards to print for a round: each table's number, its players in seat order and its code, one per A4 page.

The code is the table's own (page_context.table_view): while the board's link works it opens the table's
live game for anyone (nights/room.py), otherwise the game's live link or its page for the league's members.
"""

from flask import Blueprint, abort
from flask_login import login_required

from ..extensions import db
from ..models import Night
from ..web.access import require_league
from ..web.rendering import render
from .page_context import night_context

bp = Blueprint("night_cards", __name__)


@bp.get("/nights/<int:night_id>/cards")
@login_required
def table_cards(night_id: int):
    """The current round's table cards, for anyone in the night's league."""
    night = db.session.get(Night, night_id)
    if night is None:
        abort(404)
    league, _ = require_league(night.league_id)
    return render("nights/table_cards.html", league=league, **night_context(night, with_links=True))
