"""The core's phrases in words: decks, the designed table size, a definition's own sentences (melds, summary)."""

from __future__ import annotations

from flask_babel import force_locale, gettext, ngettext
from flask_babel import lazy_gettext as _l

from .. import rules
from ..i18n import LANGUAGES
from ..rules.words import fill, placeholders
from .game_words import definition_word
from .sentences import fill_sentence, localized


def _decks_of(decks, cards):
    return ngettext("%(num)d deck of %(cards)s cards", "%(num)d decks of %(cards)s cards", decks, cards=cards)


def _game_cards(decks, cards, game, **_):
    # A house rule plays its game's own cards under a name of its own ("Ramo 25"): its cards are not
    # "Ramo 25 cards", so only a built-in game's name names a deck.
    if game not in {variant.name for variant in rules.VARIANTS.values()}:
        return _decks_of(decks, cards)
    return ngettext("%(num)d deck of %(cards)s %(game)s cards", "%(num)d decks of %(cards)s %(game)s cards", decks,
                    cards=cards, game=game)


def _plus_jokers(decks, cards, jokers, **_):
    if not jokers:
        return gettext("%(decks)s, no jokers", decks=_decks_of(decks, cards))
    return ngettext("%(decks)s + %(num)d joker", "%(decks)s + %(num)d jokers", jokers, decks=_decks_of(decks, cards))


def _jokers_included(decks, cards, jokers, **_):
    return ngettext("%(decks)s (%(num)d joker)", "%(decks)s (%(num)d jokers)", jokers, decks=_decks_of(decks, cards))


PHRASES: dict[str, object] = {
    # A definition's own sentence (a meld or a line of the summary): looked up like its words, then its
    # placeholders filled (rules/words.py); a house rule's own sentence is shown as its table wrote it.
    "text": lambda text, **params: fill(definition_word(text), params),
    "decks_of_game_cards": _game_cards,
    "decks_plus_jokers": _plus_jokers,
    "decks_jokers_included": _jokers_included,
    "outside_designed_range": _l("%(game)s is designed for %(low)s to %(high)s players"),
}


def say(phrase: rules.Phrase | None) -> str:
    """The words for a Phrase, e.g. "2 decks of 52 cards + 3 jokers"; empty for None.

    A house rule kept before its lines were checked (phrase_problem) may hold one the app cannot say: that line
    is left empty rather than the page failing.
    """
    if phrase is None:
        return ""
    try:
        return fill_sentence(PHRASES, phrase.code, phrase.params)
    except (KeyError, TypeError, ValueError, AttributeError):
        return ""


def phrase_problem(phrase: rules.Phrase) -> str | None:
    """Why the app cannot say a definition's phrase: "phrase" when it has no such sentence, "params" when the
    params do not fill it (one missing, a word where a number goes) in one of its languages; else None."""
    sentence = PHRASES.get(phrase.code) if isinstance(phrase.code, str) else None
    if sentence is None:
        return "phrase"
    for language in LANGUAGES:
        with force_locale(language):
            try:
                params = localized(phrase.params)
                if phrase.code == "text" and set(placeholders(definition_word(params["text"]))) - set(params):
                    return "params"
                sentence(**params) if callable(sentence) else str(sentence) % params
            except (KeyError, TypeError, ValueError, AttributeError):
                return "params"
    return None
