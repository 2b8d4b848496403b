"""A season's BG Stats file (BG Stats' export shape, docs/EXPORTS.md) written as it is read.

A season may hold 2,000 finished games. Read one at a time and written as one indented string, its
file took a worker 4 s. Here the game types and the players come first (one statement each, in the
order the plays name them), then the plays a batch of games at a time (games/stored.read_games: two
statements a batch), each batch sent as soon as it is read, all from one state of the database
(snapshot.py).
"""

import json
from collections.abc import Iterator

from sqlalchemy import select

from .. import rules
from ..database.snapshot import snapshot_session
from ..games.stored import read_games
from ..models import Game, Player, Seat
from ..ratings.service import game_type
from ..variants import snapshot_variant
from .bgstats import game_entry, play_entry, player_entry

BATCH = 100  # games read and written at a time


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def season_file_chunks(season_id: int) -> Iterator[str]:
    """The season's finished games, in the order they finished, as pieces of JSON text."""
    finished = (Game.season_id == season_id, Game.status == "finished")
    order = (Game.finished_at, Game.id)
    with snapshot_session() as session:
        game_ids, games, refs = [], {}, {}
        for game_id, key, definition in session.execute(
                select(Game.id, Game.variant, Game.definition).where(*finished).order_by(*order)):
            variant = snapshot_variant(definition) if definition is not None else rules.get_variant(key)
            kind = game_type(variant.key)
            if kind not in games:
                games[kind] = {"id": len(games) + 1, **game_entry(variant)}
            refs[game_id] = games[kind]["id"]
            game_ids.append(game_id)
        players = {}
        for player_id, name in session.execute(
                select(Seat.player_id, Player.name).join(Game, Game.id == Seat.game_id)
                .join(Player, Player.id == Seat.player_id).where(*finished).order_by(*order, Seat.position)):
            players.setdefault(player_id, player_entry(player_id, name))
        head = {"games": list(games.values()), "players": list(players.values()), "locations": []}
        yield _json(head)[:-1] + ',"plays":['
        for start in range(0, len(game_ids), BATCH):
            plays = [play_entry(game, state, refs[game.id])
                     for game, state in read_games(session, game_ids[start:start + BATCH], scores_only=True)]
            session.expunge_all()  # sent: a worker holds one batch at a time
            yield ("," if start else "") + ",".join(_json(play) for play in plays)
        yield "]}"
