"""Find your table: the night's public pages on the players' phones, opened from the board's code.

They live under the board's link (docs/RULES.md §9): no account is needed, and switching the board's
link off (or renewing it) closes them all, 404. `/n/<token>` lists the night's players; a player's page
says their table and seat this round and follows that table's game live; `/n/<token>/tables/<n>` is
what a table's own code opens: the live game of table n of the current round. They poll like the live
link: the validator covers the night's version and the shown game's, so an unchanged page is a 304.
"""

from flask import Blueprint, abort, g, make_response, request
from flask_babel import get_locale, gettext
from flask_login import current_user

from ..extensions import db
from ..games.page_context import board_context
from ..games.stored import read_game
from ..models import Night, NightTable
from ..web.rendering import render, wants_fragment
from .closing import timer_left
from .service import current_tables, status_of

bp = Blueprint("night_room", __name__)


def _night(token: str) -> Night:
    if not current_user.is_authenticated:
        g.without_session = True
    night = db.session.execute(db.select(Night).where(Night.board_token == token)).scalar_one_or_none() \
        if token else None
    if night is None:
        abort(404, gettext("This link does not work: the board's link was switched off, or copied wrongly."))
    return night


def _names(night: Night) -> dict[int, str]:
    names = {row.player_id: row.player.name for row in night.players}
    for table in current_tables(night):
        if table.game is not None:
            names.update({seat.player_id: seat.player.name for seat in table.game.seats})
    return names


def _answer(template: str, fragment: str, night: Night, table: NightTable | None, **context):
    """The page, or a bodiless 304 while neither the night nor the shown table's game changed."""
    game = table.game if table is not None else None
    stamp = f"{night.version}.{game.id if game else 0}.{game.version if game else 0}"
    etag = f"n{night.id}-{stamp}{'f' if wants_fragment() else 'p'}{get_locale()}"
    if request.if_none_match.contains(etag):
        response = make_response("", 304)
    else:
        if game is not None:
            found = read_game(game.id)
            if found is not None:
                context.update(board_context(*found))
        body, _ = render(template, fragment, night=night, night_status=status_of(night), table=table, stamp=stamp,
                         poll_url=request.path, timer_left=timer_left(night), **context)
        response = make_response(body)
    response.set_etag(etag)
    response.cache_control.no_cache = True
    response.cache_control.private = True
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


@bp.get("/n/<token>")
def find(token: str):
    """The night's players by name: each opens their own page."""
    night = _night(token)
    names = _names(night)
    players = sorted(names.items(), key=lambda item: item[1].casefold())
    return _answer("nights/find.html", "nights/find.html", night, None, players=players)


@bp.get("/n/<token>/players/<int:player_id>")
def player(token: str, player_id: int):
    """A player's table and seat this round, and that table's game live."""
    night = _night(token)
    names = _names(night)
    if player_id not in names:
        abort(404)
    table = next((t for t in current_tables(night) if player_id in t.seats), None)
    seat = table.seats.index(player_id) + 1 if table is not None else None
    return _answer("nights/room_table.html", "nights/_room_table.html", night, table, player_name=names[player_id],
                   seat=seat)


@bp.get("/n/<token>/tables/<int:number>")
def table(token: str, number: int):
    """What a table's own code opens: table `number` of the current round, live."""
    night = _night(token)
    found = next((t for t in current_tables(night) if t.table == number), None)
    if found is None:
        abort(404)
    return _answer("nights/room_table.html", "nights/_room_table.html", night, found, player_name=None, seat=None)
