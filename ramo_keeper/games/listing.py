"""Game lists (home page, a league's games): each page in a fixed number of statements.

A listed game shows its seats' names, its hand count, its league and, once finished, its winners.
Loading those per game was the N+1: here the seats (with players) and the results come in one
SELECT ... IN each, the league by a join, and the hand count as a subquery column, so 1 game or
20 on a page cost the same statements.
"""

from dataclasses import dataclass

from sqlalchemy import func
from sqlalchemy.orm import joinedload, selectinload

from ..extensions import db
from ..models import Game, GameResult, Hand, Membership, Seat
from ..pagination import PAGE_SIZE, Page, paginate

RECENT_RESULTS = 10


@dataclass(frozen=True)
class ListedGame:
    game: Game
    hand_count: int

    @property
    def winners(self) -> list[str]:
        return [result.player.name for result in self.game.results if result.won]


def _listed(query, with_results: bool):
    hands = db.select(func.count(Hand.id)).where(Hand.game_id == Game.id).correlate(Game).scalar_subquery()
    query = query.add_columns(hands.label("hand_count")).options(
        joinedload(Game.league), selectinload(Game.seats).joinedload(Seat.player))
    # Only a finished game has results (its winners are shown); a game in progress has none to load.
    return query.options(selectinload(Game.results).joinedload(GameResult.player)) if with_results else query


def _page(query, number: int, size: int = PAGE_SIZE, with_results: bool = True) -> Page:
    page = paginate(_listed(query, with_results), number, size, rows=True)
    return Page([ListedGame(game, count) for game, count in page.items], page.number, page.has_next)


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
    return _page(query, number, with_results=False)


def recent_results(user_id: int) -> list[ListedGame]:
    """The latest finished games of the user's leagues (a fixed number; the leagues list them all)."""
    query = _of_member(user_id).where(Game.status == "finished").order_by(Game.finished_at.desc(), Game.id.desc())
    return _page(query, 1, RECENT_RESULTS).items
