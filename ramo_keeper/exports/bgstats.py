"""BG Stats hand-off: a finished game as BG Stats' create-play data, a season as its export file.

docs/EXPORTS.md lists every field and where it comes from. The app only builds data; BG Stats (on
the phone) reads the `bgstats://` link or imports the file.
"""

import json
from datetime import datetime
from urllib.parse import quote

from flask_babel import gettext

from .. import rules
from ..ratings.service import game_type
from ..rules.registry import variant_of
from ..rules.seats import seats_after
from ..text.game_words import game_name

SOURCE_NAME = "Ramo Keeper"
CREATE_PLAY = "bgstats://app.bgstatsapp.com/createPlay.html?data="
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"  # BG Stats' playDate, the time the game began (UTC)


def source_play_id(game) -> str:
    """Stable for one game (id and creation time, as SQLite may reuse a deleted game's id)."""
    return f"ramo-keeper-game-{game.id}-{game.created_at:%Y%m%d%H%M%S}"


def source_game_id(variant_key: str) -> str:
    return f"ramo-keeper-{game_type(variant_key)}"


def _minutes(start: datetime, end: datetime | None) -> int:
    return max(1, round(((end or start) - start).total_seconds() / 60))


def start_player_id(state: rules.GameState) -> int:
    """Who played first in the first hand: the seat after its dealer."""
    dealer = state.hands[0].dealer_id if state.hands else state.setup.first_dealer_id
    return seats_after(state.setup.player_ids, dealer)[0]


def comments(state: rules.GameState) -> str:
    """The running totals after every hand, one short line per hand."""
    lines, running = [], {p.player_id: 0 for p in state.players}
    names = {p.player_id: p.name for p in state.players}
    for outcome in state.hands:
        for line in outcome.results:
            running[line.player_id] += line.score
        totals = ", ".join(f"{names[pid]} {total}" for pid, total in running.items())
        lines.append(gettext("Hand %(number)s: %(totals)s", number=outcome.number, totals=totals))
    if any(p.end_bonus for p in state.players):
        lines.append(gettext("Final: %(totals)s", totals=", ".join(f"{p.name} {p.total}" for p in state.players)))
    return "\n".join(lines)


def _game(variant: rules.Variant) -> dict:
    game = {"name": game_name(variant.name), "sourceGameId": source_game_id(variant.key),
            "highestWins": not variant.lower_is_better, "noPoints": False}
    if variant.bgg_id is not None:  # only where the game's definition names one (docs/GAMES.md: bgg_id)
        game["bggId"] = variant.bgg_id
    return game


def create_play(game, state: rules.GameState) -> dict:
    """The JSON of BG Stats' create-play link for a finished game."""
    places = rules.finishing_places(state)
    starter = start_player_id(state)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": source_play_id(game),
        "playDate": game.created_at.strftime(DATE_FORMAT),
        "durationMin": _minutes(game.created_at, game.finished_at),
        "comments": comments(state),
        "game": _game(variant_of(state.setup)),
        "players": [{"name": p.name, "sourcePlayerId": f"ramo-keeper-player-{p.player_id}", "score": p.total,
                     "winner": p.player_id in state.winner_ids, "rank": places[p.player_id],
                     "startPlayer": p.player_id == starter} for p in state.players],
    }


def create_play_link(data: dict) -> str:
    return CREATE_PLAY + quote(json.dumps(data, ensure_ascii=False, separators=(",", ":")), safe="")


def game_entry(variant: rules.Variant) -> dict:
    """A game type as the season file lists it (without its id in the file)."""
    return _game(variant)


def player_entry(player_id: int, name: str) -> dict:
    return {"id": player_id, "name": name, "isAnonymous": False, "sourcePlayerId": f"ramo-keeper-player-{player_id}"}


def play_entry(game, state: rules.GameState, game_ref: int) -> dict:
    """One finished game as a play of the season file; `game_ref` is its game type's id in the file."""
    places, starter = rules.finishing_places(state), start_player_id(state)
    return {
        "uuid": source_play_id(game), "gameRefId": game_ref,
        "playDate": game.created_at.strftime(DATE_FORMAT),
        "durationMin": _minutes(game.created_at, game.finished_at),
        "rounds": state.hand_count, "ignored": False, "manualWinner": False, "comments": comments(state),
        "playerScores": [{"playerRefId": p.player_id, "score": str(p.total),
                          "winner": p.player_id in state.winner_ids, "rank": places[p.player_id],
                          "seatOrder": p.seat + 1, "startPlayer": p.player_id == starter, "newPlayer": False}
                         for p in state.players],
    }
