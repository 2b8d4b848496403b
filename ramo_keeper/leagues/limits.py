"""How much one league may hold. Defined once, and held where each row is created and where a backup is read.

The hand cap bounds an import's work: every hand is replayed through the rules before anything is
written (about half a millisecond a hand). Every cap holds at creation too, under the league's lock
(locks.py), so that any league the app lets grow is one whose backup it imports again: a player
(players.py), a season (seasons/service.py), a game and a hand (games/service.py); house rules have
their own cap (house_rules/service.py).
"""

from flask_babel import format_decimal, gettext

from ..database.locks import lock_league, row_locks
from ..errors import Conflict
from ..extensions import db
from ..i18n import N_
from ..models import Game, Night, Player, Season

MAX_PLAYERS_PER_LEAGUE = 500
MAX_SEASONS_PER_LEAGUE = 200
MAX_GAMES_PER_LEAGUE = 2_000
MAX_HANDS_PER_LEAGUE = 20_000
# Every night holds a game, but a backup carries each night's plan and snapshot besides: nights have a cap
# of their own, so that a league's backup stays within what the import reads (backups/backup_size.py).
MAX_NIGHTS_PER_LEAGUE = 500
# A house rule's definition as a backup writes it (compact JSON). The largest the rules accept with
# every list full and every text at its longest is about 20 KB (Korean texts take 3 bytes a character);
# a backup holding a larger one is refused, and its size bounds every backup (backups/backup_size.py).
MAX_DEFINITION_BYTES = 32_768

MESSAGES = {
    # The limits are always many, so one plural form is enough; `what` is "this backup" or "the roster".
    "players": N_("A league holds at most %(limit)s players; %(what)s has %(count)s."),
    "seasons": N_("A league holds at most %(limit)s seasons; %(what)s has %(count)s."),
    "games": N_("A league holds at most %(limit)s games; %(what)s has %(count)s."),
    "hands": N_("A league holds at most %(limit)s hands in all its games; %(what)s has %(count)s."),
}
LIMITS = {"players": MAX_PLAYERS_PER_LEAGUE, "seasons": MAX_SEASONS_PER_LEAGUE,
          "games": MAX_GAMES_PER_LEAGUE, "hands": MAX_HANDS_PER_LEAGUE, "nights": MAX_NIGHTS_PER_LEAGUE}

# What to do when the league is full, said where one more would be created (seasons cannot be deleted).
FULL = {
    "seasons": N_("This league already holds %(limit)s seasons, the most a league may hold: nothing was saved. "
                  "Start a new league for more seasons."),
    "games": N_("This league already holds %(limit)s games, the most a league may hold: nothing was saved. "
                "Delete games you no longer need, or start a new league."),
    "hands": N_("This league already holds %(limit)s hands in all its games, the most a league may hold: "
                "nothing was saved. Delete games you no longer need, or start a new league."),
    "nights": N_("This league already holds %(limit)s club nights, the most a league may hold: nothing was "
                 "saved. Start a new league for more nights."),
}

# A guest's games moved into an account's league: the move as a whole would pass the cap.
MERGE_FULL = {
    "players": N_("Moving these games would give this league more than %(limit)s players, the most a league may "
                  "hold: nothing was moved. Pick another league, or a new one."),
    "seasons": N_("Moving these games would give this league more than %(limit)s seasons, the most a league may "
                  "hold: nothing was moved. Pick another league, or a new one."),
    "games": N_("Moving these games would give this league more than %(limit)s games, the most a league may "
                "hold: nothing was moved. Pick another league, or a new one."),
    "hands": N_("Moving these games would give this league more than %(limit)s hands in all its games, the most "
                "a league may hold: nothing was moved. Pick another league, or a new one."),
}


def over_limit(kind: str, count: int, what: str = N_("this backup")) -> str | None:
    """The sentence to show when `count` of `kind` is more than a league may hold, else None."""
    limit = LIMITS[kind]
    if count <= limit:
        return None
    return gettext(MESSAGES[kind], limit=format_decimal(limit), what=gettext(what), count=format_decimal(count))


class LeagueFull(Conflict):
    """One more season, game or hand would take the league past its cap (409; `details.limit` names which)."""

    def __init__(self, kind: str, sentences: dict = FULL):
        super().__init__(gettext(sentences[kind], limit=format_decimal(LIMITS[kind])),
                         details={"limit": kind, "maximum": LIMITS[kind]})


def _held(league_id: int, kind: str) -> int:
    if kind == "seasons":
        query = db.select(db.func.count(Season.id)).where(Season.league_id == league_id)
    elif kind == "games":
        query = db.select(db.func.count(Game.id)).where(Game.league_id == league_id)
    elif kind == "nights":
        query = db.select(db.func.count(Night.id)).where(Night.league_id == league_id)
    else:  # every write stores its game's hand count (games/stored.py), so the games' rows hold the sum
        query = db.select(db.func.coalesce(db.func.sum(Game.hand_count), 0)).where(Game.league_id == league_id)
    return db.session.execute(query).scalar_one()


def refuse_when_full(league_id: int, kind: str) -> None:
    """Raise LeagueFull if the league already holds its cap of `kind`. Call under the league's lock."""
    if _held(league_id, kind) >= LIMITS[kind]:
        raise LeagueFull(kind)


def refuse_merge_past_caps(target_id: int, source_ids: list[int]) -> None:
    """Refuse (409, LeagueFull) moving the `source_ids` leagues into the target if it would then hold more
    than a league may: a guest's games moved into an account's league. Call under every league's lock.
    Players the target already has by name are counted once, as the move merges them; seasons move only
    with games, so the seasons counted are those holding a game."""
    sources = source_ids or [0]
    on_roster = db.select(Player.name_key).where(Player.league_id == target_id)
    counts = {
        "players": db.select(db.func.count(db.distinct(Player.name_key))).where(
            Player.league_id.in_(sources), Player.name_key.not_in(on_roster)),
        "seasons": db.select(db.func.count(db.distinct(Game.season_id))).where(Game.league_id.in_(sources)),
        "games": db.select(db.func.count(Game.id)).where(Game.league_id.in_(sources)),
        "hands": db.select(db.func.coalesce(db.func.sum(Game.hand_count), 0)).where(Game.league_id.in_(sources)),
    }
    for kind, query in counts.items():
        held = _held(target_id, kind) if kind != "players" else db.session.execute(
            db.select(db.func.count(Player.id)).where(Player.league_id == target_id)).scalar_one()
        if held + db.session.execute(query).scalar_one() > LIMITS[kind]:
            raise LeagueFull(kind, MERGE_FULL)


def lock_league_of_game(game_id: int) -> None:
    """The league's lock for a write that adds a hand: taken first, before the game's own locks (locks.py),
    so two tables of one league cannot both pass the hand cap. SQLite's one write lock already does."""
    if row_locks():
        league_id = db.session.execute(db.select(Game.league_id).where(Game.id == game_id)).scalar_one_or_none()
        if league_id is not None:
            lock_league(league_id)
