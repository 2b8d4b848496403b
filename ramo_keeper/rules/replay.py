"""Games as folds over hands: new_game, validate_hand, apply_hand, replay, deal, hand_value."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .base import GameSetup, HandInput, PlayerResult, RuleError, Seat
from .cards import card_count
from .marks import carried
from .registry import VARIANTS, get_variant, variant_of
from .seats import rank_by, seats_after
from .state import DealInfo, GameState, HandOutcome, HandValue, PlayerState
from .variant import Variant


def _names(setup: GameSetup, results: Sequence[PlayerResult]) -> tuple[str, ...]:
    """("Al", "Bo") for the players of these results, as seated."""
    return tuple(setup.name_of(r.player_id) for r in results)


def new_game(variant_key: str | Variant, seats: Sequence[Seat], first_dealer_id: int | None = None,
             options: Mapping | None = None) -> GameSetup:
    """Check the table and options and snapshot them; the first seat deals unless told otherwise.

    ``variant_key`` is a registered game's key, or a Variant (``load_definition``) the game keeps.

    >>> new_game("contract", [Seat(1, "Al"), Seat(2, "Bo"), Seat(3, "Cy")]).options
    {'jokers': True}
    """
    variant = get_variant(variant_key)
    seats = tuple(s if isinstance(s, Seat) else Seat(*s) for s in seats)
    if not variant.min_players <= len(seats) <= variant.max_players:
        raise RuleError("player_count", game=variant.name, minimum=variant.min_players,
                        maximum=variant.max_players)
    ids, names = set(), set()
    for s in seats:
        if not str(s.name).strip():
            raise RuleError("seat_without_name", s.player_id)
        if s.player_id in ids:
            raise RuleError("seated_twice", s.player_id, player=s.name)
        if s.name.strip().casefold() in names:
            raise RuleError("name_seated_twice", s.player_id, player=s.name)
        ids.add(s.player_id)
        names.add(s.name.strip().casefold())
    if first_dealer_id is None:
        first_dealer_id = seats[0].player_id
    elif first_dealer_id not in ids:
        raise RuleError("first_dealer_not_seated", first_dealer_id, dealer_id=first_dealer_id)
    own = None if VARIANTS.get(variant.key) is variant else variant
    return GameSetup(variant.key, seats, first_dealer_id, variant.check_options(options), own)


def start_state(setup: GameSetup) -> GameState:
    """The state before the first hand: all totals 0, everyone at level 1 where there are levels."""
    level = variant_of(setup).first_level(setup)
    players = tuple(PlayerState(s.player_id, s.name, i, 0, level, False, 0, 1)
                    for i, s in enumerate(setup.seats))
    return GameState(setup, (), players, setup.first_dealer_id, False, (), 0)


def _in_seat_order(setup: GameSetup, hand: HandInput) -> tuple[PlayerResult, ...]:
    """Exactly one result per seated player, in seat order; else RuleError ("Cy has no result …")."""
    by_id: dict[int, PlayerResult] = {}
    for r in hand.results:
        if r.player_id not in setup.player_ids:
            raise RuleError("player_not_seated", r.player_id, id=r.player_id)
        if r.player_id in by_id:
            raise RuleError("two_results", r.player_id, player=setup.name_of(r.player_id))
        by_id[r.player_id] = r
    for pid in setup.player_ids:
        if pid not in by_id:
            raise RuleError("no_result", pid, player=setup.name_of(pid))
    return tuple(by_id[pid] for pid in setup.player_ids)


def check_result(setup: GameSetup, result: PlayerResult) -> None:
    """Raise RuleError if one player's result cannot stand on its own: cards the game has not, a mark
    the game does not declare, or going out with cards in hand (a player's own count on their phone too).

    Example: Bo reported as out with {"low": 2} -> "Bo went out but still holds 2 cards".
    """
    variant = variant_of(setup)
    name = setup.name_of(result.player_id)
    variant.check_cards(setup, result.player_id, result.cards)
    for mark in sorted(result.marks - variant.flags):
        raise RuleError("flag_not_in_game", result.player_id, game=variant.name, flag=mark, player=name)
    held = card_count(result.cards)
    if "went_out" in result.marks and held:
        if result.cards.get("pips"):
            raise RuleError("went_out_with_points", result.player_id, player=name,
                            points=variant.hand_value(result.cards, setup.options).value)
        raise RuleError("went_out_with_cards", result.player_id, player=name, count=held)


def validate_hand(setup: GameSetup, state: GameState, hand: HandInput) -> None:
    """Raise RuleError (naming the player) if the table cannot have produced this hand.

    Example: Bo reported as out with {"low": 2} -> "Bo went out but still holds 2 cards".
    """
    variant = variant_of(setup)
    if state.finished:
        raise RuleError("game_over")
    results = _in_seat_order(setup, hand)
    for r in results:
        check_result(setup, r)
    out = [r for r in results if "went_out" in r.marks]
    if len(out) > 1:
        raise RuleError("several_went_out", out[1].player_id, players=_names(setup, out))
    for r in results:
        check_requirements(variant, setup, r)
    variant.check_hand(setup, state, results)


def check_requirements(variant: Variant, setup: GameSetup, result: PlayerResult) -> None:
    """A mark that ``requires`` another only with that one, in every engine (docs/RULES.md §8): Rummy's
    went rummy on a player who did not go out is refused; implied marks count (Ramo's out player laid down)."""
    held = carried(variant.implies, result.marks)
    for mark in sorted(held):
        needed = variant.requires.get(mark)
        if needed is None or needed in held:
            continue
        if (mark, needed) == ("went_rummy", "went_out"):
            raise RuleError("rummy_without_going_out", result.player_id, player=setup.name_of(result.player_id))
        raise RuleError("mark_without_its_requirement", result.player_id, player=setup.name_of(result.player_id),
                        mark=mark, required=needed)


def _players(setup: GameSetup, variant: Variant, totals, levels, completed, rounds, bonuses):
    """PlayerStates in seat order with ranks; totals 40/25/135/90 in Ramo rank 2/1/4/3."""
    keys = {pid: variant.standing_key(setup, totals[pid] + bonuses.get(pid, 0), completed[pid], levels[pid])
            for pid in setup.player_ids}
    ranks = rank_by(keys)
    return tuple(
        PlayerState(s.player_id, s.name, i, totals[s.player_id] + bonuses.get(s.player_id, 0),
                    levels[s.player_id], completed[s.player_id], rounds[s.player_id],
                    ranks[s.player_id], bonuses.get(s.player_id, 0), ranks[s.player_id])
        for i, s in enumerate(setup.seats)
    )


def apply_hand(setup: GameSetup, state: GameState, hand: HandInput) -> GameState:
    """Validate one hand and return the state after it; replay() is a fold of this.

    Example: Ramo, D goes out in hand 1 -> D's total −50, D's level 2, hand_count 1.
    """
    validate_hand(setup, state, hand)
    variant = variant_of(setup)
    number = state.hand_count + 1
    scored, winners = variant.score_hand(setup, state, _in_seat_order(setup, hand))
    outcome = HandOutcome(number, state.next_dealer_id, scored, winners)
    pairs = list(zip(state.players, scored, strict=True))
    totals = {p.player_id: p.total + line.score for p, line in pairs}
    levels = {p.player_id: line.level_after for p, line in pairs}
    completed = {p.player_id: p.completed or line.completed for p, line in pairs}
    rounds = {p.player_id: p.rounds_won + (p.player_id in winners) for p, _ in pairs}
    finished = variant.is_over(setup, number, totals, completed)
    bonuses = variant.end_bonuses(setup, totals, rounds) if finished else {}
    players = _players(setup, variant, totals, levels, completed, rounds, bonuses)
    winner_ids = tuple(p.player_id for p in players if p.rank == 1) if finished else ()
    return GameState(setup, state.hands + (outcome,), players, variant.next_dealer(setup, outcome, totals),
                     finished, winner_ids, number)


def replay(setup: GameSetup, hands: Sequence[HandInput]) -> GameState:
    """Recompute a game from its stored hands; a bad hand raises RuleError with hand_number set.

    Example: replay(setup, []) is the starting state; replay(setup, [h1, h2]) == apply h1 then h2.
    """
    state = start_state(setup)
    for number, hand in enumerate(hands, 1):
        try:
            state = apply_hand(setup, state, hand)
        except RuleError as err:
            err.hand_number = number
            raise
    return state


def deal(setup: GameSetup, state: GameState) -> DealInfo:
    """The deal card for the next hand: dealer, starter, decks, cards each and what to play.

    Example: Ramo, 3 players A B C, A deals -> 2 decks, B gets 13 cards and starts, A and C 12.
    """
    if state.finished:
        raise RuleError("game_over")
    variant = variant_of(setup)
    number, dealer = state.hand_count + 1, state.next_dealer_id
    layout = variant.deal_layout(setup, number, dealer)
    requirements = tuple((p.player_id, None if p.completed else variant.requirement(setup, number, p.level))
                         for p in state.players)
    return DealInfo(number, dealer, seats_after(setup.player_ids, dealer)[0], variant.direction, layout.decks,
                    layout.deck, layout.jokers, tuple((pid, layout.cards[pid]) for pid in setup.player_ids),
                    requirements, variant.note(setup))


def hand_value(variant: str | Variant, cards: Mapping[str, int], options: Mapping | None = None) -> HandValue:
    """A hand's value with the working shown.

    >>> hand_value("ramo", {"low": 3, "high": 2, "special": 1})
    HandValue(value=55, working='3×5 + 2×10 + 1×20 = 55')
    """
    return get_variant(variant).hand_value(cards, options)
