"""A game's own words in the reader's language: its name, labels, hand-form words and category keys.

They are fields of its definition (ramo_keeper/rules/games/), which babel.cfg extracts (rules/words.py); they
are looked up here when shown. A word no catalogue holds (a house rule's own label) is shown exactly as typed.
"""

from __future__ import annotations

from flask_babel import gettext, pgettext
from flask_babel import lazy_gettext as _l

from .. import rules
from ..rules.words import CATEGORY_KEY, CONTEXTS

# A game's name, labels and hand-form words are fields of its definition (ramo_keeper/rules/games/),
# which babel.cfg extracts; they are looked up here when shown. A word no catalogue holds (a house
# rule's own label) is shown exactly as typed.

DIRECTIONS = {"clockwise": _l("clockwise"), "counter-clockwise": _l("counter-clockwise")}


def definition_word(word: str | None, words_field: bool = False) -> str:
    """A definition's word in the reader's language, in the context rules/words.py extracted it with."""
    if not word:
        return ""
    context = CONTEXTS.get(word) if words_field else None
    return pgettext(context, word) if context else gettext(word)


def game_name(name: str) -> str:
    """A game's name as its players call it: "Contract Rummy" is "Contratto Ramino" in Italian."""
    return definition_word(name)


def game_word(word: str | None) -> str:
    """One of a game's Words ("contract", "Knocked", "hand" as one deal) in the reader's language."""
    return definition_word(word, words_field=True)


def choose_who(words: rules.Words) -> str:
    """The hand form's question when nobody is picked: the game's own sentence ("Choose who went out."), else
    one built from its verb, which a house rule's own verb fills as typed ("Choose who ran dry.")."""
    if words.choose_who:
        return definition_word(words.choose_who)
    return gettext("Choose who %(verb)s.", verb=definition_word(words.went_out_verb))


def direction(word: str) -> str:
    return str(DIRECTIONS.get(word, word))


def category_label(label: str) -> str:
    """A card category's label from its definition, in the reader's language."""
    return definition_word(label)


def category_key_word(key: str) -> str:
    """A card category's key as a rule error names it ("jokers" is "jolly" in Italian): the definitions list
    their keys for the catalogues (rules/words.py); a key no catalogue holds (a house rule's own) stays as typed."""
    return pgettext(CATEGORY_KEY, key)
