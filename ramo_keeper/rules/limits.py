"""The limits and vocabularies of a definition (docs/RULES.md §8), set once for the checks and the schema.

>>> POINTS, MAX_CATEGORIES, MAX_LEVELS, CHOICES["progression"]
(500, 12, 20, ('per_player', 'per_round'))
"""

from __future__ import annotations

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_CATEGORIES = 12
MAX_LEVELS = 20
MAX_OPTIONS = 20
POINTS = 500  # a category's points lie in −500…500
MAX_BGG_ID = 2**31 - 1  # a BoardGameGeek id: a positive 32-bit integer, as BG Stats keeps it
MAX_SOURCE_NAMES = 20  # the names a game's source texts give it, one per language
MARKS = ("went_out", "laid_down", "knocked", "went_rummy")
MELD_KINDS = ("set", "run", "group", "sequence", "colour")
DECK_PHRASES = ("decks_of_game_cards", "decks_plus_jokers", "decks_jokers_included")

CHOICES: dict[str, tuple[str, ...]] = {
    "direction": ("clockwise", "counter-clockwise"),
    "progression": ("per_player", "per_round"),
    "end": ("last_level", "target", "hands"),
    "ranking": ("lowest_total", "highest_total", "completers", "completers_then_level"),
    "dealer_rule": ("rotate", "winner_deals", "highest_total", "highest_hand"),
    "option_kind": ("choice", "int", "bool"),
    "mark": MARKS,
    "meld_kind": MELD_KINDS,
    "deck_phrase": DECK_PHRASES,
}

# Facts a game may state with an option instead (the option's default is the fact, and a table may pick
# another value per game): where the option exists the document states the fact there only, once.
FACTS_IN_OPTIONS: dict[str, str] = {
    "progression": "progression", "ranking": "winner_rule", "dealer_rule": "dealer_rule",
    "out_score": "out_bonus", "end": "end", "nobody_out": "allow_no_winner",
}

REQUIRED = ("format", "key", "name", "engine", "min_players", "max_players", "card_categories", "deal")
FIELDS: dict[str, frozenset[str]] = {
    "definition": frozenset(REQUIRED + (
        "designed_range", "direction", "levels", "meld_kinds", "marks", "out_mark", "out_score", "progression",
        "end", "ranking", "dealer_rule", "nobody_out", "counts_hands_won", "options", "option_rules",
        "option_details", "scoring_summary", "words", "bgg_id", "source_names")),
    "category": frozenset({"key", "label", "points", "maximum", "face_value", "needs_option", "points_option"}),
    "level": frozenset({"number", "requirement", "melds", "lengths_stated", "all_at_once"}),
    "meld": frozenset({"kind", "count", "min_length"}),
    "mark": frozenset({"key", "implies", "requires", "multiplies"}),
    "option": frozenset({"key", "kind", "choices", "minimum", "maximum", "label", "help", "choice_words"}),
    "option_rule": frozenset({"option", "value", "needs", "needed"}),
    "phrase": frozenset({"phrase", "params", "text"}),
    "meld_kind": frozenset({"kind", "phrase", "params", "text"}),
}
DEAL_FIELDS: dict[str, frozenset[str]] = {
    "deal": frozenset({"deck", "by_players", "by_hand", "starter_extra", "jokers_option"}),
    "deck": frozenset({"phrase", "cards"}),
    "size": frozenset({"players", "decks", "jokers", "cards"}),
    "hands": frozenset({"hands", "cards"}),
}
WORD_FIELDS = frozenset({"level", "levels", "hand", "went_out", "went_out_verb", "nobody_out", "choose_who"})
