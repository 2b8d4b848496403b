"""The registry: the built-in games read from their definition documents, and a loader for any other.

A built-in is ``games/<key>.json``, listed in menu order in ``games/index.json``; a definition
that fits an engine is a game, whether it comes from that folder, a file elsewhere or a league's
house rule (``load_definition``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from .base import UnknownVariant
from .engines import ENGINES
from .house_rules import define
from .validation import validate
from .variant import Variant

GAMES = Path(__file__).with_name("games")


def load_definition(document: Mapping) -> Variant:
    """A game from a document that already passed ``define`` (a game's snapshot), validated again
    (DefinitionError names the first bad field).

    >>> load_definition({"format": 1, "key": "x", "name": "X", "engine": "levels", "min_players": 2,
    ...     "max_players": 4, "card_categories": [{"key": "low", "label": "Low", "points": 5}],
    ...     "deal": {"deck": {"phrase": "decks_plus_jokers", "cards": 52},
    ...              "by_players": [{"players": [2, 4], "decks": 1, "cards": 10}]}}).name
    Traceback (most recent call last):
    ramo_keeper.rules.base.DefinitionError: no_levels {'path': 'levels'}
    """
    validate(document, ENGINES)
    return ENGINES[document["engine"]](document)


def load_file(path: str | Path) -> Variant:
    """A game from a definition file (UTF-8 JSON), read as a built-in is: through ``define``."""
    return define(json.loads(Path(path).read_text(encoding="utf-8")))[1]


def _built_ins() -> dict[str, Variant]:
    """The built-in games in menu order."""
    keys = json.loads((GAMES / "index.json").read_text(encoding="utf-8"))["built_ins"]
    return {key: load_file(GAMES / f"{key}.json") for key in keys}


VARIANTS: dict[str, Variant] = _built_ins()
# The game a new game, Play now and the house-rule editor start from: the first in menu order.
DEFAULT_GAME: str = next(iter(VARIANTS))


def get_variant(key: str | Variant) -> Variant:
    """The Variant for a game key (a Variant passes through).

    >>> get_variant("ramo").name
    'Ramo'
    >>> get_variant("nope").code
    Traceback (most recent call last):
    ramo_keeper.rules.base.UnknownVariant: unknown_game {'key': 'nope'}
    """
    if isinstance(key, Variant):
        return key
    try:
        return VARIANTS[key]
    except (KeyError, TypeError):
        raise UnknownVariant("unknown_game", key=key) from None


def house_rule(based_on: Variant | str, changes: Mapping) -> Variant:
    """A house rule: ``changes`` merged onto the game's document as the API merges them, checked as any
    definition and against its game (``define``); DefinitionError names the first bad field.

    >>> short = house_rule("ramo", {"key": "short_ramo", "name": "Short Ramo",
    ...                             "levels": get_variant("ramo").definition()["levels"][:5]})
    >>> short.name, len(short.levels), [c.points for c in short.card_categories]
    ('Short Ramo', 5, [5, 10, 20])
    """
    return define(changes, get_variant(based_on))[1]


def variant_of(setup) -> Variant:
    """The Variant a game is played under: its own definition if it carries one, else the registered game."""
    return setup.definition if setup.definition is not None else get_variant(setup.variant)
