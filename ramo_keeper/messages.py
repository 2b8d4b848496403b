"""The one place where the rules core's codes and data become sentences, in the reader's language.

The core (``ramo_keeper/rules``) raises ``RuleError(code, **params)`` and describes decks, notes,
scoring and options as ``Phrase(code, params)``; it words nothing and keeps English keys. Every
sentence a player reads about the rules is a gettext message below with named placeholders, looked
up when it is shown, so the same error reads in Korean, Italian or English. Player names arrive as
parameters and are used exactly as seated. The JSON API asks in its request's Accept-Language (i18n.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache

from flask_babel import force_locale, get_locale, gettext, ngettext, pgettext
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext as _lp

from . import rules
from .i18n import LANGUAGES, with_particles
from .rules.words import CONTEXTS, LEVEL_FORMS, fill, placeholders

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


# ---- the games' own words ----------------------------------------------------------------------
# A game's name, labels and hand-form words are fields of its definition (ramo_keeper/rules/games/),
# which babel.cfg extracts; they are looked up here when shown. A word no catalogue holds (a house
# rule's own label) is shown exactly as typed.

DIRECTIONS = {"clockwise": _l("clockwise"), "counter-clockwise": _l("counter-clockwise")}
# Card categories by key (rule errors name the key) and by label (the card-value tables show it).
CATEGORY_KEYS = {
    "pips": _lp("card category key", "pips"), "tens": _lp("card category key", "tens"),
    "aces": _lp("card category key", "aces"), "jokers": _lp("card category key", "jokers"),
    "low": _lp("card category key", "low"), "high": _lp("card category key", "high"),
    "special": _lp("card category key", "special"), "skip": _lp("card category key", "skip"),
    "wild": _lp("card category key", "wild"),
}


def _definition_word(word: str | None, words_field: bool = False) -> str:
    """A definition's word in the reader's language, in the context rules/words.py extracted it with."""
    if not word:
        return ""
    context = CONTEXTS.get(word) if words_field else None
    return pgettext(context, word) if context else gettext(word)


def game_name(name: str) -> str:
    """A game's name as its players call it: "Contract Rummy" is "Contratto Ramino" in Italian."""
    return _definition_word(name)


def game_word(word: str | None) -> str:
    """One of a game's Words ("contract", "Knocked", "hand" as one deal) in the reader's language."""
    return _definition_word(word, words_field=True)


def choose_who(words: rules.Words) -> str:
    """The hand form's question when nobody is picked: the game's own sentence ("Choose who went out."), else
    one built from its verb, which a house rule's own verb fills as typed ("Choose who ran dry.")."""
    if words.choose_who:
        return _definition_word(words.choose_who)
    return gettext("Choose who %(verb)s.", verb=_definition_word(words.went_out_verb))


def direction(word: str) -> str:
    return str(DIRECTIONS.get(word, word))


def category_label(label: str) -> str:
    """A card category's label from its definition, in the reader's language."""
    return _definition_word(label)


def _localized(params: Mapping) -> dict:
    """The core's English data among the params (a game's name, a level word, a category key) translated."""
    out = dict(params)
    if "game" in out:
        out["game"] = game_name(out["game"])
    if "level" in out and isinstance(out["level"], str):
        for form, context in LEVEL_FORMS.items():
            out[form] = pgettext(context, out["level"])
        out["level"] = game_word(out["level"])
    if "category" in out and out["category"] in CATEGORY_KEYS:
        out["category"] = str(CATEGORY_KEYS[out["category"]])
    if str(get_locale() or "en") != "en":
        # English keeps the option keys a script sent; a person reading another language reads names.
        for key in ("option", "needs"):
            if isinstance(out.get(key), str) and out[key] in _builtin_options():
                out[key] = option_name(_builtin_options()[out[key]])
        for key in ("value", "needed"):
            if isinstance(out.get(key), str):
                out[key] = choice_words(None, out[key])
        if "choices" in out:
            out["choices"] = [choice_words(None, c) for c in out["choices"]]
    return out


def _word(table: Mapping[str, object], code: str, params: Mapping) -> str:
    """The sentence filled in, its Korean particles chosen from the words it was filled with (i18n.py)."""
    sentence = table[code]
    params = _localized(params)
    if callable(sentence):
        return with_particles(sentence(**params))
    return with_particles(str(sentence) % params if params else str(sentence))


# ---- rule errors ------------------------------------------------------------------------------

def _several_went_out(players, **_):
    if len(players) == 2:
        return gettext("Only one player can go out, but %(names)s both went out", names=names_and(players))
    return gettext("Only one player can go out, but %(names)s all went out", names=names_and(players))


def _several_knocked(players, **_):
    if len(players) == 2:
        return gettext("Only one player can knock, but %(names)s both knocked", names=names_and(players))
    return gettext("Only one player can knock, but %(names)s all knocked", names=names_and(players))


def _unknown_category(game, player, category, **_):
    # The category arrives translated when it is one of the games' own (see _localized).
    known = {str(CATEGORY_KEYS.get(c.key, c.key)) for v in rules.VARIANTS.values() for c in v.card_categories}
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


# ---- definitions (docs/GAMES.md): the first bad field of a game definition, named by its path -----

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


def rule_message(error: rules.RuleError) -> str:
    """The sentence for a broken rule, e.g. "Bo went out but still holds 2 cards", or for a definition's
    first bad field, e.g. "card_categories[2].points must be from -500 to 500"."""
    table = DEFINITION_SENTENCES if isinstance(error, rules.DefinitionError) else RULE_SENTENCES
    return _word(table, error.code, error.params)


# ---- phrases: decks, notes, scoring summaries, meld definitions -------------------------------

def _decks_of(decks, cards):
    return ngettext("%(num)d deck of %(cards)s cards", "%(num)d decks of %(cards)s cards", decks, cards=cards)


def _game_cards(decks, cards, game, **_):
    # A house rule plays its game's own cards under a name of its own ("Ramo 25"): its cards are not
    # "Ramo 25 cards", so only a built-in game's name names a deck.
    if game not in {variant.name for variant in rules.VARIANTS.values()}:
        return _decks_of(decks, cards)
    return ngettext("%(num)d deck of %(cards)s %(game)s cards", "%(num)d decks of %(cards)s %(game)s cards", decks,
                    cards=cards, game=game)


def _plus_jokers(decks, cards, jokers, **_):
    if not jokers:
        return gettext("%(decks)s, no jokers", decks=_decks_of(decks, cards))
    return ngettext("%(decks)s + %(num)d joker", "%(decks)s + %(num)d jokers", jokers, decks=_decks_of(decks, cards))


def _jokers_included(decks, cards, jokers, **_):
    return ngettext("%(decks)s (%(num)d joker)", "%(decks)s (%(num)d jokers)", jokers, decks=_decks_of(decks, cards))


PHRASES: dict[str, object] = {
    # A definition's own sentence (a meld or a line of the summary): looked up like its words, then its
    # placeholders filled (rules/words.py); a house rule's own sentence is shown as its table wrote it.
    "text": lambda text, **params: fill(_definition_word(text), params),
    "decks_of_game_cards": _game_cards,
    "decks_plus_jokers": _plus_jokers,
    "decks_jokers_included": _jokers_included,
    "outside_designed_range": _l("%(game)s is designed for %(low)s to %(high)s players"),
}


def say(phrase: rules.Phrase | None) -> str:
    """The words for a Phrase, e.g. "2 decks of 52 cards + 3 jokers"; empty for None.

    A house rule kept before its lines were checked (phrase_problem) may hold one the app cannot say: that line
    is left empty rather than the page failing.
    """
    if phrase is None:
        return ""
    try:
        return _word(PHRASES, phrase.code, phrase.params)
    except (KeyError, TypeError, ValueError, AttributeError):
        return ""


def phrase_problem(phrase: rules.Phrase) -> str | None:
    """Why the app cannot say a definition's phrase: "phrase" when it has no such sentence, "params" when the
    params do not fill it (one missing, a word where a number goes) in one of its languages; else None."""
    sentence = PHRASES.get(phrase.code) if isinstance(phrase.code, str) else None
    if sentence is None:
        return "phrase"
    for language in LANGUAGES:
        with force_locale(language):
            try:
                params = _localized(phrase.params)
                if phrase.code == "text" and set(placeholders(_definition_word(params["text"]))) - set(params):
                    return "params"
                sentence(**params) if callable(sentence) else str(sentence) % params
            except (KeyError, TypeError, ValueError, AttributeError):
                return "params"
    return None


# ---- level requirements -----------------------------------------------------------------------

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


def names_and_each(parts) -> str:
    """Melds joined by "and" one by one: "one set and one run and one set"."""
    parts = list(parts)
    text = parts[0]
    for part in parts[1:]:
        text = gettext("%(first)s and %(last)s", first=text, last=part)
    return text


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


# ---- options ----------------------------------------------------------------------------------

@cache
def _builtin_options() -> dict[str, rules.Option]:
    """The built-ins' options by key, whose words name an option wherever no game is at hand (a rule error)."""
    found: dict[str, rules.Option] = {}
    for variant in rules.VARIANTS.values():
        for option in variant.options:
            found.setdefault(option.key, option)
    return found


def _own_or_builtin(option) -> rules.Option | None:
    """The option with its words: an Option as it is, a key or an editor's dict through the built-ins'."""
    if isinstance(option, rules.Option):
        return option
    key = option.get("key") if isinstance(option, Mapping) else option
    known = _builtin_options().get(key) if isinstance(key, str) else None
    if known is not None and isinstance(option, Mapping):
        # The editor's dict is the house rule's own details: its own words, where it has them, win.
        own = {part: option[part] for part in ("label", "help") if isinstance(option.get(part), str)}
        if isinstance(option.get("choice_words"), list) and all(isinstance(w, str) for w in option["choice_words"]):
            own["choice_words"] = tuple(option["choice_words"])
        known = replace(known, **own)
    return known


def option_name(option) -> str:
    """An option's label from its definition ("Jokers"), for an Option, its key or the editor's dict."""
    known = _own_or_builtin(option)
    if known is not None and known.label:
        return _definition_word(known.label)
    key = known.key if known is not None else (option.get("key") if isinstance(option, Mapping) else option)
    return str(key).replace("_", " ").capitalize()


def choice_words(option, value) -> str:
    """A choice in words from the option's definition: "per_player" -> "each player climbs the levels alone";
    without an option (a rule error names only the value), any built-in's words for it; numbers as they are."""
    known = _own_or_builtin(option)
    candidates = [known] if known is not None else list(_builtin_options().values())
    for candidate in candidates:
        for choice, words in zip(candidate.choices, candidate.choice_words, strict=False):
            if choice == value and type(choice) is type(value):
                return _definition_word(words)
    return str(value)


def option_help(option: rules.Option) -> str:
    """One line on the new-game form: the option's help, or its choices in words."""
    if option.help:
        return _definition_word(option.help)
    words = [choice_words(option, c) for c in option.choices]
    if not words:
        return ""
    text = words[0][:1].upper() + words[0][1:]
    for other in words[1:]:
        text = gettext("%(first)s; or %(second)s", first=text, second=other)
    return text


def option_default(option: rules.Option) -> str:
    """The default in words: "on", "off", a number, or the chosen rule."""
    if option.kind == "bool":
        return pgettext("option", "on") if option.default else pgettext("option", "off")
    if option.kind == "choice":
        return choice_words(option, option.default)
    return str(option.default)


def option_words(option: rules.Option) -> dict:
    """An option as the rules page shows it: name, what it does, the default and the other choices."""
    others = [choice_words(option, c) for c in option.choices if c != option.default]
    return {"key": option.key, "name": option_name(option),
            "help": _definition_word(option.help), "default": option_default(option), "others": others,
            "kind": option.kind, "minimum": option.minimum, "maximum": option.maximum}


def option_line(words: dict) -> str:
    """The rules page's line for an option: its help, the default and the other choices."""
    if words["others"]:
        rest = gettext("Usually %(default)s; or %(others)s.", default=words["default"],
                       others=gettext("; or ").join(words["others"]))
    elif words["kind"] == "int":
        rest = gettext("Usually %(default)s (from %(minimum)s to %(maximum)s).", default=words["default"],
                       minimum=words["minimum"], maximum=words["maximum"])
    else:
        rest = gettext("Usually %(default)s.", default=words["default"])
    return gettext("%(help)s. %(rest)s", help=words["help"], rest=rest) if words["help"] else rest


# ---- the deal in words ------------------------------------------------------------------------

def cards_each(count: int) -> str:
    return gettext("%(count)s each", count=count)


def cards_after_dealer(first: int, others: int) -> str:
    return gettext("%(first)s to the player after the dealer, %(others)s to the others", first=first,
                   others=others)


def cards_in_hands(text: str, hand_word: str, first: int, last: int) -> str:
    """'10 each in rounds 1–3' or '12 each in round 7', the game's own word for a hand."""
    if hand_word == "round":
        if first != last:
            return gettext("%(cards)s in rounds %(first)s–%(last)s", cards=text, first=first, last=last)
        return gettext("%(cards)s in round %(first)s", cards=text, first=first)
    if first != last:
        return gettext("%(cards)s in hands %(first)s–%(last)s", cards=text, first=first, last=last)
    return gettext("%(cards)s in hand %(first)s", cards=text, first=first)
