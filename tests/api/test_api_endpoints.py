"""Each endpoint of docs/API.md: its success status and shape."""

from openapi_spec_validator import validate

from ramo_keeper.api.blueprint import OPERATIONS

from .helpers import ramo, result, totals


def test_variants_list_the_six_games_with_levels_categories_and_option_defaults(api):
    variants = {v["key"]: v for v in api.ok("GET", "/variants")}
    assert list(variants) == ["ramo", "contract", "rummy", "manipulation", "phase10", "liverpool"]
    ramo_ = variants["ramo"]
    assert (ramo_["name"], ramo_["min_players"], ramo_["max_players"]) == ("Ramo", 2, 8)
    assert ramo_["levels"][0] == {"number": 1, "requirement": "two sets"} and len(ramo_["levels"]) == 8
    assert [c["key"] for c in ramo_["card_categories"]] == ["low", "high", "special"]
    assert [c["points"] for c in ramo_["card_categories"]] == [5, 10, 20]
    assert ramo_["options"]["progression"] == "per_player" and ramo_["options"]["out_bonus"] == -50
    assert [c["key"] for c in variants["rummy"]["card_categories"]] == ["pips", "tens", "aces"]
    assert variants["rummy"]["levels"] == [] and variants["manipulation"]["options"]["target"] == 150
    assert len(variants["contract"]["levels"]) == 7
    liverpool = variants["liverpool"]
    assert (liverpool["name"], liverpool["min_players"], liverpool["max_players"]) == ("Liverpool Rummy", 3, 8)
    assert {c["key"]: c["points"] for c in liverpool["card_categories"]} == {"pips": 1, "tens": 10, "aces": 15,
                                                                              "jokers": 25}
    assert len(liverpool["levels"]) == 7 and liverpool["options"] == {}


def test_leagues_are_created_with_the_caller_as_owner_and_listed_with_roles(api, member):
    created = api.ok("POST", "/leagues", {"name": "Thursday club"}, 201)
    assert set(created) == {"id", "name"} and created["name"] == "Thursday club"
    other = member(created["id"], "Vi", "viewer")
    assert api.ok("GET", "/leagues") == [{"id": created["id"], "name": "Thursday club", "role": "owner"}]
    assert other.ok("GET", "/leagues") == [{"id": created["id"], "name": "Thursday club", "role": "viewer"}]


def test_players_are_added_and_listed(api):
    league, ids = api.league(names=("Bo", "Al"))
    assert api.ok("GET", f"/leagues/{league}/players") == [{"id": ids[1], "name": "Al"}, {"id": ids[0], "name": "Bo"}]


def test_seasons_are_created_and_games_join_them(api):
    league, ids = api.league()
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Spring"}, 201)
    assert set(season) == {"id", "name"} and season["name"] == "Spring"
    assert api.game(league, "ramo", ids, season_id=season["id"])["season_id"] == season["id"]
    assert api.game(league, "ramo", ids, season_id=None)["season_id"] is None


def test_a_new_game_answers_201_with_the_game_and_its_location(api):
    league, ids = api.league()
    response = api.post(f"/leagues/{league}/games", {"variant": "contract", "player_ids": ids[::-1]})
    assert response.status_code == 201
    game = response.get_json()
    assert response.headers["Location"].endswith(f"/api/v1/games/{game['id']}")
    assert game["variant"] == "contract" and game["options"] == {"jokers": True}
    assert game["status"] == "in_progress" and game["hand_count"] == 0 and game["hands"] == []
    assert [p["player_id"] for p in game["players"]] == ids[::-1] and game["dealer_id"] == ids[-1]
    assert [p["seat"] for p in game["players"]] == [0, 1, 2, 3]
    assert {p["level"] for p in game["players"]} == {1} and game["winner_ids"] == []
    assert api.ok("GET", f"/games/{game['id']}") == game


def test_a_repeated_idempotency_key_returns_the_same_game_and_records_nothing(api):
    league, ids = api.league()
    game = api.game(league, "ramo", ids)
    body = {"results": [result(ids[0], {}, went_out=True)] + [result(p, ramo(2)) for p in ids[1:]]}
    first = api.post(f"/games/{game['id']}/hands", body, headers={"Idempotency-Key": "a1"})
    again = api.post(f"/games/{game['id']}/hands", body, headers={"Idempotency-Key": "a1"})
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first.headers
    assert again.get_json() == first.get_json() and again.get_json()["hand_count"] == 1
    # The key belongs to the game: the same key on another game is a new hand there.
    other = api.game(league, "ramo", ids)
    elsewhere = api.ok("POST", f"/games/{other['id']}/hands", body, 201, headers={"Idempotency-Key": "a1"})
    assert elsewhere["hand_count"] == 1


def test_editing_a_hand_recomputes_everything_after_it(api):
    league, ids = api.league()
    game = api.game(league, "ramo", ids)
    out_a = {"results": [result(ids[0], {}, went_out=True)] + [result(p, ramo(1)) for p in ids[1:]]}
    out_b = {"results": [result(ids[1], {}, went_out=True)] + [result(p, ramo(0, 1)) for p in (ids[0], *ids[2:])]}
    for body in (out_a, out_a):
        api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    edited = api.ok("PUT", f"/games/{game['id']}/hands/1", out_b)
    assert totals(edited) == [10 - 50, -50 + 5, 10 + 5, 10 + 5]
    assert edited["hands"][0]["results"][1]["went_out"] is True and edited["hand_count"] == 2


def test_deleting_the_last_hand_undoes_it(api):
    league, ids = api.league()
    game = api.game(league, "ramo", ids)
    body = {"results": [result(ids[0], {}, went_out=True)] + [result(p, ramo(1)) for p in ids[1:]]}
    api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    undone = api.ok("DELETE", f"/games/{game['id']}/hands/2")
    assert undone["hand_count"] == 1 and totals(undone) == [-50, 5, 5, 5]


def test_undoing_the_final_hand_reopens_a_finished_game(api):
    league, ids = api.league(names=("Al", "Bo"))
    game = api.game(league, "rummy", ids, options={"target": 10})
    body = {"results": [result(ids[0], {}, went_out=True), result(ids[1], {"tens": 1})]}
    assert api.ok("POST", f"/games/{game['id']}/hands", body, 201)["winner_ids"] == [ids[0]]
    reopened = api.ok("DELETE", f"/games/{game['id']}/hands/1")
    assert reopened["status"] == "in_progress" and reopened["winner_ids"] == []


def test_the_openapi_document_is_valid_public_and_describes_every_endpoint(client, app):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    document = response.get_json()
    validate(document)
    routes = {(m, str(r.rule)) for r in app.url_map.iter_rules() if r.endpoint.startswith("api.")
              for m in r.methods - {"HEAD", "OPTIONS"}}
    assert len(routes) == len(OPERATIONS) == 34  # 27 + the seven of club nights
    described = {(m.upper(), p) for p, ops in document["paths"].items() for m in ops}
    assert described == {(op.method, f"/api/v1{op.path}") for op in OPERATIONS}
    schemas = document["components"]["schemas"]
    assert {"Variant", "Game", "HandBody", "Standings", "Error"} <= set(schemas)
    hand = document["paths"]["/api/v1/games/{game_id}/hands"]["post"]
    assert set(hand["responses"]) == {"201", "400", "401", "403", "404", "409", "422"}
    assert any(p["name"] == "Idempotency-Key" for p in hand["parameters"])


def test_editing_a_hand_of_a_finished_game_recomputes_the_result(api):
    league, ids = api.league(names=("Al", "Bo"))
    game = api.game(league, "rummy", ids, options={"target": 10})
    body = {"results": [result(ids[0], {}, went_out=True), result(ids[1], {"tens": 1})]}
    api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    swapped = {"results": [result(ids[0], {"tens": 2}), result(ids[1], {}, went_out=True)]}
    edited = api.ok("PUT", f"/games/{game['id']}/hands/1", swapped)
    assert edited["status"] == "finished" and edited["winner_ids"] == [ids[1]] and totals(edited) == [0, 20]
