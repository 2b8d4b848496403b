"""House rules (docs/RULES.md §8): a built-in game's definition with a table's own numbers, same engine.

>>> short = house_rule(get_variant("ramo"), {"key": "short_ramo", "name": "Short Ramo",
...                                           "levels": get_variant("ramo").definition()["levels"][:5]})
>>> short.name, len(short.levels), [c.points for c in short.card_categories]
('Short Ramo', 5, [5, 10, 20])
"""

from __future__ import annotations

from collections.abc import Mapping

from .base import DefinitionError
from .engines import ENGINES
from .registry import get_variant
from .validation import validate
from .variant import Variant

RANGE = ("kind", "choices", "minimum", "maximum")


def _keeps_its_game(based_on: Variant, document: Mapping) -> None:
    """The engine is the game's, and every option is one of the game's with the range it states."""
    if document["engine"] != based_on.engine:
        raise DefinitionError("engine_changed", "engine", engine=based_on.engine)
    stated = {option["key"]: option for option in based_on.definition().get("option_details", ())}
    for i, option in enumerate(document.get("option_details", ())):
        own = stated.get(option["key"])
        if own is None:
            raise DefinitionError("no_such_option", f"option_details[{i}].key")
        for field in RANGE:
            if option.get(field) != own.get(field):
                raise DefinitionError("option_range_changed", f"option_details[{i}].{field}", option=option["key"])


def house_rule(based_on: Variant | str, changes: Mapping) -> Variant:
    """A house rule: ``changes`` laid over the game's top-level fields (the rest keep the game's values),
    checked as any definition and against its game; DefinitionError names the first bad field."""
    game = get_variant(based_on)
    document = {**game.definition(), **changes}
    validate(document, ENGINES)
    _keeps_its_game(game, document)
    return ENGINES[document["engine"]](document)
