"""Club nights in the JSON API (docs/API.md): open, read, seat the next round, change, standings."""

from flask import abort, url_for

from ..extensions import db
from ..models import Night as NightRow_
from ..nights import closing, service
from ..nights.json import night_dict, night_row
from ..nights.standings import night_standings as standings_of
from ..web.access import require_league
from .blueprint import route, user
from .night_schemas import Night, NightBody, NightPatch, NightRow, NightStandings


def _night(night_id: int, role: str = "viewer") -> NightRow_:
    """The night, or 404 when it does not exist or lies in a league the caller is not in; 403 below `role`."""
    league_id = db.session.execute(db.select(NightRow_.league_id).where(NightRow_.id == night_id)).scalar()
    if league_id is None:
        abort(404)
    require_league(league_id, role, user())
    return db.session.get(NightRow_, night_id)


@route("POST", "/leagues/{league_id}/nights", 201, Night, NightBody, errors=(400, 403, 404, 409, 422))
def create_night(league_id: int, body: NightBody):
    """Open a club night: round 1 is seated and its games started (RULES.md §9)."""
    league, _ = require_league(league_id, "scorer", user())
    default_season = "season_id" not in body.model_fields_set
    night = service.open_night(league, user(), body.name, body.variant, body.player_ids, body.table_size,
                               body.rounds, body.seating, body.season_id, body.options,
                               use_current_season=default_season)
    return night_dict(night), 201, {"Location": url_for("api.night", night_id=night.id)}


@route("GET", "/leagues/{league_id}/nights", response=[NightRow], errors=(404,))
def nights(league_id: int):
    """The league's nights, newest first."""
    league, _ = require_league(league_id, "viewer", user())
    found = db.session.execute(db.select(NightRow_).where(NightRow_.league_id == league.id)
                               .order_by(NightRow_.id.desc())).scalars()
    return [night_row(night) for night in found]


@route("GET", "/nights/{night_id}", response=Night, errors=(404,))
def night(night_id: int):
    """A night: its players present, its rounds and tables, each table's game."""
    return night_dict(_night(night_id))


@route("POST", "/nights/{night_id}/rounds", 201, Night, errors=(403, 404, 409, 422))
def seat_round(night_id: int):
    """Seat the next round and start its games; 409 while a table plays (details.tables) or after the last round."""
    _night(night_id, "scorer")
    return night_dict(service.seat_next_round(night_id, user())), 201


@route("PATCH", "/nights/{night_id}", response=Night, body=NightPatch, errors=(400, 403, 404, 409, 422))
def change_night(night_id: int, body: NightPatch):
    """Rename, change the players present (between rounds only: the rest is re-planned), end or reopen the night,
    start or stop the round timer."""
    _night(night_id, "scorer")
    night = service.change_night(night_id, user(), body.player_ids, body.name)
    if body.ended is True:
        night = closing.end_night(night_id)
    elif body.ended is False:
        night = closing.reopen_night(night_id)
    if body.timer_minutes is not None:
        night = closing.set_timer(night_id, body.timer_minutes)
    return night_dict(night)


@route("POST", "/nights/{night_id}/tables/{table}/abandon", response=Night, errors=(403, 404, 409))
def abandon_table(night_id: int, table: int):
    """Mark a table of the current round abandoned: its game counts for neither the night nor the season."""
    _night(night_id, "scorer")
    return night_dict(closing.abandon_table(night_id, table))


@route("GET", "/nights/{night_id}/standings", response=NightStandings, errors=(404,))
def night_standings(night_id: int):
    """The night's standings over its finished games (RULES.md §9)."""
    return standings_of(_night(night_id))
