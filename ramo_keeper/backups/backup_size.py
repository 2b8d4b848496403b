"""The largest backup file the app writes for a league at every cap: the import's upload limit.

Derived, not guessed: the widest row of each kind is built with the exporter's own row functions
(backup_export.py) from the widest value each field may hold, and multiplied by its cap
(leagues/limits.py). A name's character takes at most 4 bytes, an id at most 10 digits; a hand has
at most 8 players, each holding every one of up to 12 card categories (keys of 20 characters, up
to 540 pips) with every mark. A house rule's definition, and the snapshot and options each of its
games keeps, take at most MAX_DEFINITION_BYTES each. docs/EXPORTS.md gives the figures.
"""

import json
from datetime import datetime
from types import SimpleNamespace

from .. import rules
from ..house_rules.service import MAX_RULESETS_PER_LEAGUE
from ..leagues.limits import (
    MAX_DEFINITION_BYTES,
    MAX_GAMES_PER_LEAGUE,
    MAX_HANDS_PER_LEAGUE,
    MAX_PLAYERS_PER_LEAGUE,
    MAX_SEASONS_PER_LEAGUE,
)
from ..rules.base import MAX_PIPS
from ..rules.limits import MAX_CATEGORIES, MAX_PLAYERS
from ..seasons.service import MAX_MIN_GAMES, RANKINGS
from ..text.validation import LONG_NAME_MAX, NAME_MAX
from .backup_export import FORMAT, VERSION, game_row, player_row, result_row, ruleset_row, season_row
from .backup_file import MAX_NIGHTS
from .history import HISTORY_PER_LEAGUE
from .nights import LARGEST_TABLE, MAX_ROUNDS, MAX_TABLES, widest_night_row
from .nights import MAX_PLAYERS as MAX_AT_A_NIGHT

WIDEST_CHARACTER = "\U0001d54f"  # 4 bytes in UTF-8, the most any character of a name takes
LONGEST_ID = 2**31 - 1
LATEST = datetime(9999, 12, 31, 23, 59, 59, 999999)
CATEGORY_KEY = 20  # rules/validation.py: a category's key has at most 20 characters
HOUSE_RULE_KEY = "house-ffffffff"  # house_rules/service.new_key


def size(value) -> int:
    """Bytes of `value` as the exporter writes it."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())


def widest_player() -> dict:
    return player_row(LONGEST_ID, WIDEST_CHARACTER * NAME_MAX, False)


def widest_season() -> dict:
    return season_row(SimpleNamespace(id=LONGEST_ID, name=WIDEST_CHARACTER * LONG_NAME_MAX,
                                      ranking=max(RANKINGS, key=len), min_games=MAX_MIN_GAMES,
                                      is_current=False, closed=False, created_at=LATEST))


def widest_ruleset() -> dict:
    """Without its definition, which is counted at MAX_DEFINITION_BYTES."""
    return ruleset_row(SimpleNamespace(id=LONGEST_ID, key=HOUSE_RULE_KEY, name=WIDEST_CHARACTER * 60,
                                       based_on=max(rules.VARIANTS, key=len), definition=None))


def widest_result() -> dict:
    cards = {f"{n:x}".rjust(CATEGORY_KEY, "k"): MAX_PIPS for n in range(MAX_CATEGORIES)}
    return result_row(LONGEST_ID, cards, rules.MARKS)


def widest_hand() -> dict:
    return {"results": [widest_result()] * MAX_PLAYERS}


def widest_game() -> dict:
    """Without its hands, options and definition (counted apart)."""
    variant = max([*rules.VARIANTS, HOUSE_RULE_KEY], key=len)
    return game_row(SimpleNamespace(id=LONGEST_ID, variant=variant, options={}, season_id=LONGEST_ID,
                                    definition={}, ruleset_id=LONGEST_ID, first_dealer_id=LONGEST_ID,
                                    status="in_progress", created_at=LATEST, finished_at=LATEST,
                                    version=LONGEST_ID, live_counting=False),
                    [LONGEST_ID] * MAX_PLAYERS, [])


def widest_correction() -> dict:
    """An entry of a game's history: a hand before and after, by a 40-character account name."""
    return {"action": "counted", "hand_number": 10_000, "before": widest_hand(), "after": widest_hand(),
            "by": WIDEST_CHARACTER * 40, "created_at": LATEST.isoformat()}


def widest_night() -> dict:
    """Without its options and definition (counted apart): every round planned or seated at every table."""
    seats = [LONGEST_ID] * LARGEST_TABLE
    return widest_night_row(SimpleNamespace(
        id=LONGEST_ID, name=WIDEST_CHARACTER * LONG_NAME_MAX, variant=HOUSE_RULE_KEY, options={},
        season_id=LONGEST_ID, table_size=LARGEST_TABLE, rounds=MAX_ROUNDS, seating="ladder",
        current_round=MAX_ROUNDS, plan=[[seats] * MAX_TABLES] * MAX_ROUNDS, ended_at=LATEST, created_at=LATEST,
        timer_ends_at=LATEST, finished_at=LATEST, final_standings=[widest_night_standings()],
        definition={}, ruleset_id=LONGEST_ID), [LONGEST_ID] * MAX_AT_A_NIGHT, MAX_ROUNDS * MAX_TABLES)


def widest_night_standings() -> dict:
    """A finished night's standings as it keeps them: every player of the league played a game of it."""
    row = {"rank": MAX_AT_A_NIGHT, "player_id": LONGEST_ID, "name": WIDEST_CHARACTER * NAME_MAX,
           "games": MAX_ROUNDS, "wins": MAX_ROUNDS, "win_pct": 100.0, "avg_place": 7.99, "total": -LONGEST_ID,
           "avg_per_hand": -LONGEST_ID + 0.01, "points": 100 * MAX_ROUNDS, "hands": LONGEST_ID}
    return {"variant": HOUSE_RULE_KEY, "name": WIDEST_CHARACTER * LONG_NAME_MAX,
            "variant_name": WIDEST_CHARACTER * LONG_NAME_MAX, "lower_is_better": False,
            "rows": [row] * MAX_PLAYERS_PER_LEAGUE, "unranked": []}


def largest_backup() -> int:
    """Bytes of the largest file the exporter writes for a league at every cap (a comma between rows)."""
    head = size({"format": FORMAT, "version": VERSION, "exported_at": LATEST.isoformat(),
                 "league": {"name": WIDEST_CHARACTER * LONG_NAME_MAX, "ratings": False}, "players": [], "seasons": [],
                 "rulesets": [], "games": [], "nights": []})
    return (head + MAX_PLAYERS_PER_LEAGUE * (size(widest_player()) + 1)
            + MAX_SEASONS_PER_LEAGUE * (size(widest_season()) + 1)
            + MAX_RULESETS_PER_LEAGUE * (size(widest_ruleset()) + MAX_DEFINITION_BYTES + 1)
            + MAX_GAMES_PER_LEAGUE * (size(widest_game()) + 2 * MAX_DEFINITION_BYTES + 1)
            + MAX_HANDS_PER_LEAGUE * (size(widest_hand()) + 1)
            + HISTORY_PER_LEAGUE * (size(widest_correction()) + 1)
            + MAX_NIGHTS * (size(widest_night()) + 2 * MAX_DEFINITION_BYTES + 1))


MAX_BACKUP_BYTES = largest_backup()
