"""Read-only live view for the other phones: a share link, polled with conditional requests."""

from flask import Blueprint, abort, g, make_response, request, url_for
from flask_babel import get_locale, gettext
from flask_login import current_user, login_required
from sqlalchemy import bindparam

from ..extensions import db
from ..models import Game, Membership
from ..web.rendering import render, wants_fragment
from .drafts.panel import Where, panel_context
from .lookup import played_or_404
from .page_context import board_context, play_context, qr_file
from .stored import read_game

bp = Blueprint("live", __name__)


def _etag(game_id: int, version: int | str) -> str:
    # The polled fragment and the full page differ, and so do the languages: none shares a validator with
    # another (Vary alone does not stop a browser sending the ETag of a page it holds in another language).
    return f"g{game_id}v{version}{'f' if wants_fragment() else 'p'}{get_locale()}"


def _live_board(game_id: int):
    found = read_game(game_id)
    if found is None:
        abort(404)
    game, state = found
    context = board_context(game, state)
    if not wants_fragment():  # the full page: this phone's seat, to count its own cards (drafts/)
        context.update(panel_context(game, state, Where(game.id, game.share_token)))
    return game, render("games/live.html", "games/_live_board.html", **context, poll_url=request.path)[0]


def _play_area(game_id: int):
    game, membership, state = played_or_404(game_id)
    return game, render("games/show.html", "games/_play.html", **play_context(game, membership, state))[0]


def _board_version(game: Game) -> str:
    """The scorer's board changes with the players' drafts too (they fill the hand form)."""
    return f"{game.version}d{game.drafts_version}"


def _conditional(game_id: int, version: int | str, build=_live_board, stamp=lambda game: game.version,
                 revalidate: bool = True):
    """304 when the game has not changed since the caller's copy; the game is only loaded otherwise.

    The validator sent with a body is the version of the rows that body was rendered from: a hand
    recorded between the two reads must not put a newer scoreboard under an older ETag.
    """
    etag = _etag(game_id, version)
    if revalidate and request.if_none_match.contains(etag):
        response = make_response("", 304)
    else:
        game, body = build(game_id)
        etag = _etag(game_id, stamp(game))
        response = make_response(body)
    response.set_etag(etag)
    # Revalidate every time: the ETag makes an unchanged game a tiny 304.
    response.cache_control.no_cache = True
    response.cache_control.private = True
    return response


# The app's most frequent request: the statement is built once, and runs on the session's connection
# without the ORM's per-statement work (it loads no objects anyway).
_VERSION_BY_TOKEN = db.select(Game.id, Game.version, Game.live_counting).where(
    Game.share_token == bindparam("token"))


def _version_by_token(token: str) -> tuple[int, int, bool]:
    row = db.session.connection().execute(_VERSION_BY_TOKEN, {"token": token}).first() if token else None
    if row is None:
        abort(404, gettext("This live link does not work: it was switched off, or copied wrongly."))
    return row


@bp.get("/live/<token>")
def show(token: str):
    """The live scoreboard, no login needed: never indexed, and no session cookie for a viewer without an account."""
    if not current_user.is_authenticated:
        g.without_session = True
    game_id, version, live_counting = _version_by_token(token)
    # While phones on the link may count their own cards, the full page shows this phone's seat and
    # draft, which the version does not cover: it is always sent whole (the 2 s poll stays a 304).
    response = _conditional(game_id, version, revalidate=wants_fragment() or not live_counting)
    # The link is a secret: a search engine that meets it must neither list it nor follow it.
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


@bp.get("/live/<token>/qr.svg")
def qr_code(token: str):
    """The live link's QR code, fetched when a phone opens it (the game page's share menu and live view section)."""
    if not current_user.is_authenticated:
        g.without_session = True
    _version_by_token(token)  # 404 once the link is switched off
    response = make_response(qr_file(url_for("live.show", token=token, _external=True)))
    response.mimetype = "image/svg+xml"
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    response.cache_control.private = True
    response.cache_control.max_age = 3600
    return response


_VERSION_FOR_MEMBER = (
    db.select(Game.version, Game.drafts_version, Membership.role)
    .join(Membership, (Membership.league_id == Game.league_id) & (Membership.user_id == bindparam("user_id")))
    .where(Game.id == bindparam("game_id"))
)


def _version_for_member(game_id: int) -> tuple[int, int, str]:
    """The game's version in one statement that also checks the caller is in its league (else 404)."""
    row = db.session.connection().execute(
        _VERSION_FOR_MEMBER, {"game_id": game_id, "user_id": current_user.id}).first()
    if row is None:
        abort(404)
    return row


@bp.get("/games/<int:game_id>/board")
@login_required
def board(game_id: int):
    """The game page's play area for members' phones, polled like the live view."""
    version, drafts_version, role = _version_for_member(game_id)
    if role in ("owner", "scorer"):  # only a scorer's form shows the drafts
        return _conditional(game_id, f"{version}d{drafts_version}", _play_area, _board_version)
    return _conditional(game_id, version, _play_area)
