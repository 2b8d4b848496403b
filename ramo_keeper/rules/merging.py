"""A house rule's document: what the caller sent, merged onto the game it is based on (before any check).

Fields left out keep the based-on game's values (docs/API.md); an optional field sent as null (REMOVABLE)
is taken out. Lists of keyed entries merge entry by entry: a category sent as ``{"key": "low", "points": 3}``
keeps its label and maximum, a level sent as ``{"number": 2, "requirement": "…"}`` keeps its melds.
``options`` is, as in the API's Variant, a mapping of option key to its new default (a list of
``{"key", "default"}`` entries is read the same way). Any JSON may arrive here: what is not the shape
a merge reads is passed on as sent, for the checks to name.

>>> base = {"card_categories": [{"key": "low", "label": "Low", "points": 5}], "options": {"out_bonus": -50}}
>>> merged(base, {"card_categories": [{"key": "low", "points": 3}], "options": [{"key": "out_bonus", "default": -30}]})
{'card_categories': [{'key': 'low', 'label': 'Low', 'points': 3}], 'options': {'out_bonus': -30}}
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from .base import DefinitionError

# Optional fields with no value of their own to fall back on: sent as null, they are taken out (a field
# left out keeps the based-on value, so null is the only way to say "none" when editing a house rule).
REMOVABLE = frozenset({"bgg_id"})


def _names(value) -> bool:
    """True for a value that can name an entry (a key, a level number); a list, an object or a flag names none."""
    return isinstance(value, str | int) and not isinstance(value, bool)


def _by_key(base: list, posted, field: str) -> list:
    """The posted list, each entry filled in from the base entry with the same `field` value."""
    if not isinstance(posted, list):
        return posted  # the checks name the wrong kind
    known = {entry.get(field): entry for entry in base if isinstance(entry, Mapping) and _names(entry.get(field))}
    merged = []
    for entry in posted:
        if isinstance(entry, Mapping) and _names(entry.get(field)) and entry[field] in known:
            merged.append({**copy.deepcopy(known[entry[field]]), **entry})
        else:
            merged.append(entry)
    return merged


def _options(base: Mapping, posted) -> dict | object:
    """New option defaults laid over the game's: a mapping of key to default, as the API's Variant gives
    them; a list of ``{"key", "default"}`` entries is read the same way. An unknown key is refused."""
    if isinstance(posted, list):
        if not all(isinstance(entry, Mapping) and isinstance(entry.get("key"), str) for entry in posted):
            return posted  # the checks name the wrong kind
        posted = {entry["key"]: entry.get("default", (base or {}).get(entry["key"])) for entry in posted}
    if not isinstance(posted, Mapping) or not isinstance(base, Mapping):
        return posted
    for key in posted:
        if key not in base:
            raise DefinitionError("no_such_option", f"options.{key}")
    return {**copy.deepcopy(dict(base)), **posted}


def whole_numbers(value):
    """The value with every number that has a zero fraction (3.0) as the whole number it is, as the API reads
    numbers everywhere (a JSON number 3.0 is JSON Schema's integer 3); 2.5 stays 2.5, to be refused."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Mapping):
        return {key: whole_numbers(inner) for key, inner in value.items()}
    if isinstance(value, list):
        return [whole_numbers(inner) for inner in value]
    return value


def merged(base: Mapping, posted: Mapping) -> dict:
    """`posted` laid over `base` (both definition documents); `posted` wins field by field."""
    doc = copy.deepcopy(dict(base))
    for field, value in posted.items():
        if value is None and field in REMOVABLE:
            doc.pop(field, None)
        elif field == "card_categories":
            doc[field] = _by_key(base.get(field, []), value, "key")
        elif field == "levels":
            doc[field] = _by_key(base.get(field, []), value, "number")
        elif field == "options" and "options" in base:
            doc[field] = _options(base.get(field, {}), value)
        elif field == "deal" and isinstance(value, Mapping) and isinstance(base.get("deal"), Mapping):
            doc[field] = {**copy.deepcopy(base["deal"]), **value}
        else:
            doc[field] = copy.deepcopy(value)
    _keep_in_step(doc, posted)
    if posted.get("designed_range", base.get("designed_range")) == base.get("designed_range"):
        _designed_range_within(doc)  # not the caller's: it follows their player range
    return doc


def _keep_in_step(doc: dict, posted: Mapping) -> None:
    """A changed player range stretches the deal table's first and last rows to cover it, unless the caller
    sent the deal too. (A fact stated by an option is stated once: ``house_rules.one_fact_each``.)"""
    if "deal" not in posted:
        _cover_players(doc)


def _cover_players(doc: dict) -> None:
    """The deal rows for the player range: rows outside it dropped, the end rows stretched to its ends."""
    low, high = doc.get("min_players"), doc.get("max_players")
    if not isinstance(low, int) or not isinstance(high, int) or low > high:
        return
    try:
        rows = doc["deal"]["by_players"]
        kept = [row for row in rows if row["players"][1] >= low and row["players"][0] <= high]
        kept = kept or [rows[0] if low <= rows[0]["players"][0] else rows[-1]]
        kept[0]["players"][0] = low
        kept[-1]["players"][1] = high
        doc["deal"]["by_players"] = kept
    except (KeyError, TypeError, IndexError, AttributeError):
        return  # a malformed deal table: the checks name it


def _designed_range_within(doc: dict) -> None:
    """The table sizes the game was designed for, cut to the player range; dropped when none is left
    (Ramo's 3–5 in a house rule for 2–4 players is 3–4)."""
    low, high, designed = doc.get("min_players"), doc.get("max_players"), doc.get("designed_range")
    if not (isinstance(low, int) and isinstance(high, int) and isinstance(designed, list) and len(designed) == 2
            and all(isinstance(n, int) for n in designed)):
        return  # missing, or malformed: the checks name it
    cut = [max(designed[0], low), min(designed[1], high)]
    if cut[0] <= cut[1]:
        doc["designed_range"] = cut
    else:
        del doc["designed_range"]
