"""Small builders so the hand tables in the tests read like the score sheet."""

import re
from contextlib import contextmanager

import pytest

from ramo_keeper.rules import HandInput, PlayerResult, RuleError, Seat, apply_hand, new_game, start_state
from ramo_keeper.text.rule_errors import rule_message

AL, BO, CY, DI, ED, FLO, GUS, HAL = 1, 2, 3, 4, 5, 6, 7, 8
NAMES = {AL: "Al", BO: "Bo", CY: "Cy", DI: "Di", ED: "Ed", FLO: "Flo", GUS: "Gus", HAL: "Hal"}


def seats(n: int) -> tuple[Seat, ...]:
    """The first n of Al, Bo, Cy, Di, … in seat order (ids 1..n)."""
    return tuple(Seat(pid, NAMES[pid]) for pid in range(1, n + 1))


def game(variant: str, n: int, first_dealer: int | None = None, **options):
    return new_game(variant, seats(n), first_dealer, options)


def r(low=0, high=0, special=0) -> dict:
    """Ramo cards (low, high, special)."""
    return {"low": low, "high": high, "special": special}


def s(pips=0, tens=0, aces=0, jokers=0) -> dict:
    """Standard-deck cards (pips, tens, aces, jokers); jokers omitted when 0 (Rummy has none)."""
    cards = {"pips": pips, "tens": tens, "aces": aces}
    if jokers:
        cards["jokers"] = jokers
    return cards


def out(pid: int, **flags) -> PlayerResult:
    return holds(pid, {}, went_out=True, **flags)


def holds(pid: int, cards: dict, **flags) -> PlayerResult:
    """A player's result with the marks named true: ``holds(1, {"low": 2}, laid_down=True)``."""
    return PlayerResult(pid, cards, {mark for mark, carried in flags.items() if carried})


def hand(*results: PlayerResult) -> HandInput:
    return HandInput(results)


def fold(setup, hands):
    """Every state along the way: states[0] is the start, states[k] the state after hand k."""
    states = [start_state(setup)]
    for h in hands:
        states.append(apply_hand(setup, states[-1], h))
    return states


def totals(state) -> dict:
    return {p.player_id: p.total for p in state.players}


def scores(outcome) -> dict:
    return {line.player_id: line.score for line in outcome.results}


@contextmanager
def refused_with(pattern: str):
    """Like pytest.raises(RuleError, match=…), matched against the sentence text/rule_errors.py words."""
    with pytest.raises(RuleError) as err:
        yield err
    assert re.search(pattern, rule_message(err.value)), rule_message(err.value)
