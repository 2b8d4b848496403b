"""A new house rule starts from a built-in game in the reader's words (issue 38).

The built-in documents are English; the editor shows their words in the language of the person who
opens it: the game's name, each card category's label, each level's requirement (worded from its
melds, as the rules page words it) and the game's own sentences (its melds and scoring summary). What
is saved is what the form shows, so the house rule keeps those words as typed, like any other.
"""

from __future__ import annotations

import copy
import re
import unicodedata

from flask_babel import gettext

from .. import rules
from ..text.game_words import category_label, game_name
from ..text.requirements import requirement

KEY_LENGTH = 20  # rules/validation.py's KEY: [a-z0-9_]{1,20}


def in_readers_words(key: str) -> dict:
    """The built-in `key`'s document with the words a person reads in the reader's language."""
    variant = rules.VARIANTS[key]
    doc = copy.deepcopy(variant.definition())
    doc["name"] = game_name(doc["name"])
    for category in doc.get("card_categories", ()):
        category["label"] = category_label(category["label"])
    for entry, level in zip(doc.get("levels", ()), variant.levels, strict=False):
        entry["requirement"] = requirement(level)
    for entry in (*doc.get("meld_kinds", ()), *doc.get("scoring_summary", ())):
        if isinstance(entry.get("text"), str):
            entry["text"] = gettext(entry["text"])  # its placeholders are the same in every language
    return doc


def key_from(label: str, taken: set[str], number: int) -> str:
    """A category's key made from its label ("Wild cards" -> "wild_cards"); a label with no Latin letter or
    digit ("조커 카드") gets "category_N" (N its row, counted from 1), and a key already taken a number after it.

    >>> key_from("Wild cards", set(), 1), key_from("Città", set(), 2), key_from("조커 카드", set(), 3)
    ('wild_cards', 'citta', 'category_3')
    >>> key_from("Jokers", {"jokers"}, 4)
    'jokers_4'
    """
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", label) if not unicodedata.combining(ch)).lower()
    key = re.sub(r"[^a-z0-9]+", "_", plain).strip("_")[:KEY_LENGTH].rstrip("_") or f"category_{number}"
    if key in taken:
        suffix = f"_{number}"
        key = key[:KEY_LENGTH - len(suffix)].rstrip("_") + suffix
    return key
