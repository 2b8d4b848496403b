"""Game lists (home page, a league's games): each page in a fixed number of statements.

A listed game shows its seats' names, its hand count, its league and, once finished, its winners.
Loading those per game was the N+1. Here one statement reads the page's games (league name and
hand count included), one reads the seats of all of them and one the winners, as plain rows:
a list needs no ORM objects, and building them was most of a list page's cost.
"""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func

from ..extensions import db
from ..models import Game, GameResult, Hand, League, Membership, Player, Seat
from ..web.pagination import PAGE_SIZE, Page, paginate

RECENT_RESULTS = 10


@dataclass(frozen=True)
class ListedGame:
    id: int
    variant: str
    status: str
    finished_at: datetime | None
    league_name: str
    hand_count: int
    seat_names: tuple[str, ...]
    winners: tuple[str, ...]


def _names_by_game(query) -> dict[int, list[str]]:
    names: dict[int, list[str]] = {}
    for game_id, name in db.session.execute(query):
        names.setdefault(game_id, []).append(name)
    return names


def _page(query, number: int, size: int = PAGE_SIZE, with_winners: bool = True) -> Page:
    hands = db.select(func.count(Hand.id)).where(Hand.game_id == Game.id).correlate(Game).scalar_subquery()
    columns = query.with_only_columns(Game.id, Game.variant, Game.status, Game.finished_at, League.name,
                                      hands.label("hand_count")).join(League, League.id == Game.league_id)
    page = paginate(columns, number, size, rows=True)
    ids = [row.id for row in page.items]
    seats = _names_by_game(db.select(Seat.game_id, Player.name).join(Player, Player.id == Seat.player_id)
                           .where(Seat.game_id.in_(ids)).order_by(Seat.game_id, Seat.position)) if ids else {}
    # Asked for every game of the page (those in progress simply have none), so that the number of
    # statements does not depend on what the page holds.
    winners = _names_by_game(
        db.select(GameResult.game_id, Player.name).join(Player, Player.id == GameResult.player_id)
        .where(GameResult.game_id.in_(ids), GameResult.won.is_(True)).order_by(GameResult.game_id, GameResult.id)
    ) if ids and with_winners else {}
    items = [ListedGame(row.id, row.variant, row.status, row.finished_at, row.name, row.hand_count,
                        tuple(seats.get(row.id, ())), tuple(winners.get(row.id, ()))) for row in page.items]
    return Page(items, page.number, page.has_next)


def league_games(league_id: int, number: int) -> Page:
    """Games in progress first, then the rest, most recently changed first."""
    query = (db.select(Game).where(Game.league_id == league_id)
             .order_by(Game.status.desc(), Game.updated_at.desc(), Game.id.desc()))
    return _page(query, number)


def _of_member(user_id: int):
    return db.select(Game).join(Membership, Membership.league_id == Game.league_id).where(
        Membership.user_id == user_id)


def games_in_progress(user_id: int, number: int) -> Page:
    """The games being played in any of the user's leagues, most recently changed first."""
    query = _of_member(user_id).where(Game.status == "in_progress").order_by(Game.updated_at.desc(), Game.id.desc())
    return _page(query, number, with_winners=False)


def recent_results(user_id: int) -> list[ListedGame]:
    """The latest finished games of the user's leagues (a fixed number; the leagues list them all)."""
    query = _of_member(user_id).where(Game.status == "finished").order_by(Game.finished_at.desc(), Game.id.desc())
    return _page(query, 1, RECENT_RESULTS).items
