"""The one place where the rules core's codes become English sentences.

The core (``ramo_keeper/rules``) raises ``RuleError(code, **params)`` and describes decks, notes,
scoring and options as ``Phrase(code, params)``; it words nothing. Every sentence a player reads
about the rules is a format string below with named parameters, so a translation pass can wrap
each literal in a gettext call without touching the rules. Player names arrive as parameters and
are used exactly as seated.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from . import rules

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(n: int) -> str:
    """"three" for 3; digits from 11 up."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def names_and(names) -> str:
    """"Al and Bo", "Al, Bo and Cy"."""
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _plural(count: int, one: str, many: str) -> str:
    return one if count == 1 else many


# ---- rule errors ------------------------------------------------------------------------------

def _several(action: str) -> Callable[..., str]:
    def word(players, **_):
        both = "both" if len(players) == 2 else "all"
        return f"Only one player can {action[0]}, but {names_and(players)} {both} {action[1]}"
    return word


def _unknown_category(game, player, category, **_):
    known = {c.key for v in rules.VARIANTS.values() for c in v.card_categories}
    what = category if category in known else f"card category '{category}'"
    return f"{game} has no {what}, but {player}'s cards list {category}"


FLAG_NOUNS = {"laid_down": "laying down", "knocked": "knocking", "went_rummy": "going rummy"}
FLAG_STATES = {"laid_down": "having laid down", "knocked": "having knocked", "went_rummy": "having gone rummy"}

RULE_SENTENCES: dict[str, str | Callable[..., str]] = {
    "unknown_game": "Unknown game {key!r}",
    "player_count": "{game} needs {minimum} to {maximum} players",
    "seat_without_name": "Every seat needs a player's name",
    "seated_twice": "{player} is seated twice",
    "name_seated_twice": "Two seats are named {player}: every player needs their own name",
    "first_dealer_not_seated": "The first dealer (player {dealer_id}) is not seated at this table",
    "no_such_option": "{game} has no option '{option}'",
    "option_not_boolean": "{option} must be true or false",
    "option_out_of_range": "{option} must be a whole number from {minimum} to {maximum}",
    "option_not_a_choice": lambda option, choices, **_: (
        f"{option} must be one of {', '.join(str(c) for c in choices)}"),
    "options_exclude_each_other": "{option} {value} needs {needs} {needed}",
    "no_such_category": "{game} has no card category '{category}'",
    "count_not_a_whole_number": "{category} must be a whole number of 0 or more",
    "player_not_seated": "Player {id} is not seated at this table",
    "two_results": "{player} has two results in this hand",
    "no_result": "{player} has no result in this hand",
    "game_over": "The game is over",
    "player_lists_unknown_category": _unknown_category,
    "player_count_not_whole": "{player}'s {category} must be a whole number, not {count!r}",
    "player_count_negative": "{player}'s {category} cannot be negative",
    "pips_of_one": "{player}'s pips cannot be 1: the smallest pip card is a 2",
    "too_many_pips": "{player} cannot hold {count} pips: {max_cards} cards make at most {maximum}",
    "too_many_of_a_category": "{player} cannot hold {count} {category}: no hand holds more than {maximum} cards",
    "category_not_in_this_game": "This game is played without {category}, but {player} holds {count}",
    "more_than_a_hand": "{player} cannot hold more than {maximum} cards",
    "flag_not_in_game": lambda game, flag, player, **_: (
        f"{game} has no {FLAG_NOUNS[flag]}, but {player} is marked as {FLAG_STATES[flag]}"),
    "went_out_with_cards": lambda player, count, **_: (
        f"{player} went out but still holds {count} {_plural(count, 'card', 'cards')}"),
    "went_out_with_points": "{player} went out but still holds cards worth {points} points",
    "several_went_out": _several(("go out", "went out")),
    "someone_must_go_out": "Someone must go out in {game}",
    "someone_must_go_out_here": "Someone must go out in {game}: this game does not allow a hand without a winner",
    "laid_down_in_last_round_without_going_out": (
        "In round {round} only the player who went out can have laid down, and {player} did not go out"),
    "rummy_without_going_out": "{player} went rummy but did not go out: only the player who went out can go rummy",
    "several_knocked": _several(("knock", "knocked")),
    "knocked_above_limit": "{player} knocked holding {value} points; knocking needs {limit} or less",
    "empty_hand_must_knock": "{player} holds no cards, so {player} went out and must be the knocker",
        "no_such_place": "Place {place} does not exist at a table of {table_size}",
}


def _word(table: Mapping[str, str | Callable[..., str]], code: str, params: Mapping) -> str:
    sentence = table[code]
    if callable(sentence):
        return sentence(**params)
    return sentence.format(**params)


def rule_message(error: rules.RuleError) -> str:
    """The sentence for a broken rule, e.g. "Bo went out but still holds 2 cards"."""
    return _word(RULE_SENTENCES, error.code, error.params)


# ---- phrases: decks, notes, scoring summaries, meld definitions -------------------------------

def _decks(decks: int) -> str:
    return f"{decks} {_plural(decks, 'deck', 'decks')}"


def _plus_jokers(decks, cards, jokers, **_):
    extra = f" + {jokers} jokers" if jokers > 1 else (" + 1 joker" if jokers else ", no jokers")
    return f"{_decks(decks)} of {cards} cards{extra}"


def _jokers_included(decks, cards, jokers, **_):
    return f"{_decks(decks)} of {cards} cards ({jokers} {_plural(jokers, 'joker', 'jokers')})"


PHRASES: dict[str, str | Callable[..., str]] = {
    "decks_of_game_cards": lambda decks, cards, game, **_: f"{_decks(decks)} of {cards} {game} cards",
    "decks_plus_jokers": _plus_jokers,
    "decks_jokers_included": _jokers_included,
    "outside_designed_range": "{game} is designed for {low} to {high} players",
    # What each meld is.
    "meld_set_of_colours": "A set is {smallest} or {largest} cards of one number, all in different colours.",
    "meld_run_of_one_colour_wrapping": ("A run is {smallest} or more cards in a row of one colour; "
                                        "it may go round the top, so {wrap} counts."),
    "meld_group_of_one_rank": "A group is {size} cards of one rank.",
    "meld_sequence_no_wrap": ("A sequence is {smallest} or more cards in a row of one suit; the ace is high "
                              "or low, but a sequence never wraps (K-A-2 is not one)."),
    "meld_long_run_never_split": "A run of {length} cards is never split into two sequences.",
    "meld_group_of_a_kind": "A group is {smallest} or {largest} cards of one rank.",
    "meld_sequence_ace_low": ("A sequence is {smallest} or more cards in a row of one suit; the ace is low "
                              "(A-2-3), never above the king."),
    "meld_group_no_duplicates": ("A group is {smallest} or {largest} cards of one rank, no two the same card "
                                 "(one 8 of spades in a group of 8s)."),
    "meld_sequence_of_one_suit_no_wrap": ("A sequence is {smallest} or more cards in a row of one suit; the ace "
                                          "is high or low, but K-A-2 is not a sequence."),
    "meld_set_any_colours": "A set is cards of one number, in any colours.",
    "meld_run_any_colours": "A run is cards of consecutive numbers in any colours; it never wraps from {top} to 1.",
    "meld_one_colour": "A colour is cards all of one colour, any numbers.",
    "meld_wilds_and_skips": "A Wild stands in for any card; a Skip is never part of a {level}.",
    # Scoring in a few lines.
    "summary_out_scores_others_pay": ("The player who goes out scores {out_score}; everyone else scores "
                                      "the cards left in hand."),
    "summary_levels_climb": ("Laying down moves a player to the next {level}; the game ends after the hand "
                             "in which someone completes {level} {final}."),
    "summary_level_per_round": "Everyone plays {level} k in round k; the game ends after round {rounds}.",
    "summary_lowest_total_wins": "Lowest total wins; ties are co-winners.",
    "summary_completers_lowest_total_wins": ("The winner is the lowest total among those who completed "
                                             "{level} {final}; ties are co-winners."),
    "summary_finishing_order_completers": ("Places: those who completed first, then the higher {level} "
                                           "reached, then the lower total."),
    "summary_highest_total_deals": ("The highest running total deals next; ties go to the first tied player "
                                    "after the dealer."),
    "summary_deal_passes_on": "The deal passes to the next player each hand.",
    "summary_out_takes_the_others": ("Only the player who goes out scores: the cards left in everyone else's "
                                     "hands, doubled for going rummy (the whole hand in one turn)."),
    "summary_ends_at_target_highest_wins": ("The game ends after the hand in which a total reaches {target}; "
                                            "highest total wins."),
    "summary_lowest_hand_takes_differences": ("The lowest hand wins (a tie goes against the knocker) and scores "
                                              "its difference to every other hand."),
    "summary_undercut_and_all_cards": "+{undercut} for undercutting the knocker, +{all_cards} for winning with "
                                      "no cards left.",
    "summary_stock_out_melds_once_more": ("When the stock runs out with no knock, everyone melds once more; "
                                          "then several players may hold nothing and share the win."),
    "summary_ends_at_target_with_bonuses": ("The game ends when a total reaches {target}: +{game_bonus} to each "
                                            "player who reached it, +{round_bonus} per hand won."),
    "summary_highest_final_total_wins": "Highest final total wins; ties are co-winners.",
    "summary_one_out_scores_zero": ("Exactly one player goes out each hand: that player has laid down and "
                                    "scores 0; everyone else scores the cards left in hand."),
}


def say(phrase: rules.Phrase | None) -> str:
    """The words for a Phrase, e.g. "2 decks of 52 cards + 3 jokers"; empty for None."""
    return "" if phrase is None else _word(PHRASES, phrase.code, phrase.params)


# ---- level requirements -----------------------------------------------------------------------

MELD_NOUNS = {"set": ("set", "sets"), "run": ("run", "runs"), "group": ("group", "groups"),
              "sequence": ("sequence", "sequences")}


def _meld_words(meld: rules.Meld, lengths: bool, first: bool) -> str:
    if meld.kind == "colour":
        return f"{number_word(meld.min_length)} cards of one colour"
    one, many = MELD_NOUNS[meld.kind]
    noun = one if meld.count == 1 else many
    if not lengths:
        return f"{number_word(meld.count)} {noun}"
    count = ("a" if meld.count == 1 else number_word(meld.count)) if first else number_word(meld.count)
    return f"{count} {noun} of {number_word(meld.min_length)}"


def _alternative(melds, lengths: bool) -> str:
    kinds = [m.kind for m in melds]
    if lengths and len(set(kinds)) == 1 and len(melds) > 1 and any(m.count > 1 for m in melds):
        # Contract round 7: "three sequences, two of four and one of five" reads as one group.
        total = sum(m.count for m in melds)
        parts = [f"{number_word(m.count)} of {number_word(m.min_length)}" for m in melds]
        return f"{number_word(total)} {MELD_NOUNS[kinds[0]][1]}: {names_and(parts)}"
    return " and ".join(_meld_words(m, lengths, True) for m in melds)


def requirement(level: rules.Level | None) -> str:
    """What a level asks for, from its melds: "one set and one run", "a group of three and a sequence of four"."""
    if level is None:
        return ""
    text = " or ".join(_alternative(melds, level.lengths_stated) for melds in level.melds)
    if level.all_at_once:
        text += ", laid down all at once with no discard"
    return text


# ---- options ----------------------------------------------------------------------------------

OPTION_NAMES = {
    "progression": "Levels", "winner_rule": "Winner", "dealer_rule": "Next dealer",
    "allow_no_winner": "A hand with nobody out", "out_bonus": "Score for going out",
    "jokers": "Jokers", "ace_value": "Aces", "end": "End of the game", "target": "Target",
    "hands": "Number of hands", "knock_limit": "Knock limit", "undercut_bonus": "Undercut bonus",
    "all_cards_bonus": "All-cards bonus", "game_bonus": "Game bonus", "round_bonus": "Bonus per hand won",
}
OPTION_HELP = {
    "allow_no_winner": "Allow a hand where nobody goes out (stock ran dry)",
    "out_bonus": "Score of the player who went out",
    "jokers": "Add one joker fewer than the number of players",
    "target": "A running total that ends the game",
    "hands": "Hands in a game when it ends by hands",
    "knock_limit": "Highest hand value a player may knock with",
    "undercut_bonus": "Bonus for a winner who did not knock when someone did",
    "all_cards_bonus": "Bonus for winning with no cards left",
    "game_bonus": "End bonus for every player whose total reached the target",
    "round_bonus": "End bonus per hand won",
}
CHOICE_WORDS = {
    "per_player": "each player climbs the levels alone",
    "per_round": "everyone plays level k in hand k",
    "lowest_total": "lowest total",
    "completers": "lowest total among those who completed the last level",
    "highest_total": "the highest running total",
    "highest_hand": "the highest score in the hand just played",
    "rotate": "the next player",
    "winner_deals": "the hand's winner",
    "target": "when a total reaches the target",
    "hands": "after a fixed number of hands",
    1: "count 1", 15: "count 15 and play high or low",
}


def choice_words(value) -> str:
    """A choice in words: "per_player" -> "each player climbs the levels alone"; numbers as they are."""
    return CHOICE_WORDS.get(value, str(value))


def option_help(option: rules.Option) -> str:
    """One line on the new-game form: the option's help, or its choices in words."""
    if option.key in OPTION_HELP:
        return OPTION_HELP[option.key]
    return "; or ".join(choice_words(c).capitalize() if i == 0 else choice_words(c)
                        for i, c in enumerate(option.choices))


def option_default(option: rules.Option) -> str:
    """The default in words: "on", "off", a number, or the chosen rule."""
    if option.kind == "bool":
        return "on" if option.default else "off"
    if option.kind == "choice":
        return choice_words(option.default)
    return str(option.default)


def option_words(option: rules.Option) -> dict:
    """An option as the rules page shows it: name, what it does, the default and the other choices."""
    others = [choice_words(c) for c in option.choices if c != option.default]
    return {"key": option.key, "name": OPTION_NAMES.get(option.key, option.key.replace("_", " ").capitalize()),
            "help": OPTION_HELP.get(option.key, ""), "default": option_default(option), "others": others,
            "kind": option.kind, "minimum": option.minimum, "maximum": option.maximum}
