"""A refused house rule in the reader's language: the first bad field and the reason (RULES.md §8)."""

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

from .. import rules
from ..i18n import with_particles
from ..text_validation import MESSAGES as TEXT_MESSAGES

# One sentence per reason the checks give (docs/GAMES.md); `path` is the field, e.g. card_categories[2].points.
REASONS = {
    "missing_field": _l("%(path)s is missing."),
    "unknown_field": _l("%(path)s is not a field of a game definition."),
    "not_an_integer": _l("%(path)s must be a whole number."),
    "out_of_range": _l("%(path)s must be a whole number from %(minimum)s to %(maximum)s."),
    "not_text": _l("%(path)s must be text."),
    "empty_text": _l("%(path)s cannot be empty."),
    "text_too_long": _l("%(path)s is at most %(maximum)s characters."),
    "control_characters": _l("%(path)s cannot contain line breaks, tabs or other control characters."),
    "not_boolean": _l("%(path)s must be true or false."),
    "not_a_list": _l("%(path)s must be a list."),
    "not_an_object": _l("%(path)s must be an object with named fields."),
    "not_a_range": _l("%(path)s must be a range of two whole numbers, the lower first."),
    "not_a_choice": _l("%(path)s is not one of the allowed choices."),
    "no_categories": _l("%(path)s: a game needs at least one card category."),
    "too_many": _l("%(path)s has too many entries: at most %(maximum)s."),
    "duplicate_key": _l("%(path)s: the key %(key)s is used twice."),
    "bad_key": _l("%(path)s: a key is lowercase letters, digits and _ (at most 20 characters)."),
    "over_cap": _l("%(path)s: at most %(maximum)s."),
    "no_levels": _l("%(path)s: this game needs at least one level."),
    "levels_not_in_engine": _l("%(path)s: this game has no levels."),
    "level_out_of_order": _l("%(path)s: the levels are numbered 1, 2, 3 … in order (expected %(expected)s)."),
    "no_melds": _l("%(path)s: a level needs at least one meld."),
    "min_above_max": _l("%(path)s: the fewest players cannot be more than the most players."),
    "players_not_covered": _l("%(path)s: the deal does not say how many cards every player count gets."),
    "unknown_engine": _l("%(path)s: there is no such engine."),
    "unsupported_format": _l("%(path)s: only format 1 is understood."),
    "missing_option": _l("%(path)s: the option %(option)s is needed by this game."),
    "no_such_option": _l("%(path)s: this game has no such option."),
    "missing_mark": _l("%(path)s: the mark %(mark)s is needed."),
    "no_such_mark": _l("%(path)s: this game has no such mark."),
    "bad_choices": _l("%(path)s: the choices are not valid."),
    "bad_param": _l("%(path)s is not a value this sentence can use."),
    "too_deep": _l("%(path)s holds lists or objects nested deeper than any game definition."),
}
FALLBACK = _l("%(path)s is not valid.")


def reason(error: rules.DefinitionError) -> str:
    """ "card_categories[1].points must be a whole number from -500 to 500." in the reader's language."""
    if error.code == "control_characters" and error.params.get("kind") in ("bidi", "invisible"):
        # Said as a name's refusal is: a writing direction changed, or a character that shows nothing.
        return gettext(TEXT_MESSAGES[error.params["kind"]], what=error.path or "definition")
    params = {"minimum": "", "maximum": "", "key": "", "expected": "", "option": "", "mark": "",
              **{name: value for name, value in error.params.items() if not isinstance(value, (list, tuple))},
              "path": error.path or "definition"}
    try:
        return with_particles(str(REASONS.get(error.code, FALLBACK)) % params)
    except (KeyError, ValueError, TypeError):
        return gettext("%(path)s is not valid.", path=params["path"])
