"""The database the benchmark server reads: two leagues that differ only in their history.

League "30" has 30 finished games, league "300" has 300. Each also holds a Ramo game of 20
hands (the game that is read), shared by a live link, and an open Rummy game that takes the
timed hand entries. All of it goes through the services, as the app itself would write it.
"""

from dataclasses import dataclass

from ramo_keeper import create_app, rules
from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.games import service as games
from ramo_keeper.leagues.service import add_player, create_league

USER, PASSWORD = "bench", "bench-password"
HISTORIES = (30, 300)
READ_GAME_HANDS = 20
# The most hands a Rummy game may be set to: the timed entries must stay below it.
ENTRY_GAME_HANDS = 100


@dataclass
class LeagueIds:
    league_id: int
    season_id: int
    player_ids: list[int]
    read_game_id: int  # Ramo, 20 hands, in progress, shared
    share_token: str
    entry_game_id: int  # Rummy, open for many hands: the timed hand entries go here


@dataclass
class Seeded:
    token: str
    leagues: dict[int, LeagueIds]  # by number of finished games


def ramo_hand(players: list[int], n: int) -> rules.HandInput:
    out = players[n % len(players)]
    return rules.HandInput(tuple(
        # Only the one who went out lays down, so 20 hands stay short of the last level.
        rules.PlayerResult(p, {} if p == out else {"low": 1 + n % 3, "high": p % 2},
                           {"went_out", "laid_down"} if p == out else ())
        for p in players))


def rummy_hand(players: list[int], n: int) -> rules.HandInput:
    out = players[n % len(players)]
    return rules.HandInput(tuple(
        rules.PlayerResult(p, {} if p == out else {"pips": 2 + (n + p) % 9}, {"went_out"} if p == out else ())
        for p in players))


def _league(user, name: str, finished: int) -> LeagueIds:
    league = create_league(user, name)
    players = [add_player(league, player).id for player in ("Ana", "Bo", "Cy", "Di")]
    for n in range(finished):
        game = games.create_game(league, user, "rummy", players, options={"end": "hands", "hands": 1})
        games.record_hand(game.id, user, rummy_hand(players, n))
    read = games.create_game(league, user, "ramo", players)
    for n in range(READ_GAME_HANDS):
        games.record_hand(read.id, user, ramo_hand(players, n))
    token = games.share(read.id)
    entry = games.create_game(league, user, "rummy", players, options={"end": "hands", "hands": ENTRY_GAME_HANDS})
    db.session.commit()
    return LeagueIds(league.id, league.seasons[0].id, players, read.id, token, entry.id)


def seed(database_url: str) -> Seeded:
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url})
    with app.app_context():
        db.create_all()
        user = create_user(USER, PASSWORD)
        leagues = {size: _league(user, f"History {size}", size) for size in HISTORIES}
        token = issue_token(user)
        db.session.commit()
        db.engine.dispose()
    return Seeded(token, leagues)
