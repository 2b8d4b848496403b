"""The Variant base class: rule facts as class attributes, and the checks every game shares."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .base import CardCategory, HandValue, Level, Option, RuleError, ScoredResult

MAX_CARDS = 60
MAX_PIPS = MAX_CARDS * 9
FLAG_NOUNS = {"laid_down": "laying down", "knocked": "knocking", "went_rummy": "going rummy"}
FLAG_WORDS = {"laid_down": "having laid down", "knocked": "having knocked", "went_rummy": "having gone rummy"}
STANDARD_KEYS = ("pips", "tens", "aces", "jokers")
ANY_CATEGORY = frozenset(("low", "high", "special") + STANDARD_KEYS)


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
            raise RuleError(f"{option.key} must be true or false")
    elif option.kind == "int":
        low, high = option.minimum, option.maximum
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RuleError(f"{option.key} must be a whole number from {low} to {high}")
    elif not any(type(value) is type(c) and value == c for c in option.choices):
        raise RuleError(f"{option.key} must be one of {', '.join(str(c) for c in option.choices)}")
    return value


class Variant:
    """One game's rule facts; subclasses fill the tables and the scoring hooks."""

    __slots__ = ()
    key = ""
    name = ""
    min_players = 2
    max_players = 8
    designed_range: tuple[int, int] | None = None
    direction = "clockwise"
    levels: tuple[Level, ...] = ()
    card_categories: tuple[CardCategory, ...] = ()
    options: tuple[Option, ...] = ()
    scoring_summary: tuple[str, ...] = ()
    lower_is_better = True
    flags = frozenset({"went_out"})

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
                raise RuleError(f"{self.name} has no option '{key}'")
            snapshot[key] = _check_option(by_key[key], value)
        self.check_option_combination(snapshot)
        return snapshot

    def check_option_combination(self, options: Mapping) -> None:
        """Hook for options that exclude each other (Ramo: completers needs per_player)."""

    def categories_for(self, options: Mapping | None = None) -> tuple[CardCategory, ...]:
        """The card boxes and their points for a game with these options (default: all of them)."""
        return self.card_categories

    def hand_value(self, cards: Mapping[str, int], options: Mapping | None = None) -> HandValue:
        """Value the cards with the working shown; Ramo (3, 2, 1) -> "3×5 + 2×10 + 1×20 = 55"."""
        points = {c.key: c.points for c in self.categories_for(options or self.default_options())}
        known = {c.key for c in self.card_categories}
        terms, value = [], 0
        for key, count in cards.items():
            if key not in known:
                raise RuleError(f"{self.name} has no card category '{key}'")
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise RuleError(f"{key} must be a whole number of 0 or more")
        for category in self.card_categories:
            count = cards.get(category.key, 0)
            if count:
                each = points.get(category.key, 0)
                value += count * each
                terms.append(str(count) if category.key == "pips" else f"{count}×{each}")
        if not terms:
            return HandValue(0, "0")
        if terms == [str(value)]:
            return HandValue(value, terms[0])
        return HandValue(value, f"{' + '.join(terms)} = {value}")

    def check_cards(self, setup, player_id: int, cards: Mapping[str, int]) -> None:
        """Reject a card report the table cannot have produced, naming the player."""
        name = setup.name_of(player_id)
        known = {c.key for c in self.card_categories}
        active = {c.key for c in self.categories_for(setup.options)}
        for key, count in cards.items():
            if key not in known:
                what = key if key in ANY_CATEGORY else f"card category '{key}'"
                raise RuleError(f"{self.name} has no {what}, but {name}'s cards list {key}", player_id)
            if isinstance(count, bool) or not isinstance(count, int):
                raise RuleError(f"{name}'s {key} must be a whole number, not {count!r}", player_id)
            if count < 0:
                raise RuleError(f"{name}'s {key} cannot be negative", player_id)
            if key == "pips" and count == 1:
                raise RuleError(f"{name}'s pips cannot be 1: the smallest pip card is a 2", player_id)
            if key == "pips" and count > MAX_PIPS:
                raise RuleError(f"{name} cannot hold {count} pips: 60 cards make at most 540", player_id)
            if key != "pips" and count > MAX_CARDS:
                raise RuleError(f"{name} cannot hold {count} {key}: no hand holds more than 60 cards", player_id)
            if key not in active and count:
                raise RuleError(f"This game is played without {key}, but {name} holds {count}", player_id)
        if card_count(cards) > MAX_CARDS:
            raise RuleError(f"{name} cannot hold more than 60 cards", player_id)

    def check_hand(self, setup, state, results) -> None:
        """Hook: the variant's own rules about who went out, laid down or knocked."""

    def scored(self, setup, result, score: int | None = None, **extra) -> ScoredResult:
        """A ScoredResult with every card box filled in (missing ones are 0); score defaults to the value."""
        cards = {c.key: result.cards.get(c.key, 0) for c in self.card_categories}
        fields = dict(went_out=result.went_out, laid_down=result.laid_down, knocked=result.knocked,
                      went_rummy=result.went_rummy)
        fields.update(extra)
        value = self.hand_value(cards, setup.options).value
        score = value if score is None else score
        return ScoredResult(result.player_id, cards, value=value, score=score, **fields)

    def first_level(self, setup) -> int | None:
        """The level everyone plays first (None where there are no levels)."""
        return None

    def end_bonuses(self, setup, totals, rounds_won) -> dict[int, int]:
        """Bonuses added once when the game ends (only Manipulation has them)."""
        return {}

    def standing_key(self, setup, total: int, completed: bool) -> tuple:
        """Smaller is better: lower totals in penalty games, higher otherwise."""
        return (total,) if self.lower_is_better else (-total,)

    def next_dealer(self, setup, outcome, totals: Mapping[int, int]) -> int:
        """Default: the deal passes to the next seat."""
        return seats_after(setup.player_ids, outcome.dealer_id)[0]

    def requirement(self, setup, hand_number: int, level: int | None) -> Level | None:
        """The level or contract a player with ``level`` plays in this hand."""
        return self.levels[level - 1] if level and self.levels else None

    def note(self, setup) -> str | None:
        """A remark for the deal card, e.g. outside the designed player range."""
        if self.designed_range:
            low, high = self.designed_range
            if not low <= len(setup.seats) <= high:
                return f"{self.name} is designed for {low} to {high} players"
        return None
