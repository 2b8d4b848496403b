"""The cards a player reports: which boxes a game has, what they are worth, and what a table can hold."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from .base import MAX_CARDS, CardCategory, RuleError
from .state import HandValue


def card_count(cards: Mapping[str, int]) -> int:
    """The fewest cards a report can stand for (pip cards are worth at most 9 each).

    >>> card_count({"pips": 16, "tens": 1})
    3
    """
    pips = cards.get("pips", 0)
    return sum(n for k, n in cards.items() if k != "pips") + -(-pips // 9)


def categories_for(categories: tuple[CardCategory, ...], options: Mapping | None) -> tuple[CardCategory, ...]:
    """The card boxes and their points for a game with these options (None: all of them).

    A box that needs an option is left out while it is off (Contract without jokers); a box
    whose points are an option takes its value (Rummy's aces with ``ace_value`` 15).
    """
    if options is None:
        return categories
    boxes = []
    for category in categories:
        if category.needs_option and not options.get(category.needs_option, True):
            continue
        if category.points_option and category.points_option in options:
            category = replace(category, points=options[category.points_option])
        boxes.append(category)
    return tuple(boxes)


def points_of(categories: tuple[CardCategory, ...], options: Mapping) -> dict[str, int]:
    """Each box's points for a game with these options, as categories_for gives them: what every line of every
    hand is valued with, so it skips building the boxes themselves (an import of 20,000 hands values 80,000)."""
    points = {}
    for category in categories:
        if category.needs_option and not options.get(category.needs_option, True):
            continue
        option = category.points_option
        points[category.key] = options[option] if option and option in options else category.points
    return points


def hand_value(game: str, categories: tuple[CardCategory, ...], cards: Mapping[str, int],
               options: Mapping) -> HandValue:
    """Value the cards with the working shown; Ramo (3, 2, 1) -> "3×5 + 2×10 + 1×20 = 55"."""
    points = points_of(categories, options)
    terms, value = [], 0
    for key, count in cards.items():
        if not any(c.key == key for c in categories):
            raise RuleError("no_such_category", game=game, category=key)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RuleError("count_not_a_whole_number", category=key)
    for category in categories:
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


def check_cards(game: str, categories: tuple[CardCategory, ...], setup, player_id: int,
                cards: Mapping[str, int]) -> None:
    """Reject a card report the table cannot have produced, naming the player."""
    name = setup.name_of(player_id)
    known = {c.key: c for c in categories}
    active = points_of(categories, setup.options)
    for key, count in cards.items():
        category = known.get(key)
        if category is None:
            raise RuleError("player_lists_unknown_category", player_id, game=game, player=name, category=key)
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
