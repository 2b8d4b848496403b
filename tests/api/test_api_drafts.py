"""The API's drafts (docs/API.md): a player's own count of the next hand, which scores nothing.

Expected numbers come from docs/RULES.md: Ramo's worked example, hand 1 (D out −50; A laid down
holding 3 low, 2 high, 1 special = 55; B 5 low = 25; C 1 high, 2 special = 50); Rummy's winner
takes the pot (each ten 10 points).
"""

import pytest

from .helpers import ramo, result, std, totals


def put_draft(api, game_id: int, number: int, body: dict):
    return api.put(f"/games/{game_id}/hands/{number}/drafts/{body['player_id']}", body)


@pytest.fixture
def ramo_game(api):
    league, ids = api.league()
    return api.game(league, "ramo", ids), ids


def test_a_draft_is_kept_read_back_and_never_reaches_the_game(api, ramo_game):
    game, ids = ramo_game
    before = api.get(f"/games/{game['id']}")
    sent = result(ids[0], ramo(3, 2, 1), laid_down=True)
    response = put_draft(api, game["id"], 1, sent)
    assert response.status_code == 200, response.get_data(as_text=True)
    draft = response.get_json()
    assert draft["player_id"] == ids[0] and draft["updated_at"].endswith("Z")
    assert draft["result"] == {"player_id": ids[0], "cards": {"low": 3, "high": 2, "special": 1}, "went_out": False,
                               "laid_down": True, "knocked": False, "went_rummy": False}
    assert api.ok("GET", f"/games/{game['id']}/hands/1/drafts") == [draft]
    after = api.get(f"/games/{game['id']}")
    # The Game is byte for byte the same, under the same ETag: no total, hand or version moved.
    assert after.get_data() == before.get_data() and after.headers["ETag"] == before.headers["ETag"]
    assert totals(after.get_json()) == [0, 0, 0, 0] and after.get_json()["hands"] == []


def test_recording_the_hand_drops_its_drafts_and_scores_what_was_recorded(api, ramo_game):
    game, (a, b, c, d) = ramo_game
    for body in (result(a, ramo(3, 2, 1), laid_down=True), result(b, ramo(5)), result(c, ramo(0, 1, 2))):
        assert put_draft(api, game["id"], 1, body).status_code == 200
    recorded = api.ok("POST", f"/games/{game['id']}/hands", {"results": [
        result(a, ramo(3, 2, 1), laid_down=True), result(b, ramo(5)), result(c, ramo(0, 1, 2)),
        result(d, {}, went_out=True)]}, 201)
    assert totals(recorded) == [55, 25, 50, -50]
    assert api.ok("GET", f"/games/{game['id']}/hands/1/drafts") == []
    # A draft replayed for the recorded hand is refused, and nothing changes.
    replay = put_draft(api, game["id"], 1, result(b, ramo(5)))
    assert replay.status_code == 409 and replay.get_json()["details"]["code"] == "hand_closed"
    assert api.ok("GET", f"/games/{game['id']}/hands/1/drafts") == []
    assert api.ok("GET", f"/games/{game['id']}")["version"] == recorded["version"]


def test_drafts_never_reach_the_standings(api):
    league, (al, bo) = api.league(names=("Al", "Bo"))
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Spring"}, 201)["id"]
    game = api.game(league, "rummy", [al, bo], options={"target": 10}, season_id=season)
    # Bo's own phone says 5 tens (50 points to the winner); the scorer records 1 ten: Al takes 10.
    assert put_draft(api, game["id"], 1, result(bo, std(tens=5))).status_code == 200
    finished = api.ok("POST", f"/games/{game['id']}/hands", {"results": [
        result(al, {}, went_out=True), result(bo, std(tens=1))]}, 201)
    assert finished["status"] == "finished" and totals(finished) == [10, 0]
    rows = api.ok("GET", f"/seasons/{season}/standings")["tables"][0]["rows"]
    assert [(row["name"], row["total"], row["wins"]) for row in rows] == [("Al", 10, 1), ("Bo", 0, 0)]


def test_only_the_next_hand_of_a_game_in_progress_takes_drafts(api):
    league, (al, bo) = api.league(names=("Al", "Bo"))
    game = api.game(league, "rummy", [al, bo], options={"target": 10})
    assert put_draft(api, game["id"], 2, result(bo, std(pips=4))).status_code == 409
    api.ok("POST", f"/games/{game['id']}/hands", {"results": [result(al, {}, went_out=True),
                                                              result(bo, std(tens=1))]}, 201)
    over = put_draft(api, game["id"], 2, result(bo, std(pips=4)))
    assert over.status_code == 409 and over.get_json()["details"]["code"] == "conflict"
    assert api.ok("GET", f"/games/{game['id']}/hands/2/drafts") == []


@pytest.mark.parametrize(("body", "status"), [
    ({"cards": {"low": 61}}, 422),          # more than a hand can hold
    ({"cards": {"low": -1}}, 422),
    ({"cards": {"pips": 9}}, 422),          # not one of Ramo's categories
    ({"cards": {"low": 2}, "went_out": True}, 422),
    ({"cards": {}, "knocked": True}, 422),  # Ramo has no knocking
    ({"cards": {"low": "3"}}, 400),         # strict types
    ({"cards": {}, "colour": "red"}, 400),  # unknown field
])
def test_a_draft_no_hand_can_hold_is_refused_and_leaves_the_draft_as_it_was(api, ramo_game, body, status):
    game, ids = ramo_game
    kept = put_draft(api, game["id"], 1, result(ids[1], ramo(5))).get_json()
    refused = api.put(f"/games/{game['id']}/hands/1/drafts/{ids[1]}", {"player_id": ids[1], **body})
    assert refused.status_code == status, refused.get_data(as_text=True)
    assert api.ok("GET", f"/games/{game['id']}/hands/1/drafts") == [kept]


def test_the_path_and_the_body_name_the_same_player(api, ramo_game):
    game, ids = ramo_game
    response = api.put(f"/games/{game['id']}/hands/1/drafts/{ids[0]}", result(ids[1], ramo(1)))
    assert response.status_code == 400
    missing = api.put(f"/games/{game['id']}/hands/1/drafts/999", result(999, ramo(1)))
    assert missing.status_code == 404
    assert api.ok("GET", f"/games/{game['id']}/hands/1/drafts") == []


def test_viewers_read_drafts_strangers_see_nothing(api, member, make_api, ramo_game):
    game, ids = ramo_game
    league_id = api.ok("GET", "/leagues")[0]["id"]
    put_draft(api, game["id"], 1, result(ids[0], ramo(1)))
    viewer = member(league_id, "Vi", "viewer")
    assert len(viewer.ok("GET", f"/games/{game['id']}/hands/1/drafts")) == 1
    assert put_draft(viewer, game["id"], 1, result(ids[0], ramo(2))).status_code == 403
    stranger = make_api("Stranger")
    assert stranger.get(f"/games/{game['id']}/hands/1/drafts").status_code == 404
    assert put_draft(stranger, game["id"], 1, result(ids[0], ramo(2))).status_code == 404
    assert api.ok("GET", f"/games/{game['id']}/hands/1/drafts")[0]["result"]["cards"]["low"] == 1
