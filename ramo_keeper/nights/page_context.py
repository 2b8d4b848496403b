"""What the night page, the board and the print view show: each table of the current round with its game's state."""

from dataclasses import dataclass

from flask import url_for
from flask_babel import gettext

from ..games.page_context import qr_markup
from ..models import Night, NightTable
from .closing import timer_left
from .service import current_tables, last_round, present_ids, status_of, still_playing
from .standings import night_standings


@dataclass
class TableView:
    number: int
    game_id: int | None
    players: list  # [{"id", "name", "total", "leading"}], seat order
    hand_count: int
    finished: bool
    leaders: list[str]
    abandoned: bool = False
    game_url: str | None = None
    live_url: str | None = None
    qr: object = None


def table_view(table: NightTable, names: dict[int, str], with_links: bool = False,
               board_token: str | None = None) -> TableView:
    game = table.game
    seats = {seat.player_id: seat for seat in game.seats} if game is not None else {}
    leading = {pid for pid, seat in seats.items() if seat.rank == 1} if game is not None and game.hand_count else set()
    players = [{"id": pid, "name": names.get(pid, "?"), "total": seats[pid].total if pid in seats else None,
                "leading": pid in leading} for pid in table.seats]
    view = TableView(table.table, table.game_id, players, game.hand_count if game else 0,
                     game is None or game.status == "finished",
                     [names.get(pid, "?") for pid in table.seats if pid in leading], abandoned=table.abandoned)
    if with_links and game is not None:
        view.game_url = url_for("games.show", game_id=game.id, _external=True)
        if board_token:  # open to anyone while the board's link works (nights/room.py)
            view.live_url = url_for("night_room.table", token=board_token, number=table.table, _external=True)
        elif game.share_token:
            view.live_url = url_for("live.show", token=game.share_token, _external=True)
        view.qr = qr_markup(view.live_url or view.game_url,
                             gettext("QR code of table %(number)s's game", number=table.table))
    return view


def night_context(night: Night, with_links: bool = False) -> dict:
    names = {row.player_id: row.player.name for row in night.players}
    for table in night.tables:
        if table.game is not None:
            names.update({seat.player_id: seat.player.name for seat in table.game.seats})
    return {
        "night": night, "night_status": status_of(night), "playing": still_playing(night),
        "tables": [table_view(t, names, with_links, night.board_token) for t in current_tables(night)],
        "standings": night_standings(night), "present": present_ids(night), "names": names,
        "last_round": last_round(night), "timer_left": timer_left(night),
        **find_your_table(night),
    }


def find_your_table(night: Night) -> dict:
    """The board's code for the players' phones (nights/room.py), while the board's link works."""
    if not night.board_token:
        return {}
    url = url_for("night_room.find", token=night.board_token, _external=True)
    return {"find_url": url, "find_short": url.split("://", 1)[-1],
            "find_qr": qr_markup(url, gettext("QR code: find your table"))}
