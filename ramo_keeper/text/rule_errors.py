"""Rule errors in words: the core raises ``RuleError(code, **params)``; this is the sentence for each code.

The same error reads in Korean, Italian or English; player names arrive as parameters and are used exactly
as seated. The JSON API asks in its request's Accept-Language (i18n.py).
"""

from __future__ import annotations

from flask_babel import gettext, ngettext
from flask_babel import lazy_gettext as _l

from .. import rules
from .definition_errors import DEFINITION_SENTENCES
from .game_words import category_key_word, game_word
from .lists import names_and
from .sentences import fill_sentence


def _several_went_out(players, **_):
    if len(players) == 2:
        return gettext("Only one player can go out, but %(names)s both went out", names=names_and(players))
    return gettext("Only one player can go out, but %(names)s all went out", names=names_and(players))


def _several_knocked(players, **_):
    if len(players) == 2:
        return gettext("Only one player can knock, but %(names)s both knocked", names=names_and(players))
    return gettext("Only one player can knock, but %(names)s all knocked", names=names_and(players))


def _unknown_category(game, player, category, **_):
    # The category arrives translated when it is one of the games' own (see sentences.localized).
    known = {category_key_word(c.key) for v in rules.VARIANTS.values() for c in v.card_categories}
    if category in known:
        return gettext("%(game)s has no %(category)s, but %(player)s's cards list %(category)s", game=game,
                       category=category, player=player)
    return gettext("%(game)s has no card category '%(category)s', but %(player)s's cards list %(category)s", game=game,
                   category=category, player=player)


def _flag_not_in_game(game, flag, player, **_):
    sentences = {
        "laid_down": _l("%(game)s does not record laying down, but %(player)s is marked as having laid down"),
        "knocked": _l("%(game)s has no knocking, but %(player)s is marked as having knocked"),
        "went_rummy": _l("%(game)s has no going rummy, but %(player)s is marked as having gone rummy"),
    }
    return str(sentences[flag]) % {"game": game, "player": player}


def _without_requirement(player, mark, required, **_):
    # The marks are words of the game's own (rules/marks.py): "went rummy", "laid down".
    return gettext("%(player)s is marked %(mark)s, which needs %(required)s, and is not marked %(required)s",
                   player=player, mark=game_word(rules.Mark(mark).word), required=game_word(rules.Mark(required).word))


def _choices(option, choices, **_):
    return gettext("%(option)s must be one of %(choices)s", option=option,
                   choices=gettext(", ").join(str(c) for c in choices))


RULE_SENTENCES: dict[str, object] = {
    "unknown_game": _l("Unknown game %(key)r"),
    "player_count": _l("%(game)s needs %(minimum)s to %(maximum)s players"),
    "seat_without_name": _l("Every seat needs a player's name"),
    "seated_twice": _l("%(player)s is seated twice"),
    "name_seated_twice": _l("Two seats are named %(player)s: every player needs their own name"),
    "first_dealer_not_seated": _l("The first dealer (player %(dealer_id)s) is not seated at this table"),
    "no_such_option": _l("%(game)s has no option '%(option)s'"),
    "option_not_boolean": _l("%(option)s must be true or false"),
    "option_out_of_range": _l("%(option)s must be a whole number from %(minimum)s to %(maximum)s"),
    "option_not_a_choice": _choices,
    "options_exclude_each_other": _l("%(option)s %(value)s needs %(needs)s %(needed)s"),
    "no_such_category": _l("%(game)s has no card category '%(category)s'"),
    "count_not_a_whole_number": _l("%(category)s must be a whole number of 0 or more"),
    "player_not_seated": _l("Player %(id)s is not seated at this table"),
    "two_results": _l("%(player)s has two results in this hand"),
    "no_result": _l("%(player)s has no result in this hand"),
    "game_over": _l("The game is over"),
    "player_lists_unknown_category": _unknown_category,
    "player_count_not_whole": _l("%(player)s's %(category)s must be a whole number, not %(count)r"),
    "player_count_negative": _l("%(player)s's %(category)s cannot be negative"),
    "pips_of_one": _l("%(player)s's pips cannot be 1: the smallest pip card is a 2"),
    "too_many_pips": _l("%(player)s cannot hold %(count)s pips: %(max_cards)s cards make at most %(maximum)s"),
    # The most is what the decks hold of that kind (4 aces in one 52-card deck), 60 at the very most.
    "too_many_of_a_category": _l("%(player)s cannot hold %(count)s %(category)s: a hand holds at most %(maximum)s"),
    "category_not_in_this_game": _l("This game is played without %(category)s, but %(player)s holds %(count)s"),
    "more_than_a_hand": _l("%(player)s cannot hold more than %(maximum)s cards"),
    "flag_not_in_game": _flag_not_in_game,
    "went_out_with_cards": lambda player, count, **_: ngettext(
        "%(player)s went out but still holds %(num)d card", "%(player)s went out but still holds %(num)d cards",
        count, player=player),
    "went_out_with_points": _l("%(player)s went out but still holds cards worth %(points)s points"),
    "several_went_out": _several_went_out,
    "someone_must_go_out": _l("Someone must go out in %(game)s"),
    "someone_must_go_out_here": _l("Someone must go out in %(game)s: this game does not allow a hand without "
                                   "a winner"),
    "laid_down_in_last_round_without_going_out": _l(
        "In round %(round)s only the player who went out can have laid down, and %(player)s did not go out"),
    "rummy_without_going_out": _l("%(player)s went rummy but did not go out: only the player who went out can "
                                  "go rummy"),
    "mark_without_its_requirement": _without_requirement,
    "several_knocked": _several_knocked,
    "knocked_above_limit": _l("%(player)s knocked holding %(value)s points; knocking needs %(limit)s or less"),
    "empty_hand_must_knock": _l("%(player)s holds no cards, so %(player)s went out and must be the knocker"),
    "no_such_place": _l("Place %(place)s does not exist at a table of %(table_size)s"),
}


def rule_message(error: rules.RuleError) -> str:
    """The sentence for a broken rule, e.g. "Bo went out but still holds 2 cards", or for a definition's
    first bad field, e.g. "card_categories[2].points must be from -500 to 500"."""
    table = DEFINITION_SENTENCES if isinstance(error, rules.DefinitionError) else RULE_SENTENCES
    return fill_sentence(table, error.code, error.params)
