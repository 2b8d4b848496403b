"""What a night refuses (422 naming the field, nothing saved) and who may see or change it (docs/API.md)."""

import pytest

from tests.nights.helpers import EIGHT, QUICK, open_night


def _body(player_ids, **extra) -> dict:
    return {"name": "Thursday", "variant": "rummy", "player_ids": list(player_ids), "table_size": 4, "rounds": 2,
            "options": QUICK, **extra}


@pytest.fixture
def club(api):
    league, ids = api.league(EIGHT)
    return league, ids


def _refused(api, league, body, path):
    response = api.post(f"/leagues/{league}/nights", body)
    assert response.status_code == 422, response.get_data(as_text=True)
    details = response.get_json()["details"]
    assert details["path"] == path, details
    # Nothing saved: no night, no game.
    assert api.ok("GET", f"/leagues/{league}/nights") == []
    return response.get_json()


def test_a_player_twice(api, club):
    league, ids = club
    refused = _refused(api, league, _body(ids + [ids[2]]), "player_ids[8]")
    assert refused["details"]["code"] == "player_twice"


def test_a_player_of_another_league(api, club):
    league, ids = club
    _, others = api.league(("Olga",), name="Other club")
    _refused(api, league, _body(ids[:3] + others), "player_ids[3]")


def test_an_unknown_seating(api, club):
    league, ids = club
    refused = _refused(api, league, _body(ids, seating="random"), "seating")
    assert refused["details"]["code"] == "unknown_seating" and "mix" in refused["error"]


@pytest.mark.parametrize(("field", "value"), [("rounds", 13), ("rounds", 0), ("table_size", 9), ("table_size", 1),
                                              ("table_size", 7)])
def test_past_the_caps_or_the_games_range(api, club, field, value):
    league, ids = club
    # Rummy seats 2 to 6 players: a table of 7 is past the game's range although within 2–8.
    _refused(api, league, _body(ids, **{field: value}), field)


def test_sizes_the_game_cannot_seat(api, club):
    league, ids = club
    # Contract Rummy needs 3 to 5 at a table: 2 players cannot be seated.
    _refused(api, league, _body(ids[:2], variant="contract", table_size=3, options=None), "player_ids")


def test_an_unknown_game_and_a_bad_option(api, club):
    league, ids = club
    _refused(api, league, _body(ids, variant="snap"), "variant")
    _refused(api, league, _body(ids, options={"end": "never"}), "options.end")


def test_more_than_64_players_or_16_tables(api):
    league, ids = api.league([f"P{n}" for n in range(65)])
    _refused(api, league, _body(ids, variant="ramo", table_size=8, options=None), "player_ids")
    # 34 players at tables of 2: 17 tables.
    _refused(api, league, _body(ids[:34], variant="ramo", table_size=2, options=None), "player_ids")
    # 64 players at tables of 4 are 16 tables: that night opens.
    assert len(open_night(api, league, ids[:64], rounds=1)["round_list"][0]["tables"]) == 16


def test_another_leagues_night_is_not_found(api, make_api, club):
    league, ids = club
    night = open_night(api, league, ids)
    stranger = make_api("Mallory")
    stranger.league(("Eve",), name="Mallory's")
    for method, path, body in (("GET", f"/nights/{night['id']}", None),
                               ("GET", f"/nights/{night['id']}/standings", None),
                               ("POST", f"/nights/{night['id']}/rounds", None),
                               ("PATCH", f"/nights/{night['id']}", {"ended": True}),
                               ("GET", f"/leagues/{league}/nights", None),
                               ("POST", f"/leagues/{league}/nights", _body(ids))):
        assert stranger.call(method, path, body).status_code == 404, (method, path)
    assert api.ok("GET", f"/nights/{night['id']}")["status"] == "running"


def test_a_viewer_reads_but_cannot_write(api, member, club):
    league, ids = club
    night = open_night(api, league, ids)
    viewer = member(league, "Vic", "viewer")
    assert viewer.ok("GET", f"/nights/{night['id']}")["id"] == night["id"]
    assert viewer.ok("GET", f"/nights/{night['id']}/standings")["tables"] == []
    assert viewer.call("PATCH", f"/nights/{night['id']}", {"ended": True}).status_code == 403
    assert viewer.post(f"/nights/{night['id']}/rounds").status_code == 403
    assert viewer.post(f"/leagues/{league}/nights", _body(ids)).status_code == 403
    scorer = member(league, "Sam", "scorer")
    assert scorer.ok("PATCH", f"/nights/{night['id']}", {"name": "Renamed"})["name"] == "Renamed"


def test_a_night_that_does_not_exist(api):
    assert api.get("/nights/999").status_code == 404
    assert api.post("/nights/999/rounds").status_code == 404


def test_the_openapi_document_describes_the_nights(api):
    document = api.ok("GET", "/openapi.json")
    paths = document["paths"]
    assert set(paths["/api/v1/leagues/{league_id}/nights"]) == {"get", "post"}
    assert "409" in paths["/api/v1/nights/{night_id}/rounds"]["post"]["responses"]
    night = document["components"]["schemas"]["Night"]
    assert {"repeats", "round_list", "player_ids", "current_round", "status"} <= set(night["properties"])
    conflict = paths["/api/v1/nights/{night_id}/rounds"]["post"]["responses"]["409"]["description"]
    assert "details.tables" in conflict


def test_a_night_past_the_leagues_cap_of_nights_is_409_and_saves_nothing(api, club, monkeypatch):
    """A league holds at most 500 nights (docs/API.md), so that its backup imports again; here the cap is 2."""
    from ramo_keeper.leagues import limits

    monkeypatch.setitem(limits.LIMITS, "nights", 2)
    league, ids = club
    for _ in range(2):
        assert api.post(f"/leagues/{league}/nights", _body(ids)).status_code == 201
    response = api.post(f"/leagues/{league}/nights", _body(ids))
    assert response.status_code == 409, response.get_data(as_text=True)
    assert response.get_json()["details"] == {"code": "conflict", "limit": "nights", "maximum": 2}
    assert len(api.ok("GET", f"/leagues/{league}/nights")) == 2
