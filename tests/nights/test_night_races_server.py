"""Two phones seating the next round at once seat one round, never two: a real gunicorn with several workers,
on SQLite or on DATABASE_URL's PostgreSQL (RULES.md §9, locks.py)."""

import itertools

import pytest
from gunicorn_server import Api, app_with_server, race

from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import Game, NightTable
from tests.nights.helpers import EIGHT, QUICK, hand

WORKERS = 3
RACERS = 4
ROUNDS = 3
OWNERS = itertools.count(1)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with app_with_server(tmp_path_factory, "nights", WORKERS) as app:
        yield app


@pytest.fixture
def served(app):
    """An owner with a league of eight players and one API token per phone."""
    with app.app_context():
        user = create_user(f"Host{next(OWNERS)}", "correct horse")
        league = create_league(user, "Club")
        players = [add_player(league, name).id for name in EIGHT]
        tokens = [issue_token(user) for _ in range(RACERS)]
        db.session.commit()
        league_id = league.id
    return [Api(app.server, token) for token in tokens], league_id, players


def _finish(api: Api, table: dict) -> None:
    seats = table["player_ids"]
    for number in range(3):
        out = seats[number]
        status, _, body = api.call("POST", f"/games/{table['game_id']}/hands",
                                   hand(out, 10, [p for p in seats if p != out]))
        assert status == 201, body


def test_seating_the_next_round_from_several_phones_at_once_seats_it_once(app, served):
    apis, league_id, players = served
    for _ in range(ROUNDS):
        status, _, night = apis[0].call("POST", f"/leagues/{league_id}/nights", {
            "name": "Race night", "variant": "rummy", "player_ids": players, "table_size": 4, "rounds": 3,
            "options": QUICK})
        assert status == 201, night
        for table in night["round_list"][0]["tables"]:
            _finish(apis[0], table)
        answers = race(RACERS, lambda i, night_id=night["id"]: apis[i].call("POST", f"/nights/{night_id}/rounds"))
        statuses = sorted(status for status, _, _ in answers)
        assert statuses == [201] + [409] * (RACERS - 1), [(status, body) for status, _, body in answers]
        # Every loser is told the round is being played (its tables named), never a second round.
        assert all(body["details"]["tables"] == [1, 2] for status, _, body in answers if status == 409), answers
        with app.app_context():
            tables = db.session.execute(db.select(NightTable.round, db.func.count(NightTable.id))
                                        .where(NightTable.night_id == night["id"]).group_by(NightTable.round)
                                        .order_by(NightTable.round)).all()
            games = db.session.execute(db.select(db.func.count(Game.id)).join(
                NightTable, NightTable.game_id == Game.id).where(NightTable.night_id == night["id"])).scalar_one()
        assert [tuple(row) for row in tables] == [(1, 2), (2, 2)] and games == 4
        status, _, seen = apis[1].call("GET", f"/nights/{night['id']}")
        assert seen["current_round"] == 2
