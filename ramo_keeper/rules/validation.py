"""What a valid definition is (docs/RULES.md §8): the first bad field is refused with its path and a reason.

Every check raises ``DefinitionError(code, path)``; the codes are listed in docs/GAMES.md. The
order is the document's own: top-level fields first, then each list from its first entry.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .base import MAX_CARDS, MAX_PIPS, DefinitionError
from .checks import choice, flag, items, obj, text, whole
from .definition import fact
from .limits import (
    DEAL_FIELDS,
    FACTS_IN_OPTIONS,
    FIELDS,
    MARKS,
    MAX_BGG_ID,
    MAX_CATEGORIES,
    MAX_LEVELS,
    MAX_PLAYERS,
    MAX_SOURCE_NAMES,
    MIN_PLAYERS,
    POINTS,
    REQUIRED,
    WORD_FIELDS,
)
from .validation_parts import check_deal, check_levels, check_marks, check_options, check_phrases, named_option

KEY = re.compile(r"[a-z0-9_]{1,20}")
GAME_KEY = re.compile(r"[a-z0-9_-]{1,40}")
LANGUAGE = re.compile(r"[a-z]{2,3}")  # an ISO 639 language code: "ko", "it", "en"


def _categories(doc: Mapping, options: Mapping) -> None:
    """1–12 categories with distinct keys, points −500…500, a maximum within 60 cards (540 pips)."""
    categories = items(doc["card_categories"], "card_categories", MAX_CATEGORIES)
    if not categories:
        raise DefinitionError("no_categories", "card_categories")
    seen = set()
    for i, entry in enumerate(categories):
        path = f"card_categories[{i}]"
        obj(entry, path, FIELDS["category"], ("key", "label", "points"))
        if not isinstance(entry["key"], str) or not KEY.fullmatch(entry["key"]):
            raise DefinitionError("bad_key", f"{path}.key")
        if entry["key"] in seen:
            raise DefinitionError("duplicate_key", f"{path}.key", key=entry["key"])
        seen.add(entry["key"])
        text(entry["label"], f"{path}.label")
        whole(entry["points"], f"{path}.points", -POINTS, POINTS)
        face = flag(entry.get("face_value", False), f"{path}.face_value")
        if "maximum" in entry:
            cap = MAX_PIPS if face else MAX_CARDS
            whole(entry["maximum"], f"{path}.maximum", 1, 10**6)
            if entry["maximum"] > cap:
                raise DefinitionError("over_cap", f"{path}.maximum", maximum=cap)
        if "needs_option" in entry and named_option(options, entry["needs_option"]).get("kind") != "bool":
            raise DefinitionError("no_such_option", f"{path}.needs_option")
        if "points_option" in entry and not named_option(options, entry["points_option"]):
            raise DefinitionError("no_such_option", f"{path}.points_option")


def _source_names(names) -> None:
    """The names the game's source texts give it: {language code: a name}, at most MAX_SOURCE_NAMES."""
    if not isinstance(names, Mapping):
        raise DefinitionError("not_an_object", "source_names")
    if len(names) > MAX_SOURCE_NAMES:
        raise DefinitionError("too_many", "source_names", maximum=MAX_SOURCE_NAMES)
    for language, name in names.items():
        if not isinstance(language, str) or not LANGUAGE.fullmatch(language):
            raise DefinitionError("bad_key", f"source_names.{language}")
        text(name, f"source_names.{language}")


def validate(doc, engines: Mapping[str, type]) -> None:
    """Raise DefinitionError for the first field of ``doc`` that does not make sense; return if all do.

    >>> validate({"format": 1}, {})
    Traceback (most recent call last):
    ramo_keeper.rules.base.DefinitionError: missing_field {'path': 'key'}
    """
    obj(doc, "", FIELDS["definition"], REQUIRED)
    if doc["format"] != 1 or isinstance(doc["format"], bool):
        raise DefinitionError("unsupported_format", "format")
    if not isinstance(doc["key"], str) or not GAME_KEY.fullmatch(doc["key"]):
        raise DefinitionError("bad_key", "key")
    text(doc["name"], "name")
    if not isinstance(doc["engine"], str) or doc["engine"] not in engines:
        raise DefinitionError("unknown_engine", "engine", engines=tuple(engines))
    low = whole(doc["min_players"], "min_players", MIN_PLAYERS, MAX_PLAYERS)
    high = whole(doc["max_players"], "max_players", MIN_PLAYERS, MAX_PLAYERS)
    if low > high:
        raise DefinitionError("min_above_max", "min_players")
    if "designed_range" in doc:
        span = items(doc["designed_range"], "designed_range", 2)
        if len(span) != 2:
            raise DefinitionError("not_a_range", "designed_range")
        whole(span[0], "designed_range[0]", low, high)
        whole(span[1], "designed_range[1]", span[0], high)
    for field in ("direction", "progression", "end", "ranking", "dealer_rule"):
        if field in doc:
            choice(doc[field], field, field)
    for field in ("nobody_out", "counts_hands_won"):
        if field in doc:
            flag(doc[field], field)
    if "out_score" in doc:
        whole(doc["out_score"], "out_score", -POINTS, POINTS)
    if "bgg_id" in doc:
        whole(doc["bgg_id"], "bgg_id", 1, MAX_BGG_ID)
    if "source_names" in doc:
        _source_names(doc["source_names"])
    options = check_options(doc)
    for name in sorted(engines[doc["engine"]].required_options - set(options)):
        raise DefinitionError("missing_option", "option_details", option=name)
    _categories(doc, options)
    check_levels(doc, needed=engines[doc["engine"]].plays_levels, longest=MAX_LEVELS)
    check_marks(doc, MARKS)
    check_deal(doc, options, DEAL_FIELDS)
    # The words before the phrases: a summary line quotes the level word.
    words = obj(doc.get("words", {}), "words", WORD_FIELDS)
    for name, word in words.items():
        text(word, f"words.{name}")
    if (fact(doc, "nobody_out") or FACTS_IN_OPTIONS["nobody_out"] in options) and "nobody_out" not in words:
        raise DefinitionError("missing_field", "words.nobody_out")
    check_phrases(doc)
