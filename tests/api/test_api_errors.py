"""Every row of docs/API.md's error table, each answered as {"error", "details"} and changing nothing."""

import pytest

from ramo_keeper.accounts.service import find_user, revoke_token
from ramo_keeper.extensions import db

from .helpers import ramo, result


def assert_error(response, status: int) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert set(body) == {"error", "details"} and body["error"].strip() and isinstance(body["details"], dict)
    return body


@pytest.fixture
def table(api):
    """A Ramo game of Al, Bo, Cy, Di with one hand played."""
    league, ids = api.league()
    game = api.game(league, "ramo", ids)
    body = {"results": [result(ids[0], {}, went_out=True)] + [result(p, ramo(1)) for p in ids[1:]]}
    api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    return league, ids, game["id"], body


# 400 malformed JSON or wrong types


@pytest.mark.parametrize("raw", [b"{not json", b"", b"[]", b"null", b'{"name": "Club"'])
def test_malformed_json_is_400(api, raw):
    response = api.call("POST", "/leagues", data=raw, headers={"Content-Type": "application/json"})
    assert_error(response, 400)


@pytest.mark.parametrize("body", [
    {"name": 5}, {}, {"name": "Club", "colour": "red"}, {"name": "tab\there"},
])
def test_wrong_types_or_fields_in_a_name_are_400(api, body):
    assert_error(api.post("/leagues", body), 400)


@pytest.mark.parametrize("change", [
    lambda b: b["results"][1]["cards"].update(low="3"),
    lambda b: b["results"][1]["cards"].update(low=True),
    lambda b: b["results"][1]["cards"].update(low=2.5),
    lambda b: b["results"][1].pop("cards"),
    lambda b: b["results"][1].update(went_out="yes"),
    lambda b: b["results"][1].update(player_id="2"),
    lambda b: b["results"][1].update(went_ot=True),
    lambda b: b.update(results={}),
])
def test_wrong_types_in_a_hand_are_400_and_record_nothing(api, table, change):
    _, _, game_id, body = table
    change(body)
    details = assert_error(api.post(f"/games/{game_id}/hands", body), 400)["details"]
    assert details["errors"] and "loc" in details["errors"][0]
    assert api.ok("GET", f"/games/{game_id}")["hand_count"] == 1


def test_wrong_types_in_a_new_game_are_400(api, table):
    league, ids, _, _ = table
    for body in ({"variant": "ramo", "player_ids": "1,2"}, {"variant": 3, "player_ids": ids},
                 {"variant": "ramo", "player_ids": [0, 1]}, {"variant": "ramo", "player_ids": [2**40]}):
        assert_error(api.post(f"/leagues/{league}/games", body), 400)


def test_a_bad_idempotency_key_or_if_match_is_400(api, table):
    _, _, game_id, body = table
    assert_error(api.post(f"/games/{game_id}/hands", body, headers={"Idempotency-Key": "x" * 101}), 400)
    assert_error(api.put(f"/games/{game_id}/hands/1", body, headers={"If-Match": "yesterday"}), 400)


# 401 no or invalid token


@pytest.mark.parametrize("header", [None, "", "Bearer", "Bearer nope", "Basic YW5uOnB3", "Token rk_x"])
def test_no_or_invalid_token_is_401(client, api, header):
    headers = {"Authorization": header} if header is not None else {}
    response = client.get("/api/v1/leagues", headers=headers)
    assert_error(response, 401)
    assert response.headers["WWW-Authenticate"] == "Bearer"


def test_a_revoked_token_is_401(app, api):
    assert api.get("/leagues").status_code == 200
    with app.app_context():
        user = find_user("Ann")
        from ramo_keeper.models import ApiToken

        token_id = db.session.execute(db.select(ApiToken.id).filter_by(user_id=user.id)).scalar_one()
        assert revoke_token(user, token_id)
        db.session.commit()
    assert_error(api.get("/leagues"), 401)


def test_a_logged_in_browser_cookie_is_not_api_auth(web, api):
    web.register("Cookie")
    assert web.get("/leagues").status_code == 200
    assert_error(web.client.get("/api/v1/leagues"), 401)
    assert_error(web.client.post("/api/v1/leagues", json={"name": "Forged"}), 401)


# 403 member without the right role


def test_a_viewer_can_read_but_every_write_is_403(api, member, table):
    league, ids, game_id, body = table
    viewer = member(league, "Vi", "viewer")
    assert viewer.ok("GET", f"/games/{game_id}")["hand_count"] == 1
    assert viewer.ok("GET", f"/leagues/{league}/players")
    assert_error(viewer.post(f"/games/{game_id}/hands", body), 403)
    assert_error(viewer.put(f"/games/{game_id}/hands/1", body), 403)
    assert_error(viewer.delete(f"/games/{game_id}/hands/1"), 403)
    assert_error(viewer.post(f"/leagues/{league}/players", {"name": "Zed"}), 403)
    assert_error(viewer.post(f"/leagues/{league}/games", {"variant": "ramo", "player_ids": ids}), 403)
    assert_error(viewer.post(f"/leagues/{league}/seasons", {"name": "Spring"}), 403)
    assert api.ok("GET", f"/games/{game_id}")["hand_count"] == 1


def test_a_scorer_records_hands_and_starts_seasons_as_on_the_pages(api, member, table):
    league, ids, game_id, body = table
    scorer = member(league, "Sc", "scorer")
    scorer.ok("DELETE", f"/games/{game_id}/hands/1")
    scorer.ok("POST", f"/games/{game_id}/hands", body, 201)
    scorer.ok("POST", f"/leagues/{league}/seasons", {"name": "Spring"}, 201)


# 404 not found, or not visible to this user


def test_another_leagues_objects_are_404_never_403(api, make_api, table):
    league, ids, game_id, body = table
    season_id = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Spring"}, 201)["id"]
    stranger = make_api("Stranger")
    for method, path, json in [
        ("GET", f"/games/{game_id}", None), ("GET", f"/leagues/{league}/players", None),
        ("POST", f"/leagues/{league}/players", {"name": "Spy"}), ("POST", f"/leagues/{league}/seasons", {"name": "X"}),
        ("POST", f"/leagues/{league}/games", {"variant": "ramo", "player_ids": ids}),
        ("POST", f"/games/{game_id}/hands", body), ("PUT", f"/games/{game_id}/hands/1", body),
        ("DELETE", f"/games/{game_id}/hands/1", None), ("GET", f"/seasons/{season_id}/standings", None),
        ("GET", f"/seasons/{season_id}/standings.csv", None),
    ]:
        missing = stranger.call(method, path.replace(str(game_id), "999").replace(f"/{season_id}/", "/999/")
                                .replace(f"/{league}/", "/999/"), json)
        hidden = stranger.call(method, path, json)
        assert_error(hidden, 404)
        assert hidden.get_json() == missing.get_json(), path  # indistinguishable from a missing object
    assert stranger.ok("GET", "/leagues") == []
    assert api.ok("GET", f"/games/{game_id}")["hand_count"] == 1


def test_missing_hands_and_unknown_urls_are_json_404(api, table):
    _, _, game_id, body = table
    assert_error(api.put(f"/games/{game_id}/hands/7", body), 404)
    assert_error(api.delete(f"/games/{game_id}/hands/7"), 404)
    assert_error(api.get("/games/0"), 404)
    assert_error(api.get("/no/such/thing"), 404)
    assert_error(api.get(f"/games/{2**40}"), 404)


def test_a_wrong_method_is_json_405_and_says_what_is_allowed(api):
    response = api.delete("/leagues")
    assert_error(response, 405)
    assert set(response.headers["Allow"].split(", ")) >= {"GET", "POST"}


# 409 conflict


def test_a_hand_for_a_finished_game_is_409(api):
    league, ids = api.league(names=("Al", "Bo"))
    game = api.game(league, "rummy", ids, options={"target": 10})
    body = {"results": [result(ids[0], {}, went_out=True), result(ids[1], {"tens": 1})]}
    assert api.ok("POST", f"/games/{game['id']}/hands", body, 201)["status"] == "finished"
    assert_error(api.post(f"/games/{game['id']}/hands", body), 409)
    assert api.ok("GET", f"/games/{game['id']}")["hand_count"] == 1


def test_a_stale_edit_is_409(api, table):
    _, ids, game_id, body = table
    version = api.get(f"/games/{game_id}").headers["ETag"]
    api.ok("POST", f"/games/{game_id}/hands", body, 201)
    assert_error(api.put(f"/games/{game_id}/hands/1", body, headers={"If-Match": version}), 409)
    fresh = api.get(f"/games/{game_id}").headers["ETag"]
    api.ok("PUT", f"/games/{game_id}/hands/1", body, headers={"If-Match": fresh})


def test_a_retried_stale_undo_is_409_and_keeps_the_hand_recorded_meanwhile(api, table):
    """Issue 34, finding 8: a script undoes hand 2, another records a new hand 2, the first script's
    retry of its DELETE removed that new hand. With the version it undid from (If-Match), the retry is
    409 and the other script's hand stays; with the fresh version the undo goes through."""
    _, ids, game_id, body = table
    api.ok("POST", f"/games/{game_id}/hands", body, 201)
    version = api.get(f"/games/{game_id}").headers["ETag"]
    api.ok("DELETE", f"/games/{game_id}/hands/2", headers={"If-Match": version})
    other = {"results": [result(ids[1], {}, went_out=True)] + [result(p, ramo(2)) for p in (ids[0], *ids[2:])]}
    api.ok("POST", f"/games/{game_id}/hands", other, 201)
    assert_error(api.delete(f"/games/{game_id}/hands/2", headers={"If-Match": version}), 409)
    game = api.ok("GET", f"/games/{game_id}")
    assert game["hand_count"] == 2 and game["hands"][1]["results"][0]["went_out"] is False  # Bo's hand stays
    assert_error(api.delete(f"/games/{game_id}/hands/2", headers={"If-Match": "yesterday"}), 400)
    fresh = api.get(f"/games/{game_id}").headers["ETag"]
    assert api.ok("DELETE", f"/games/{game_id}/hands/2", headers={"If-Match": fresh})["hand_count"] == 1


def test_an_idempotency_key_reused_with_another_body_is_409(api, table):
    _, ids, game_id, body = table
    api.ok("POST", f"/games/{game_id}/hands", body, 201, headers={"Idempotency-Key": "tap-2"})
    other = {"results": [result(ids[1], {}, went_out=True)] + [result(p, ramo(2)) for p in (ids[0], *ids[2:])]}
    assert_error(api.post(f"/games/{game_id}/hands", other, headers={"Idempotency-Key": "tap-2"}), 409)
    assert api.ok("GET", f"/games/{game_id}")["hand_count"] == 2


def test_a_duplicate_player_name_is_409(api, table):
    league, _, _, _ = table
    assert_error(api.post(f"/leagues/{league}/players", {"name": "al"}), 409)
    assert len(api.ok("GET", f"/leagues/{league}/players")) == 4


@pytest.mark.parametrize("name", ["al", "AL", "\u0410l", "\uff21\uff4c", "A\u0301l"])
def test_a_taken_player_name_is_409_with_the_player_who_holds_it(api, table, name):
    """The 409 carries the current state: the player "Al" (id and name as stored) that "al", Cyrillic "Аl",
    full-width "Ａｌ" or "Ál" written with a combining accent collides with."""
    league, ids, _, _ = table
    body = assert_error(api.post(f"/leagues/{league}/players", {"name": name}), 409)
    assert body["details"] == {"code": "conflict", "field": "name", "current": {"id": ids[0], "name": "Al"}}
    assert len(api.ok("GET", f"/leagues/{league}/players")) == 4


@pytest.mark.parametrize("name", ["Spring", "SPRING", "spring"])
def test_a_taken_season_name_is_409_with_the_season_that_holds_it(api, table, name):
    league, _, _, _ = table
    spring = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Spring"}, 201)
    body = assert_error(api.post(f"/leagues/{league}/seasons", {"name": name}), 409)
    assert body["details"] == {"code": "conflict", "field": "name",
                               "current": {"id": spring["id"], "name": "Spring"}}


@pytest.mark.parametrize("name", ["Friday Club", "friday club", "Fr\u0456day Club", "\uff26riday Club"])
def test_a_league_name_its_owner_already_holds_is_409_with_that_league(api, name):
    """Creating or renaming: "friday club", "Frіday Club" with a Cyrillic і, or a full-width "Ｆ" collide with
    the caller's own "Friday Club", which the 409 gives as it stands."""
    friday = api.ok("POST", "/leagues", {"name": "Friday Club"}, 201)
    body = assert_error(api.post("/leagues", {"name": name}), 409)
    assert body["details"] == {"code": "conflict", "field": "name", "current": friday}
    other = api.ok("POST", "/leagues", {"name": "Sunday Club"}, 201)
    body = assert_error(api.call("PATCH", f"/leagues/{other['id']}", {"name": name}), 409)
    assert body["details"] == {"code": "conflict", "field": "name", "current": friday}
    assert sorted(league["name"] for league in api.ok("GET", "/leagues")) == ["Friday Club", "Sunday Club"]


def test_deleting_a_hand_that_is_not_the_last_is_409(api, table):
    _, _, game_id, body = table
    api.ok("POST", f"/games/{game_id}/hands", body, 201)
    assert_error(api.delete(f"/games/{game_id}/hands/1"), 409)
    assert api.ok("GET", f"/games/{game_id}")["hand_count"] == 2


# 422 a rule broken, naming the player


def test_a_broken_rule_is_422_naming_the_player_and_records_nothing(api, table):
    _, ids, game_id, body = table
    body["results"][2] = result(ids[2], ramo(1), went_out=True)
    error = assert_error(api.post(f"/games/{game_id}/hands", body), 422)
    assert error["details"]["player_id"] in (ids[0], ids[2])
    assert ("Al" if error["details"]["player_id"] == ids[0] else "Cy") in error["error"]
    assert api.ok("GET", f"/games/{game_id}")["hand_count"] == 1


@pytest.mark.parametrize("cards, words", [
    ({"low": 1, "jokers": 1}, "jokers"), ({"low": -1}, "negative"), ({"high": 49}, "at most 48"),
])
def test_impossible_cards_are_422_naming_the_player(api, table, cards, words):
    _, ids, game_id, body = table
    body["results"][1] = result(ids[1], cards)
    error = assert_error(api.post(f"/games/{game_id}/hands", body), 422)
    assert "Bo" in error["error"] and words in error["error"] and error["details"]["player_id"] == ids[1]


def test_a_broken_rule_carries_its_stable_code_next_to_the_sentence(api, table):
    _, ids, game_id, body = table
    body["results"][0] = result(ids[0], {"low": 1, "high": 1}, went_out=True)  # Al out, holding 2 cards
    error = assert_error(api.post(f"/games/{game_id}/hands", body), 422)
    assert error["error"] == "Al went out but still holds 2 cards"
    assert (error["details"]["code"], error["details"]["player_id"]) == ("went_out_with_cards", ids[0])


def test_every_api_error_carries_a_code(api, table):
    _, _, game_id, body = table
    assert assert_error(api.get("/games/999999"), 404)["details"]["code"] == "not_found"
    api.ok("POST", f"/games/{game_id}/hands", body, 201)
    assert assert_error(api.delete(f"/games/{game_id}/hands/1"), 409)["details"]["code"] == "conflict"


def test_editing_a_hand_into_a_broken_one_is_422_and_keeps_the_old(api, table):
    _, ids, game_id, body = table
    before = api.ok("GET", f"/games/{game_id}")
    body["results"][0] = result(ids[0], ramo(2), went_out=True)
    assert_error(api.put(f"/games/{game_id}/hands/1", body), 422)
    assert api.ok("GET", f"/games/{game_id}") == before


@pytest.mark.parametrize("extra", [
    {"options": {"no_such_option": 1}}, {"options": {"progression": "sideways"}}, {"options": {"out_bonus": 5}},
    {"variant": "poker"}, {"player_ids": []}, {"first_dealer_id": 999},
])
def test_unknown_options_values_games_or_tables_are_422(api, table, extra):
    league, ids, _, _ = table
    body = {"variant": "ramo", "player_ids": ids, **extra}
    assert_error(api.post(f"/leagues/{league}/games", body), 422)


def test_a_season_of_another_league_is_422(api, table):
    league, ids, _, _ = table
    other, _ = api.league(names=("Ed", "Flo"), name="Other")
    season = api.ok("POST", f"/leagues/{other}/seasons", {"name": "Theirs"}, 201)["id"]
    body = {"variant": "ramo", "player_ids": ids, "season_id": season}
    assert_error(api.post(f"/leagues/{league}/games", body), 422)


def test_a_player_from_another_league_is_422(api, table):
    league, ids, _, _ = table
    _, others = api.league(names=("Ed", "Flo"), name="Other")
    assert_error(api.post(f"/leagues/{league}/games", {"variant": "ramo", "player_ids": ids[:2] + others}), 422)


def test_a_blank_name_is_422(api, table):
    league, _, _, _ = table
    assert_error(api.post("/leagues", {"name": "   "}), 422)
    assert_error(api.post(f"/leagues/{league}/players", {"name": " "}), 422)


def test_an_unexpected_crash_is_a_json_500_that_saves_nothing(app, api, monkeypatch):
    from ramo_keeper.api import leagues

    def boom(*args):
        raise RuntimeError("boom")

    monkeypatch.setattr(leagues.service, "roster", boom)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    league, _ = api.league(names=())
    assert_error(api.get(f"/leagues/{league}/players"), 500)


# docs/API.md's endpoint table lists the 409s the endpoints answer


def _documented(row_start: str) -> str:
    """The success column of docs/API.md's endpoint row that starts with `row_start`."""
    from pathlib import Path

    lines = (Path(__file__).parents[2] / "docs" / "API.md").read_text(encoding="utf-8").splitlines()
    row = next(line for line in lines if line.startswith(f"| `{row_start}`"))
    return row.rsplit("|", 2)[1]


def test_a_game_in_a_closed_season_is_the_409_the_table_lists(api, app, table):
    from ramo_keeper.models import Season
    from ramo_keeper.seasons.service import close

    league, ids, _, _ = table
    autumn = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Autumn"}, 201)
    with app.app_context():
        close(db.session.get(Season, autumn["id"]))
        db.session.commit()
    body = assert_error(api.post(f"/leagues/{league}/games", {"variant": "rummy", "player_ids": ids[:2],
                                                             "season_id": autumn["id"]}), 409)
    assert body["details"] == {"code": "conflict", "field": "season_id"}
    assert body["error"] == "Autumn is closed: pick an open season."
    assert "409" in _documented("POST /api/v1/leagues/{id}/games")
    assert "closed" in _documented("POST /api/v1/leagues/{id}/games")


def test_a_taken_season_name_is_the_409_the_table_lists(api, table):
    league, _, _, _ = table
    api.ok("POST", f"/leagues/{league}/seasons", {"name": "Autumn"}, 201)
    assert_error(api.post(f"/leagues/{league}/seasons", {"name": "autumn"}), 409)
    row = _documented("POST /api/v1/leagues/{id}/seasons")
    assert "409" in row and "same moment" in row
