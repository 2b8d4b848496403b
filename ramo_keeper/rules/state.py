"""Derived records: scored hands, player standings, the game state and the deal card.

>>> HandValue(55, "3×5 + 2×10 + 1×20 = 55").value
55
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import GameSetup, Level, Phrase


@dataclass(frozen=True)
class ScoredResult:
    """One player's line of a played hand; its marks are the effective ones (Ramo's out player laid down)."""

    player_id: int
    cards: dict[str, int]
    marks: frozenset[str]
    value: int
    score: int
    level_before: int | None = None
    level_after: int | None = None
    completed: bool = False  # laid down the last level (Ramo's 8, Phase 10's 10) in this hand

    def __post_init__(self):
        object.__setattr__(self, "marks", frozenset(self.marks))


@dataclass(frozen=True)
class HandOutcome:
    """A played hand: its number (1-based), dealer, lines in seat order and who won it."""

    number: int
    dealer_id: int
    results: tuple[ScoredResult, ...]
    winner_ids: tuple[int, ...]

    def result(self, player_id: int) -> ScoredResult:
        """The line of one player, e.g. ``outcome.result(4).score == -50``."""
        return next(r for r in self.results if r.player_id == player_id)


@dataclass(frozen=True)
class PlayerState:
    """A player's standing: total (with end bonuses once finished), level to play next, rank."""

    player_id: int
    name: str
    seat: int
    total: int
    level: int | None
    completed: bool
    rounds_won: int
    rank: int
    end_bonus: int = 0
    place: int = 1


@dataclass(frozen=True)
class GameState:
    """Everything derived from a game's hands; ``winner_ids`` stays empty until it is finished."""

    setup: GameSetup
    hands: tuple[HandOutcome, ...]
    players: tuple[PlayerState, ...]
    next_dealer_id: int
    finished: bool
    winner_ids: tuple[int, ...]
    hand_count: int

    def player(self, player_id: int) -> PlayerState:
        """One player's standing, e.g. ``state.player(1).total == 55``."""
        for p in self.players:
            if p.player_id == player_id:
                return p
        raise KeyError(player_id)


@dataclass(frozen=True)
class DealInfo:
    """The deal card for the next hand: who deals and starts, decks, cards each, what to play."""

    hand_number: int
    dealer_id: int
    starter_id: int
    direction: str
    decks: int
    deck: Phrase
    jokers: int
    cards: tuple[tuple[int, int], ...]
    requirements: tuple[tuple[int, Level | None], ...]
    note: Phrase | None = None


@dataclass(frozen=True)
class HandValue:
    """A hand's value with the working, e.g. ``HandValue(55, "3×5 + 2×10 + 1×20 = 55")``."""

    value: int
    working: str
