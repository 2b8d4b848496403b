"""Who holds which seat: one phone per seat and one seat per phone in a game (unique indexes)."""

from flask_babel import gettext
from sqlalchemy import bindparam
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import joinedload

from ...errors import Conflict, NotFound
from ...extensions import db
from ...models import Game, PhoneSeat, User
from ..stored import lock_game
from . import Forbidden, deleted_meanwhile

# Built once (the scorer's game page reads it on every load): building it cost more than running it.
_HELD = db.select(PhoneSeat).where(PhoneSeat.game_id == bindparam("game_id")).options(joinedload(PhoneSeat.user))


def seats_held(game_id: int) -> dict[int, PhoneSeat]:
    """The game's held seats by player id."""
    rows = db.session.execute(_HELD, {"game_id": game_id}).scalars()
    return {row.player_id: row for row in rows}


def seat_of_phone(game_id: int, phone: str | None) -> PhoneSeat | None:
    if phone is None:
        return None
    return db.session.execute(db.select(PhoneSeat).where(PhoneSeat.game_id == game_id,
                                                         PhoneSeat.phone_digest == phone)).scalar_one_or_none()


def holder_words(seat: PhoneSeat, to_member: bool) -> str:
    """Who holds a seat, as the phone asking for it is told: a member sees whose phone it is, while the live
    link (anyone holding the link, member or not) is never shown an account's login name."""
    if seat.user is None:
        return gettext("a phone on the live link")
    if not to_member:
        return gettext("another phone")
    return gettext("%(name)s's phone", name=seat.user.username)


def _taken(name: str, seat: PhoneSeat, to_member: bool) -> Conflict:
    return Conflict(gettext("%(player)s's seat is held by %(holder)s. Ask them to leave it, or ask the scorer to "
                            "free it.", player=name, holder=holder_words(seat, to_member)),
                    details={"code": "seat_taken"})


def take_seat(game_id: int, player_id: int, phone: str, user: User | None, via_live: bool) -> PhoneSeat:
    """This phone takes the player's seat (leaving the one it held); refused while another phone holds it.

    The game is locked first (stored.lock_game, in locks.py's order) and its switches read under the
    lock: the scorer switching the live link's counting off writes the same row, so a live-link phone
    either takes its seat before the switch (which then frees it) or sees counting off. A game deleted
    meanwhile is not found.
    """
    game = lock_game(game_id)
    if game is None:
        raise deleted_meanwhile()
    if via_live and not game.live_counting:
        raise Forbidden(gettext("The scorer has not let the live link's phones count their own cards."))
    if game.status == "finished":
        raise Conflict(gettext("The game is over."))
    name = next((seat.player.name for seat in game.seats if seat.player_id == player_id), None)
    if name is None:
        raise NotFound(gettext("Player %(id)s does not play in this game.", id=player_id), field="player_id")
    mine = seat_of_phone(game_id, phone)
    if mine is not None and mine.player_id == player_id:
        return mine
    held = seats_held(game_id).get(player_id)
    if held is not None:
        raise _taken(name, held, to_member=not via_live)
    if mine is not None:
        db.session.delete(mine)
        db.session.flush()
    seat = PhoneSeat(game_id=game_id, player_id=player_id, phone_digest=phone, user_id=user.id if user else None)
    try:
        with db.session.begin_nested():
            db.session.add(seat)
    except IntegrityError:
        # Another phone took it at this very moment: the unique index let only one in.
        raise Conflict(gettext("%(player)s's seat was taken by another phone at the same moment.", player=name),
                       details={"code": "seat_taken"}) from None
    return seat


def free_seat(game_id: int, player_id: int) -> bool:
    """The scorer frees a seat, so another phone can take it."""
    result = db.session.execute(db.delete(PhoneSeat).where(PhoneSeat.game_id == game_id,
                                                           PhoneSeat.player_id == player_id))
    return bool(result.rowcount)


def allow_live_counting(game_id: int, allowed: bool) -> None:
    """The game's switch for the live link's phones. The version moves, so the live phones show the
    seats (or stop offering them) at their next poll; switched off, their seats are freed."""
    db.session.execute(db.update(Game).where(Game.id == game_id)
                       .values(live_counting=allowed, version=Game.version + 1))
    if not allowed:
        db.session.execute(db.delete(PhoneSeat).where(PhoneSeat.game_id == game_id, PhoneSeat.user_id.is_(None)))
