"""A league's players, the roster: add, rename, list and find them.

Every part that seats or shows players reads them here (games, seasons, guests, the roster pages),
below the leagues package, which also holds the backup that reads games and seasons. Writes take the
league's lock first (locks.py); the database holds one player per name key in a league.
"""

from flask_babel import gettext

from ..database.contention import flush_or_conflict
from ..database.locks import lock_league
from ..errors import Conflict, ServiceError
from ..extensions import db
from ..i18n import N_
from ..models import Game, League, Player, Seat
from ..text.validation import TextError, clean_name, folded, name_key
from .limits import over_limit


def _lookalike_on_roster(league_id: int, name: str, except_id: int | None = None) -> dict | None:
    """The player whose name looks the same as `name` (the database allows one such), as the API shows
    a player: a conflict's `details.current`."""
    query = db.select(Player.id, Player.name).filter_by(league_id=league_id, name_key=name_key(name))
    if except_id:
        query = query.filter(Player.id != except_id)
    found = db.session.execute(query).first()
    return {"id": found.id, "name": found.name} if found else None


def _checked_name(league: League, name: str, except_id: int | None = None) -> str:
    try:
        name = clean_name(name, N_("A player's name"), empty=gettext("A player needs a name."))
    except TextError as error:
        raise ServiceError(error.message, field="name") from None
    taken = _lookalike_on_roster(league.id, name, except_id)
    if taken is not None:
        if folded(taken["name"]) == folded(name):
            raise Conflict(_on_roster(name), field="name", details={"current": taken})
        raise Conflict(gettext("%(name)s looks the same as %(existing)s, who is already on the roster.",
                               name=name, existing=taken["name"]), field="name", details={"current": taken})
    return name


def _flush_or_name_taken(league_id: int, name: str, except_id: int | None = None) -> None:
    """Flush; if another request stored a look-alike at the same moment, 409 naming that player."""
    flush_or_conflict(_on_roster(name), field="name",
                      current=lambda: _lookalike_on_roster(league_id, name, except_id))


def _on_roster(name: str) -> str:
    return gettext("%(name)s is already on the roster.", name=name)


def add_player(league: League, name: str) -> Player:
    lock_league(league.id)  # the name and the roster's size are checked under it
    name = _checked_name(league, name)
    count = db.session.execute(db.select(db.func.count(Player.id)).filter_by(league_id=league.id)).scalar_one()
    if message := over_limit("players", count + 1, N_("the roster")):
        raise Conflict(message, field="name")
    player = Player(league_id=league.id, name=name, name_key=name_key(name))
    db.session.add(player)
    _flush_or_name_taken(league.id, name)
    return player


def rename_player(player: Player, name: str) -> None:
    """Locks in locks.py's order: the league, the player (its row, by the flush), then the player's games."""
    lock_league(player.league_id)
    name = _checked_name(player.league, name, except_id=player.id)
    player.name, player.name_key = name, name_key(name)
    _flush_or_name_taken(player.league_id, name, except_id=player.id)
    # Every game showing the name changes with it: polls and kept API bodies go by the game's version.
    db.session.execute(db.update(Game).where(Game.id.in_(db.select(Seat.game_id).filter_by(player_id=player.id)))
                       .values(version=Game.version + 1))


def roster(league: League, include_archived: bool = False) -> list[Player]:
    query = db.select(Player).filter_by(league_id=league.id)
    if not include_archived:
        query = query.filter_by(archived=False)
    return sorted(db.session.execute(query).scalars(), key=lambda p: (folded(p.name), p.id))


def get_player(league: League, player_id: int) -> Player | None:
    player = db.session.get(Player, player_id)
    return player if player and player.league_id == league.id else None
