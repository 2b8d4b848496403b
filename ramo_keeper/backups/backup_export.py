"""A league's backup written as it is read: compact JSON, a batch of games at a time, from one snapshot.

A league at every cap holds 2,000 games and 20,000 hands. Loading them as ORM objects (each game's
seats, hands and results one lazy load at a time) and writing one indented string took a worker 14 s
and 20 MB; three downloads at once outlasted gunicorn's timeout. Here the rows are read as plain
rows, BATCH games at a time in three statements (games, seats, hands with their results), and each
batch is written out as soon as it is read, so a worker holds one batch, never the whole league.
The reads run in one read-only transaction of their own (snapshot.py), so the file never mixes two
states of the league and blocks no writer.

The file is compact: no indentation, and each result names only the marks it has and the cards it
holds (a false mark or a zero count is what the import assumes when one is left out). The import
reads files of every earlier shape as well (backup_file.py).
"""

import json
from collections.abc import Iterator
from datetime import datetime
from itertools import groupby

from sqlalchemy import Connection, select

from .. import rules
from ..database.snapshot import snapshot
from ..models import Game, Hand, HandResult, League, Player, Ruleset, Season, Seat, utcnow
from .history import history_rows, kept_entries
from .nights import night_rows

FORMAT = "ramo-keeper-league-backup"
# 2: the club nights, the ratings switch, and each game's version, own-phone switch and corrections.
VERSION = 2
BATCH = 100  # games read and written at a time: three statements each


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def player_row(player_id: int, name: str, archived: bool) -> dict:
    return {"id": player_id, "name": name, "archived": archived}


def season_row(row) -> dict:
    return {"id": row.id, "name": row.name, "ranking": row.ranking, "min_games": row.min_games,
            "is_current": row.is_current, "closed": row.closed, "created_at": _when(row.created_at)}


def ruleset_row(row) -> dict:
    return {"id": row.id, "key": row.key, "name": row.name, "based_on": row.based_on, "definition": row.definition}


def result_row(player_id: int, cards: dict, marks) -> dict:
    """A hand's line as the import reads it: the cards held (none at zero) and the marks it has (each true)."""
    held = set(marks)
    return {"player_id": player_id, "cards": {key: count for key, count in cards.items() if count},
            **{mark: True for mark in rules.MARKS if mark in held}}


def game_row(row, seats: list[int], hands: list[list[dict]], history: list[dict] | None = None) -> dict:
    game = {"id": row.id, "variant": row.variant, "options": row.options, "season_id": row.season_id}
    if row.definition is not None:  # a house rule's game: the definition it started with
        game["definition"], game["ruleset_id"] = row.definition, row.ruleset_id
    return {**game, "first_dealer_id": row.first_dealer_id, "seats": seats, "status": row.status,
            "created_at": _when(row.created_at), "finished_at": _when(row.finished_at),
            "version": row.version, "live_counting": row.live_counting,
            "hands": [{"results": results} for results in hands], "history": history or []}


def _games(connection: Connection, league_id: int) -> Iterator[str]:
    """The games' JSON, comma-separated, a batch at a time."""
    kept = kept_entries(connection, league_id)
    columns = (Game.id, Game.variant, Game.options, Game.season_id, Game.definition, Game.ruleset_id,
               Game.first_dealer_id, Game.status, Game.created_at, Game.finished_at, Game.version, Game.live_counting)
    after, first = 0, True
    while True:
        games = connection.execute(select(*columns).where(Game.league_id == league_id, Game.id > after)
                                   .order_by(Game.id).limit(BATCH)).all()
        if not games:
            return
        ids = [game.id for game in games]
        seats = {game_id: [row.player_id for row in rows] for game_id, rows in groupby(connection.execute(
            select(Seat.game_id, Seat.player_id).where(Seat.game_id.in_(ids))
            .order_by(Seat.game_id, Seat.position)), key=lambda row: row.game_id)}
        lines = connection.execute(
            select(Hand.game_id, Hand.number, HandResult.player_id, HandResult.cards, HandResult.marks)
            .join(HandResult, HandResult.hand_id == Hand.id).where(Hand.game_id.in_(ids))
            .order_by(Hand.game_id, Hand.number, HandResult.position))
        hands: dict[int, list[list[dict]]] = {}
        for (game_id, _), rows in groupby(lines, key=lambda row: (row.game_id, row.number)):
            hands.setdefault(game_id, []).append([result_row(r.player_id, r.cards, r.marks) for r in rows])
        history = history_rows(connection, ids, kept)
        written = ",".join(_json(game_row(game, seats.get(game.id, []), hands.get(game.id, []), history.get(game.id)))
                           for game in games)
        yield written if first else "," + written
        after, first = ids[-1], False


def backup_chunks(league_id: int) -> Iterator[str]:
    """The league's backup as pieces of JSON text to send one after another."""
    with snapshot() as connection:
        name, ratings = connection.execute(select(League.name, League.ratings).where(League.id == league_id)).one()
        players = connection.execute(select(Player.id, Player.name, Player.archived)
                                     .where(Player.league_id == league_id).order_by(Player.id))
        seasons = connection.execute(select(Season).where(Season.league_id == league_id).order_by(Season.id))
        rulesets = connection.execute(select(Ruleset).where(Ruleset.league_id == league_id).order_by(Ruleset.id))
        head = {"format": FORMAT, "version": VERSION, "exported_at": _when(utcnow()),
                "league": {"name": name, "ratings": ratings},
                "players": [player_row(*row) for row in players], "seasons": [season_row(s) for s in seasons],
                "rulesets": [ruleset_row(r) for r in rulesets]}
        yield _json(head)[:-1] + ',"games":['
        yield from _games(connection, league_id)
        yield '],"nights":' + _json(night_rows(connection, league_id)) + "}"


def export_league(league: League) -> dict:
    """The whole backup as one dict (for scripts and tests; the download streams backup_chunks)."""
    return json.loads("".join(backup_chunks(league.id)))
