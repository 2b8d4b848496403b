"""A league's club nights in its backup (since version 2), and back: everything a night is.

A night is written with its name, the game it plays (a house rule's snapshot and options it opened
with), its table size, rounds and seating, the players present now, the rounds still planned, every
seated table (players in seat order, its game by the backup's game id, whether it was abandoned), its
season, whether it ended early (a reopened night has no end), its round timer, and when it finished.
The board's link is never written: an imported night's board starts switched off. A night finished
in the file keeps the standings it kept as it finished (RULES.md §9), should a game of it have been
corrected since.

The import checks a night as strictly as the app checks one it opens: names, sizes and caps, every
player, season, house rule and game it names one of the backup's, each game at one table only.
"""

from typing import Annotated, Literal

from flask_babel import gettext
from pydantic import Field, TypeAdapter, ValidationError
from sqlalchemy import Connection, select

from .. import rules
from ..extensions import db
from ..leagues.limits import MAX_PLAYERS_PER_LEAGUE
from ..models import Night, NightPlayer, NightTable
from ..nights.limits import LARGEST_TABLE, MAX_PLAYERS, MAX_ROUNDS, MAX_TABLES, SEATINGS, SMALLEST_TABLE
from ..nights.standings import night_standings
from ..text.rule_errors import rule_message
from ..text.validation import LONG_NAME_MAX, NAME_MAX
from .backup_file import BackupFile, Id, _name, _Row, describe

TableSeats = Annotated[list[Id], Field(min_length=1, max_length=LARGEST_TABLE)]
Round = Annotated[list[TableSeats], Field(max_length=MAX_TABLES)]


class NightTableRow(_Row):
    round: Annotated[int, Field(ge=1, le=MAX_ROUNDS)]
    table: Annotated[int, Field(ge=1, le=MAX_TABLES)]
    seats: TableSeats
    game_id: Id | None = None
    abandoned: bool = False


class StandingRow(_Row):
    """A row of a finished night's standings as it kept them (seasons/standings.py's row)."""
    rank: Annotated[int, Field(ge=1, le=MAX_PLAYERS)] | None = None
    player_id: Id
    name: Annotated[str, Field(max_length=4 * NAME_MAX), _name(NAME_MAX)]
    games: Annotated[int, Field(ge=0, le=MAX_ROUNDS)]
    wins: Annotated[int, Field(ge=0, le=MAX_ROUNDS)]
    win_pct: float | int
    avg_place: float | int
    total: int
    avg_per_hand: float | int
    points: Annotated[int, Field(ge=0, le=100 * MAX_ROUNDS)]
    hands: Annotated[int, Field(ge=0)]


class StandingTable(_Row):
    variant: Annotated[str, Field(max_length=40)]
    name: Annotated[str, Field(max_length=4 * LONG_NAME_MAX)]
    variant_name: Annotated[str, Field(max_length=4 * LONG_NAME_MAX)]
    lower_is_better: bool
    # Everyone who played a game of it: at most the league's roster. A night ranks everyone (no unranked).
    rows: Annotated[list[StandingRow], Field(max_length=MAX_PLAYERS_PER_LEAGUE)]
    unranked: Annotated[list[StandingRow], Field(max_length=0)] = []


class NightRow(_Row):
    id: Id
    name: Annotated[str, Field(max_length=4 * LONG_NAME_MAX), _name(LONG_NAME_MAX)]
    variant: Annotated[str, Field(max_length=40)]
    definition: dict | None = None
    ruleset_id: Id | None = None
    options: Annotated[dict[Annotated[str, Field(max_length=40)], int | bool | str], Field(max_length=40)] = {}
    season_id: Id | None = None
    table_size: Annotated[int, Field(ge=SMALLEST_TABLE, le=LARGEST_TABLE)]
    rounds: Annotated[int, Field(ge=1, le=MAX_ROUNDS)]
    seating: Literal[SEATINGS] = "mix"
    current_round: Annotated[int, Field(ge=0, le=MAX_ROUNDS)] = 0
    plan: Annotated[list[Round], Field(max_length=MAX_ROUNDS)] = []
    player_ids: Annotated[list[Id], Field(max_length=MAX_PLAYERS)] = []
    tables: Annotated[list[NightTableRow], Field(max_length=MAX_ROUNDS * MAX_TABLES)] = []
    ended_at: str | None = None
    timer_ends_at: str | None = None
    finished_at: str | None = None
    final_standings: Annotated[list[StandingTable], Field(max_length=1)] | None = None
    created_at: str | None = None


NIGHTS = TypeAdapter(dict[Literal["nights"], list[NightRow]])


def night_rows(connection: Connection, league_id: int) -> list[dict]:
    """The league's nights as the backup writes them, oldest first."""
    nights = connection.execute(select(Night).where(Night.league_id == league_id).order_by(Night.id)).all()
    ids = [night.id for night in nights] or [0]
    present: dict[int, list[int]] = {}
    for night_id, player_id in connection.execute(select(NightPlayer.night_id, NightPlayer.player_id)
                                                  .where(NightPlayer.night_id.in_(ids)).order_by(NightPlayer.id)):
        present.setdefault(night_id, []).append(player_id)
    tables: dict[int, list[dict]] = {}
    for table in connection.execute(select(NightTable).where(NightTable.night_id.in_(ids))
                                    .order_by(NightTable.night_id, NightTable.round, NightTable.table)):
        tables.setdefault(table.night_id, []).append(
            {"round": table.round, "table": table.table, "seats": list(table.seats), "game_id": table.game_id,
             "abandoned": table.abandoned})
    return [_night_row(night, present.get(night.id, []), tables.get(night.id, [])) for night in nights]


def widest_night_row(night, present: list[int], tables: int) -> dict:
    """The widest row the exporter writes, for backup_size.py: `tables` seated tables of the widest kind."""
    table = {"round": MAX_ROUNDS, "table": MAX_TABLES, "seats": [night.id] * LARGEST_TABLE, "game_id": night.id,
             "abandoned": False}
    return _night_row(night, present, [table] * tables)


def _night_row(night, present: list[int], tables: list[dict]) -> dict:
    row = {"id": night.id, "name": night.name, "variant": night.variant, "options": night.options,
           "season_id": night.season_id, "table_size": night.table_size, "rounds": night.rounds,
           "seating": night.seating, "current_round": night.current_round, "plan": night.plan,
           "player_ids": present, "tables": tables,
           "ended_at": night.ended_at.isoformat() if night.ended_at else None,
           "timer_ends_at": night.timer_ends_at.isoformat() if night.timer_ends_at else None,
           "finished_at": night.finished_at.isoformat() if night.finished_at else None,
           "final_standings": night.final_standings,
           "created_at": night.created_at.isoformat() if night.created_at else None}
    if night.definition is not None:  # a house rule's night: the snapshot it opened with
        row["definition"], row["ruleset_id"] = night.definition, night.ruleset_id
    return row


class NightRefused(Exception):
    """A night of the file that cannot be imported; the message says which and why."""


def checked_nights(backup: BackupFile, keys: dict[str, str], load) -> list[NightRow]:
    """The file's nights, each checked against the rest of the backup; `load(definition, where)` is the
    check a house-rule game's snapshot gets (it raises the import's own refusal)."""
    try:
        nights = NIGHTS.validate_python({"nights": backup.nights})["nights"]
    except ValidationError as error:
        raise NightRefused(describe(error)) from None
    players, seasons = {p.id for p in backup.players}, {s.id for s in backup.seasons}
    rulesets = {r.id for r in backup.rulesets}
    games: dict[int, int] = {}
    for game in backup.games:
        games[game.id] = games.get(game.id, 0) + 1
    seen_ids, seated_games = set(), set()
    for number, night in enumerate(nights, 1):
        where = gettext("Night %(number)d", number=number)
        if night.id in seen_ids:
            raise NightRefused(gettext("%(where)s: its id is used twice.", where=where))
        seen_ids.add(night.id)
        _check_game(night, where, keys, load, rulesets)
        _check_shape(night, where)
        named = set(night.player_ids) | {p for t in night.tables for p in t.seats}
        named |= {p for planned in night.plan for seats in planned for p in seats}
        named |= {row.player_id for table in night.final_standings or [] for row in (*table.rows, *table.unranked)}
        if unknown := sorted(named - players):
            raise NightRefused(gettext("%(where)s: player %(player)s is not one of the backup's players.",
                                       where=where, player=unknown[0]))
        if night.season_id is not None and night.season_id not in seasons:
            raise NightRefused(gettext("%(where)s: season %(season)s is not one of the backup's seasons.",
                                       where=where, season=night.season_id))
        for table in night.tables:
            if table.game_id is None:
                continue
            if games.get(table.game_id) != 1 or table.game_id in seated_games:
                raise NightRefused(gettext("%(where)s, round %(round)d, table %(table)d: game %(game)s is not one "
                                           "game of the backup, or sits at another table too.", where=where,
                                           round=table.round, table=table.table, game=table.game_id))
            seated_games.add(table.game_id)
    return nights


def _check_game(night: NightRow, where: str, keys: dict[str, str], load, rulesets: set[int]) -> None:
    """The game exists and takes the night's options: they are stored checked, defaults filled in."""
    if night.definition is None:
        game = rules.VARIANTS.get(night.variant)
        if game is None:
            raise NightRefused(gettext("%(where)s: there is no game %(key)s.", where=where, key=night.variant))
    else:
        game = load({**night.definition, "key": keys[night.variant]}, where)
        if night.ruleset_id is not None and night.ruleset_id not in rulesets:
            raise NightRefused(gettext("%(where)s: house rule %(id)s is not one of the backup's house rules.",
                                       where=where, id=night.ruleset_id))
    try:
        night.options = game.check_options(night.options)
    except rules.RuleError as error:
        raise NightRefused(gettext("%(where)s: %(problem)s.", where=where, problem=rule_message(error))) from None


def _check_shape(night: NightRow, where: str) -> None:
    """Its rounds as the night itself keeps them: tables only of rounds seated, each (round, table) once."""
    places = [(t.round, t.table) for t in night.tables]
    if len(set(places)) != len(places):
        raise NightRefused(gettext("%(where)s: a table of a round is listed twice.", where=where))
    if night.current_round > night.rounds or any(t.round > night.current_round for t in night.tables):
        raise NightRefused(gettext("%(where)s: it has seated more rounds than it has.", where=where))
    if len(set(night.player_ids)) != len(night.player_ids):
        raise NightRefused(gettext("%(where)s: a player is present twice.", where=where))


def new_keys_of(backup: BackupFile) -> list[str]:
    """The house-rule keys the nights name, for the import's new keys (variant, unless it is a built-in)."""
    keys = []
    for night in backup.nights:
        if isinstance(night, dict) and isinstance(night.get("variant"), str) and night.get("definition") is not None:
            keys.append(night["variant"])
    return keys


def write_nights(league_id: int, nights: list[NightRow], keys: dict[str, str], ids: dict[str, dict],
                 when) -> int:
    """Insert the nights under the import's lock; `ids` maps each kind's backup ids to the new ones."""
    players, games = ids["player"], ids["game"]
    written: list[Night] = []
    for night in nights:
        definition = {**night.definition, "key": keys[night.variant]} if night.definition is not None else None
        row = Night(league_id=league_id, season_id=ids["season"].get(night.season_id), name=night.name,
                    variant=keys.get(night.variant, night.variant) if definition else night.variant,
                    options=dict(night.options), definition=definition,
                    ruleset_id=ids["ruleset"].get(night.ruleset_id), table_size=night.table_size,
                    rounds=night.rounds, seating=night.seating, current_round=night.current_round,
                    plan=[[[players[p] for p in seats] for seats in planned] for planned in night.plan],
                    ended_at=when(night.ended_at), timer_ends_at=when(night.timer_ends_at),
                    finished_at=when(night.finished_at))
        if (created := when(night.created_at)) is not None:
            row.created_at = created
        row.players = [NightPlayer(player_id=players[p]) for p in night.player_ids]
        row.tables = [NightTable(round=t.round, table=t.table, seats=[players[p] for p in t.seats],
                                 game_id=games.get(t.game_id), abandoned=t.abandoned) for t in night.tables]
        db.session.add(row)
        written.append(row)
    db.session.flush()
    for row, night in zip(written, nights, strict=True):  # a finished night keeps the standings it kept
        if night.final_standings is not None:
            row.final_standings = [_kept_table(table, players, keys) for table in night.final_standings]
        elif row.finished_at is not None:  # a file that says when, not what: its games' standings
            row.final_standings = night_standings(row)["tables"]
    return len(nights)


def _kept_table(table: StandingTable, players: dict, keys: dict[str, str]) -> dict:
    kept = table.model_dump()
    kept["variant"] = keys.get(table.variant, table.variant)
    for row in (*kept["rows"], *kept["unranked"]):
        row["player_id"] = players[row["player_id"]]
    return kept
