"""What each engine can do with a definition's marks (docs/RULES.md §8), checked when a definition is made.

Every engine applies ``implies`` (a mark carries what it implies), ``requires`` (a mark only with the one
it requires) and ``multiplies`` (a player's hand score times the factor of each mark they carry). What an
engine cannot apply is which mark ends a hand: the level and winner-takes engines end it by going out,
the knock engine by the knock, and there going out is a knock holding nothing. So ``rules.define`` refuses
another ``out_mark``, a knock game's going out that does not imply the knock, and a mark that would bring
the hand's end with it (a lay-down that implies going out: the form's one out choice says who ended it).

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
    if doc.get("out_mark", "went_out") != engine.ends_with:
        raise DefinitionError("out_mark_not_in_engine", "out_mark", mark=engine.ends_with)
    for i, mark in enumerate(marks):
        for needed in engine.implied_by_engine.get(mark["key"], ()):
            if needed not in mark.get("implies", ()):
                raise DefinitionError("implication_needed", f"marks[{i}].implies", mark=needed)
    for i, mark in enumerate(marks):
        held = carried(implies, {mark["key"]})
        if mark["key"] != "went_out" and "went_out" in held:
            raise DefinitionError("implies_the_hand_end", f"marks[{i}].implies", mark="went_out")
        if mark["key"] not in ("went_out", engine.ends_with) and engine.ends_with in held:
            raise DefinitionError("implies_the_hand_end", f"marks[{i}].implies", mark=engine.ends_with)
