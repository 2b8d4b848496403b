"""Variants, leagues, rosters and seasons."""

from ..leagues import service
from ..rules import VARIANTS
from ..text.options import option_help
from ..text.requirements import requirement
from ..web.access import require_league
from .blueprint import route, user
from .schemas import LeaguePatch, LeagueRow, LeagueSettings, NameBody, Named, PlayerBody, Variant


def variant_dict(variant) -> dict:
    """docs/API.md's Variant: the rule facts, with the options' defaults (and, as an addition, their limits)."""
    return {
        "key": variant.key, "name": variant.name,
        "min_players": variant.min_players, "max_players": variant.max_players,
        "levels": [{"number": level.number, "requirement": requirement(level)} for level in variant.levels],
        "card_categories": [{"key": c.key, "label": c.label, "points": c.points, "maximum": c.maximum}
                            for c in variant.card_categories],
        "options": variant.default_options(),
        "option_details": [{"key": o.key, "default": o.default, "kind": o.kind, "choices": list(o.choices),
                            "minimum": o.minimum, "maximum": o.maximum, "help": option_help(o)}
                           for o in variant.options],
        "lower_is_better": variant.lower_is_better,
    }


@route("GET", "/variants", response=[Variant])
def variants():
    """The games this keeper scores, with their levels, card categories and option defaults."""
    return [variant_dict(v) for v in VARIANTS.values()]


@route("GET", "/leagues", response=[LeagueRow])
def leagues():
    """The caller's leagues and their role in each."""
    return [{"id": m.league.id, "name": m.league.name, "role": m.role} for m in service.leagues_of(user())]


@route("POST", "/leagues", 201, Named, NameBody, errors=(400, 409, 422))
def create_league(body: NameBody):
    """Create a league; the caller becomes its owner. 409 if they own one whose name looks the same."""
    league = service.create_league(user(), body.name, unlike_owned=True)
    return {"id": league.id, "name": league.name}, 201


@route("PATCH", "/leagues/{league_id}", 200, LeagueSettings, LeaguePatch, errors=(400, 403, 404, 409, 422))
def update_league(league_id: int, body: LeaguePatch):
    """Rename the league or switch its skill ratings on or off (owner only)."""
    league, _ = require_league(league_id, "owner", user())
    service.update_league(league, body.name, body.ratings)
    return {"id": league.id, "name": league.name, "ratings": league.ratings}


@route("GET", "/leagues/{league_id}/players", response=[Named], errors=(404,))
def players(league_id: int):
    """The league's roster (archived players left out)."""
    league, _ = require_league(league_id, "viewer", user())
    return [{"id": p.id, "name": p.name} for p in service.roster(league)]


@route("POST", "/leagues/{league_id}/players", 201, Named, PlayerBody, errors=(400, 403, 404, 409, 422))
def create_player(league_id: int, body: PlayerBody):
    """Add a player to the roster; 409 if the name, or one that looks the same, is already on it."""
    league, _ = require_league(league_id, "scorer", user())
    player = service.add_player(league, body.name)
    return {"id": player.id, "name": player.name}, 201


@route("POST", "/leagues/{league_id}/seasons", 201, Named, NameBody, errors=(400, 403, 404, 409, 422))
def create_season(league_id: int, body: NameBody):
    """Start a season in the league (scorers and owners, as on the seasons page)."""
    from ..seasons.service import create_season as create

    league, _ = require_league(league_id, "scorer", user())
    season = create(league, body.name)
    return {"id": season.id, "name": season.name}, 201
