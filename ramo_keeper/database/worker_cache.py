"""What a worker keeps of a game between requests: things built from its stored rows, by the game's version.

The busiest requests read a game that has not changed since the last time: every phone at a
table polls it. What they send is built from the stored rows alone (the API body, the running
totals chart), and every write that changes those rows moves `Game.version` (hands:
games/service.py; a player's new name: players.py). So a thing built at one version stays
right while the game stays at that version, and the version is read from the database on every
request, so a write made through another worker is seen at once.

The stamp also holds the game's creation and last-write times: SQLite may give a deleted game's
id to a new game, which starts again at version 1.
"""

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

from flask import current_app, has_request_context, request

T = TypeVar("T")
KEPT = 512  # entries per worker; a 20-hand game's API body is about 14 KB, its chart about 6 KB


def game_stamp(game) -> tuple:
    """What changes whenever anything stored about the game changes: its id, version and times."""
    return game.id, game.version, game.created_at, game.updated_at


class Kept:
    """A small least-recently-used store, one per app (so per worker, and per test app)."""

    def __init__(self, size: int = KEPT):
        self._items: OrderedDict[tuple, object] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()  # the development server answers on threads

    def get(self, key: tuple):
        with self._lock:
            item = self._items.get(key)
            if item is not None:
                self._items.move_to_end(key)
            return item

    def put(self, key: tuple, item) -> None:
        with self._lock:
            self._items[key] = item
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)


def kept() -> Kept:
    return current_app.extensions.setdefault("ramo_kept", Kept())


def reading() -> bool:
    """Only a read request uses kept things and keeps new ones.

    A write request renders from objects whose new version is not committed yet, and its
    transaction may still fail: what it builds must never be kept.
    """
    return has_request_context() and request.method in ("GET", "HEAD")


def kept_or_built(key: tuple, build: Callable[[], T]) -> T:
    """The kept item, else a new one (kept when a read built it)."""
    if not reading():
        return build()
    item = kept().get(key)
    if item is None:
        item = build()
        kept().put(key, item)
    return item
