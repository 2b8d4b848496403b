"""Drafts: a player's own count of the next hand, written from their phone, read by the scorer's form.

A draft is refused, and nothing changes, for a finished game, a hand that is not the next one, or
a seat the phone does not hold. Every write moves the game's drafts_version (the scorer's poll), not
its version: no board, total or API `Game` changes for a draft.
"""

from flask_babel import gettext

from ... import rules
from ...errors import Conflict, NotFound
from ...extensions import db
from ...models import AuditEntry, Game, HandDraft, User, utcnow
from ...rules.registry import variant_of
from .. import hand_inputs as inputs
from ..rule_errors import by_the_rules
from ..stored import load_game, setup_of
from . import Forbidden
from .card_list import checked_card_list
from .seats import seats_held


def _claim(game_id: int):
    """Lock the game's row by moving its drafts_version, and read what the draft is checked against.

    One UPDATE … RETURNING: a hand being recorded holds the same row, so a draft either comes before
    it (and is dropped with the hand) or sees the hand recorded (and is refused).
    """
    statement = (db.update(Game).where(Game.id == game_id)
                 .values(drafts_version=Game.drafts_version + 1, updated_at=Game.updated_at)
                 .returning(Game.hand_count, Game.status, Game.live_counting))
    row = db.session.execute(statement).first()
    if row is None:
        raise NotFound(gettext("Game %(id)s does not exist.", id=game_id))
    return row


def write_draft(game_id: int, number: int | None, result: dict, *, card_list: list | None = None,
                phone: str | None = None, user: User | None = None, via_live: bool = False) -> HandDraft:
    """Store `result` (the API's Result JSON of one player) as that player's draft of hand `number`,
    with the cards that make up its counts one by one when `card_list` is given (card_list.py).

    A phone (`phone` given) writes only the seat it holds: a live-link phone one it took on the live
    link, a member's phone one it took as that member, and the live link only while the game allows it.
    """
    hand_count, status, live_counting = _claim(game_id)
    if status == "finished":
        raise Conflict(gettext("The game is over: there is no hand to count."))
    if number is not None and number != hand_count + 1:
        raise Conflict(gettext("Hand %(number)s is closed: the hand to count now is hand %(next)s.",
                               number=number, next=hand_count + 1), details={"code": "hand_closed"})
    number = hand_count + 1
    player_id = result["player_id"]
    if via_live and not live_counting:
        raise Forbidden(gettext("The scorer has not let the live link's phones count their own cards."))
    if phone is not None:
        seat = seats_held(game_id).get(player_id)
        owner = None if via_live else (user.id if user else -1)
        if seat is None or seat.phone_digest != phone or seat.user_id != owner:
            raise Forbidden(gettext("This phone does not hold that player's seat: take the seat first."))
    game = load_game(game_id, hands=False)
    setup = setup_of(game)
    if player_id not in {s.player_id for s in setup.seats}:
        raise NotFound(gettext("Player %(id)s does not play in this game.", id=player_id), field="player_id")
    entry = inputs.from_body({"results": [result]}).results[0]
    by_the_rules(lambda: rules.check_result(setup, entry))
    if card_list is not None:
        card_list = checked_card_list(card_list, variant_of(setup).categories_for(setup.options), entry.cards)
    draft = db.session.execute(db.select(HandDraft).where(
        HandDraft.game_id == game_id, HandDraft.hand_number == number, HandDraft.player_id == player_id)
    ).scalar_one_or_none()
    if draft is None:
        draft = HandDraft(game_id=game_id, hand_number=number, player_id=player_id, version=0)
        db.session.add(draft)
    draft.result = inputs.to_body(rules.HandInput((entry,)))["results"][0]
    draft.card_list = card_list
    draft.phone_digest, draft.user_id = phone, user.id if user else None
    draft.updated_at, draft.version = utcnow(), draft.version + 1
    db.session.flush()
    return draft


def drafts_of(game_id: int, number: int) -> list[HandDraft]:
    """The drafts of hand `number` (none once it is recorded: recording drops them)."""
    return list(db.session.execute(db.select(HandDraft).where(HandDraft.game_id == game_id,
                                                              HandDraft.hand_number == number)
                                   .order_by(HandDraft.player_id)).scalars())


def drafts_as_hand(drafts: list[HandDraft]) -> rules.HandInput:
    """The drafts as a (partial) hand, through the API's own translation of a `HandBody`."""
    return inputs.from_body({"results": [d.result for d in drafts]})


def settle(game: Game, number: int, hand: rules.HandInput, user: User | None) -> None:
    """Hand `number` was recorded: note in the audit which entries came from whose phone, and drop the drafts.

    An entry came from a phone when the recorded entry equals that player's draft (the scorer's own
    tap wins, so a changed entry is the scorer's).
    """
    drafts = drafts_of(game.id, number)
    if drafts:
        recorded = {r.player_id: inputs.fingerprint(rules.HandInput((r,))) for r in hand.results}
        holders = seats_held(game.id)
        counted = []
        for draft, entry in zip(drafts, drafts_as_hand(drafts).results, strict=True):
            if recorded.get(draft.player_id) == inputs.fingerprint(rules.HandInput((entry,))):
                seat = holders.get(draft.player_id)
                counted.append({"player_id": draft.player_id, "user_id": draft.user_id,
                                "via": "api" if draft.phone_digest is None else
                                       ("live link" if seat is None or seat.user_id is None else "member")})
        if counted:
            db.session.add(AuditEntry(game_id=game.id, user_id=user.id if user else None, action="counted",
                                      hand_number=number, before=None, after={"counted_by": counted}))
    drop(game)


def drop(game: Game) -> None:
    """Forget every draft of the game (a hand was recorded or undone; the game is locked).

    drafts_version starts again at 0, which says "no drafts" to the readers (no query needed); the
    game's version moved in the same write, so the scorer's board ETag never repeats.
    """
    db.session.execute(db.delete(HandDraft).where(HandDraft.game_id == game.id))
    game.drafts_version = 0


def current_drafts(game: Game, number: int) -> list[HandDraft]:
    """The drafts of the hand being played, without a query while there are none."""
    return drafts_of(game.id, number) if game.drafts_version else []
