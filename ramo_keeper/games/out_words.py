"""What the hand form and the seated phone say of the player out, in the game's own words.

A built-in game's out mark has its own sentences, translated whole: "Ana out" on the Record button,
"I went out" on a seated phone's box (Manipulation's "Ana knocked", "I knocked"). A house rule may
give going out a verb of its own (`words.went_out_verb`, "ran dry"): then both are made with that
verb, as its table wrote it, as the hand form's "Choose who ran dry." is (text.game_words.choose_who).
"""

from flask_babel import gettext

from .. import rules
from ..text.game_words import game_word


def own_out_verb(variant: rules.Variant) -> str | None:
    """The game's verb for going out when it is not its out mark's own ("ran dry"), else None."""
    verb = variant.words.went_out_verb
    return verb if verb and verb != variant.out_mark.word else None


def out_who(variant: rules.Variant) -> str:
    """What the Record button says of the player out, with "%(name)s" left for the name: "%(name)s ran dry"."""
    verb = own_out_verb(variant)
    if verb is None:
        return game_word(variant.out_mark.who)
    # The name is filled in later, per player (templates/games/_hand_form.html).
    return gettext("%(name)s %(verb)s", name="%(name)s", verb=game_word(verb))


def out_mine(variant: rules.Variant) -> str:
    """The out box on a seated player's own phone: "I went out", or "I ran dry" with the game's own verb."""
    verb = own_out_verb(variant)
    if verb is None:
        return game_word(variant.out_mark.mine)
    return gettext("I %(verb)s", verb=game_word(verb))
