"""The backup file's shape as pydantic models: every type, range and name is checked here, before
the import writes anything."""

from typing import Annotated, Literal

from flask_babel import gettext
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, create_model

from .. import rules
from ..i18n import N_
from ..leagues.limits import MAX_NIGHTS_PER_LEAGUE
from ..seasons.service import MAX_MIN_GAMES, RANKINGS
from ..text.validation import LONG_NAME_MAX, NAME_MAX, TextError, clean_name

Id = Annotated[int, Field(ge=1, le=2**31 - 1)]
Count = Annotated[int, Field(ge=0, le=10_000)]


def _name(limit: int):
    def check(value: str) -> str:
        try:
            return clean_name(value, N_("A name"), limit)
        except TextError as error:
            raise ValueError(error.message) from None
    return AfterValidator(check)


class _Row(BaseModel):
    # Strict: 1 is not true and "3" is not 3. Unknown keys are ignored, so newer exports still read.
    model_config = ConfigDict(strict=True, extra="ignore")


class PlayerRow(_Row):
    id: Id
    name: Annotated[str, Field(max_length=4 * NAME_MAX), _name(NAME_MAX)]
    archived: bool = False


class SeasonRow(_Row):
    id: Id
    name: Annotated[str, Field(max_length=4 * LONG_NAME_MAX), _name(LONG_NAME_MAX)]
    ranking: Literal[tuple(RANKINGS)] = "points"
    min_games: Annotated[int, Field(ge=0, le=MAX_MIN_GAMES)] = 0
    is_current: bool = False
    closed: bool = False
    created_at: str | None = None


# A result keeps a true or false per mark the app knows (rules.MARKS), as the API's hand body does: files
# written before the marks were stored as data read as they always did, and older versions read new files.
ResultRow = create_model(
    "ResultRow", __base__=_Row, player_id=(Id, ...),
    cards=(Annotated[dict[Annotated[str, Field(max_length=40)], Count], Field(max_length=20)], {}),
    **{mark: (bool, False) for mark in rules.MARKS})


class HandRow(_Row):
    results: Annotated[list[ResultRow], Field(max_length=64)]


class RulesetRow(_Row):
    """A house rule: its definition is checked by the rules when the backup is read (backup.py)."""

    id: Id
    key: Annotated[str, Field(max_length=40)]
    name: Annotated[str, Field(max_length=240), _name(60)]
    based_on: Annotated[str, Field(max_length=40)]
    definition: dict


# A game's corrections history (backups/history.py): the exporter writes at most 20 a game.
MAX_HISTORY = 20
# Club nights: the cap a league holds (leagues/limits.py); the exporter's widest file counts this many.
MAX_NIGHTS = MAX_NIGHTS_PER_LEAGUE


class CountedRow(_Row):
    player_id: Id
    via: Literal["api", "live link", "member"] = "api"


class HistoryBody(_Row):
    """A hand's inputs as the audit keeps them, or the players who counted their own cards."""

    results: Annotated[list[ResultRow], Field(max_length=64)] = []
    counted_by: Annotated[list[CountedRow], Field(max_length=64)] | None = None


class HistoryRow(_Row):
    action: Literal["edit", "undo", "counted"]
    hand_number: Annotated[int, Field(ge=1, le=10_000)] | None = None
    before: HistoryBody | None = None
    after: HistoryBody | None = None
    by: Annotated[str, Field(max_length=160)] | None = None
    created_at: str | None = None


History = Annotated[list[HistoryRow], Field(max_length=MAX_HISTORY)]


class GameRow(_Row):
    id: Id
    variant: Annotated[str, Field(max_length=40)]
    # A house rule's game: the definition it started with, and the house rule (if it still exists).
    definition: dict | None = None
    ruleset_id: Id | None = None
    options: Annotated[dict[Annotated[str, Field(max_length=40)], int | bool | str], Field(max_length=40)] = {}
    season_id: Id | None = None
    first_dealer_id: Id | None = None
    seats: Annotated[list[Id], Field(max_length=64)]
    created_at: str | None = None
    finished_at: str | None = None
    hands: list[HandRow] = []
    # Since version 2: the game's version (its ETag), its own-phone switch and its corrections history.
    version: Annotated[int, Field(ge=1, le=2**31 - 1)] = 1
    live_counting: bool = False
    history: History = []


class LeagueRow(_Row):
    # Since version 2: the league's settings (its name stays the one the importing league was given).
    ratings: bool = False


class BackupFile(_Row):
    league: LeagueRow = LeagueRow()
    players: list[PlayerRow]
    seasons: list[SeasonRow] = []
    rulesets: Annotated[list[RulesetRow], Field(max_length=50)] = []
    games: list[GameRow] = []
    # Since version 2: the club nights, each checked on its own (backups/nights.py).
    nights: Annotated[list[dict], Field(max_length=MAX_NIGHTS)] = []


# Where in the file, in words; the keys themselves are named as the file spells them.
ROW_WORDS = {"players": N_("Player %(number)d"), "seasons": N_("Season %(number)d"),
             "rulesets": N_("House rule %(number)d"), "games": N_("Game %(number)d"),
             "hands": N_("hand %(number)d"), "results": N_("result %(number)d"),
             "nights": N_("Night %(number)d"), "tables": N_("table %(number)d"),
             "history": N_("correction %(number)d")}


# What is wrong, by pydantic's error type, in the reader's language; a rarer type keeps pydantic's sentence.
PROBLEM_WORDS = {
    "missing": N_("this is missing"), "extra_forbidden": N_("this is not part of a backup file"),
    "string_type": N_("this must be text"), "int_type": N_("this must be a whole number"),
    "int_parsing": N_("this must be a whole number"), "int_from_float": N_("this must be a whole number"),
    "bool_type": N_("this must be true or false"), "bool_parsing": N_("this must be true or false"),
    "list_type": N_("this must be a list"), "dict_type": N_("this must be an object"),
    "model_type": N_("this must be an object"), "model_attributes_type": N_("this must be an object"),
    "string_too_long": N_("this is too long"), "too_long": N_("this has too many entries"),
    "greater_than_equal": N_("this number is too small"), "greater_than": N_("this number is too small"),
    "less_than_equal": N_("this number is too large"), "less_than": N_("this number is too large"),
    "literal_error": N_("this value is not one a backup can hold"),
}


def describe(error: ValidationError) -> str:
    """The first problem in words: ``Player 3: name: A name cannot contain …``."""
    problem = error.errors(include_url=False, include_input=False)[0]
    parts, loc = [], list(problem["loc"])
    while loc:
        key = loc.pop(0)
        if key in ROW_WORDS and loc and isinstance(loc[0], int):
            parts.append(gettext(ROW_WORDS[key], number=loc.pop(0) + 1))
        else:
            parts.append(str(key))
    if problem["type"] in PROBLEM_WORDS:
        message = gettext(PROBLEM_WORDS[problem["type"]])
    else:  # our own validators' sentences arrive translated already
        message = problem["msg"].removeprefix("Value error, ")
    return f"{', '.join(parts) or gettext('The file')}: {message}"
