"""The API's shapes of a club night (docs/API.md `Night`), as Pydantic models: bodies are checked with them
and the OpenAPI document describes them. Numbers and the seating are checked by the service, so that a
night past the caps or with an unknown seating is 422 naming the field (`details.path`), not 400."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, Field

from ..text.validation import LONG_NAME_MAX
from .schemas import CleanText, Id, Request, StandingTable, Whole, name_field, whole_number

# The body's own bound: the service refuses more than 64 players present (422, RULES.md §9).
LISTED_MAX = 1000


class NightBody(Request):
    name: Annotated[str, name_field(LONG_NAME_MAX, "Thursday club night"), CleanText]
    variant: Annotated[str, Field(max_length=40, description="A built-in game's key or a house rule's key.")]
    player_ids: Annotated[list[Id], Field(max_length=LISTED_MAX, description=(
        "The players present, each once, all of the league (at most 64)."))]
    table_size: Annotated[Whole, Field(description="2 to 8, within the game's range of players.")]
    rounds: Annotated[Whole, Field(description="1 to 12.")]
    seating: Annotated[str, Field(max_length=20, description="mix (the default) or ladder.")] = "mix"
    season_id: Annotated[Id | None, Field(
        description="Omitted: the league's current season; null: none.")] = None
    options: Annotated[dict[str, Annotated[Any, BeforeValidator(whole_number)]] | None, Field(
        description="Any option of the game; the rest keep their defaults.")] = None


class NightPatch(Request):
    player_ids: Annotated[list[Id] | None, Field(max_length=LISTED_MAX, description=(
        "The players present from the next round on; only between rounds."))] = None
    name: Annotated[str, name_field(LONG_NAME_MAX, "Thursday club night"), CleanText] | None = None
    ended: Annotated[bool | None, Field(description=(
        "true: the current round is the last (running tables finish and count); false reopens a night ended "
        "with rounds left (RULES.md §9)."))] = None
    timer_minutes: Annotated[Whole | None, Field(description=(
        "Start (or restart) the current round's timer for so many minutes, 1 to 240; 0 stops it."))] = None


class NightTableOut(BaseModel):
    table: int
    game_id: int | None
    player_ids: Annotated[list[int], Field(description="Seat order; the first seat dealt first.")]
    status: Literal["running", "finished", "abandoned"]


class NightRound(BaseModel):
    number: int
    tables: list[NightTableOut]


class Night(BaseModel):
    id: int
    league_id: int
    name: str
    variant: str
    table_size: int
    rounds: int
    seating: Literal["mix", "ladder"]
    season_id: int | None
    options: dict
    player_ids: Annotated[list[int], Field(description="The players present now.")]
    status: Literal["running", "finished"]
    current_round: int
    repeats: Annotated[int, Field(description="Repeated meetings so far (RULES.md §9).")]
    ended: Annotated[bool, Field(description="Ended early: the current round is its last.")]
    timer_ends_at: Annotated[str | None, Field(description="When the round's timer runs out (UTC), or null.")]
    round_list: list[NightRound]


class NightRow(BaseModel):
    id: int
    name: str
    variant: str
    status: Literal["running", "finished"]
    current_round: int
    rounds: int


class NightOut(BaseModel):
    id: int
    name: str
    rounds: int
    current_round: int


class NightStandings(BaseModel):
    night: NightOut
    tables: list[StandingTable]
