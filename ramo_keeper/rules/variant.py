"""The engine contract: how a game is scored, when it ends, and the rules every engine shares.

A Variant is an engine (``rules/engines/``, the subclasses) playing one definition's facts: the facts are a
frozen ``GameFacts`` record (``rules/facts.py``) read from the document, the behaviour is here. Card checks,
option checks and walking the seats are pure functions of their own modules (``cards.py``,
``option_checks.py``, ``seats.py``); the hand form's questions are the app's (``games/hand_questions.py``).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING

from . import cards, option_checks, seats
from .base import CardCategory, DealLayout, FrozenDict, GameSetup, Level, Phrase, PlayerResult
from .definition import read_document
from .facts import FACT_NAMES, GameFacts
from .marks import LAID_DOWN, Mark, carried, factor
from .state import HandValue, ScoredResult

if TYPE_CHECKING:
    from .state import GameState


class Variant(ABC):
    """One game: an engine playing the facts of its definition (``self.facts``, read through as attributes).

    The engines (``rules/engines/``) are the subclasses; each declares how a hand is scored
    (``score_hand``), when the game ends (``is_over``) and fills in the hooks below. Everything
    else a game differs in is data read from its document by ``rules/definition.py``.
    """

    engine = ""
    # Options an engine reads by name, so a definition on that engine must declare them.
    required_options: frozenset[str] = frozenset()
    # The mark a hand ends with, what the engine reads into a mark, the marks it cannot play without, and
    # whether its totals grow by cards that score ("positive") or differ ("any"): rules/engine_marks.py.
    ends_with, implied_by_engine, needs_marks, scores_by_cards = "went_out", FrozenDict(), (), ""
    # The facts a document may leave out, as this engine plays them: the finishing order and the end.
    fact_defaults: Mapping[str, str] = FrozenDict({"ranking": "highest_total", "end": "target"})
    # Whether a definition on this engine lists levels (it must then have at least one; others have none).
    plays_levels = False
    # Whether the player out scores the definition's out score (the house-rule editor then asks for it).
    scores_out_score = False
    # The numbers the phone's preview takes from options, by the name hand-score.js reads: {name: option key}.
    preview_options: Mapping[str, str] = FrozenDict()

    def __init__(self, document: Mapping):
        self.facts: GameFacts = read_document(document, self.fact_defaults)

    def __getattr__(self, name: str):
        """A fact of the definition, declared by GameFacts (``variant.levels`` is ``variant.facts.levels``)."""
        facts = self.__dict__.get("facts")
        if facts is not None and name in FACT_NAMES:
            return getattr(facts, name)
        raise AttributeError(f"{type(self).__name__!r} has no attribute {name!r}")

    @abstractmethod
    def score_hand(self, setup: GameSetup, state: GameState,
                   results: tuple[PlayerResult, ...]) -> tuple[tuple[ScoredResult, ...], tuple[int, ...]]:
        """The hand's lines in seat order and the ids of the players who won it."""

    @abstractmethod
    def is_over(self, setup: GameSetup, number: int, totals: Mapping[int, int],
                completed: Mapping[int, bool]) -> bool:
        """Whether the game ends after hand ``number`` with these running totals and completions."""

    def deal_layout(self, setup: GameSetup, number: int, dealer_id: int) -> DealLayout:
        """How hand ``number`` is dealt, read from the definition's deal table.

        Ramo at 3: 2 decks of 60, 13 cards to the player after the dealer, 12 to the others.
        """
        return self.deal_table.layout(setup, self.name, number, dealer_id)

    def definition(self) -> dict:
        """The definition document this game was built from, as a fresh dict (JSON-ready) to change freely."""
        return json.loads(self.definition_json)

    def marked(self, result: PlayerResult, mark: str) -> bool:
        """Whether the result carries ``mark``, itself or through marks that imply it (step by step).

        Ramo: a player who went out has laid down, so ``marked(out_result, "laid_down")`` is true.
        """
        return mark in carried(self.implies, result.marks)

    @property
    def out_mark(self) -> Mark:
        """The mark the hand form's "who went out" choice gives (Manipulation's: knocked)."""
        return next(m for m in self.marks if m.key == self.out_flag)

    def mark_word(self, mark: Mark) -> str:
        """A mark's word on the grid, the scoresheet and its legend: the out mark's is the game's own verb
        (a house rule's "ran dry" as its table wrote it), the others' the mark's ("laid down")."""
        return self.words.went_out_verb if mark.key == self.out_flag else mark.word

    def ended_hand(self, result) -> bool:
        """Whether a line ended the hand: it went out, or carries the out mark (Manipulation's knock)."""
        return bool({"went_out", self.out_flag} & result.marks)

    def laid_a_level_down(self, result) -> bool:
        """Whether a line of a game with levels laid its level down (the scoreboard's badge)."""
        return self.counts_lay_downs and LAID_DOWN in result.marks

    def marks_shown(self, result) -> tuple[Mark, ...]:
        """The marks a scored line shows, leaving out those another shown mark implies (Ramo's out player
        shows ★, not ★ and "laid down")."""
        shown = set(result.marks) - {key for mark in result.marks for key in self.implies.get(mark, ())}
        return tuple(m for m in self.marks if m.key in shown)

    def preview(self, options: Mapping) -> dict:
        """What the phone's live preview scores a hand with (static/js/hand-score.js, its formula for this
        engine): the engine's numbers and mark roles, and the marks as data (what each implies, its factor).

        The page hands it over as it is; the parity test (tests/rules/test_preview_parity.py) holds the
        preview to ``score_hand``. Ramo's names the level engine's formula, its out mark went_out and out score −50.
        """
        return {"engine": self.engine, "outChoice": self.out_flag,
                "implies": {m.key: sorted(m.implies) for m in self.marks},
                "factors": {m.key: m.multiplies for m in self.marks if m.multiplies},
                **{name: options[key] for name, key in self.preview_options.items()}}

    def option(self, setup: GameSetup, key: str, fixed):
        """An option's value where the game has that option, else the definition's fixed rule."""
        return setup.options.get(key, fixed)

    def __repr__(self) -> str:
        return f"<Variant {self.key}>"

    def default_options(self) -> dict:
        """Every option at its default, e.g. Contract Rummy: ``{"jokers": True}``."""
        return {o.key: o.default for o in self.options}

    def check_options(self, given: Mapping | None) -> dict:
        """Defaults overlaid with ``given``, each value checked (``option_checks.check_options``, the option rules
        too: Ramo's winner_rule completers needs progression per_player)."""
        return option_checks.check_options(self.name, self.options, self.option_rules, given)

    def categories_for(self, options: Mapping | None = None) -> tuple[CardCategory, ...]:
        """The card boxes and their points for a game with these options (default: all of them)."""
        return cards.categories_for(self.card_categories, options)

    def hand_value(self, cards_held: Mapping[str, int], options: Mapping | None = None) -> HandValue:
        """Value the cards with the working shown (RULES.md: low cards 5, high 10, special 20).

        >>> from ramo_keeper.rules import get_variant
        >>> get_variant("ramo").hand_value({"low": 3, "high": 2, "special": 1}).working
        '3×5 + 2×10 + 1×20 = 55'
        """
        return cards.hand_value(self.name, self.card_categories, cards_held, options or self.default_options())

    def check_cards(self, setup, player_id: int, cards_held: Mapping[str, int]) -> None:
        """Reject a card report the table cannot have produced, naming the player."""
        cards.check_cards(self.name, self.card_categories, setup, player_id, cards_held)

    def check_hand(self, setup, state, results) -> None:  # noqa: B027 (a hook engines may leave as it is)
        """Hook: the engine's own rules about who went out, laid down or knocked."""

    def scored(self, setup, result, score: int | None = None, marks=None, **extra) -> ScoredResult:
        """A ScoredResult with every card box filled in (missing ones are 0); score defaults to the value,
        the marks to the ones reported (an engine passes the effective ones where they differ). The line
        carries what those imply, its score times each one's factor (RULES.md §8: going out ×2, −50 -> −100)."""
        held = {c.key: result.cards.get(c.key, 0) for c in self.card_categories}
        value = self.hand_value(held, setup.options).value
        marks = carried(self.implies, result.marks if marks is None else marks)
        score = (value if score is None else score) * factor(self.multiplies, marks)
        return ScoredResult(result.player_id, held, marks, value=value, score=score, **extra)

    def first_level(self, setup) -> int | None:
        """The level everyone plays first (None where there are no levels)."""
        return None

    def end_bonuses(self, setup, totals, rounds_won) -> dict[int, int]:
        """Bonuses added once when the game ends (only the knock engine has them)."""
        return {}

    def standing_key(self, setup, total: int, completed: bool, level: int | None = None) -> tuple:
        """The finishing order, smaller is better: lower totals in penalty games, higher otherwise."""
        return self.total_key(total)

    def next_dealer(self, setup, outcome, totals: Mapping[int, int]) -> int:
        """The definition's dealer rule (an option of that name wins over it): ``seats.next_dealer``."""
        return seats.next_dealer(self.option(setup, "dealer_rule", self.dealer_rule), setup.player_ids, outcome, totals)

    def requirement(self, setup, hand_number: int, level: int | None) -> Level | None:
        """The level or contract a player with ``level`` plays in this hand."""
        return self.levels[level - 1] if level and self.levels else None

    def note(self, setup) -> Phrase | None:
        """A remark for the deal card, e.g. outside the designed player range."""
        low, high = self.designed_range or (0, len(setup.seats))
        fits = low <= len(setup.seats) <= high
        return None if fits else Phrase("outside_designed_range", {"game": self.name, "low": low, "high": high})

    def allows_nobody_out(self, options: Mapping) -> bool:
        """Whether a hand may end with nobody out (the stock ran dry); the hand form offers it then.

        The definition's ``nobody_out`` says so, unless the game has an ``allow_no_winner`` option.
        """
        if any(o.key == "allow_no_winner" for o in self.options):
            return bool(options.get("allow_no_winner"))
        return self.nobody_out

    def rematch_dealer(self, setup) -> int:
        """Who deals first in a rematch at the same table: the seat after this game's first dealer."""
        return seats.seats_after(setup.player_ids, setup.first_dealer_id)[0]

    def total_key(self, total: int) -> tuple:
        """Smaller is better for current-total ranks: lower totals in penalty games, higher otherwise."""
        return (total,) if self.lower_is_better else (-total,)

    @property
    def counts_lay_downs(self) -> bool:
        """What the statistics count: lay-down rates per level, for games with levels and a laid-down flag."""
        return bool(self.levels) and LAID_DOWN in self.flags

    def level_in_hand(self, options: Mapping, hand_number: int, earlier_lay_downs: int) -> int | None:
        """The level a player plays in hand ``hand_number`` after laying down ``earlier_lay_downs`` times.

        This is what the statistics count lay-down rates by; None where the game has no levels.
        Default: each player climbs alone, one level per lay-down (Ramo per_player: 2 lay-downs -> level 3).
        """
        if not self.levels:
            return None
        return 1 + earlier_lay_downs
