"""Seasons of a league: create, rename, settings, set current, close and reopen.

At most one season per league is current (new games join it); a closed season takes no new
games, so its standings are final. The owner may reopen a season closed by mistake.
"""

from flask_babel import gettext, ngettext

from ..errors import Conflict, NotFound, ServiceError
from ..extensions import db
from ..i18n import N_
from ..models import Game, League, Season
from ..text import LONG_NAME_MAX, TextError, clean_name

# Labels are translated where they are shown (the season forms).
RANKINGS = {
    "points": N_("League points"),
    "wins": N_("Wins"),
    "average": N_("Average score per hand"),
}
MAX_MIN_GAMES = 1000


def _checked_name(league_id: int, name: str, except_id: int | None = None) -> str:
    try:
        name = clean_name(name or "", N_("A season name"), LONG_NAME_MAX, empty=gettext("A season needs a name."))
    except TextError as error:
        raise ServiceError(error.message, field="name") from None
    query = db.select(Season.id, Season.name).where(Season.league_id == league_id)
    for season_id, taken in db.session.execute(query):
        if season_id != except_id and taken.casefold() == name.casefold():
            raise Conflict(gettext("There is already a season called %(name)s.", name=taken), field="name")
    return name


def _checked_settings(ranking: str, min_games: int) -> tuple[str, int]:
    if ranking not in RANKINGS:
        raise ServiceError(gettext("Unknown ranking method %(ranking)s: use points, wins or average.",
                                   ranking=repr(ranking)), field="ranking")
    if isinstance(min_games, bool) or not isinstance(min_games, int) or not 0 <= min_games <= MAX_MIN_GAMES:
        raise ServiceError(gettext("The minimum number of games is a whole number from 0 to %(max)s.",
                                   max=MAX_MIN_GAMES), field="min_games")
    return ranking, min_games


def seasons_query(league: League):
    """Newest first: the season people look for is usually the latest."""
    return db.select(Season).where(Season.league_id == league.id).order_by(Season.id.desc())


def seasons_of(league: League) -> list[Season]:
    return list(db.session.execute(seasons_query(league)).scalars())


def get_season(league: League, season_id: int) -> Season:
    season = db.session.get(Season, season_id)
    if season is None or season.league_id != league.id:
        raise NotFound(gettext("There is no such season in this league."))
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
        raise Conflict(gettext("%(name)s is closed: reopen it before making it current.", name=season.name))
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
        raise Conflict(ngettext(
            "%(num)d game is still being played in %(name)s: finish or delete it before closing the season.",
            "%(num)d games are still being played in %(name)s: finish or delete them before closing the season.",
            waiting, name=season.name))
    season.closed, season.is_current = True, False
    db.session.flush()


def reopen(season: Season) -> None:
    """Undo a close made by mistake; the season does not become current by itself."""
    season.closed = False
    db.session.flush()
