"""The field checks every part of a definition is made of: each returns the value or names the bad path."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from .base import DefinitionError
from .limits import CHOICES


def whole(value, path: str, low: int, high: int) -> int:
    """The value if it is an integer within [low, high]; else ``not_an_integer`` or ``out_of_range``.

    >>> whole(3, "points", -500, 500)
    3
    >>> whole(600, "card_categories[2].points", -500, 500)
    Traceback (most recent call last):
    ramo_keeper.rules.base.DefinitionError: out_of_range {'path': 'card_categories[2].points', 'minimum': -500, \
'maximum': 500}
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise DefinitionError("not_an_integer", path)
    if not low <= value <= high:
        raise DefinitionError("out_of_range", path, minimum=low, maximum=high)
    return value


def text(value, path: str, longest: int = 60) -> str:
    """A label or name: a non-empty string of at most ``longest`` characters, no control characters."""
    if not isinstance(value, str):
        raise DefinitionError("not_text", path)
    if not value.strip():
        raise DefinitionError("empty_text", path)
    if len(value) > longest:
        raise DefinitionError("text_too_long", path, maximum=longest)
    if any(unicodedata.category(ch) == "Cc" for ch in value):
        raise DefinitionError("control_characters", path)
    return value


def flag(value, path: str) -> bool:
    """A true/false field."""
    if not isinstance(value, bool):
        raise DefinitionError("not_boolean", path)
    return value


def obj(value, path: str, known: frozenset[str], required: tuple[str, ...] = ()) -> Mapping:
    """An object with only ``known`` fields and every ``required`` one."""
    if not isinstance(value, Mapping):
        raise DefinitionError("not_an_object", path)
    for name in value:
        if name not in known:
            raise DefinitionError("unknown_field", f"{path}.{name}" if path else str(name))
    for name in required:
        if name not in value:
            raise DefinitionError("missing_field", f"{path}.{name}" if path else name)
    return value


def items(value, path: str, longest: int) -> list:
    """A list of at most ``longest`` entries."""
    if not isinstance(value, list):
        raise DefinitionError("not_a_list", path)
    if len(value) > longest:
        raise DefinitionError("too_many", path, maximum=longest)
    return value


def choice(value, path: str, field: str):
    """One of the words a field allows (``CHOICES[field]``)."""
    if not isinstance(value, str) or value not in CHOICES[field]:
        raise DefinitionError("not_a_choice", path, choices=CHOICES[field])
    return value
