"""Pydantic models of the API's bodies: requests are validated with them, and all of them feed OpenAPI."""

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from ..house_rules.names import NAME_MAX as RULESET_NAME_MAX
from ..rules import VARIANTS
from ..rules.engines import ENGINES
from ..text.validation import LONG_NAME_MAX, NAME_MAX, name_pattern, problem
from ..web.ids import MAX_ID


def whole_number(value):
    """A number with a zero fraction (2669.0) as the whole number it is: JSON Schema's `integer` takes it, so the
    API does too. Anything else is left for the strict check (2669.5, "3" and true stay refused)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


Whole = Annotated[int, BeforeValidator(whole_number)]
# Ids are database integers: bounding them keeps a huge number a 400, never a database overflow.
# (The bounds before the validator: pydantic then writes them as JSON Schema's minimum and maximum.)
Id = Annotated[int, Field(ge=1, le=MAX_ID), BeforeValidator(whole_number)]


def _clean_text(value: str) -> str:
    """text/validation.py's rule: no NUL, control or direction-changing characters (PostgreSQL refuses NUL; the
    others make a name look like another)."""
    message = problem(value, "A name")
    if message:
        raise ValueError(message)
    return value


CleanText = AfterValidator(_clean_text)
NAME_RULES = ("Spaces at either end are taken off; at least one other character is needed, and no line break, "
              "control character, character that changes the writing direction or invisible character (a "
              "zero-width joiner or a variation selector is also taken where it joins an emoji or a script). The "
              "length is counted after NFC normalisation (docs/API.md).")


def _name_schema(limit: int):
    """What the server takes as a name, stated in the document (docs/API.md): its length and its characters.
    The pattern is built when the document is, from the same tables clean_name() reads (text/validation.py)."""
    def state(schema: dict) -> None:
        schema.update({"minLength": 1, "maxLength": limit, "pattern": name_pattern()})

    return state


def name_field(limit: int, example: str, checked: int | None = None):
    """A name of at most `limit` characters; `checked` is a longer bound the body check itself keeps, where the
    service refuses the rest in its own words (a house rule's name: 422 at `name`)."""
    return Field(max_length=checked or limit, examples=[example], description=NAME_RULES,
                 json_schema_extra=_name_schema(limit))


class Request(BaseModel):
    """Bodies are strict: "3" is not 3, and a misspelt field is an error rather than silently ignored."""

    model_config = ConfigDict(strict=True, extra="forbid")


class NameBody(Request):
    name: Annotated[str, name_field(LONG_NAME_MAX, "Thursday club"), CleanText]


class PlayerBody(Request):
    name: Annotated[str, name_field(NAME_MAX, "Bo"), CleanText]


class GameBody(Request):
    variant: Annotated[str, Field(max_length=40, description=(
        "A built-in game's key (" + ", ".join(VARIANTS) + ") or the key of a house rule this league holds."))]
    player_ids: Annotated[list[Id], Field(max_length=64, description="Seat order.")]
    first_dealer_id: Annotated[Id | None, Field(description="Defaults to the first seat.")] = None
    season_id: Annotated[Id | None, Field(
        description="Omitted: the league's current season, as on the pages; null: no season.")] = None
    options: Annotated[dict[str, Annotated[Any, BeforeValidator(whole_number)]] | None, Field(
        description="Any option of the variant; the rest keep their defaults.")] = None


class Result(Request):
    player_id: Id
    cards: Annotated[dict[str, Whole], Field(description="Category key -> count (pips: their sum); missing is 0.")]
    went_out: bool = False
    laid_down: bool = False
    knocked: bool = False
    went_rummy: bool = False


class Card(Request):
    category: Annotated[str, Field(max_length=40, description="One of the game's card category keys.")]
    rank: Annotated[Whole | None, Field(ge=2, le=9, description=(
        "The face value (2–9), for a card of a category that counts face values (pips) only."))] = None


class DraftResult(Result):
    """A player's `Result`, plus the cards one by one where the phone kept them (docs/API.md)."""

    card_list: Annotated[list[Card] | None, Field(max_length=60, description=(
        "Optional: the cards making up `cards`, one by one as tapped (7, 3 and a king are "
        "pips 7, pips 3 and one of tens); they must add up to `cards` exactly. Omitted: the draft is its counts.")
    )] = None


class Draft(BaseModel):
    """A player's own count of the next hand, not yet recorded: it never changes `Game`, totals or standings."""

    player_id: int
    result: DraftResult
    updated_at: Annotated[str, Field(description="When the draft last changed (UTC, ISO 8601).")]


class HandBody(Request):
    results: Annotated[list[Result], Field(max_length=64, description="One result per seated player.")]


class Error(BaseModel):
    error: Annotated[str, Field(description=(
        "One sentence a person can act on, in the language the request's Accept-Language asks for (en, ko or it; "
        "English otherwise). Scripts branch on `details.code`, never on this sentence."))]
    details: Annotated[dict[str, Any], Field(description=(
        "Always has `code`: a broken rule's stable code (e.g. `went_out_with_cards`), else one per status "
        "(`not_found`, `conflict`, …). Rule errors add `player_id` and `hand`. A 409 for a name a player, "
        "season or (the caller's own) league already holds adds `current`: that row as {id, name}, as it is now."))]


class Named(BaseModel):
    id: int
    name: str


class LeagueRow(Named):
    role: Literal["owner", "scorer", "viewer"]


class LevelOut(BaseModel):
    number: int
    requirement: str


class CategoryOut(BaseModel):
    key: str
    label: str
    points: int
    maximum: Annotated[int, Field(description="The most a hand can report: 60 cards, or 540 for pips.")]


class OptionOut(BaseModel):
    key: str
    default: int | bool | str
    kind: Literal["choice", "int", "bool"]
    choices: list[int | str]
    minimum: int | None
    maximum: int | None
    help: str


class Variant(BaseModel):
    key: str
    name: str
    min_players: int
    max_players: int
    levels: list[LevelOut]
    card_categories: list[CategoryOut]
    options: Annotated[dict[str, int | bool | str], Field(description="Every option at its default.")]
    option_details: list[OptionOut]
    lower_is_better: bool


class PlayerOut(BaseModel):
    player_id: int
    name: str
    seat: int
    total: int
    level: Annotated[int | None, Field(description="The level or contract to play next; null where none "
                                                   "and once the game is over.")]
    completed: bool
    rounds_won: int
    rank: Annotated[int, Field(description="1 for the best current total; ties share the rank.")]
    place: Annotated[int, Field(description="Finishing place by the game's winner rule (Ramo's completers "
                                            "rule puts those who completed level 8 first).")]
    end_bonus: int


class ResultOut(BaseModel):
    player_id: int
    cards: dict[str, int]
    went_out: bool
    laid_down: bool
    knocked: bool
    went_rummy: bool
    score: int
    value: int
    level: int | None


class HandOut(BaseModel):
    number: int
    dealer_id: int
    winner_ids: list[int]
    results: list[ResultOut]


class Game(BaseModel):
    id: int
    variant: Annotated[str, Field(description="A built-in game's key, or the key of the house rule it was "
                                              "started under.")]
    ruleset_id: Annotated[int | None, Field(description="The house rule it was started under (null for a "
                                                        "built-in game, or once the house rule is deleted).")]
    options: dict[str, int | bool | str]
    season_id: int | None
    status: Literal["in_progress", "finished"]
    hand_count: int
    dealer_id: Annotated[int, Field(description="Dealer of the next hand.")]
    winner_ids: list[int]
    version: Annotated[int, Field(description="Changes on every write; send it back as If-Match to edit safely.")]
    players: list[PlayerOut]
    hands: list[HandOut]


class StandingRow(BaseModel):
    rank: Annotated[int, Field(description="1 is best; players equal on every number share a rank.")]
    player_id: int
    name: str
    games: int
    wins: int
    win_pct: float
    avg_place: float
    total: int
    avg_per_hand: float
    points: int


class UnrankedRow(StandingRow):
    rank: Annotated[None, Field(description="Below the season's minimum number of games: not ranked.")]


class StandingTable(BaseModel):
    variant: Annotated[str, Field(description="A built-in game's key or a house rule's key: each its own table.")]
    name: Annotated[str, Field(description="The game's name (a house rule's name as typed).")]
    rows: list[StandingRow]
    unranked: list[UnrankedRow]


class SeasonOut(Named):
    ranking: Literal["points", "wins", "average"]
    min_games: int
    is_current: bool
    closed: bool


class Standings(BaseModel):
    season: SeasonOut
    tables: list[StandingTable]


class LeaguePatch(Request):
    name: Annotated[str, name_field(LONG_NAME_MAX, "Thursday club"), CleanText] | None = None
    ratings: Annotated[bool | None, Field(description="Skill ratings on or off (off by default).")] = None


class LeagueSettings(Named):
    ratings: bool


class RatingRow(BaseModel):
    player_id: int
    name: str
    rating: Annotated[int, Field(description="1500 + 20·(mu − 3·sigma): a newcomer shows 1500 (docs/EXPORTS.md).")]
    games: Annotated[int, Field(description="Rated games of this game type.")]
    provisional: Annotated[bool, Field(description="True below 5 rated games.")]


class RatingTable(BaseModel):
    variant: Annotated[str, Field(description="The game type: the variant's key (a house rule is its own).")]
    name: str
    rows: Annotated[list[RatingRow], Field(description="Best rating first.")]


class Ratings(BaseModel):
    tables: list[RatingTable]


class ScoresheetGame(BaseModel):
    id: int
    variant: str
    name: Annotated[str, Field(description="The game's name in the reader's language.")]


class ScoresheetPlayer(BaseModel):
    player_id: int
    name: str
    seat: int


class ScoresheetRow(BaseModel):
    hand: int
    dealer_id: int
    player_id: int
    cards: Annotated[dict[str, int], Field(description="Cards left by category key (pips: their sum).")]
    went_out: bool
    laid_down: bool
    knocked: bool
    went_rummy: bool
    score: Annotated[int, Field(description="The hand's score.")]
    total: Annotated[int, Field(description="The running total after this hand.")]


class Scoresheet(BaseModel):
    format: Literal[1]
    game: ScoresheetGame
    players: list[ScoresheetPlayer]
    rows: Annotated[list[ScoresheetRow], Field(description="One row per hand per player, hands in order, "
                                                           "players in seat order.")]


class BgStatsGame(BaseModel):
    name: str
    sourceGameId: str
    highestWins: Annotated[bool, Field(description="False for the penalty games.")]
    noPoints: Literal[False]
    bggId: Annotated[int | None, Field(description="Only where the game's definition names one.")] = None


class BgStatsPlayer(BaseModel):
    name: str
    sourcePlayerId: str
    score: Annotated[int, Field(description="The final total.")]
    winner: bool
    rank: Annotated[int, Field(description="Finishing place from 1; tied players share it.")]
    startPlayer: Annotated[bool, Field(description="Played first in the first hand.")]


class BgStatsPlay(BaseModel):
    """BG Stats' create-play data (docs/EXPORTS.md): the link is
    bgstats://app.bgstatsapp.com/createPlay.html?data=<this JSON, URL-encoded>."""

    sourceName: Literal["Ramo Keeper"]
    sourcePlayId: Annotated[str, Field(description="Stable: sending a game twice is recognised.")]
    playDate: Annotated[str, Field(description="When the game began, 'YYYY-MM-DD hh:mm:ss' (UTC).")]
    durationMin: int
    comments: Annotated[str, Field(description="The running totals after every hand, a line each.")]
    game: BgStatsGame
    players: Annotated[list[BgStatsPlayer], Field(description="Seat order.")]


PartialDefinition = Annotated[dict[str, Any], Field(description=(
    "A game definition (docs/GAMES.md, docs/definition.schema.json); fields left out keep the based-on "
    "game's values. `options` may also be a mapping of option key to its new default."))]


class Definition(BaseModel):
    """A game definition (docs/GAMES.md; the full format is docs/definition.schema.json)."""

    model_config = ConfigDict(extra="allow")
    format: Literal[1]
    key: str
    name: str
    engine: Literal[tuple(ENGINES)]  # the registered engines' names, in their order (rules/engines/)
    min_players: int
    max_players: int
    card_categories: list[dict[str, Any]]
    levels: list[dict[str, Any]] = []
    options: Annotated[dict[str, Any], Field(description="Each option's default by key, as `Variant` gives them.")] = {}
    option_details: Annotated[list[dict[str, Any]], Field(
        description="Each option's kind, and its choices or range (docs/GAMES.md).")] = []
    deal: dict[str, Any]


class RulesetBody(Request):
    name: Annotated[str, name_field(RULESET_NAME_MAX, "Nonna's Ramo", checked=200)]
    definition: PartialDefinition
    based_on: Annotated[str | None, Field(max_length=40, description=(
        "Optional: the built-in game or house rule to start from; else the definition's `key`."))] = None


class Ruleset(BaseModel):
    id: int
    key: Annotated[str, Field(description="Unique across the app; a new game's `variant` in this league.")]
    league_id: int
    name: str
    based_on: Annotated[str, Field(description="The built-in game whose engine scores it.")]
    definition: Definition
