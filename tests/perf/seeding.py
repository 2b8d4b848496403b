"""A league with history for the read-cost tests: finished games, one game in progress, a shared
live link, an invite link and an API token, all made through the services."""

import re
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import event

from ramo_keeper import rules
from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.games import service as games
from ramo_keeper.leagues.service import add_player, create_league, new_invite
from ramo_keeper.models import ApiToken, utcnow
from ramo_keeper.nights import service as nights

PASSWORD = "correct horse"
WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE|REPLACE|UPSERT|MERGE)\b", re.IGNORECASE)


@dataclass
class Seeded:
    user_name: str
    league_id: int
    season_id: int
    player_id: int
    game_id: int  # in progress, with hands
    finished_game_id: int
    share_token: str
    invite_token: str
    api_token: str
    night_id: int | None = None  # with_night: a club night of the four, round 1 seated (one more game playing)
    board_token: str | None = None


def _hand(player_ids, winner):
    return rules.HandInput(tuple(
        rules.PlayerResult(p, {} if p == winner else {"pips": 3 + p % 5}, {"went_out"} if p == winner else ())
        for p in player_ids))


def seed(app, finished: int, hands_in_progress: int = 3, name: str = "Ana", in_progress: int = 1,
         with_night: bool = False) -> Seeded:
    """`finished` one-hand Rummy games in the current season, then `in_progress` longer games still being played."""
    with app.app_context():
        user = create_user(name, PASSWORD)
        league = create_league(user, f"{name}'s club")
        players = [add_player(league, player).id for player in ("Al", "Bo", "Cy", "Di")]
        finished_id = None
        for n in range(finished):
            game = games.create_game(league, user, "rummy", players, options={"end": "hands", "hands": 1})
            games.record_hand(game.id, user, _hand(players, players[n % 4]))
            finished_id = game.id
        for _ in range(in_progress):
            game = games.create_game(league, user, "rummy", players, options={"end": "hands", "hands": 50})
            for n in range(hands_in_progress):
                games.record_hand(game.id, user, _hand(players, players[n % 4]))
        share = games.share(game.id)
        invite = new_invite(league).token
        token = issue_token(user)
        night = nights.open_night(league, user, "Friday night", "rummy", players, 4, 2) if with_night else None
        board = nights.share_board(night.id) if night else None
        db.session.commit()
        return Seeded(name, league.id, league.seasons[0].id, players[0], game.id, finished_id or game.id,
                      share, invite, token, night.id if night else None, board)


def mark_token_used_recently(app, minutes: int = 5) -> None:
    """As if every token had been used a few minutes ago, so its hourly "last used" is not due."""
    with app.app_context():
        for row in db.session.execute(db.select(ApiToken)).scalars():
            row.last_used_at = utcnow() - timedelta(minutes=minutes)
        db.session.commit()


@contextmanager
def recorded_statements(app):
    """Every SQL statement sent while the block runs (the app's engine, any connection)."""
    statements: list[str] = []

    def listener(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", listener)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", listener)


def writes(statements: list[str]) -> list[str]:
    return [s for s in statements if WRITE.match(s)]
