"""Moving a guest's games into a league of an existing account.

Decisions, so that the result is what a person expects:
- Every game moves with its seats, hands, hand results, stored game results and audit rows.
- A guest player whose name (ignoring case) is already on the target roster is that person: the
  guest's rows are re-pointed to the roster's player and the guest's copy is removed. Every other
  guest player joins the target roster as is.
- The guest's seasons move as seasons of their own ("Season 1 (as guest)", or "Season 1 (as guest 2)"
  when another guest's is there already), never current, so the target league's current standings
  do not change and the moved standings stay exactly as they were.
- What the guest did (games created, hands recorded, corrections) is attributed to the account.
- Only leagues where the guest is the only member move (and are removed afterwards). A league the
  guest shares with anyone else stays exactly as it is; the account takes the guest's place in it
  (shared.py). Then the guest itself is removed. Who is alone is asked under the leagues' locks, which
  joins take too: a league somebody joins at the same moment is shared, never deleted under them.
"""

from dataclasses import dataclass

from flask_babel import gettext
from sqlalchemy import delete, update

from ..database.locks import lock_league
from ..errors import ServiceError
from ..extensions import db
from ..games.stored import load_game, state_of, store_state
from ..leagues.limits import refuse_merge_past_caps
from ..models import AuditEntry, Game, GameResult, HandResult, League, Membership, Player, Season, Seat, User
from ..text.validation import LONG_NAME_MAX
from ..web.access import membership_for
from .service import leagues_held_alone
from .shared import attribute_to_account, take_the_guests_place


@dataclass
class Moved:
    games: int  # games moved into the target league
    shared: int  # leagues shared with others, where the account took the guest's place


def move_games(guest: User, account: User, target: League) -> Moved:
    """Move what the guest alone holds into `target`, hand its shared leagues over, remove the guest."""
    if not guest.is_guest or account.is_guest:
        raise ServiceError(gettext("Only a guest's games can be moved, and only into an account's league."))
    membership = membership_for(target.id, account)
    if membership is None or not membership.can_write:
        raise ServiceError(gettext("Pick a league where you are owner or scorer."), field="league")
    locked = _lock_leagues(guest, target)
    # Asked under the locks: a friend joining the guest's league at this moment either joined first
    # (the league is shared now, and stays) or waits and finds it gone. The target has the account in
    # it, so it is never one of these; the check says so to a reader.
    sources = [source for source in leagues_held_alone(guest) if source.id != target.id and source.id in locked]
    refuse_merge_past_caps(target.id, [source.id for source in sources])  # nothing moved past the caps
    moved = sum(_move_league(source, target) for source in sources)
    shared = take_the_guests_place(guest, account)
    attribute_to_account(guest, account)
    db.session.flush()
    db.session.expire_all()
    db.session.delete(db.session.get(User, guest.id))
    db.session.flush()
    return Moved(moved, shared)


def _lock_leagues(guest: User, target: League) -> set[int]:
    """The guest's leagues and the target, locked in id order (locks.py): joins, role changes and
    roster writes of each wait for the move. Returns their ids."""
    ids = set(db.session.execute(db.select(Membership.league_id).filter_by(user_id=guest.id)).scalars())
    ids.add(target.id)
    for league_id in sorted(ids):
        lock_league(league_id)
    return ids


def _move_league(source: League, target: League) -> int:
    game_ids = list(db.session.execute(db.select(Game.id).where(Game.league_id == source.id)).scalars())
    same_person = _merge_players(source, target, game_ids)
    if same_person:
        _remap_audit(game_ids, same_person)
        _rederive(game_ids)
    _execute(update(Game).where(Game.id.in_(game_ids or [0])).values(league_id=target.id))
    _move_seasons(source, target)
    db.session.expire_all()
    db.session.delete(db.session.get(League, source.id))
    db.session.flush()
    return len(game_ids)


def _merge_players(source: League, target: League, game_ids: list[int]) -> dict[int, int]:
    """Guest player id → roster player id for the names the target already has; the rest move over."""
    on_roster = {p.name_key: p.id for p in db.session.execute(
        db.select(Player).where(Player.league_id == target.id)).scalars()}
    same_person = {}
    for player in db.session.execute(db.select(Player).where(Player.league_id == source.id)).scalars().all():
        if player.name_key in on_roster:
            same_person[player.id] = on_roster[player.name_key]
        else:
            _execute(update(Player).where(Player.id == player.id).values(league_id=target.id))
    for old, new in same_person.items():
        for table in (Seat, HandResult, GameResult):
            _execute(update(table).where(table.player_id == old).values(player_id=new))
        _execute(update(Game).where(Game.first_dealer_id == old).values(first_dealer_id=new))
        _execute(delete(Player).where(Player.id == old))
    return same_person


def _remap_audit(game_ids: list[int], same_person: dict[int, int]) -> None:
    """Audit rows keep each hand's before/after as JSON naming player ids: those follow the merge."""
    for entry in db.session.execute(db.select(AuditEntry).where(AuditEntry.game_id.in_(game_ids))).scalars():
        entry.before = _remapped(entry.before, same_person)
        entry.after = _remapped(entry.after, same_person)
    db.session.flush()


def _rederive(game_ids: list[int]) -> None:
    """Whatever is derived from the inputs is derived again, by the one path every write takes.

    This also moves each game's version on, so a phone holding a page with the old names reloads it.
    """
    db.session.expire_all()
    for game_id in game_ids:
        game = load_game(game_id)
        store_state(game, state_of(game))
        game.version += 1
    db.session.flush()


def _remapped(snapshot: dict | None, same_person: dict[int, int]) -> dict | None:
    if snapshot is None:
        return None
    results = [{**r, "player_id": same_person.get(r["player_id"], r["player_id"])}
               for r in snapshot.get("results", [])]
    remapped = {**snapshot, "results": results}
    if "counted_by" in snapshot:  # a hand counted on the players' phones (drafts/) names no results
        remapped = {**snapshot, "counted_by": [{**c, "player_id": same_person.get(c["player_id"], c["player_id"])}
                                               for c in snapshot["counted_by"]]}
    return remapped


def _move_seasons(source: League, target: League) -> None:
    """Seasons with games move, renamed and not current; empty ones go with the guest's league.

    The new name is worded in the language of the person moving them, as a new league's first season is.
    """
    used = set(db.session.execute(db.select(Game.season_id).where(Game.league_id == target.id)).scalars())
    # Read under the target's lock (move_games): a second guest moved in at the same moment waits, then
    # sees this one's seasons and takes the next number.
    taken = {name.casefold() for name in db.session.execute(
        db.select(Season.name).where(Season.league_id == target.id)).scalars()}
    for season in db.session.execute(db.select(Season).where(Season.league_id == source.id)).scalars().all():
        if season.id in used:
            name = _free_guest_name(season.name, taken)
            taken.add(name.casefold())
            _execute(update(Season).where(Season.id == season.id)
                     .values(league_id=target.id, is_current=False, name=name))


def _free_guest_name(season: str, taken: set[str]) -> str:
    """The moved season's name: "Season 1 (as guest)", or when the league has that season already
    (another guest's, saved earlier) "Season 1 (as guest 2)", "… (as guest 3)": the first that no
    season of the league has in any case (seasons/service.py). A long name is cut before the words,
    never through them."""
    number = 1
    while True:
        name = _guest_name(season, number)
        if len(name) > LONG_NAME_MAX:
            name = _guest_name(season[:len(season) - (len(name) - LONG_NAME_MAX)].rstrip(), number)
        if name.casefold() not in taken:
            return name
        number += 1


def _guest_name(season: str, number: int) -> str:
    if number == 1:
        return gettext("%(season)s (as guest)", season=season)
    return gettext("%(season)s (as guest %(number)d)", season=season, number=number)


def _execute(statement) -> None:
    db.session.execute(statement.execution_options(synchronize_session=False))
