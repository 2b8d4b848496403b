"""Games and their hands: create, read, record (idempotently), edit, undo."""

import re

from flask import abort, jsonify, request, url_for

from ..access import require_league
from ..games import service
from ..games.stored import load_game, state_of
from . import error, route, user
from .game_json import game_dict
from .schemas import Game, GameBody, HandBody

KEY = re.compile(r"[\x20-\x7e]{1,100}")
HEADERS = {
    "Idempotency-Key": {"in": "header", "name": "Idempotency-Key", "required": False,
                        "description": "A retry with the same key and body records nothing new.",
                        "schema": {"type": "string", "minLength": 1, "maxLength": 100, "pattern": "^[ -~]+$"}},
    "If-Match": {"in": "header", "name": "If-Match", "required": False,
                 "description": "The game's version (ETag) you edited from; 409 if it changed since.",
                 "schema": {"type": "string", "pattern": '^(W/)?"?[0-9]{1,9}"?$'}},
}


def _game(game_id: int, role: str):
    """The game, or 404 when it does not exist or lies in a league the caller is not in."""
    game = load_game(game_id)
    if game is None:
        abort(404)
    require_league(game.league_id, role, user())
    return game


def _reply(game, status: int = 200, headers=None):
    response = jsonify(game_dict(game, state_of(game)))
    response.status_code = status
    response.headers["ETag"] = f'"{game.version}"'
    response.headers.update(headers or {})
    return response


def _hand(game, number: int):
    if service.hand_row(game, number) is None:
        abort(404, f"Hand {number} does not exist in game {game.id}.")


@route("POST", "/leagues/{league_id}/games", 201, Game, GameBody, errors=(400, 403, 404, 409, 422))
def create_game(league_id: int, body: GameBody):
    """Start a game: players in seat order; the first seat deals unless first_dealer_id says otherwise."""
    league, _ = require_league(league_id, "scorer", user())
    default_season = "season_id" not in body.model_fields_set  # omitted: current season; null: none
    game = service.create_game(league, user(), body.variant, body.player_ids, body.first_dealer_id,
                               body.season_id, body.options, use_current_season=default_season)
    return _reply(load_game(game.id), 201, {"Location": url_for("api.game", game_id=game.id)})


@route("GET", "/games/{game_id}", response=Game, errors=(404,))
def game(game_id: int):
    """A game with every hand, the running totals and who deals next."""
    return _reply(_game(game_id, "viewer"))


@route("POST", "/games/{game_id}/hands", 201, Game, HandBody, errors=(400, 403, 404, 409, 422),
       headers={"Idempotency-Key": HEADERS["Idempotency-Key"]})
def record_hand(game_id: int, body: HandBody):
    """Record the next hand; a repeat with the same Idempotency-Key and body returns the game unchanged."""
    key = request.headers.get("Idempotency-Key")
    if key is not None and not KEY.fullmatch(key):
        return error(400, "Idempotency-Key must be 1 to 100 printable ASCII characters.")
    game = _game(game_id, "scorer")
    game, created = service.record_hand(game, user(), service.hand_from_dict(game, body.model_dump()), key)
    return _reply(game, 201, {} if created else {"Idempotent-Replayed": "true"})


@route("PUT", "/games/{game_id}/hands/{number}", 200, Game, HandBody, errors=(400, 403, 404, 409, 422),
       headers={"If-Match": HEADERS["If-Match"]})
def edit_hand(game_id: int, number: int, body: HandBody):
    """Replace a hand; everything after it is recomputed."""
    expected = request.headers.get("If-Match")
    match = re.fullmatch(r'\s*(?:W/)?"?([0-9]{1,9})"?\s*', expected) if expected is not None else None
    if expected is not None and match is None:
        return error(400, "If-Match must be the game's version, as in its ETag.")
    game = _game(game_id, "scorer")
    _hand(game, number)
    game = service.edit_hand(game, user(), number, service.hand_from_dict(game, body.model_dump()),
                             int(match.group(1)) if match else None)
    return _reply(game)


@route("DELETE", "/games/{game_id}/hands/{number}", 200, Game, errors=(403, 404, 409))
def undo_hand(game_id: int, number: int):
    """Remove the last hand (undo); any other hand is 409: edit it instead."""
    game = _game(game_id, "scorer")
    _hand(game, number)
    return _reply(service.undo_last_hand(game, user(), number))
