"""The API's Game bodies, kept per worker by the game's stamp, so an unchanged game is not rebuilt (worker_cache.py).

tests/api/test_game_bodies.py checks a kept body equals a fresh build after writes through another app.
"""

from flask import current_app
from sqlalchemy import bindparam

from ..database.worker_cache import game_stamp, kept
from ..extensions import db
from ..games.stored import read_game
from ..models import Game, Membership
from .game_json import game_dict

# Built once: making a statement and its cache key anew costs more than running it.
_VISIBLE_GAME = (
    db.select(Game.id, Game.version, Game.created_at, Game.updated_at, Membership.role)
    .join(Membership, (Membership.league_id == Game.league_id) & (Membership.user_id == bindparam("user_id")))
    .where(Game.id == bindparam("game_id"))
)


def visible_game(game_id: int, user):
    """The game's stamp columns and the caller's role in its league, in one statement (None: not visible)."""
    return db.session.connection().execute(_VISIBLE_GAME, {"game_id": game_id, "user_id": user.id}).first()


def game_body(game_id: int, user) -> tuple[bytes, int] | None:
    """The Game as JSON bytes and its version, or None when the caller may not see it."""
    head = visible_game(game_id, user)
    if head is None:
        return None
    body = kept().get(("api game", *game_stamp(head)))
    if body is not None:
        return body, head.version
    found = read_game(game_id)
    if found is None:  # deleted since
        return None
    game, state = found  # perhaps a newer version than `head`: kept under its own stamp
    body = encode(game_dict(game, state))
    kept().put(("api game", *game_stamp(game)), body)
    return body, game.version


def encode(document: dict) -> bytes:
    """The bytes jsonify would send, so a kept body reads exactly like every other answer."""
    return current_app.json.response(document).get_data()
