"""The game a screen shows, found for the caller or answered with 404/403.

Apart from page_context.py so that the own-phone screens (drafts/) can find their game without importing the
page context, which itself reads the drafts.
"""

from flask import abort

from .. import rules
from ..models import Game
from ..web.access import require_league
from .stored import load_game, read_game


def game_or_404(game_id: int, role: str = "viewer", hands: bool = True) -> tuple[Game, object]:
    """The game (with its hands unless told otherwise) and the caller's membership.

    Outsiders get 404 as for any league object.
    """
    game = load_game(game_id, hands)
    if game is None:
        abort(404)
    _, membership = require_league(game.league_id, role)
    return game, membership


def played_or_404(game_id: int, role: str = "viewer") -> tuple[Game, object, rules.GameState]:
    """The game to show, the caller's membership and the game's stored state (outsiders get 404)."""
    found = read_game(game_id)
    if found is None:
        abort(404)
    game, state = found
    _, membership = require_league(game.league_id, role)
    return game, membership, state
