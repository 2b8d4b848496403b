"""Seasons of a league: create, rename, settings, set current, close and reopen.

At most one season per league is current (new games join it); a closed season takes no new
games, so its standings are final. The owner may reopen a season closed by mistake.

The database holds these rules (models.Season): one name per league and one current season per
league. Writes take the league's lock first (locks.py), so the name is checked in any case under
it and "make current" of two seasons at once leaves the later one current; closing locks the season,
so a game cannot start in it meanwhile.
"""

from flask_babel import gettext, ngettext

from ..database.contention import flush_or_conflict
from ..database.locks import lock_league, lock_season
from ..errors import Conflict, NotFound, ServiceError
from ..extensions import db
from ..i18n import N_
from ..leagues.limits import refuse_when_full
from ..models import Game, League, Player, Season, Seat
from ..text.validation import LONG_NAME_MAX, TextError, clean_name

# Labels are translated where they are shown (the season forms).
RANKINGS = {
    "points": N_("League points"),
    "wins": N_("Wins"),
    "average": N_("Average score per hand"),
}
MAX_MIN_GAMES = 1000


def _name_taken(name: str) -> str:
    return gettext("There is already a season called %(name)s.", name=name)


def _checked_name(league_id: int, name: str, except_id: int | None = None) -> str:
    """The cleaned name, unless another season of the league has it in any case (call under the league's lock)."""
    try:
        name = clean_name(name or "", N_("A season name"), LONG_NAME_MAX, empty=gettext("A season needs a name."))
    except TextError as error:
        raise ServiceError(error.message, field="name") from None
    taken = _season_named(league_id, name, except_id)
    if taken is not None:
        raise Conflict(_name_taken(taken["name"]), field="name", details={"current": taken})
    return name


def _season_named(league_id: int, name: str, except_id: int | None = None) -> dict | None:
    """The league's season with this name in any case, as the API shows a season: a conflict's `details.current`."""
    query = db.select(Season.id, Season.name).where(Season.league_id == league_id).order_by(Season.id)
    for season_id, taken in db.session.execute(query):
        if season_id != except_id and taken.casefold() == name.casefold():
            return {"id": season_id, "name": taken}
    return None


def _flush_or_name_taken(league_id: int, name: str, except_id: int | None = None) -> None:
    """Flush; if another request stored the name at the same moment, 409 naming that season."""
    flush_or_conflict(_name_taken(name), field="name", current=lambda: _season_named(league_id, name, except_id))


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
    """A new open season; it becomes current if asked, or if the league has no open current season.

    The league's cap of seasons (leagues/limits.py) is counted under the league's lock, as the name is.
    """
    ranking, min_games = _checked_settings(ranking, min_games)
    lock_league(league.id)
    name = _checked_name(league.id, name)
    refuse_when_full(league.id, "seasons")
    season = Season(league_id=league.id, name=name, ranking=ranking, min_games=min_games,
                    is_current=False, closed=False)
    db.session.add(season)
    _flush_or_name_taken(league.id, name)
    if make_current or current_season(league) is None:
        set_current(season)
    return season


def rename(season: Season, name: str) -> None:
    lock_league(season.league_id)
    season.name = _checked_name(season.league_id, name, except_id=season.id)
    _flush_or_name_taken(season.league_id, season.name, except_id=season.id)


def change_settings(season: Season, ranking: str, min_games: int) -> None:
    """Ranking method and minimum games only change how standings are read, never the stored results."""
    season.ranking, season.min_games = _checked_settings(ranking, min_games)


def set_current(season: Season) -> None:
    """Make this the league's one current season; games started without a season join it."""
    lock_league(season.league_id)
    db.session.refresh(season)  # closed meanwhile?
    if season.closed:
        raise Conflict(gettext("%(name)s is closed: reopen it before making it current.", name=season.name))
    # The old current season stops being current before the new one starts (the index allows one).
    db.session.execute(db.update(Season).where(
        Season.league_id == season.league_id, Season.id != season.id, Season.is_current.is_(True))
        .values(is_current=False).execution_options(synchronize_session="fetch"))
    season.is_current = True
    flush_or_conflict(gettext("Another season was made current at the same moment: check which one is current "
                              "now."))


def unfinished_games(season: Season) -> int:
    return db.session.execute(db.select(db.func.count(Game.id)).where(
        Game.season_id == season.id, Game.status != "finished")).scalar_one()


def _running_games(season: Season) -> list[str]:
    """The season's unfinished games, each named by number and players: "Game 12 (Ana, Bo, Cy)"."""
    rows = db.session.execute(
        db.select(Game.id, Player.name).join(Seat, Seat.game_id == Game.id).join(Player, Player.id == Seat.player_id)
        .where(Game.season_id == season.id, Game.status != "finished").order_by(Game.id, Seat.position)).all()
    players: dict[int, list[str]] = {}
    for game_id, name in rows:
        players.setdefault(game_id, []).append(name)
    return [gettext("Game %(number)d (%(players)s)", number=game_id, players=", ".join(names))
            for game_id, names in players.items()]


def close(season: Season) -> None:
    """Close a season: no new games, and its standings are final.

    Refused while a game of the season is unfinished: finishing it later would change
    standings everyone took as final. Finish or delete those games first. The season is locked
    (league, then season: locks.py) before the games are counted, so a game being started in it
    either committed first and is counted, or waits and then finds the season closed.
    """
    lock_league(season.league_id)
    season = lock_season(season.id)
    if season.closed:
        return
    running = _running_games(season)
    if running:
        raise Conflict(ngettext(
            "%(num)d game is still being played in %(name)s: finish or delete it before closing the season: "
            "%(games)s.",
            "%(num)d games are still being played in %(name)s: finish or delete them before closing the season: "
            "%(games)s.",
            len(running), name=season.name, games="; ".join(running)))
    season.closed, season.is_current = True, False
    db.session.flush()


def reopen(season: Season) -> None:
    """Undo a close made by mistake; the season does not become current by itself."""
    lock_league(season.league_id)
    season = lock_season(season.id)
    season.closed = False
    db.session.flush()
