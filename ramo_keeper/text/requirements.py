"""What a level asks for, in words, from its melds: "one set and one run", "a group of three"."""

from __future__ import annotations

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

from .. import rules
from ..i18n import with_particles
from .lists import names_and, names_and_each, number_word

# A meld kind without lengths ("one set", "two runs"), then with them ("a set of three", "two runs of four").
MELD_COUNTED = {
    "set": (_l("one set"), _l("%(count)s sets")), "run": (_l("one run"), _l("%(count)s runs")),
    "group": (_l("one group"), _l("%(count)s groups")),
    "sequence": (_l("one sequence"), _l("%(count)s sequences")),
}
MELD_SIZED = {
    "set": (_l("a set of %(length)s"), _l("%(count)s sets of %(length)s")),
    "run": (_l("a run of %(length)s"), _l("%(count)s runs of %(length)s")),
    "group": (_l("a group of %(length)s"), _l("%(count)s groups of %(length)s")),
    "sequence": (_l("a sequence of %(length)s"), _l("%(count)s sequences of %(length)s")),
}


# A set or group of a fixed small size has a name of its own in Italian (una coppia, un tris, un poker): each
# is its own sentence, which English and Korean say as any other length.
MELD_NAMED = {
    ("set", 2): (_l("a set of two"), _l("%(count)s sets of two")),
    ("set", 3): (_l("a set of three"), _l("%(count)s sets of three")),
    ("set", 4): (_l("a set of four"), _l("%(count)s sets of four")),
    ("group", 2): (_l("a group of two"), _l("%(count)s groups of two")),
    ("group", 3): (_l("a group of three"), _l("%(count)s groups of three")),
    ("group", 4): (_l("a group of four"), _l("%(count)s groups of four")),
}


def _meld_words(meld: rules.Meld, lengths: bool) -> str:
    if lengths and (meld.kind, meld.min_length) in MELD_NAMED:
        one, many = MELD_NAMED[meld.kind, meld.min_length]
        return with_particles(str(one) if meld.count == 1 else str(many) % {"count": number_word(meld.count)})
    if meld.kind == "colour":
        return gettext("%(length)s cards of one colour", length=number_word(meld.min_length))
    one, many = (MELD_SIZED if lengths else MELD_COUNTED)[meld.kind]
    text = one if meld.count == 1 else many
    return with_particles(str(text) % {"count": number_word(meld.count), "length": number_word(meld.min_length)})


def _alternative(melds, lengths: bool) -> str:
    kinds = [m.kind for m in melds]
    if lengths and len(set(kinds)) == 1 and len(melds) > 1 and any(m.count > 1 for m in melds):
        # Contract round 7: "three sequences, two of four and one of five" reads as one group.
        total = sum(m.count for m in melds)
        parts = [gettext("%(count)s of %(length)s", count=number_word(m.count), length=number_word(m.min_length))
                 for m in melds]
        noun = str(MELD_COUNTED[kinds[0]][1]) % {"count": number_word(total)}
        return gettext("%(melds)s: %(parts)s", melds=noun, parts=names_and(parts))
    return names_and_each(_meld_words(m, lengths) for m in melds)



def requirement(level: rules.Level | None) -> str:
    """What a level asks for, from its melds: "one set and one run", "a group of three and a sequence of four"."""
    if level is None:
        return ""
    alternatives = [_alternative(melds, level.lengths_stated) for melds in level.melds]
    text = alternatives[0]
    for other in alternatives[1:]:
        text = gettext("%(first)s or %(second)s", first=text, second=other)
    if level.all_at_once:
        text = gettext("%(requirement)s, laid down all at once with no discard", requirement=text)
    return text
