"""Games and hands: create, record, edit, undo, delete. Pages and the API both call these."""

import hashlib
import json
import secrets

from sqlalchemy.exc import IntegrityError

from .. import rules
from ..errors import Conflict, ServiceError
from ..extensions import db
from ..messages import rule_message
from ..models import AuditEntry, Game, Hand, League, Player, Season, Seat, User
from .stored import input_of, inputs_of, load_game, setup_of, store_results, sync_results


class RuleBroken(ServiceError):
    """A rule of the game is broken; `player_id` says whose entry, when one is to blame."""

    def __init__(self, error: rules.RuleError):
        super().__init__(rule_message(error), details={"code": error.code, "player_id": error.player_id,
                                                       "hand": error.hand_number})
        self.player_id = error.player_id


def current_season(league: League) -> Season | None:
    return next((s for s in league.seasons if s.is_current and not s.closed), None)


def create_game(league: League, user: User, variant: str, player_ids: list[int],
                first_dealer_id: int | None = None, season_id: int | None = None,
                options: dict | None = None, use_current_season: bool = True) -> Game:
    """Seat the players in order and snapshot the options; the rules check the table."""
    players = {p.id: p for p in db.session.execute(
        db.select(Player).where(Player.league_id == league.id, Player.id.in_(player_ids or [0]))).scalars()}
    for pid in player_ids:
        if pid not in players:
            raise ServiceError(f"Player {pid} is not on this league's roster.", field="players")
    season = None
    if season_id is not None:
        season = db.session.get(Season, season_id)
        if season is None or season.league_id != league.id:
            raise ServiceError(f"Season {season_id} is not one of this league's seasons.", field="season_id")
        if season.closed:
            raise Conflict(f"{season.name} is closed: pick an open season.", field="season_id")
    elif use_current_season:
        season = current_season(league)
    try:
        setup = rules.new_game(variant, [rules.Seat(pid, players[pid].name) for pid in player_ids],
                               first_dealer_id, options)
    except rules.RuleError as error:
        raise RuleBroken(error) from None
    game = Game(league_id=league.id, season=season, variant=setup.variant, options=dict(setup.options),
                first_dealer_id=setup.first_dealer_id, created_by_id=user.id if user else None)
    game.seats = [Seat(player_id=pid, position=i) for i, pid in enumerate(setup.player_ids)]
    db.session.add(game)
    db.session.flush()
    return game


def hand_from_dict(game: Game, body: dict) -> rules.HandInput:
    """The API's HandBody as a rules input; types are checked before, rules after."""
    return rules.HandInput(tuple(
        rules.PlayerResult(int(r["player_id"]), dict(r.get("cards") or {}), bool(r.get("went_out", False)),
                           bool(r.get("laid_down", False)), bool(r.get("knocked", False)),
                           bool(r.get("went_rummy", False)))
        for r in body["results"]
    ))


def fingerprint(hand: rules.HandInput) -> str:
    """The hand's meaning, not its spelling: missing categories and explicit zeros are the same."""
    canonical = json.dumps([[r.player_id, sorted((k, v) for k, v in r.cards.items() if v != 0), r.went_out,
                             r.laid_down, r.knocked, r.went_rummy]
                            for r in sorted(hand.results, key=lambda r: r.player_id)])
    return hashlib.sha256(canonical.encode()).hexdigest()


def _lock(game: Game) -> Game:
    """Serialise writers to one game (row lock on PostgreSQL; SQLite locks the file on write)."""
    db.session.execute(db.select(Game.id).where(Game.id == game.id).with_for_update())
    return game


def _replayed(game: Game, hands: list[rules.HandInput]) -> rules.GameState:
    try:
        return rules.replay(setup_of(game), hands)
    except rules.RuleError as error:
        raise RuleBroken(error) from None


def _refuse_if_season_closed(game: Game) -> None:
    """A closed season's standings are final: its games cannot change any more."""
    if game.season is not None and game.season.closed:
        raise Conflict(f"{game.season.name} is closed, so its games can no longer change: "
                       "the owner can reopen the season first.")


def _existing_by_key(game: Game, key: str) -> Hand | None:
    return db.session.execute(db.select(Hand).filter_by(idempotency_key=key)).scalar_one_or_none()


def record_hand(game: Game, user: User | None, hand: rules.HandInput,
                idempotency_key: str | None = None, expected_number: int | None = None) -> tuple[Game, bool]:
    """Record the next hand. Returns (game, created); a retried key returns the game unchanged.

    The same key with a different body is a conflict: it cannot be a retry of the same tap.
    `expected_number` is the hand the form was filled in for: if another phone recorded it
    meanwhile, this one is refused rather than stored as the following hand.
    """
    key = f"{game.id}:{idempotency_key}" if idempotency_key else None
    print_ = fingerprint(hand)
    if key:
        existing = _existing_by_key(game, key)
        if existing is not None:
            if existing.request_fingerprint != print_:
                raise Conflict("This idempotency key was already used for a different hand.")
            return game, False
    _lock(game)
    if game.status == "finished":
        raise Conflict("The game is over.")
    if expected_number is not None and expected_number != len(game.hands) + 1:
        raise Conflict(f"Hand {expected_number} was already recorded, perhaps from another phone: "
                       "check the scoreboard before entering it again.")
    inputs = inputs_of(game)
    try:
        state = rules.apply_hand(setup_of(game), rules.replay(setup_of(game), inputs), hand)
    except rules.RuleError as error:
        raise RuleBroken(error) from None
    row = Hand(number=len(inputs) + 1, idempotency_key=key, request_fingerprint=print_,
               created_by_id=user.id if user else None)
    store_results(row, state.hands[-1])
    try:
        # No autoflush: a clash with a concurrent writer must surface at the flush below, where it is handled.
        with db.session.no_autoflush:
            game.hands.append(row)
            sync_results(game, state)
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        if key and _existing_by_key(game, key) is not None:
            return load_game(game.id), False
        raise Conflict(f"Hand {row.number} was recorded from another phone at the same moment: "
                       "check the scoreboard before entering it again.") from None
    return game, True


def _snapshot(hand: Hand) -> dict:
    return {"results": [{"player_id": r.player_id, "cards": r.cards, "went_out": r.went_out,
                         "laid_down": r.laid_down, "knocked": r.knocked, "went_rummy": r.went_rummy}
                        for r in hand.results]}


def hand_row(game: Game, number: int) -> Hand | None:
    return next((h for h in game.hands if h.number == number), None)


def edit_hand(game: Game, user: User | None, number: int, hand: rules.HandInput,
              expected_version: int | None = None) -> Game:
    """Replace hand `number`; everything after it is recomputed, and the change is audited."""
    _lock(game)
    _refuse_if_season_closed(game)
    if expected_version is not None and expected_version != game.version:
        raise Conflict("The game changed since you opened this hand: reload and edit again.")
    row = hand_row(game, number)
    if row is None:
        raise ServiceError(f"Hand {number} does not exist.", field="number")
    inputs = inputs_of(game)
    inputs[number - 1] = hand
    state = _replayed(game, inputs)
    before = _snapshot(row)
    store_results(row, state.hands[number - 1])
    db.session.flush()
    db.session.add(AuditEntry(game_id=game.id, user_id=user.id if user else None, action="edit",
                              hand_number=number, before=before, after=_snapshot(row)))
    sync_results(game, state)
    db.session.flush()
    return game


def undo_last_hand(game: Game, user: User | None, number: int | None = None) -> Game:
    """Remove the last hand (only the last one: earlier hands are edited, not removed)."""
    _lock(game)
    _refuse_if_season_closed(game)
    if not game.hands:
        raise Conflict("There is no hand to undo.")
    last = game.hands[-1]
    if number is not None and number != last.number:
        raise Conflict(f"Only the last hand ({last.number}) can be removed; edit hand {number} instead.")
    db.session.add(AuditEntry(game_id=game.id, user_id=user.id if user else None, action="undo",
                              hand_number=last.number, before=_snapshot(last), after=None))
    game.hands.remove(last)
    db.session.delete(last)
    sync_results(game, _replayed(game, [input_of(h) for h in game.hands]))
    db.session.flush()
    return game


def delete_game(game: Game) -> None:
    _refuse_if_season_closed(game)
    db.session.delete(game)
    db.session.flush()


def share(game: Game) -> str:
    game.share_token = secrets.token_urlsafe(18)
    return game.share_token


def stop_sharing(game: Game) -> None:
    game.share_token = None


def game_for_share(token: str) -> Game | None:
    game = db.session.execute(db.select(Game.id).filter_by(share_token=token)).scalar_one_or_none() if token else None
    return load_game(game) if game else None
