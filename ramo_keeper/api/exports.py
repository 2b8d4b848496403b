"""Ratings, the round-by-round scoresheet and the BG Stats hand-off (docs/EXPORTS.md)."""

from flask import Response, abort
from flask_babel import gettext

from ..exports.bgstats import create_play
from ..exports.scoresheet import scoresheet, scoresheet_csv
from ..games.stored import read_game
from ..ratings.service import ratings_tables
from ..web.access import require_league
from .blueprint import error, route, user
from .schemas import BgStatsPlay, Ratings, Scoresheet


@route("GET", "/leagues/{league_id}/ratings", response=Ratings, errors=(404,))
def ratings(league_id: int):
    """Skill ratings per game type, best first; 404 while the league's ratings are off."""
    league, _ = require_league(league_id, "viewer", user())
    if not league.ratings:
        return error(404, gettext("This league's ratings are off: its owner can switch them on "
                                  "(PATCH /api/v1/leagues/{id} with {\"ratings\": true})."))
    return ratings_tables(league)


def _game(game_id: int):
    found = read_game(game_id)
    if found is None:
        abort(404)
    require_league(found[0].league_id, "viewer", user())
    return found


@route("GET", "/games/{game_id}/scoresheet.json", response=Scoresheet, errors=(404,))
def scoresheet_json(game_id: int):
    """The round-by-round scoresheet: one row per hand per player, with the running total."""
    game, state = _game(game_id)
    return scoresheet(game.id, state)


@route("GET", "/games/{game_id}/scoresheet.csv", response="text/csv", errors=(404,))
def scoresheet_csv_export(game_id: int):
    """The same scoresheet as CSV (UTF-8, RFC 4180, formula-guarded), one row per hand per player."""
    game, state = _game(game_id)
    return Response(scoresheet_csv(scoresheet(game.id, state)), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="game-{game.id}-scoresheet.csv"'})


@route("GET", "/games/{game_id}/bgstats", response=BgStatsPlay, errors=(404, 409))
def bgstats(game_id: int):
    """BG Stats' create-play data for a finished game; 409 while it is in progress."""
    game, state = _game(game_id)
    if not state.finished:
        return error(409, gettext("The game is still in progress: BG Stats takes finished games only."))
    return create_play(game, state)
