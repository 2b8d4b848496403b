"""The deal in words: how many cards each player gets, and in which hands."""

from __future__ import annotations

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

# A line of the deal table for a span of hands and for one hand, by the game's own word for a hand (its
# definition's words.hand): Contract deals "in rounds 1–3", Ramo "in hands 1–3". A word the table does not
# know (a house rule's own) reads as "hand" does.
HAND_SPANS = {
    "round": (_l("%(cards)s in rounds %(first)s–%(last)s"), _l("%(cards)s in round %(first)s")),
    "hand": (_l("%(cards)s in hands %(first)s–%(last)s"), _l("%(cards)s in hand %(first)s")),
}


def cards_each(count: int) -> str:
    return gettext("%(count)s each", count=count)


def cards_after_dealer(first: int, others: int) -> str:
    return gettext("%(first)s to the player after the dealer, %(others)s to the others", first=first,
                   others=others)


def cards_in_hands(text: str, hand_word: str, first: int, last: int) -> str:
    """'10 each in rounds 1–3' or '12 each in round 7', the game's own word for a hand."""
    span, one = HAND_SPANS.get(hand_word, HAND_SPANS["hand"])
    if first != last:
        return str(span) % {"cards": text, "first": first, "last": last}
    return str(one) % {"cards": text, "first": first}
