"""The pure scoring core of Ramo Keeper: rule tables and functions, standard library only.

>>> from ramo_keeper.rules import Seat, new_game, replay
>>> replay(new_game("rummy", [Seat(1, "Al"), Seat(2, "Bo")]), []).hand_count
0
"""

from .base import (
    MAX_CARDS,
    MAX_PIPS,
    CardCategory,
    DealLayout,
    DefinitionError,
    GameSetup,
    HandInput,
    Level,
    Meld,
    MeldKind,
    Option,
    Phrase,
    PlayerResult,
    RuleError,
    Seat,
    UnknownVariant,
    Words,
)
from .house_rules import define
from .limits import MARKS
from .marks import LAID_DOWN, Mark, mark_fields, marks_in
from .marks import carried as carried_marks
from .marks import factor as mark_factor
from .placement import finishing_places, placement_points, total_ranks
from .registry import VARIANTS, get_variant, house_rule, load_definition, load_file
from .replay import apply_hand, check_result, deal, hand_value, new_game, replay, start_state, validate_hand
from .state import DealInfo, GameState, HandOutcome, HandValue, PlayerState, ScoredResult
from .variant import Variant

__all__ = [
    "CardCategory", "DealInfo", "DealLayout", "DefinitionError", "GameSetup", "GameState", "HandInput",
    "HandOutcome", "HandValue", "LAID_DOWN", "Level", "MARKS", "MAX_CARDS", "MAX_PIPS", "Mark", "Meld", "MeldKind",
    "Option", "Phrase", "PlayerResult", "PlayerState", "RuleError", "ScoredResult", "Seat", "UnknownVariant",
    "VARIANTS", "Variant", "Words", "apply_hand", "carried_marks", "check_result", "deal", "define",
    "finishing_places", "get_variant", "hand_value", "house_rule", "load_definition", "load_file", "mark_factor",
    "mark_fields", "marks_in", "new_game", "placement_points", "replay", "start_state", "total_ranks", "validate_hand",
]
