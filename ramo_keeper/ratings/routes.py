"""The league's ratings page and the owner's switch."""

from flask import Blueprint, abort, flash, redirect, request, url_for
from flask_babel import gettext
from flask_login import login_required

from ..web.access import require_league
from ..web.forms import EmptyForm
from ..web.rendering import render
from .service import ratings_tables, switch_ratings

bp = Blueprint("ratings", __name__)


@bp.get("/leagues/<int:league_id>/ratings")
@login_required
def table(league_id: int):
    """Skill ratings per game type; there is no such page while the league's ratings are off."""
    league, membership = require_league(league_id)
    if not league.ratings:
        abort(404)
    return render("ratings/table.html", league=league, membership=membership, ratings=ratings_tables(league))


@bp.post("/leagues/<int:league_id>/ratings/switch")
@login_required
def switch(league_id: int):
    """The owner switches the league's ratings on or off."""
    league, _ = require_league(league_id, "owner")
    if EmptyForm().validate_on_submit():
        on = request.form.get("ratings") == "on"
        switch_ratings(league, on)
        flash(gettext("Skill ratings are on.") if on else gettext("Skill ratings are off."), "success")
    return redirect(url_for("leagues.show", league_id=league.id), 303)
