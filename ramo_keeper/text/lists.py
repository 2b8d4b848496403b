"""Counting and joining in words: "three" for 3, "Al, Bo and Cy"."""

from __future__ import annotations

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

NUMBER_WORDS = (_l("no"), _l("one"), _l("two"), _l("three"), _l("four"), _l("five"), _l("six"),
                _l("seven"), _l("eight"), _l("nine"), _l("ten"))


def number_word(n: int) -> str:
    """"three" for 3; digits from 11 up."""
    return str(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else str(n)


def names_and(names) -> str:
    """"Al and Bo", "Al, Bo and Cy"."""
    names = [str(n) for n in names]
    if len(names) == 1:
        return names[0]
    return gettext("%(first)s and %(last)s", first=gettext(", ").join(names[:-1]), last=names[-1])


def names_and_each(parts) -> str:
    """Melds joined by "and" one by one: "one set and one run and one set"."""
    parts = list(parts)
    text = parts[0]
    for part in parts[1:]:
        text = gettext("%(first)s and %(last)s", first=text, last=part)
    return text
