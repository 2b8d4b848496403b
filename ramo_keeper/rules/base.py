"""The records of the scoring core: errors, static rule facts, hand inputs and derived state.

Everything here is a frozen dataclass (or a read-only mapping), so a computed game can be shared
freely and never changes behind anyone's back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


class RuleError(Exception):
    """A rule of the table was broken; ``message`` says which, in the table's words.

    >>> err = RuleError("Bo went out but still holds 2 cards", player_id=2)
    >>> str(err), err.player_id, err.hand_number
    ('Bo went out but still holds 2 cards', 2, None)
    """

    def __init__(self, message: str, player_id: int | None = None, hand_number: int | None = None):
        super().__init__(message)
        self.message = message
        self.player_id = player_id
        self.hand_number = hand_number

    def __str__(self) -> str:
        return self.message


class UnknownVariant(RuleError):
    """Raised for a game key that is not in the registry, e.g. "Unknown game 'nope'"."""


class FrozenDict(dict):
    """A dict that refuses changes, so it can sit inside frozen records and still be JSON-dumped.

    >>> d = FrozenDict({"low": 3})
    >>> d["low"], d == {"low": 3}
    (3, True)
    """

    def _refuse(self, *args, **kwargs):
        raise TypeError("this mapping is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore
    __ior__ = _refuse  # type: ignore

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=repr)))

    def __reduce__(self):
        return (FrozenDict, (dict(self),))


@dataclass(frozen=True)
class Option:
    """One per-game option with its default; ``help`` is one line for the new-game form."""

    key: str
    default: int | bool | str
    kind: str  # "choice" | "int" | "bool"
    choices: tuple[str | int, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""


@dataclass(frozen=True)
class CardCategory:
    """A box on the hand form; ``points`` per card (pips: 1, each pip counts its value)."""

    key: str
    label: str
    points: int


@dataclass(frozen=True)
class Meld:
    """``count`` melds of ``kind`` ("set", "run", "group", "sequence"), each ``min_length`` cards or more."""

    kind: str
    count: int
    min_length: int


@dataclass(frozen=True)
class Level:
    """A level or contract; ``melds`` lists alternatives (Ramo level 8: four sets OR four runs)."""

    number: int
    requirement: str
    melds: tuple[tuple[Meld, ...], ...]


@dataclass(frozen=True)
class Seat:
    """A player at the table; seats are listed in play order, e.g. ``Seat(2, "Bo")``."""

    player_id: int
    name: str


@dataclass(frozen=True)
class GameSetup:
    """What a game was created with; ``options`` is a full, read-only snapshot."""

    variant: str
    seats: tuple[Seat, ...]
    first_dealer_id: int
    options: Mapping[str, object]

    def __post_init__(self):
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "options", FrozenDict(self.options))

    @property
    def player_ids(self) -> tuple[int, ...]:
        """Player ids in seat order, e.g. ``(1, 2, 3)``."""
        return tuple(seat.player_id for seat in self.seats)

    def name_of(self, player_id: int) -> str:
        """The seated name, or "Player 7" for someone not at the table."""
        for seat in self.seats:
            if seat.player_id == player_id:
                return seat.name
        return f"Player {player_id}"


@dataclass(frozen=True)
class PlayerResult:
    """What the table reports for one player in one hand."""

    player_id: int
    cards: Mapping[str, int] = field(default_factory=dict)
    went_out: bool = False
    laid_down: bool = False
    knocked: bool = False
    went_rummy: bool = False

    def __post_init__(self):
        object.__setattr__(self, "cards", FrozenDict(self.cards))


@dataclass(frozen=True)
class HandInput:
    """One hand as reported: one PlayerResult per seated player, in any order."""

    results: tuple[PlayerResult, ...]

    def __post_init__(self):
        object.__setattr__(self, "results", tuple(self.results))


from .state import DealInfo, GameState, HandOutcome, HandValue, PlayerState, ScoredResult  # noqa: E402

__all__ = [
    "CardCategory", "DealInfo", "FrozenDict", "GameSetup", "GameState", "HandInput", "HandOutcome", "HandValue",
    "Level", "Meld", "Option", "PlayerResult", "PlayerState", "RuleError", "ScoredResult", "Seat",
    "UnknownVariant",
]
