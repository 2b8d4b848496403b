"""The game's own word for one deal in the sentences of the game page: "Record round 3" in a game whose
document calls a deal a round (Words.hand, e.g. Contract Rummy and Liverpool), "Record hand 3" elsewhere.

Chosen by the document's word, never by the game's name, so a house rule built on either keeps its word.
Each sentence is written out whole for the catalogues: a translator sees the word in its place.
"""

from flask_babel import gettext, ngettext
from markupsafe import Markup, escape

from .. import rules


def _hand(key: str, **values) -> str:
    sentences = {
        "deal_line": lambda: gettext("Hand %(number)s: %(dealer)s deals", **values),
        "record": lambda: gettext("Record hand %(number)s", **values),
        "record_who": lambda: gettext("Record hand %(number)s: %(who)s", **values),
        "after": lambda: gettext("After hand %(number)s", **values),
        "recorded": lambda: gettext("Hand %(number)s recorded", **values),
        "enter": lambda: gettext("Enter hand %(number)s", **values),
        "correct": lambda: gettext("Correct hand %(number)s", **values),
        "save": lambda: gettext("Save hand %(number)s", **values),
        "edit": lambda: gettext("Edit hand %(number)s", **values),
        "by": lambda: gettext("Hand by hand"),
        "laid_in": lambda: gettext("laid down in hand %(number)s", **values),
        "count": lambda: ngettext("after %(num)d hand", "after %(num)d hands", values["number"]),
        "undo": lambda: gettext("Undo hand %(number)s", **values),
        "remove": lambda: gettext("Remove hand %(number)s?", **values),
        "sheet": lambda: gettext("Hand by hand: each hand's score and the running total"),
        "taken": lambda: gettext("Someone else recorded this hand first. What you typed is still here."),
        "load_new": lambda: gettext("Load the new hand"),
        "kept": lambda: gettext("Hands saved on this phone"),
        "waiting": lambda: gettext("Hand %(number)s: waiting to send.", **values),
        "not_recorded": lambda: gettext("Hand %(number)s was not recorded: %(reason)s", **values),
        "waiting_deal": lambda: gettext("Hand %(number)s: the deal shows once the waiting hands are sent.", **values),
        "waiting_totals": lambda: gettext("Totals with the waiting hands: %(totals)s", **values),
        "queued": lambda: gettext("Saved on this phone: hand %(number)s is waiting to send.", **values),
    }
    return sentences[key]()


def _round(key: str, **values) -> str:
    sentences = {
        "deal_line": lambda: gettext("Round %(number)s: %(dealer)s deals", **values),
        "record": lambda: gettext("Record round %(number)s", **values),
        "record_who": lambda: gettext("Record round %(number)s: %(who)s", **values),
        "after": lambda: gettext("After round %(number)s", **values),
        "recorded": lambda: gettext("Round %(number)s recorded", **values),
        "enter": lambda: gettext("Enter round %(number)s", **values),
        "correct": lambda: gettext("Correct round %(number)s", **values),
        "save": lambda: gettext("Save round %(number)s", **values),
        "edit": lambda: gettext("Edit round %(number)s", **values),
        "by": lambda: gettext("Round by round"),
        "laid_in": lambda: gettext("laid down in round %(number)s", **values),
        "count": lambda: ngettext("after %(num)d round", "after %(num)d rounds", values["number"]),
        "undo": lambda: gettext("Undo round %(number)s", **values),
        "remove": lambda: gettext("Remove round %(number)s?", **values),
        "sheet": lambda: gettext("Round by round: each round's score and the running total"),
        "taken": lambda: gettext("Someone else recorded this round first. What you typed is still here."),
        "load_new": lambda: gettext("Load the new round"),
        "kept": lambda: gettext("Rounds saved on this phone"),
        "waiting": lambda: gettext("Round %(number)s: waiting to send.", **values),
        "not_recorded": lambda: gettext("Round %(number)s was not recorded: %(reason)s", **values),
        "waiting_deal": lambda: gettext("Round %(number)s: the deal shows once the waiting rounds are sent.",
                                        **values),
        "waiting_totals": lambda: gettext("Totals with the waiting rounds: %(totals)s", **values),
        "queued": lambda: gettext("Saved on this phone: round %(number)s is waiting to send.", **values),
    }
    return sentences[key]()


def hand_phrase(words: rules.Words, key: str, **values) -> Markup:
    """One of the sentences above in the game's own word for a hand, in the reader's language.

    As safe markup, its values escaped: a template may pass a number wrapped in its own span."""
    safe = {name: value if isinstance(value, (Markup, int)) else escape(value) for name, value in values.items()}
    return Markup((_round if words.hand == "round" else _hand)(key, **safe))  # nosec B704: values escaped
