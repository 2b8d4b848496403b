"""The API's Game bodies, kept per worker by the game's version, so an unchanged game is not rebuilt.

A game read is the API's busiest request: every phone and script at a table polls it. Its body
depends only on the game's stored rows, and every write that changes them moves `Game.version`
(hands: games/service.py; a player's new name: leagues/service.py), so a body built for one version
stays right for as long as the game is at that version. The key also holds the game's creation and
last-write times: SQLite may give a deleted game's id to a new game, which starts again at version 1.

Each worker keeps its own bodies and checks the version in the database on every read, so a write
made through another worker is seen at once. tests/api/test_game_bodies.py checks a kept body
equals a fresh build after writes through another app.
"""

import threading
from collections import OrderedDict

from flask import current_app

from ..extensions import db
from ..games.stored import read_game
from ..models import Game, Membership
from .game_json import game_dict

KEPT = 256  # games; a body of 20 hands is about 14 KB


class GameBodies:
    def __init__(self, size: int = KEPT):
        self._bodies: OrderedDict[tuple, bytes] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()  # the development server answers on threads

    def get(self, key: tuple) -> bytes | None:
        with self._lock:
            body = self._bodies.get(key)
            if body is not None:
                self._bodies.move_to_end(key)
            return body

    def put(self, key: tuple, body: bytes) -> None:
        with self._lock:
            self._bodies[key] = body
            self._bodies.move_to_end(key)
            while len(self._bodies) > self._size:
                self._bodies.popitem(last=False)


def _bodies() -> GameBodies:
    return current_app.extensions.setdefault("ramo_game_bodies", GameBodies())


def _key(game_id: int, version: int, created_at, updated_at) -> tuple:
    return game_id, version, created_at, updated_at


def visible_game(game_id: int, user) -> tuple | None:
    """The game's version stamps and the caller's role in its league, in one statement (None: not visible)."""
    row = db.session.execute(
        db.select(Game.version, Game.created_at, Game.updated_at, Membership.role)
        .join(Membership, (Membership.league_id == Game.league_id) & (Membership.user_id == user.id))
        .where(Game.id == game_id)
    ).first()
    return row


def game_body(game_id: int, user) -> tuple[bytes, int] | None:
    """The Game as JSON bytes and its version, or None when the caller may not see it."""
    head = visible_game(game_id, user)
    if head is None:
        return None
    body = _bodies().get(_key(game_id, head.version, head.created_at, head.updated_at))
    if body is not None:
        return body, head.version
    found = read_game(game_id)
    if found is None:  # deleted since
        return None
    game, state = found
    body = encode(game_dict(game, state))
    _bodies().put(_key(game.id, game.version, game.created_at, game.updated_at), body)
    return body, game.version


def encode(document: dict) -> bytes:
    """The bytes jsonify would send, so a kept body reads exactly like every other answer."""
    return current_app.json.response(document).get_data()
