"""The records of the scoring core: errors, static rule facts, hand inputs and derived state.

Everything here is a frozen dataclass (or a read-only mapping), so a computed game can be shared
freely and never changes behind anyone's back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


class RuleError(Exception):
    """A rule of the table was broken: a stable ``code`` and the ``params`` that fill in its sentence.

    The core words nothing: ``ramo_keeper/text/`` turns code and params into the sentence the
    table reads ("Bo went out but still holds 2 cards"), so a language can be added there alone.
    Player names travel as params, exactly as seated.

    >>> err = RuleError("went_out_with_cards", player_id=2, player="Bo", count=2)
    >>> err.code, err.params, err.player_id, err.hand_number
    ('went_out_with_cards', {'player': 'Bo', 'count': 2}, 2, None)
    """

    def __init__(self, code: str, player_id: int | None = None, hand_number: int | None = None, **params):
        super().__init__(code, params)
        self.code = code
        self.params = params
        self.player_id = player_id
        self.hand_number = hand_number

    def __str__(self) -> str:
        return f"{self.code} {self.params!r}"


class UnknownVariant(RuleError):
    """Raised for a game key that is not in the registry: code ``unknown_game`` with ``key``."""


class DefinitionError(RuleError):
    """A game definition that does not make sense: a reason ``code`` and the ``path`` of the first bad field.

    >>> err = DefinitionError("out_of_range", "card_categories[2].points", minimum=-500, maximum=500)
    >>> err.code, err.path, err.params["path"]
    ('out_of_range', 'card_categories[2].points', 'card_categories[2].points')
    """

    def __init__(self, code: str, path: str, **params):
        super().__init__(code, path=path, **params)
        self.path = path


@dataclass(frozen=True)
class Phrase:
    """Words the core wants said, as data: a ``code`` and its ``params`` (worded in text/).

    >>> Phrase("deck_with_jokers", {"decks": 2, "cards": 52, "jokers": 3}).params["jokers"]
    3
    """

    code: str
    params: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self):
        object.__setattr__(self, "params", FrozenDict(self.params))


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


# No hand holds more than 60 cards (docs/RULES.md §0): the one place the entry limits are set.
MAX_CARDS = 60
MAX_PIPS = MAX_CARDS * 9


@dataclass(frozen=True)
class Option:
    """One per-game option with its default; text/options.py says what it and each choice mean."""

    key: str
    default: int | bool | str
    kind: str  # "choice" | "int" | "bool"
    choices: tuple[str | int, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    # Its words, from the definition (English, translated where shown): a label, a line of help, and
    # the words for each choice in the order of ``choices``.
    label: str = ""
    help: str = ""
    choice_words: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardCategory:
    """A box on the hand form: ``points`` per card, or the face value summed (``face_value``, pips).

    ``maximum`` is the entry limit of the box: 60 cards, or 540 pips (60 cards of 9).
    """

    key: str
    label: str
    points: int
    maximum: int = MAX_CARDS
    face_value: bool = False
    needs_option: str | None = None  # a boolean option without which the box is not there (Contract's jokers)
    points_option: str | None = None  # an option whose value is the points per card (Rummy's ace_value)


@dataclass(frozen=True)
class Meld:
    """``count`` melds of ``kind`` ("set", "run", "group", "sequence", "colour"), each ``min_length`` cards or more."""

    kind: str
    count: int
    min_length: int


@dataclass(frozen=True)
class Level:
    """A level, contract or phase; ``melds`` lists alternatives (Ramo level 8: four sets OR four runs).

    ``lengths_stated``: the requirement names each meld's length ("a sequence of four");
    ``all_at_once``: laid down in one turn with no discard (Contract Rummy's round 7).
    """

    number: int
    melds: tuple[tuple[Meld, ...], ...]
    lengths_stated: bool = False
    all_at_once: bool = False
    requirement: str = ""  # the definition's own words for it; the app words built-in levels from the melds


@dataclass(frozen=True)
class MeldKind:
    """What a meld is, for the rules page: ``kind`` and its defining facts as a Phrase."""

    kind: str
    definition: Phrase


@dataclass(frozen=True)
class Words:
    """A game's own vocabulary, shown by templates and forms instead of branching on the game.

    ``level``: "level", "contract" or "phase"; ``went_out``: the out flag's label ("Went out",
    "Knocked"); ``nobody_out``: the choice for a hand nobody ended, where the game has one.
    """

    level: str = "level"
    levels: str = "levels"
    hand: str = "hand"
    went_out: str = "Went out"
    went_out_verb: str = "went out"
    nobody_out: str | None = None
    choose_who: str | None = None  # the hand form's question when nobody is picked ("Choose who went out.")


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
    # The game's own Variant when it is not the registered one for ``variant`` (a definition loaded
    # from a file or a league's house rule): the game is scored by it, so it travels with the setup.
    definition: object | None = field(default=None, compare=False, repr=False)

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
    """What the table reports for one player in one hand: the cards held and the marks carried.

    ``marks`` holds keys of the marks the game's definition declares (rules/marks.py), as data:

    >>> sorted(PlayerResult(1, marks=["went_out", "laid_down"]).marks)
    ['laid_down', 'went_out']
    """

    player_id: int
    cards: Mapping[str, int] = field(default_factory=dict)
    marks: frozenset[str] = frozenset()

    def __post_init__(self):
        if isinstance(self.marks, str):  # frozenset("went_out") would be its letters
            raise TypeError(f"marks is a collection of mark keys, not the one key {self.marks!r}")
        object.__setattr__(self, "cards", FrozenDict(self.cards))
        object.__setattr__(self, "marks", frozenset(self.marks))


@dataclass(frozen=True)
class HandInput:
    """One hand as reported: one PlayerResult per seated player, in any order."""

    results: tuple[PlayerResult, ...]

    def __post_init__(self):
        object.__setattr__(self, "results", tuple(self.results))


@dataclass(frozen=True)
class DealLayout:
    """How one hand is dealt: ``decks`` and their description, ``jokers`` added, ``cards`` per player id."""

    decks: int
    deck: Phrase
    jokers: int
    cards: Mapping[int, int]

    def __post_init__(self):
        object.__setattr__(self, "cards", FrozenDict(self.cards))


__all__ = [
    "CardCategory", "DealLayout", "DefinitionError", "FrozenDict", "GameSetup", "HandInput", "Level", "MAX_CARDS",
    "MAX_PIPS", "Meld", "MeldKind", "Option", "Phrase", "PlayerResult", "RuleError", "Seat", "UnknownVariant", "Words",
]
