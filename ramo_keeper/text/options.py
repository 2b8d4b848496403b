"""A game's options in words: an option's name, its choices, its help line and its line on the rules page."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache

from flask_babel import gettext, pgettext

from .. import rules
from .game_words import definition_word


@cache
def builtin_options() -> dict[str, rules.Option]:
    """The built-ins' options by key, whose words name an option wherever no game is at hand (a rule error)."""
    found: dict[str, rules.Option] = {}
    for variant in rules.VARIANTS.values():
        for option in variant.options:
            found.setdefault(option.key, option)
    return found


def own_or_builtin(option) -> rules.Option | None:
    """The option with its words: an Option as it is, a key or an editor's dict through the built-ins'."""
    if isinstance(option, rules.Option):
        return option
    key = option.get("key") if isinstance(option, Mapping) else option
    known = builtin_options().get(key) if isinstance(key, str) else None
    if known is not None and isinstance(option, Mapping):
        # The editor's dict is the house rule's own details: its own words, where it has them, win.
        own = {part: option[part] for part in ("label", "help") if isinstance(option.get(part), str)}
        if isinstance(option.get("choice_words"), list) and all(isinstance(w, str) for w in option["choice_words"]):
            own["choice_words"] = tuple(option["choice_words"])
        known = replace(known, **own)
    return known


def option_name(option) -> str:
    """An option's label from its definition ("Jokers"), for an Option, its key or the editor's dict."""
    known = own_or_builtin(option)
    if known is not None and known.label:
        return definition_word(known.label)
    key = known.key if known is not None else (option.get("key") if isinstance(option, Mapping) else option)
    return str(key).replace("_", " ").capitalize()


def choice_words(option, value) -> str:
    """A choice in words from the option's definition: "per_player" -> "each player climbs the levels alone";
    without an option (a rule error names only the value), any built-in's words for it; numbers as they are."""
    known = own_or_builtin(option)
    candidates = [known] if known is not None else list(builtin_options().values())
    for candidate in candidates:
        for choice, words in zip(candidate.choices, candidate.choice_words, strict=False):
            if choice == value and type(choice) is type(value):
                return definition_word(words)
    return str(value)


def option_help(option: rules.Option) -> str:
    """One line on the new-game form: the option's help, or its choices in words."""
    if option.help:
        return definition_word(option.help)
    words = [choice_words(option, c) for c in option.choices]
    if not words:
        return ""
    text = words[0][:1].upper() + words[0][1:]
    for other in words[1:]:
        text = gettext("%(first)s; or %(second)s", first=text, second=other)
    return text


def option_default(option: rules.Option) -> str:
    """The default in words: "on", "off", a number, or the chosen rule."""
    if option.kind == "bool":
        return pgettext("option", "on") if option.default else pgettext("option", "off")
    if option.kind == "choice":
        return choice_words(option, option.default)
    return str(option.default)


def option_words(option: rules.Option) -> dict:
    """An option as the rules page shows it: name, what it does, the default and the other choices."""
    others = [choice_words(option, c) for c in option.choices if c != option.default]
    return {"key": option.key, "name": option_name(option),
            "help": definition_word(option.help), "default": option_default(option), "others": others,
            "kind": option.kind, "minimum": option.minimum, "maximum": option.maximum}


def option_line(words: dict) -> str:
    """The rules page's line for an option: its help, the default and the other choices."""
    if words["others"]:
        rest = gettext("Usually %(default)s; or %(others)s.", default=words["default"],
                       others=gettext("; or ").join(words["others"]))
    elif words["kind"] == "int":
        rest = gettext("Usually %(default)s (from %(minimum)s to %(maximum)s).", default=words["default"],
                       minimum=words["minimum"], maximum=words["maximum"])
    else:
        rest = gettext("Usually %(default)s.", default=words["default"])
    return gettext("%(help)s. %(rest)s", help=words["help"], rest=rest) if words["help"] else rest
