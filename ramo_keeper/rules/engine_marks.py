"""What each engine can do with a definition's marks (docs/RULES.md §8), checked when a definition is made.

Every engine applies ``implies`` (a mark carries what it implies), ``requires`` (a mark only with the one
it requires) and ``multiplies`` (a player's hand score times the factor of each mark they carry). What an
engine cannot change is how a hand ends and a game moves on: the level and winner-takes engines end a
hand by going out, the knock engine by the knock (and there going out is a knock holding nothing, which
the engine gives and nobody marks); a level game climbs by laying down; a game that ends at a target
reaches it by the cards' points. So ``rules.define`` refuses (naming the field) a level game without
``laid_down``, another ``out_mark``, a knock game's going out that does not imply the knock or that a
mark requires, a mark that would bring the hand's end with it (a lay-down that implies going out: the
form's one out choice says who ended the hand), and a target game in which no card scores.

These checks stand on the path of a new definition only: a game's stored snapshot is read as it was.

>>> from .engines import ENGINES
>>> check_engine_marks({"marks": [{"key": "went_out"}, {"key": "laid_down", "implies": ["went_out"]}]},
...                    ENGINES["levels"])
Traceback (most recent call last):
ramo_keeper.rules.base.DefinitionError: implies_the_hand_end {'path': 'marks[1].implies', 'mark': 'went_out'}
"""

from __future__ import annotations

from collections.abc import Mapping

from .base import DefinitionError
from .marks import carried


def check_engine_marks(doc: Mapping, engine: type) -> None:
    """Refuse (DefinitionError, naming the field) the marks ``engine`` cannot play as written."""
    marks = doc.get("marks", [{"key": "went_out"}])
    implies = {mark["key"]: mark.get("implies", ()) for mark in marks}
    for needed in engine.needs_marks:
        if needed not in implies:
            raise DefinitionError("missing_mark", "marks", mark=needed)
    if doc.get("out_mark", "went_out") != engine.ends_with:
        raise DefinitionError("out_mark_not_in_engine", "out_mark", mark=engine.ends_with)
    for i, mark in enumerate(marks):
        for needed in engine.implied_by_engine.get(mark["key"], ()):
            if needed not in mark.get("implies", ()):
                raise DefinitionError("implication_needed", f"marks[{i}].implies", mark=needed)
    for i, mark in enumerate(marks):
        if mark.get("requires") == "went_out" != engine.ends_with:
            raise DefinitionError("requires_what_the_engine_gives", f"marks[{i}].requires", mark="went_out")
        held = carried(implies, {mark["key"]})
        if mark["key"] != "went_out" and "went_out" in held:
            raise DefinitionError("implies_the_hand_end", f"marks[{i}].implies", mark="went_out")
        if mark["key"] not in ("went_out", engine.ends_with) and engine.ends_with in held:
            raise DefinitionError("implies_the_hand_end", f"marks[{i}].implies", mark=engine.ends_with)


def _worth(category: Mapping, options: Mapping) -> int:
    """What one card of a category is worth where it is always there: a face-value sum counts 2 and up."""
    if category.get("needs_option"):
        return 0
    if category.get("face_value"):
        return 2 if category.get("maximum", 540) >= 2 else 0
    return options.get(category.get("points_option"), category["points"])


def check_target_reachable(doc: Mapping, engine: type) -> None:
    """A game that ends when a total reaches its target needs cards that score: the player out takes the
    others' cards (Rummy), the lowest hand scores the differences (Manipulation). Else it could never end.

    >>> from .engines import ENGINES
    >>> check_target_reachable({"card_categories": [{"key": "tens", "label": "T", "points": 0}]},
    ...                        ENGINES["winner_takes"])
    Traceback (most recent call last):
    ramo_keeper.rules.base.DefinitionError: no_card_scores {'path': 'card_categories'}
    """
    if not engine.scores_by_cards:
        return
    worth = [_worth(category, doc.get("options", {})) for category in doc["card_categories"]]
    if not any(value > 0 if engine.scores_by_cards == "positive" else value for value in worth):
        raise DefinitionError("no_card_scores", "card_categories")
