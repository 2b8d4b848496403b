"""Season standings (JSON and CSV) and the OpenAPI document."""

from flask import Response, abort

from ..extensions import db
from ..models import Season
from ..web.access import require_league
from .blueprint import route, user
from .schemas import Standings


def _season(season_id: int) -> Season:
    season = db.session.get(Season, season_id)
    if season is None:
        abort(404)
    require_league(season.league_id, "viewer", user())
    return season


@route("GET", "/seasons/{season_id}/standings", response=Standings, errors=(404,))
def standings(season_id: int):
    """The season's standings, one table per game (docs/RULES.md §5)."""
    from ..seasons.standings import season_standings

    return season_standings(_season(season_id))


@route("GET", "/seasons/{season_id}/standings.csv", response="text/csv", errors=(404,))
def standings_csv(season_id: int):
    """The same standings as CSV, safe to open in a spreadsheet."""
    from ..seasons.standings import season_standings, standings_csv

    season = _season(season_id)
    return Response(standings_csv(season_standings(season)), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="season-{season.id}-standings.csv"'})


@route("GET", "/openapi.json", response="openapi")
def openapi():
    """This document: every endpoint and shape of the API (no token needed)."""
    from .openapi import document

    return document()
