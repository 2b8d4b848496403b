"""Seasons of a league: create, rename, settings, set current, close and reopen.

At most one season per league is current (new games join it); a closed season takes no new
games, so its standings are final. The owner may reopen a season closed by mistake.
"""

from ..errors import Conflict, NotFound, ServiceError
from ..extensions import db
from ..models import Game, League, Season

RANKINGS = {
    "points": "League points",
    "wins": "Wins",
    "average": "Average score per hand",
}
MAX_MIN_GAMES = 1000


def _checked_name(league_id: int, name: str, except_id: int | None = None) -> str:
    name = (name or "").strip()
    if not name:
        raise ServiceError("A season needs a name.", field="name")
    if len(name) > 80:
        raise ServiceError("Season names are at most 80 characters.", field="name")
    query = db.select(Season.id, Season.name).where(Season.league_id == league_id)
    for season_id, taken in db.session.execute(query):
        if season_id != except_id and taken.casefold() == name.casefold():
            raise Conflict(f"There is already a season called {taken}.", field="name")
    return name


def _checked_settings(ranking: str, min_games: int) -> tuple[str, int]:
    if ranking not in RANKINGS:
        raise ServiceError(f"Unknown ranking method {ranking!r}: use points, wins or average.", field="ranking")
    if isinstance(min_games, bool) or not isinstance(min_games, int) or not 0 <= min_games <= MAX_MIN_GAMES:
        raise ServiceError(f"The minimum number of games is a whole number from 0 to {MAX_MIN_GAMES}.",
                           field="min_games")
    return ranking, min_games


def seasons_of(league: League) -> list[Season]:
    """Newest first: the season people look for is usually the latest."""
    return list(db.session.execute(
        db.select(Season).where(Season.league_id == league.id).order_by(Season.id.desc())).scalars())


def get_season(league: League, season_id: int) -> Season:
    season = db.session.get(Season, season_id)
    if season is None or season.league_id != league.id:
        raise NotFound("There is no such season in this league.")
    return season


def current_season(league: League) -> Season | None:
    return db.session.execute(
        db.select(Season).where(Season.league_id == league.id, Season.is_current.is_(True),
                                Season.closed.is_(False))).scalars().first()


def create_season(league: League, name: str, ranking: str = "points", min_games: int = 0,
                  make_current: bool = False) -> Season:
    """A new open season; it becomes current if asked, or if the league has no open current season."""
    name = _checked_name(league.id, name)
    ranking, min_games = _checked_settings(ranking, min_games)
    season = Season(league_id=league.id, name=name, ranking=ranking, min_games=min_games,
                    is_current=False, closed=False)
    db.session.add(season)
    db.session.flush()
    if make_current or current_season(league) is None:
        set_current(season)
    return season


def rename(season: Season, name: str) -> None:
    season.name = _checked_name(season.league_id, name, except_id=season.id)


def change_settings(season: Season, ranking: str, min_games: int) -> None:
    """Ranking method and minimum games only change how standings are read, never the stored results."""
    season.ranking, season.min_games = _checked_settings(ranking, min_games)


def set_current(season: Season) -> None:
    """Make this the league's one current season; games started without a season join it."""
    if season.closed:
        raise Conflict(f"{season.name} is closed: reopen it before making it current.")
    others = db.session.execute(db.select(Season).where(
        Season.league_id == season.league_id, Season.id != season.id, Season.is_current.is_(True))).scalars()
    for other in others:
        other.is_current = False
    season.is_current = True
    db.session.flush()


def unfinished_games(season: Season) -> int:
    return db.session.execute(db.select(db.func.count(Game.id)).where(
        Game.season_id == season.id, Game.status != "finished")).scalar_one()


def close(season: Season) -> None:
    """Close a season: no new games, and its standings are final.

    Refused while a game of the season is unfinished: finishing it later would change
    standings everyone took as final. Finish or delete those games first.
    """
    if season.closed:
        return
    waiting = unfinished_games(season)
    if waiting:
        games = "game is" if waiting == 1 else "games are"
        raise Conflict(f"{waiting} {games} still being played in {season.name}: finish or delete "
                       f"{'it' if waiting == 1 else 'them'} before closing the season.")
    season.closed, season.is_current = True, False
    db.session.flush()


def reopen(season: Season) -> None:
    """Undo a close made by mistake; the season does not become current by itself."""
    season.closed = False
    db.session.flush()
