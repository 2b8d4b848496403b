"""A player's statistics page, and the chart helpers every template can call."""

from flask import Blueprint, abort, request
from flask_login import login_required

from ..errors import NotFound
from ..leagues.players import get_player
from ..ratings.chart import rating_chart
from ..ratings.service import player_history
from ..text.validation import whole_number
from ..web.access import require_league
from ..web.ids import MAX_ID
from ..web.rendering import render
from . import service as season_service
from .player_stats import player_stats

bp = Blueprint("stats", __name__)


@bp.get("/leagues/<int:league_id>/players/<int:player_id>/stats")
@login_required
def player(league_id: int, player_id: int):
    """A player's record, best and worst games, lay-down rate per Ramo level and head-to-head."""
    league, membership = require_league(league_id)
    person = get_player(league, player_id)
    if person is None:
        abort(404)
    season = None
    if request.args.get("season"):
        season_id = whole_number(request.args["season"])  # ASCII digits: "１" is no season
        if season_id is None or not 0 < season_id <= MAX_ID:
            abort(404)
        try:
            season = season_service.get_season(league, season_id)
        except NotFound:
            abort(404)
    ratings = player_history(league, person.id)
    return render("stats/player.html", league=league, membership=membership, person=person, season=season,
                  seasons=season_service.seasons_of(league), stats=player_stats(person, season), ratings=ratings,
                  rating_charts=[rating_chart(entry, person.name) for entry in ratings])
