"""Games and hands: create, record, edit, undo, delete. Pages and the API both call these.

Writers take a game id, lock the game and read it afresh (stored.lock_game), check what the caller
saw (hand number, version), replay once, store what the rules derived and bump the version once.
A recorded hand walks one way: read from the form or body (hand_inputs.py), checked and scored by
the rules here, stored (stored.py, which writes each hand's rows through hand_rows.py).
They return the stored game with its state, so the caller renders without replaying again. The
caller commits, once per request (database/transactions.py).
"""

import secrets

from flask_babel import gettext
from sqlalchemy.exc import IntegrityError

from .. import rules
from ..database.locks import lock_league, lock_players, lock_season
from ..errors import Conflict, NotFound, ServiceError
from ..extensions import db
from ..leagues.limits import lock_league_of_game, refuse_when_full
from ..models import AuditEntry, Game, Hand, League, Player, Ruleset, Season, Seat, User
from ..variants import snapshot_variant
from .drafts import store as drafts
from .hand_inputs import fingerprint, to_body
from .rule_errors import by_the_rules
from .stored import inputs_of, lock_game, setup_of, state_of, store_state, stored_state

Played = tuple[Game, rules.GameState]


def current_season(league: League) -> Season | None:
    return next((s for s in league.seasons if s.is_current and not s.closed), None)


def create_game(league: League, user: User, variant: str, player_ids: list[int],
                first_dealer_id: int | None = None, season_id: int | None = None,
                options: dict | None = None, use_current_season: bool = True,
                definition: dict | None = None, ruleset_id: int | None = None) -> Game:
    """Seat the players in order and snapshot the options; the rules check the table.

    `definition` (with its `ruleset_id`) is a house rule's snapshot to play instead of the ruleset's
    current definition: a club night's rounds all play the one the night opened with.

    The season is locked (shared) and read afresh before the game joins it, then the players
    (locks.py's order): a season being closed meanwhile either counted this game or is seen closed.
    The league is locked first, and its cap of games (leagues/limits.py) counted under that lock.
    """
    lock_league(league.id)
    refuse_when_full(league.id, "games")
    players = {p.id: p for p in db.session.execute(
        db.select(Player).where(Player.league_id == league.id, Player.id.in_(player_ids or [0]))).scalars()}
    for pid in player_ids:
        if pid not in players:
            raise ServiceError(gettext("Player %(id)s is not on this league's roster.", id=pid), field="players")
    season = None
    if season_id is not None:
        season = lock_season(season_id, share=True)
        if season is None or season.league_id != league.id:
            raise ServiceError(gettext("Season %(id)s is not one of this league's seasons.", id=season_id),
                               field="season_id")
    elif use_current_season and (current := current_season(league)) is not None:
        season = lock_season(current.id, share=True)
    if season is not None and season.closed:
        raise Conflict(gettext("%(season)s is closed: pick an open season.", season=season.name), field="season_id")
    lock_players(players)
    if definition is None and (ruleset := house_rule(league, variant)) is not None:
        definition, ruleset_id = ruleset.definition, ruleset.id
    played = snapshot_variant(definition) if definition is not None else variant
    setup = by_the_rules(lambda: rules.new_game(
        played, [rules.Seat(pid, players[pid].name) for pid in player_ids], first_dealer_id, options))
    game = Game(league_id=league.id, season=season, variant=setup.variant, options=dict(setup.options),
                first_dealer_id=setup.first_dealer_id, created_by_id=user.id if user else None)
    if definition is not None:  # the snapshot: later edits of the house rule never reach this game
        game.definition, game.ruleset_id = dict(definition), ruleset_id
    game.seats = [Seat(player_id=pid, position=i) for i, pid in enumerate(setup.player_ids)]
    store_state(game, rules.start_state(setup))
    db.session.add(game)
    db.session.flush()
    return game


def house_rule(league: League, variant: str) -> Ruleset | None:
    """The league's ruleset a new game is started under, None for a built-in; another league's is 404."""
    if not isinstance(variant, str) or variant in rules.VARIANTS:
        return None
    ruleset = db.session.execute(db.select(Ruleset).where(Ruleset.key == variant)).scalar_one_or_none()
    if ruleset is not None and ruleset.league_id != league.id:
        raise NotFound(gettext("This league has no house rule %(key)s.", key=variant), field="variant")
    return ruleset


def _locked(game_id: int) -> Game:
    game = lock_game(game_id)
    if game is None:
        raise NotFound(gettext("Game %(id)s does not exist.", id=game_id))
    return game


def _save(game: Game, state: rules.GameState) -> Played:
    """Store the replay and move the version: exactly once per accepted write."""
    store_state(game, state)
    game.version += 1
    return game, state


def _refuse_if_season_closed(game: Game) -> None:
    """A closed season's standings are final: its games cannot change any more."""
    if game.season is not None and game.season.closed:
        raise Conflict(gettext("%(season)s is closed, so its games can no longer change: the owner can reopen the "
                               "season first.", season=game.season.name))


def hand_row(game: Game, number: int) -> Hand | None:
    return next((h for h in game.hands if h.number == number), None)


def _existing_hand(game: Game, number: int) -> Hand:
    row = hand_row(game, number)
    if row is None:
        raise NotFound(gettext("Hand %(number)s does not exist in game %(game)s.", number=number, game=game.id),
                       field="number")
    return row


def record_hand(game_id: int, user: User | None, hand: rules.HandInput, idempotency_key: str | None = None,
                expected_number: int | None = None) -> tuple[Game, rules.GameState, bool]:
    """Record the next hand. Returns (game, state, created); a retried key returns the game unchanged.

    The key is checked before "game over", so retrying the hand that ended the game succeeds; the
    same key with a different body is a conflict, as it cannot be a retry of the same tap.
    `expected_number` is the hand the form was filled in for: if another phone recorded it
    meanwhile, this one is refused rather than stored as the following hand.
    """
    lock_league_of_game(game_id)  # the league's hand cap is counted under its lock (leagues/limits.py)
    game = _locked(game_id)
    key = f"{game.id}:{idempotency_key}" if idempotency_key else None
    print_ = fingerprint(hand)
    existing = next((h for h in game.hands if h.idempotency_key == key), None) if key else None
    if existing is not None:
        if existing.request_fingerprint != print_:
            raise Conflict(gettext("This idempotency key was already used for a different hand."))
        return game, stored_state(game), False
    if game.status == "finished":
        raise Conflict(gettext("The game is over."))
    if expected_number is not None and expected_number != len(game.hands) + 1:
        raise Conflict(gettext("Hand %(number)s was already recorded, perhaps from another phone: check the "
                               "scoreboard before entering it again.", number=expected_number))
    refuse_when_full(game.league_id, "hands")
    state = by_the_rules(lambda: rules.apply_hand(setup_of(game), state_of(game), hand))
    game.hands.append(Hand(number=state.hand_count, idempotency_key=key, request_fingerprint=print_,
                           created_by_id=user.id if user else None))
    _save(game, state)
    try:
        db.session.flush()
    except IntegrityError:
        # The lock makes this a clash with a writer that bypassed it (the key is unique across games).
        db.session.rollback()
        raise Conflict(gettext("Hand %(number)s was recorded from another phone at the same moment: check the "
                               "scoreboard before entering it again.", number=state.hand_count)) from None
    _settle_drafts(game, state.hand_count, hand, user)
    return game, state, True


def _settle_drafts(game: Game, number: int, hand: rules.HandInput, user: User | None) -> None:
    """The players' drafts of the hand just recorded are noted in the audit and dropped (drafts/store.py)."""
    drafts.settle(game, number, hand, user)
    db.session.flush()


def edit_hand(game_id: int, user: User | None, number: int, hand: rules.HandInput,
              expected_version: int | None = None) -> Played:
    """Replace hand `number`; everything after it is recomputed, and the change is audited.

    `expected_version` is the version the editor saw: if the game changed since, the edit is refused.
    """
    game = _locked(game_id)
    _existing_hand(game, number)
    _refuse_if_season_closed(game)
    if expected_version is not None and expected_version != game.version:
        raise Conflict(gettext("Hand %(number)s was changed from another phone since you opened it: here are its "
                               "current values; correct it again if needed.", number=number))
    hands = inputs_of(game)
    before = to_body(hands[number - 1])
    hands[number - 1] = hand
    played = _save(game, by_the_rules(lambda: state_of(game, hands)))
    # What was stored: every category present, the effective marks (Ramo's player out laid down).
    after = to_body(inputs_of(game)[number - 1])
    db.session.add(AuditEntry(game_id=game.id, user_id=user.id if user else None, action="edit",
                              hand_number=number, before=before, after=after))
    db.session.flush()
    return played


def undo_last_hand(game_id: int, user: User | None, number: int | None = None,
                   expected_version: int | None = None) -> Played:
    """Remove the last hand (only the last one: earlier hands are edited, not removed).

    `number` is the hand the caller means: the API names it in the URL, and a hand that does not
    exist is 404 there. A page's Undo names it with the version the page showed
    (`expected_version`): unless that hand is still the last and the game has not moved since,
    nothing is removed, and the refusal says what happened meanwhile (_refuse_if_moved).
    """
    game = _locked(game_id)
    if number is not None and expected_version is None:
        _existing_hand(game, number)
    _refuse_if_season_closed(game)
    if number is not None and expected_version is not None:
        _refuse_if_moved(game, number, expected_version)
    if not game.hands:
        raise Conflict(gettext("There is no hand to undo."))
    last = game.hands[-1]
    if number is not None and number != last.number:
        raise Conflict(gettext("Only the last hand (%(last)s) can be removed; edit hand %(number)s instead.",
                               last=last.number, number=number))
    db.session.add(AuditEntry(game_id=game.id, user_id=user.id if user else None, action="undo",
                              hand_number=last.number, before=to_body(inputs_of(game)[-1]), after=None))
    game.hands.remove(last)
    db.session.delete(last)
    # the hand to count is now another one: its drafts go

    drafts.drop(game)
    played = _save(game, by_the_rules(lambda: state_of(game)))
    db.session.flush()
    return played


def _refuse_if_moved(game: Game, number: int, expected_version: int) -> None:
    """A page's Undo whose page is out of date: another phone recorded a hand, undid this one, or changed the game."""
    last = len(game.hands)
    if number > last:
        raise Conflict(gettext("Hand %(number)s was already removed, perhaps from another phone: nothing was "
                               "undone.", number=number))
    if number < last:
        raise Conflict(gettext("Hand %(last)s was recorded meanwhile: nothing was undone.", last=last))
    if expected_version != game.version:
        raise Conflict(gettext("The game changed meanwhile: nothing was undone. Check hand %(number)s, then undo "
                               "it again if needed.", number=last))


def delete_game(game_id: int) -> None:
    game = _locked(game_id)
    _refuse_if_season_closed(game)
    db.session.delete(game)
    db.session.flush()


def share(game_id: int) -> str:
    """Make (or renew) the game's live link.

    The version moves, as with every change to what the game page shows: the other members' phones,
    polling the board, then show the new link.
    """
    token = secrets.token_urlsafe(18)
    db.session.execute(db.update(Game).where(Game.id == game_id).values(share_token=token, version=Game.version + 1))
    return token


def stop_sharing(game_id: int) -> None:
    db.session.execute(db.update(Game).where(Game.id == game_id).values(share_token=None, version=Game.version + 1))
