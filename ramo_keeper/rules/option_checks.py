"""Checking a game's options: each value against its option, then the definition's rules between them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .base import Option, RuleError


def check_option(option: Option, value: object) -> object:
    """The value if it fits the option (``"per_round"`` for progression), else RuleError naming it."""
    if option.kind == "bool":
        if not isinstance(value, bool):
            raise RuleError("option_not_boolean", option=option.key)
    elif option.kind == "int":
        low, high = option.minimum, option.maximum
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RuleError("option_out_of_range", option=option.key, minimum=low, maximum=high)
    elif not any(type(value) is type(c) and value == c for c in option.choices):
        raise RuleError("option_not_a_choice", option=option.key, choices=tuple(option.choices))
    return value


def check_option_combination(option_rules: Iterable, options: Mapping) -> None:
    """The definition's option rules: Ramo's winner_rule completers needs progression per_player."""
    for rule in option_rules:
        if options.get(rule.option) == rule.value and options.get(rule.needs) != rule.needed:
            raise RuleError("options_exclude_each_other", option=rule.option, value=rule.value,
                            needs=rule.needs, needed=rule.needed)


def check_options(game: str, options: tuple[Option, ...], option_rules: Iterable, given: Mapping | None) -> dict:
    """Defaults overlaid with ``given``, each value checked; raises RuleError on a bad one.

    >>> jokers = Option("jokers", True, "bool")
    >>> check_options("Contract Rummy", (jokers,), (), {"jokers": False})
    {'jokers': False}
    >>> check_options("Contract Rummy", (jokers,), (), {"jokers": "no"})
    Traceback (most recent call last):
    ramo_keeper.rules.base.RuleError: option_not_boolean {'option': 'jokers'}
    """
    by_key = {o.key: o for o in options}
    snapshot = {o.key: o.default for o in options}
    for key, value in dict(given or {}).items():
        if key not in by_key:
            raise RuleError("no_such_option", game=game, option=key)
        snapshot[key] = check_option(by_key[key], value)
    check_option_combination(option_rules, snapshot)
    return snapshot
