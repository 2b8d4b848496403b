"""Read-only live view for the other phones: a share link, polled with conditional requests."""

from flask import Blueprint, abort, make_response, request
from flask_login import login_required

from ..extensions import db
from ..models import Game
from ..rendering import render, wants_fragment
from .page import board_context, game_or_404, play_context
from .stored import load_game, state_of

bp = Blueprint("live", __name__)


def _etag(game_id: int, version: int) -> str:
    # The polled fragment and the full page differ, so they never share a validator.
    return f"g{game_id}v{version}{'f' if wants_fragment() else 'p'}"


def _conditional(game_id: int, version: int, build):
    """304 when the game has not changed since the caller's copy; the replay only runs otherwise."""
    etag = _etag(game_id, version)
    if request.if_none_match.contains(etag):
        response = make_response("", 304)
    else:
        body, status = build()
        response = make_response(body, status)
    response.set_etag(etag)
    # Revalidate every time: the ETag makes an unchanged game a tiny 304.
    response.cache_control.no_cache = True
    response.cache_control.private = True
    return response


def _version_by_token(token: str) -> tuple[int, int]:
    row = db.session.execute(db.select(Game.id, Game.version).filter_by(share_token=token)).first() if token else None
    if row is None:
        abort(404, "This live link does not work: it was switched off, or copied wrongly.")
    return row


@bp.get("/live/<token>")
def show(token: str):
    """The live scoreboard, no login needed."""
    game_id, version = _version_by_token(token)

    def build():
        game = load_game(game_id)
        return render("games/live.html", "games/_live_board.html", **board_context(game, state_of(game)),
                      poll_url=request.path)
    return _conditional(game_id, version, build)


@bp.get("/games/<int:game_id>/board")
@login_required
def board(game_id: int):
    """The game page's play area for members' phones, polled like the live view."""
    game, membership = game_or_404(game_id)

    def build():
        return render("games/show.html", "games/_play.html", **play_context(game, membership, state_of(game)))
    return _conditional(game.id, game.version, build)
