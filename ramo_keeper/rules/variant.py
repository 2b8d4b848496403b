"""The Variant base class: rule facts as class attributes, and the checks every game shares."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from .base import (
    MAX_CARDS,
    CardCategory,
    DealLayout,
    FrozenDict,
    GameSetup,
    Level,
    MeldKind,
    Option,
    Phrase,
    PlayerResult,
    RuleError,
    Words,
)
from .definition import read_document
from .marks import LAID_DOWN, Mark, carried, factor, form_questions
from .state import HandValue, ScoredResult

if TYPE_CHECKING:
    from .deal_table import DealTable
    from .definition import OptionRule
    from .state import GameState


def seats_after(seat_ids: Sequence[int], player_id: int) -> tuple[int, ...]:
    """The seats walked from the one after ``player_id`` round to ``player_id`` itself.

    >>> seats_after((1, 2, 3, 4), 2)
    (3, 4, 1, 2)
    """
    ids = tuple(seat_ids)
    i = ids.index(player_id)
    return ids[i + 1 :] + ids[: i + 1]


def first_reached(seat_ids: Sequence[int], after_id: int, candidates) -> int:
    """The first of ``candidates`` met walking the seats after ``after_id``, who comes last.

    >>> first_reached((1, 2, 3, 4), 3, {1, 4})
    4
    """
    return next(pid for pid in seats_after(seat_ids, after_id) if pid in candidates)


def rank_by(keys: Mapping[int, tuple]) -> dict[int, int]:
    """Rank 1 for the smallest key; equal keys share the best place (1, 1, 3).

    >>> rank_by({1: (10,), 2: (5,), 3: (5,)})
    {1: 3, 2: 1, 3: 1}
    """
    return {pid: 1 + sum(1 for other in keys.values() if other < key) for pid, key in keys.items()}


def card_count(cards: Mapping[str, int]) -> int:
    """The fewest cards a report can stand for (pip cards are worth at most 9 each).

    >>> card_count({"pips": 16, "tens": 1})
    3
    """
    pips = cards.get("pips", 0)
    return sum(n for k, n in cards.items() if k != "pips") + -(-pips // 9)


def _check_option(option: Option, value: object) -> object:
    """The value if it fits the option (``"per_round"`` for progression), else RuleError naming it."""
    if option.kind == "bool":
        if not isinstance(value, bool):
            raise RuleError("option_not_boolean", option=option.key)
    elif option.kind == "int":
        low, high = option.minimum, option.maximum
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RuleError("option_out_of_range", option=option.key, minimum=low, maximum=high)
    elif not any(type(value) is type(c) and value == c for c in option.choices):
        raise RuleError("option_not_a_choice", option=option.key, choices=tuple(option.choices))
    return value


class Variant(ABC):
    """One game: the facts of its definition document as attributes, scored by the engine it is built on.

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

    def __init__(self, document: Mapping):
        self.__dict__.update(read_document(document))

    key: str
    name: str
    min_players: int
    max_players: int
    designed_range: tuple[int, int] | None
    direction: str
    levels: tuple[Level, ...]
    meld_kinds: tuple[MeldKind, ...]
    card_categories: tuple[CardCategory, ...]
    options: tuple[Option, ...]
    scoring_summary: tuple[Phrase, ...]
    lower_is_better: bool
    flags: frozenset[str]
    # The marks the definition declares, in its order (rules/marks.py): the app loops over these.
    marks: tuple[Mark, ...]
    # The result flag the "out" choice on the hand form sets: "went_out", or "knocked" (Manipulation).
    out_flag: str
    words: Words
    # Hands won is a number the table needs to see (Manipulation pays a bonus per hand won).
    counts_hands_won: bool
    # What a mark brings with it: {"went_out": {"laid_down"}} where going out means having laid down.
    implies: Mapping[str, frozenset[str]]
    deal_table: DealTable
    option_rules: tuple[OptionRule, ...]
    nobody_out: bool
    dealer_rule: str
    ranking: str
    out_score: int
    progression: str
    end: str
    requires: Mapping[str, str]
    multiplies: Mapping[str, int]
    # The game's BoardGameGeek id where the definition names one (BG Stats' `bggId`), else None.
    bgg_id: int | None
    definition_json: str

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

    @property
    def out_empties_hand(self) -> bool:
        """Whether the out choice means holding nothing: it marks going out (not Manipulation's knock)."""
        return self.out_flag == "went_out"

    @property
    def marks_for_each(self) -> tuple[Mark, ...]:
        """Marks the hand form asks of every player (Ramo's laid down): ``marks.form_questions``."""
        return form_questions(self.marks, self.implies, self.out_flag)[0]

    @property
    def marks_ticked_by_going_out(self) -> tuple[Mark, ...]:
        """Marks asked of every player that going out implies: the form ticks them for the player out
        (Ramo's laid down)."""
        return tuple(m for m in self.marks_for_each if m.key in self.out_mark.implies)

    @property
    def marks_for_the_player_out(self) -> tuple[Mark, ...]:
        """Marks asked once, of the player out: Rummy's went rummy."""
        return form_questions(self.marks, self.implies, self.out_flag)[1]

    def ended_hand(self, result) -> bool:
        """Whether a line ended the hand: it went out, or carries the out mark (Manipulation's knock)."""
        return bool({"went_out", self.out_flag} & result.marks)

    def laid_a_level_down(self, result) -> bool:
        """Whether a line of a game with levels laid its level down (the scoreboard's badge)."""
        return self.counts_lay_downs and LAID_DOWN in result.marks

    def marks_shown(self, result) -> tuple[Mark, ...]:
        """The marks a scored line shows, leaving out those another shown mark implies (Ramo's out player
        shows ★, not ★ and "laid down")."""
        carried = set(result.marks)
        implied = {key for mark in carried for key in self.implies.get(mark, ())}
        return tuple(m for m in self.marks if m.key in carried and m.key not in implied)

    def preview(self, options: Mapping) -> dict:
        """What the phone's live preview scores a hand with (static/js/hand-score.js, its formula for this
        engine): the engine's numbers and mark roles, and the marks as data (what each implies, its factor).

        The page hands it over as it is; the parity test (tests/rules/test_preview_parity.py) holds the
        preview to ``score_hand``. Ramo: ``{"engine": "levels", "outMark": "went_out", "outScore": -50, …}``.
        """
        return {"engine": self.engine, "outChoice": self.out_flag,
                "implies": {m.key: sorted(m.implies) for m in self.marks},
                "factors": {m.key: m.multiplies for m in self.marks if m.multiplies}}

    def option(self, setup: GameSetup, key: str, fixed):
        """An option's value where the game has that option, else the definition's fixed rule."""
        return setup.options.get(key, fixed)

    def __repr__(self) -> str:
        return f"<Variant {self.key}>"

    def default_options(self) -> dict:
        """Every option at its default, e.g. Contract Rummy: ``{"jokers": True}``."""
        return {o.key: o.default for o in self.options}

    def check_options(self, given: Mapping | None) -> dict:
        """Defaults overlaid with ``given``, each value checked; raises RuleError on a bad one.

        Example: Contract Rummy with ``{"jokers": False}`` -> ``{"jokers": False}``.
        """
        by_key = {o.key: o for o in self.options}
        snapshot = self.default_options()
        for key, value in dict(given or {}).items():
            if key not in by_key:
                raise RuleError("no_such_option", game=self.name, option=key)
            snapshot[key] = _check_option(by_key[key], value)
        self.check_option_combination(snapshot)
        return snapshot

    def check_option_combination(self, options: Mapping) -> None:
        """The definition's option rules: Ramo's winner_rule completers needs progression per_player."""
        for rule in self.option_rules:
            if options.get(rule.option) == rule.value and options.get(rule.needs) != rule.needed:
                raise RuleError("options_exclude_each_other", option=rule.option, value=rule.value,
                                needs=rule.needs, needed=rule.needed)

    def categories_for(self, options: Mapping | None = None) -> tuple[CardCategory, ...]:
        """The card boxes and their points for a game with these options (default: all of them).

        A box that needs an option is left out while it is off (Contract without jokers); a box
        whose points are an option takes its value (Rummy's aces with ``ace_value`` 15).
        """
        if options is None:
            return self.card_categories
        boxes = []
        for category in self.card_categories:
            if category.needs_option and not options.get(category.needs_option, True):
                continue
            if category.points_option and category.points_option in options:
                category = replace(category, points=options[category.points_option])
            boxes.append(category)
        return tuple(boxes)

    def hand_value(self, cards: Mapping[str, int], options: Mapping | None = None) -> HandValue:
        """Value the cards with the working shown; Ramo (3, 2, 1) -> "3×5 + 2×10 + 1×20 = 55"."""
        points = {c.key: c.points for c in self.categories_for(options or self.default_options())}
        known = {c.key for c in self.card_categories}
        terms, value = [], 0
        for key, count in cards.items():
            if key not in known:
                raise RuleError("no_such_category", game=self.name, category=key)
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise RuleError("count_not_a_whole_number", category=key)
        for category in self.card_categories:
            count = cards.get(category.key, 0)
            if count:
                each = points.get(category.key, 0)
                value += count * each
                terms.append(str(count) if category.face_value else f"{count}×{each}")
        if not terms:
            return HandValue(0, "0")
        if terms == [str(value)]:
            return HandValue(value, terms[0])
        return HandValue(value, f"{' + '.join(terms)} = {value}")

    def check_cards(self, setup, player_id: int, cards: Mapping[str, int]) -> None:
        """Reject a card report the table cannot have produced, naming the player."""
        name = setup.name_of(player_id)
        known = {c.key: c for c in self.card_categories}
        active = {c.key for c in self.categories_for(setup.options)}
        for key, count in cards.items():
            category = known.get(key)
            if category is None:
                raise RuleError("player_lists_unknown_category", player_id, game=self.name, player=name,
                                category=key)
            if isinstance(count, bool) or not isinstance(count, int):
                raise RuleError("player_count_not_whole", player_id, player=name, category=key, count=count)
            if count < 0:
                raise RuleError("player_count_negative", player_id, player=name, category=key)
            if category.face_value and count == 1:
                raise RuleError("pips_of_one", player_id, player=name)
            if category.face_value and count > category.maximum:
                raise RuleError("too_many_pips", player_id, player=name, count=count,
                                max_cards=MAX_CARDS, maximum=category.maximum)
            if not category.face_value and count > category.maximum:
                raise RuleError("too_many_of_a_category", player_id, player=name, count=count, category=key,
                                maximum=category.maximum)
            if key not in active and count:
                raise RuleError("category_not_in_this_game", player_id, player=name, category=key, count=count)
        if card_count(cards) > MAX_CARDS:
            raise RuleError("more_than_a_hand", player_id, player=name, maximum=MAX_CARDS)

    def check_hand(self, setup, state, results) -> None:  # noqa: B027 (a hook engines may leave as it is)
        """Hook: the engine's own rules about who went out, laid down or knocked."""

    def scored(self, setup, result, score: int | None = None, marks=None, **extra) -> ScoredResult:
        """A ScoredResult with every card box filled in (missing ones are 0); score defaults to the value,
        the marks to the ones reported (an engine passes the effective ones where they differ). The line
        carries what those imply, its score times each one's factor (RULES.md §8: going out ×2, −50 -> −100)."""
        cards = {c.key: result.cards.get(c.key, 0) for c in self.card_categories}
        value = self.hand_value(cards, setup.options).value
        marks = carried(self.implies, result.marks if marks is None else marks)
        score = (value if score is None else score) * factor(self.multiplies, marks)
        return ScoredResult(result.player_id, cards, marks, value=value, score=score, **extra)

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
        """The definition's dealer rule (an option of that name wins over it).

        ``rotate``: the next seat; ``winner_deals``: the hand's first winner; ``highest_total`` /
        ``highest_hand``: the highest running total or hand score, ties to the first tied seat after
        the dealer, the dealer last.
        """
        rule = self.option(setup, "dealer_rule", self.dealer_rule)
        if rule == "winner_deals" and outcome.winner_ids:
            return outcome.winner_ids[0]
        if rule in ("highest_total", "highest_hand"):
            values = dict(totals) if rule == "highest_total" else {r.player_id: r.score for r in outcome.results}
            top = max(values.values())
            return first_reached(setup.player_ids, outcome.dealer_id, {p for p, v in values.items() if v == top})
        return seats_after(setup.player_ids, outcome.dealer_id)[0]

    def requirement(self, setup, hand_number: int, level: int | None) -> Level | None:
        """The level or contract a player with ``level`` plays in this hand."""
        return self.levels[level - 1] if level and self.levels else None

    def note(self, setup) -> Phrase | None:
        """A remark for the deal card, e.g. outside the designed player range."""
        if self.designed_range:
            low, high = self.designed_range
            if not low <= len(setup.seats) <= high:
                return Phrase("outside_designed_range", {"game": self.name, "low": low, "high": high})
        return None

    def allows_nobody_out(self, options: Mapping) -> bool:
        """Whether a hand may end with nobody out (the stock ran dry); the hand form offers it then.

        The definition's ``nobody_out`` says so, unless the game has an ``allow_no_winner`` option.
        """
        if any(o.key == "allow_no_winner" for o in self.options):
            return bool(options.get("allow_no_winner"))
        return self.nobody_out

    def rematch_dealer(self, setup) -> int:
        """Who deals first in a rematch at the same table: the seat after this game's first dealer."""
        return seats_after(setup.player_ids, setup.first_dealer_id)[0]

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
