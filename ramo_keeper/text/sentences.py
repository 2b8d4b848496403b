"""Filling a sentence of the core: its English data (a game's name, a level word, a category key, an
option's key or choice) translated first, then its Korean particles chosen from the words it was filled with."""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import get_locale, pgettext

from ..i18n import with_particles
from ..rules.words import LEVEL_FORMS
from .game_words import category_key_word, game_name, game_word
from .options import builtin_options, choice_words, option_name


def localized(params: Mapping) -> dict:
    """The core's English data among the params (a game's name, a level word, a category key) translated."""
    out = dict(params)
    if "game" in out:
        out["game"] = game_name(out["game"])
    if "level" in out and isinstance(out["level"], str):
        for form, context in LEVEL_FORMS.items():
            out[form] = pgettext(context, out["level"])
        out["level"] = game_word(out["level"])
    if isinstance(out.get("category"), str):
        out["category"] = category_key_word(out["category"])
    if str(get_locale() or "en") != "en":
        # English keeps the option keys a script sent; a person reading another language reads names.
        for key in ("option", "needs"):
            if isinstance(out.get(key), str) and out[key] in builtin_options():
                out[key] = option_name(builtin_options()[out[key]])
        for key in ("value", "needed"):
            if isinstance(out.get(key), str):
                out[key] = choice_words(None, out[key])
        if "choices" in out:
            out["choices"] = [choice_words(None, c) for c in out["choices"]]
    return out


def fill_sentence(table: Mapping[str, object], code: str, params: Mapping) -> str:
    """The sentence filled in, its Korean particles chosen from the words it was filled with (i18n.py)."""
    sentence = table[code]
    params = localized(params)
    if callable(sentence):
        return with_particles(sentence(**params))
    return with_particles(str(sentence) % params if params else str(sentence))
