"""Row locks for writes, always taken in one order, so that two writes can never deadlock.

    owner  →  league  →  season  →  players  →  game

A write takes the locks it needs in this order and never one earlier in the list after a later one:

- owner (the user's row, FOR NO KEY UPDATE): creating or renaming a league locks its owners first,
  and the rule "no two leagues of one owner whose names look the same" is checked under it, so two
  creations (or a creation and a rename) by one owner at the same moment cannot both pass. It does
  not block rows that merely reference the user (a membership, a token: those take FOR KEY SHARE).
- league (FOR NO KEY UPDATE): the rules "only one X per league" that an index cannot hold alone are
  checked under it (a season name in any case, the roster's size, one membership per invite use, at
  least one owner, a guest alone in the league it moves), and it serialises roster, season, invite and
  membership writes of one league. Several leagues are locked in id order (a guest's move). It does not block inserting
  rows that merely reference the league (a game, a membership: those take FOR KEY SHARE).
- season (FOR SHARE to start or change a game in it, FOR UPDATE to close it): a game cannot start in
  a season being closed, and a season cannot close while a game is being started in it.
- players (FOR KEY SHARE, by id): the seated players of a game about to be written; renaming a player
  changes a uniquely indexed column, which takes the player's row FOR UPDATE and waits for them.
- game (FOR UPDATE): the game being written (games/stored.lock_game).

A rename thus holds league → player → its games, and a hand holds season → players → game: the
hand either waits for the rename before it locks its game, or the rename waits for the hand to
commit. If the database still reports a deadlock or a serialization failure, the request is run
once more (web/busy.py).

SQLite has no row locks: a writing request holds the database's one write lock from its first
statement (transactions.py), so these helpers send nothing there.
"""

from ..extensions import db
from ..models import League, Player, Season, User


def row_locks() -> bool:
    """False on SQLite, whose writers already hold the one write lock."""
    return db.session.get_bind().dialect.name != "sqlite"


def lock_owners(user_ids) -> None:
    """The people whose leagues' names are about to be checked, by id: first in the order."""
    ids = sorted(set(user_ids))
    if ids and row_locks():
        db.session.execute(db.select(User.id).where(User.id.in_(ids)).order_by(User.id)
                           .with_for_update(key_share=True))


def lock_league(league_id: int) -> None:
    """Serialise this league's roster, season and invite rules (first in the order)."""
    if row_locks():
        db.session.execute(db.select(League.id).where(League.id == league_id).with_for_update(key_share=True))


def lock_season(season_id: int, share: bool = False) -> Season | None:
    """The season read afresh under its lock: shared to start or change a game in it, exclusive to close it."""
    query = db.select(Season).where(Season.id == season_id).execution_options(populate_existing=True)
    if row_locks():
        query = query.with_for_update(read=share)
    return db.session.execute(query).scalar_one_or_none()


def lock_players(player_ids) -> None:
    """Key-share locks on these players, by id: after the season, before their game."""
    ids = sorted(set(player_ids))
    if ids and row_locks():
        db.session.execute(db.select(Player.id).where(Player.id.in_(ids)).order_by(Player.id)
                           .with_for_update(key_share=True, read=True))
