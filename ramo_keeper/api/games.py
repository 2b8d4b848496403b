"""Games and their hands: create, read, record (idempotently), edit, undo."""

import re

from flask import abort, current_app, jsonify, request, url_for
from flask_babel import gettext
from flask_babel import lazy_gettext as _l

from ..extensions import db
from ..games import service
from ..games.hand_inputs import from_body
from ..games.stored import read_game
from ..models import Game as GameRow
from ..web.access import membership_for, require_league
from .blueprint import error, route, user
from .game_bodies import game_body
from .game_json import game_dict
from .schemas import Game, GameBody, HandBody

KEY = re.compile(r"[\x20-\x7e]{1,100}")
IF_MATCH = re.compile(r'\s*(?:W/)?"?([0-9]{1,9})"?\s*')
IF_MATCH_REFUSED = _l("If-Match must be the game's version, as in its ETag.")
HEADERS = {
    "Idempotency-Key": {"in": "header", "name": "Idempotency-Key", "required": False,
                        "description": "A retry with the same key and body records nothing new.",
                        "schema": {"type": "string", "minLength": 1, "maxLength": 100, "pattern": "^[ -~]+$"}},
    "If-Match": {"in": "header", "name": "If-Match", "required": False,
                 "description": "The game's version (ETag) you edited from; 409 if it changed since.",
                 "schema": {"type": "string", "pattern": '^(W/)?"?[0-9]{1,9}"?$'}},
}


def require_game_role(game_id: int, role: str) -> None:
    """404 when the game does not exist or lies in a league the caller is not in; 403 below `role`."""
    league_id = db.session.execute(db.select(GameRow.league_id).where(GameRow.id == game_id)).scalar_one_or_none()
    membership = membership_for(league_id, user()) if league_id is not None else None
    if membership is None:
        abort(404)
    if role == "scorer" and not membership.can_write:
        abort(403)


def _reply(game, state, status: int = 200, headers=None):
    """The Game, built from what is stored (or the state a write just stored): never a replay."""
    response = jsonify(game_dict(game, state))
    response.status_code = status
    response.headers["ETag"] = f'"{game.version}"'
    response.headers.update(headers or {})
    return response


@route("POST", "/leagues/{league_id}/games", 201, Game, GameBody, errors=(400, 403, 404, 409, 422))
def create_game(league_id: int, body: GameBody):
    """Start a game: players in seat order; the first seat deals unless first_dealer_id says otherwise."""
    league, _ = require_league(league_id, "scorer", user())
    default_season = "season_id" not in body.model_fields_set  # omitted: current season; null: none
    game = service.create_game(league, user(), body.variant, body.player_ids, body.first_dealer_id,
                               body.season_id, body.options, use_current_season=default_season)
    return _reply(*read_game(game.id), 201, {"Location": url_for("api.game", game_id=game.id)})


@route("GET", "/games/{game_id}", response=Game, errors=(404,))
def game(game_id: int):
    """A game with every hand, the running totals and who deals next."""
    found = game_body(game_id, user())
    if found is None:
        abort(404)
    body, version = found
    response = current_app.response_class(body, mimetype="application/json")
    response.headers["ETag"] = f'"{version}"'
    return response


@route("POST", "/games/{game_id}/hands", 201, Game, HandBody, errors=(400, 403, 404, 409, 422),
       headers={"Idempotency-Key": HEADERS["Idempotency-Key"]})
def record_hand(game_id: int, body: HandBody):
    """Record the next hand; a repeat with the same Idempotency-Key and body returns the game unchanged."""
    key = request.headers.get("Idempotency-Key")
    if key is not None and not KEY.fullmatch(key):
        return error(400, gettext("Idempotency-Key must be 1 to 100 printable ASCII characters."))
    require_game_role(game_id, "scorer")
    game, state, created = service.record_hand(game_id, user(), from_body(body.model_dump()), key)
    return _reply(game, state, 201, {} if created else {"Idempotent-Replayed": "true"})


@route("PUT", "/games/{game_id}/hands/{number}", 200, Game, HandBody, errors=(400, 403, 404, 409, 422),
       headers={"If-Match": HEADERS["If-Match"]})
def edit_hand(game_id: int, number: int, body: HandBody):
    """Replace a hand; everything after it is recomputed."""
    expected = _if_match()
    if expected is False:
        return error(400, str(IF_MATCH_REFUSED))
    require_game_role(game_id, "scorer")
    game, state = service.edit_hand(game_id, user(), number, from_body(body.model_dump()), expected)
    return _reply(game, state)


@route("DELETE", "/games/{game_id}/hands/{number}", 200, Game, errors=(400, 403, 404, 409),
       headers={"If-Match": HEADERS["If-Match"]})
def undo_hand(game_id: int, number: int):
    """Remove the last hand (undo); any other hand is 409: edit it instead. With If-Match, 409 unless the
    game is still at that version: a retried undo never removes a hand recorded meanwhile."""
    expected = _if_match()
    if expected is False:
        return error(400, str(IF_MATCH_REFUSED))
    require_game_role(game_id, "scorer")
    return _reply(*service.undo_last_hand(game_id, user(), number, expected))


def _if_match() -> int | None | bool:
    """The version If-Match names, None without the header, False when it names no version."""
    sent = request.headers.get("If-Match")
    if sent is None:
        return None
    match = IF_MATCH.fullmatch(sent)
    return int(match.group(1)) if match else False
