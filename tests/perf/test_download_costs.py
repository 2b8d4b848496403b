"""Large downloads are streamed and read in batches: a league's backup and a season's BG Stats file cost a
fixed number of statements per batch of games, never a few per game (issue "No data lost, round two",
item 8). Before, the backup loaded every game's seats, hands and results one lazy load at a time (a
league at every cap took a worker 14 s), and the season file read each game apart (4 s).

Two leagues of one owner differ only in their number of finished games (3 and 250, two hands each).
"""

import json
import math

import pytest

from benchmarks.full_league import fill_league
from conftest import statements
from ramo_keeper.accounts.service import create_user
from ramo_keeper.backups.backup_export import BATCH as BACKUP_BATCH
from ramo_keeper.exports.season_file import BATCH as SEASON_BATCH
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import Game

PASSWORD = "correct horse"
SMALL, LARGE = 3, 250


@pytest.fixture
def leagues(app):
    """{games: (league id, season id)} for a small and a large league of the owner."""
    made = {}
    with app.app_context():
        owner = create_user("Owner", PASSWORD)
        for games in (SMALL, LARGE):
            league = create_league(owner, f"Club {games}")
            db.session.commit()
            fill_league(league.id, players=8, seasons=1, games=games, hands=2 * games)
            made[games] = (league.id, league.seasons[0].id)
            assert db.session.scalar(db.select(db.func.count(Game.id)).filter_by(league_id=league.id)) == games
    return made


def read(app, client, path: str, **headers):
    """The answer, whether it was streamed, and the SQL statements it ran while its body was sent."""
    streamed = {}

    def fetch():
        response = client.get(path, headers=headers, buffered=False)
        streamed["streamed"] = response.is_streamed and "Content-Length" not in response.headers
        response.get_data()  # the body is read (and its rows queried) as the client takes it
        return response
    response, ran = statements(app, fetch)
    return response, streamed["streamed"], ran


@pytest.fixture
def owner(app, new_web):
    browser = new_web()
    assert browser.login("Owner", PASSWORD).status_code == 303
    return browser


def test_the_backup_is_streamed_and_costs_three_statements_a_batch_of_games(app, leagues, owner):
    costs = {}
    for games, (league_id, _) in leagues.items():
        response, streamed, ran = read(app, owner.client, f"/leagues/{league_id}/backup.json")
        assert response.status_code == 200 and streamed
        assert len(json.loads(response.get_data())["games"]) == games
        costs[games] = len(ran)
    # Games, seats, and hands with their results: three statements for each batch of BATCH games.
    assert costs[LARGE] - costs[SMALL] == 3 * (math.ceil(LARGE / BACKUP_BATCH) - math.ceil(SMALL / BACKUP_BATCH))
    # A fixed part besides, whatever the games: format 2 also reads the nights and the corrections once a file
    # (16 on PostgreSQL, whose snapshot takes a statement more).
    assert costs[SMALL] <= 18, costs


def test_the_season_file_is_streamed_and_costs_two_statements_a_batch_of_games(app, leagues, owner):
    costs = {}
    for games, (league_id, season_id) in leagues.items():
        response, streamed, ran = read(app, owner.client, f"/leagues/{league_id}/seasons/{season_id}/bgstats.json")
        assert response.status_code == 200 and streamed
        assert len(json.loads(response.get_data())["plays"]) == games
        costs[games] = len(ran)
    # The games' heads, and their hands with the results: two statements for each batch.
    assert costs[LARGE] - costs[SMALL] == 2 * (math.ceil(LARGE / SEASON_BATCH) - math.ceil(SMALL / SEASON_BATCH))
    assert costs[SMALL] <= 15, costs


def test_the_streamed_season_file_speaks_the_readers_language(app, leagues, owner):
    league_id, season_id = leagues[SMALL]
    response = owner.client.get(f"/leagues/{league_id}/seasons/{season_id}/bgstats.json",
                                headers={"Accept-Language": "ko"})
    plays = json.loads(response.get_data())["plays"]
    assert plays[0]["comments"].startswith("1판: ")


def test_a_browser_gets_the_streamed_backup_compressed_and_whole(app, leagues, owner):
    import brotli

    league_id, _ = leagues[SMALL]
    plain = json.loads(owner.client.get(f"/leagues/{league_id}/backup.json").get_data())
    packed = owner.client.get(f"/leagues/{league_id}/backup.json", headers={"Accept-Encoding": "br, gzip"})
    assert packed.headers["Content-Encoding"] == "br"
    body = packed.get_data()
    assert len(body) < len(json.dumps(plain)) / 3
    unpacked = json.loads(brotli.decompress(body))
    assert unpacked == plain | {"exported_at": unpacked["exported_at"]}
