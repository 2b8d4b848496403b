"""A worker keeps a game's API body by the game's version: what it sends must always equal a fresh build.

Two app instances on one database stand for two gunicorn workers: one (the reader) keeps bodies,
the other writes. After each write the reader's answer must equal what a third, cold instance
builds from the database, and carry the change worked out by hand.
"""

import pytest

from conftest import ON_POSTGRES, statements
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import rename_player
from ramo_keeper.models import Game, Player

from .helpers import Api, result, std


@pytest.fixture
def table(api):
    league_id, ids = api.league(("Al", "Bo", "Cy"))
    game = api.game(league_id, "rummy", ids, options={"target": 100})
    return api, league_id, ids, game["id"]


def hand(ids, winner, **pips):
    return {"results": [result(pid, {} if pid == winner else std(pips.get(str(pid), 0)), went_out=pid == winner)
                        for pid in ids]}


def cold_read(other_worker, token: str, game_id: int):
    return Api(other_worker(), token).get(f"/games/{game_id}")


def test_a_kept_body_follows_writes_made_through_another_worker(table, other_worker):
    api, _, (al, bo, cy), game_id = table
    writer = Api(other_worker(), api.token)
    assert api.ok("GET", f"/games/{game_id}")["hand_count"] == 0  # now kept by the reader

    # Al goes out; Bo holds 7 pips and Cy 12: Rummy's winner takes 7 + 12 = 19.
    writer.ok("POST", f"/games/{game_id}/hands", hand((al, bo, cy), al, **{str(bo): 7, str(cy): 12}), 201)
    seen = api.get(f"/games/{game_id}")
    assert [p["total"] for p in seen.get_json()["players"]] == [19, 0, 0]
    assert seen.headers["ETag"] == '"2"'
    assert seen.get_data() == cold_read(other_worker, api.token, game_id).get_data()

    # The hand corrected: Cy went out instead, Al holds 3 and Bo 7, so Cy scores 10 and Al nothing.
    writer.ok("PUT", f"/games/{game_id}/hands/1", hand((al, bo, cy), cy, **{str(al): 3, str(bo): 7}))
    seen = api.get(f"/games/{game_id}")
    assert [p["total"] for p in seen.get_json()["players"]] == [0, 0, 10]
    assert seen.get_data() == cold_read(other_worker, api.token, game_id).get_data()

    writer.ok("DELETE", f"/games/{game_id}/hands/1")
    seen = api.get(f"/games/{game_id}")
    assert seen.get_json()["hands"] == [] and seen.headers["ETag"] == '"4"'
    assert seen.get_data() == cold_read(other_worker, api.token, game_id).get_data()


def test_a_renamed_player_shows_at_once_in_a_kept_body(table, other_worker):
    api, _, (al, _, _), game_id = table
    assert api.ok("GET", f"/games/{game_id}")["players"][0]["name"] == "Al"
    with other_worker().app_context():
        rename_player(db.session.get(Player, al), "Alma")
        db.session.commit()
    seen = api.ok("GET", f"/games/{game_id}")
    assert seen["players"][0]["name"] == "Alma"
    assert seen["version"] == 2  # the name is part of the game, so its version moved


@pytest.mark.skipif(ON_POSTGRES, reason="PostgreSQL's sequences never give an id twice")
def test_a_new_game_on_a_deleted_games_id_is_never_answered_with_the_old_body(app, table):
    api, league_id, ids, game_id = table
    assert api.ok("GET", f"/games/{game_id}")["variant"] == "rummy"
    with app.app_context():
        db.session.delete(db.session.get(Game, game_id))
        db.session.commit()
    again = api.game(league_id, "ramo", ids)
    assert again["id"] == game_id, "SQLite was expected to give the freed id again"
    assert api.ok("GET", f"/games/{game_id}")["variant"] == "ramo"


def test_an_unchanged_game_is_answered_from_two_statements_and_an_outsider_still_gets_404(app, table, make_api):
    api, _, _, game_id = table
    api.ok("GET", f"/games/{game_id}")
    response, seen = statements(app, lambda: api.get(f"/games/{game_id}"))
    assert response.status_code == 200
    assert len(seen) == 2, seen  # the token with its user; the game's version with the caller's membership
    assert make_api("Eve").get(f"/games/{game_id}").status_code == 404
