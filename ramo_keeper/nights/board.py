"""The board for the room: a night's read-only big screen at a revocable link, polled like the live link.

An unchanged board is a bodiless 304: the validator covers the night's own version and the version
of each of its games, read in two small statements before anything is rendered.
"""

import hashlib

from flask import Blueprint, abort, g, make_response, request
from flask_babel import get_locale, gettext
from flask_login import current_user

from ..extensions import db
from ..models import Game, Night, NightTable
from ..web.rendering import render, wants_fragment
from .page_context import night_context

bp = Blueprint("night_board", __name__)


def _stamp(token: str) -> tuple[int, str]:
    """(night id, a digest of everything the board shows) for this link, or 404."""
    row = db.session.execute(db.select(Night.id, Night.version).where(Night.board_token == token)).first() \
        if token else None
    if row is None:
        abort(404, gettext("This board link does not work: it was switched off, or copied wrongly."))
    return row.id, night_stamp(row.id, row.version)


def night_stamp(night_id: int, version: int | None = None) -> str:
    """A digest of the night's own version and each of its games' (the night page's validator too)."""
    if version is None:
        version = db.session.execute(db.select(Night.version).where(Night.id == night_id)).scalar_one()
    versions = db.session.execute(db.select(Game.id, Game.version).join(NightTable, NightTable.game_id == Game.id)
                                  .where(NightTable.night_id == night_id).order_by(Game.id)).all()
    text = f"{version}:" + ",".join(f"{game_id}.{version}" for game_id, version in versions)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _etag(night_id: int, stamp: str) -> str:
    # The fragment and the full page differ, and so do the languages: none shares a validator.
    return f"n{night_id}-{stamp}{'f' if wants_fragment() else 'p'}{get_locale()}"


@bp.get("/board/<token>")
def board(token: str):
    """Every table of the current round and the night's standings, for a big screen; no login needed."""
    if not current_user.is_authenticated:
        g.without_session = True
    night_id, stamp = _stamp(token)
    etag = _etag(night_id, stamp)
    if request.if_none_match.contains(etag):
        response = make_response("", 304)
    else:
        night = db.session.get(Night, night_id)
        body, _ = render("nights/board.html", "nights/_board.html", stamp=stamp, poll_url=request.path,
                         **night_context(night))
        response = make_response(body)
    response.set_etag(etag)
    response.cache_control.no_cache = True
    response.cache_control.private = True
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response
