"""The one check for text that comes in: names, keys and tokens.

Every form, API body, URL token, idempotency key and backup file runs its strings through here,
so a character that is refused in one place is refused in all of them.
"""

import re
import sys
import unicodedata
from functools import cache

from flask_babel import gettext

from ..i18n import N_
from .invisible import is_invisible, refused_at
from .lookalike import lookalike_key

# A name (user, player, league, season) shows on a phone next to a score: 40 characters fit.
NAME_MAX = 40
# League and season names may be longer ("Thursday club at the Anchor, winter 2026").
LONG_NAME_MAX = 80
# Tokens we hand out (invite and live links) are secrets.token_urlsafe output.
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
# Typed counts: ASCII digits only (a minus sign so that "-1" can be told "cannot be negative").
WHOLE_NUMBER_RE = re.compile(r"-?[0-9]{1,9}")

# Characters that reorder or hide text: a name could display as another name.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# Every sentence a person sees from this module, in one place (to translate in one place).
# `what` names the value ("A league name"): a noun phrase translated on its own, like a name.
MESSAGES = {
    "empty": N_("%(what)s cannot be empty."),
    "too_long": N_("%(what)s is at most %(limit)d characters."),
    "control": N_("%(what)s cannot contain line breaks, tabs or other control characters."),
    "bidi": N_("%(what)s cannot contain characters that change the writing direction."),
    "invisible": N_("%(what)s cannot contain invisible characters, such as a zero-width space, a soft hyphen "
                    "or a Hangul filler."),
    "unreadable": N_("A value contains a character that cannot be stored (such as NUL). Remove it and try again."),
}


class TextError(ValueError):
    """A refused value; `message` says why in words a person can act on."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _refused(value: str, index: int) -> str | None:
    char = value[index]
    if char in BIDI_CONTROLS:
        return "bidi"
    category = unicodedata.category(char)
    # Cc: NUL, tab, newline…; Cs: lone surrogates (not storable); Zl/Zp: line and paragraph separators.
    if category in ("Cc", "Cs", "Zl", "Zp"):
        return "control"
    if refused_at(value, index):
        return "invisible"
    return None


def refusal(value: str) -> str | None:
    """Why the first refused character in value is refused ("control", "bidi" or "invisible"), or None."""
    return next((reason for index in range(len(value)) if (reason := _refused(value, index))), None)


def problem(value: str, what: str = "A name") -> str | None:
    """The message for the first refused character in value, or None when every character is fine."""
    reason = refusal(value)
    return gettext(MESSAGES[reason], what=gettext(str(what))) if reason else None


def clean_name(value: str, what: str = "A name", limit: int = NAME_MAX, empty: str | None = None) -> str:
    """A stripped, NFC-normalised name, or TextError. `clean_name(" Bo ")` is "Bo"."""
    value = unicodedata.normalize("NFC", value.strip())
    if not value:
        raise TextError(str(empty) if empty else gettext(MESSAGES["empty"], what=gettext(str(what))))
    if len(value) > limit:
        raise TextError(gettext(MESSAGES["too_long"], what=gettext(str(what)), limit=limit))
    message = problem(value, what)
    if message:
        raise TextError(message)
    return value


def name_key(name: str) -> str:
    """The key two names are compared by (players, usernames, leagues): names a person cannot tell apart
    have one key. "Straße" and "STRASSE" match, and so do "Al", "Ａｌ" and Cyrillic "Аl" (lookalike.py)."""
    return lookalike_key(name.strip())


def folded(name: str) -> str:
    """The name as compared before look-alikes counted (NFC, casefolded): the order of lists of names,
    and how to tell "the same name" from "a name that looks the same"."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


def is_token(value: str) -> bool:
    """True for something shaped like a link token we issue; anything else is simply not found."""
    return bool(TOKEN_RE.fullmatch(value))


def whole_number(raw: str) -> int | None:
    """A typed whole number in ASCII digits, or None. int() alone would take "３" (full-width) or "1_0"."""
    return int(raw) if WHOLE_NUMBER_RE.fullmatch(raw) else None


def storable(value: str) -> bool:
    """False for text no database column should receive: NUL and other C0/C1 controls but tab and newlines,
    and lone surrogates. The request guard refuses such a request before any view sees it."""
    return not any(
        (unicodedata.category(char) == "Cc" and char not in "\t\n\r") or unicodedata.category(char) == "Cs"
        for char in value)


def _never_in_a_name(char: str) -> bool:
    """True for a character no name may hold wherever it stands (the ones taken in some places, such as a
    joiner between two emoji, included), or one that NFC normalisation turns into several."""
    category = unicodedata.category(char)
    if char in BIDI_CONTROLS or category in ("Cc", "Cs", "Zl", "Zp") or is_invisible(char):
        return True
    # Only a character with a canonical decomposition can come out of NFC as several.
    canonical = unicodedata.decomposition(char)
    return bool(canonical) and not canonical.startswith("<") and len(unicodedata.normalize("NFC", char)) > 1


def _character_class(codes: list[int]) -> str:
    """The code points as ranges of a regular expression's character class, alike in ECMA-262 and Python:
    backslash-u escapes in the Basic Multilingual Plane, the characters themselves above it."""
    ranges: list[list[int]] = []
    for code in codes:
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])

    def written(code: int) -> str:
        return f"\\u{code:04x}" if code <= 0xFFFF else chr(code)

    return "".join(written(low) if low == high else f"{written(low)}-{written(high)}" for low, high in ranges)


@cache
def name_pattern() -> str:
    """The JSON Schema pattern (docs/API.md) every name matches that clean_name() takes as sent: one character
    that is not a space, and none that a name may never hold or that NFC makes longer.

    A little narrower than clean_name(), never wider: it leaves out the characters taken only where they do
    a job (a joiner between emoji, a variation selector after a symbol) and those NFC turns into several
    (U+0958 is U+0915 U+093C), whose length the document could not count.
    """
    # Lone surrogates are left out: no text holds one (JSON's reader refuses it) and no regex engine takes them.
    never = [code for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF and _never_in_a_name(chr(code))]
    spaces = [code for code in range(sys.maxunicode + 1) if chr(code).isspace() and code not in set(never)]
    excluded = _character_class(never)
    return f"^[^{excluded}]*[^{excluded}{_character_class(spaces)}][^{excluded}]*$"


class Name:
    """WTForms validator: the field's data must pass clean_name; the cleaned value replaces it."""

    def __init__(self, what: str = "A name", limit: int = NAME_MAX, empty: str | None = None):
        self.what, self.limit, self.empty = what, limit, empty
        self.field_flags = {"required": True}

    def __call__(self, form, field):
        from wtforms.validators import StopValidation

        try:
            field.data = clean_name(field.data or "", self.what, self.limit, self.empty)
        except TextError as error:
            raise StopValidation(error.message) from None
