"""A game definition's first bad field in words, named by its path (docs/GAMES.md): the sentence per code."""

from __future__ import annotations

from flask_babel import gettext
from flask_babel import lazy_gettext as _l


def _one_of(path, choices, **_):
    return gettext("%(path)s must be one of %(choices)s", path=path,
                   choices=gettext(", ").join(str(c) for c in choices))


DEFINITION_SENTENCES: dict[str, object] = {
    "missing_field": _l("%(path)s is missing"),
    "unknown_field": _l("%(path)s is not a field of a game definition"),
    "not_an_integer": _l("%(path)s must be a whole number"),
    "out_of_range": _l("%(path)s must be from %(minimum)s to %(maximum)s"),
    "not_text": _l("%(path)s must be text"),
    "empty_text": _l("%(path)s cannot be empty"),
    "text_too_long": _l("%(path)s can be at most %(maximum)s characters"),
    "control_characters": _l("%(path)s cannot hold control characters"),
    "not_boolean": _l("%(path)s must be true or false"),
    "not_a_list": _l("%(path)s must be a list"),
    "not_an_object": _l("%(path)s must be an object"),
    "not_a_range": _l("%(path)s must be two numbers, the first and the last"),
    "not_a_choice": _one_of,
    "no_categories": _l("%(path)s: a game needs at least one card category"),
    "too_many": _l("%(path)s can hold at most %(maximum)s entries"),
    "duplicate_key": _l("%(path)s: the key %(key)s is used twice"),
    "bad_key": _l("%(path)s is not a valid key: use lowercase letters, digits and underscores"),
    "over_cap": _l("%(path)s can be at most %(maximum)s: no hand holds more"),
    "no_levels": _l("%(path)s: a level game needs at least one level"),
    "levels_not_in_engine": _l("%(path)s: this engine plays no levels"),
    "level_out_of_order": _l("%(path)s must be %(expected)s: levels are numbered from 1 in order"),
    "no_melds": _l("%(path)s: a level needs at least one meld"),
    "min_above_max": _l("%(path)s is above the most players"),
    "players_not_covered": _l("%(path)s must cover every table size once, from the fewest players to the most"),
    "unknown_engine": _l("%(path)s: there is no such engine"),
    "unsupported_format": _l("%(path)s must be 1"),
    "missing_option": _l("%(path)s: the option %(option)s is needed"),
    "no_such_option": _l("%(path)s names an option the game does not have"),
    "option_range_changed": _l("%(path)s: a house rule changes only the default of %(option)s, not its range"),
    "engine_changed": _l("%(path)s: a house rule keeps its game's engine, %(engine)s"),
    "missing_mark": _l("%(path)s must include %(mark)s"),
    "no_such_mark": _l("%(path)s names a mark the game does not have"),
    "out_mark_not_in_engine": _l("%(path)s must be %(mark)s: in this game's engine a hand ends with %(mark)s"),
    "implication_needed": _l("%(path)s must include %(mark)s: in this game's engine going out is a knock "
                             "holding nothing"),
    "implies_the_hand_end": _l("%(path)s cannot include %(mark)s: the hand form's one choice says who ended "
                               "the hand"),
    "requires_what_the_engine_gives": _l("%(path)s cannot be %(mark)s: in this game's engine a knock holding "
                                         "nothing is going out, and nobody marks it"),
    "no_card_scores": _l("%(path)s: no card scores points, so no total could ever reach the target"),
    "bad_choices": _l("%(path)s must list whole numbers or words"),
    "bad_param": _l("%(path)s must be a whole number or a word"),
    "quoted_from_the_definition": _l("%(path)s comes from the definition itself and cannot be written here"),
}
