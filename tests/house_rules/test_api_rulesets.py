"""House rules through the API (docs/API.md, RULES.md §8): every endpoint and status, and §8's example."""

import pytest

from .helpers import NONNA, house_rule, line


def test_a_built_in_definition_is_a_document_with_its_engine(api):
    ramo = api.ok("GET", "/variants/ramo/definition")
    assert (ramo["format"], ramo["key"], ramo["name"], ramo["engine"]) == (1, "ramo", "Ramo", "levels")
    assert [c["points"] for c in ramo["card_categories"]] == [5, 10, 20]
    assert len(ramo["levels"]) == 8
    assert api.get("/variants/poker/definition").status_code == 404


def test_the_definition_needs_a_token(app):
    assert app.test_client().get("/api/v1/variants/ramo/definition").status_code == 401


def test_a_house_rule_keeps_what_the_caller_left_out(api):
    league, _ = api.league()
    ruleset = house_rule(api, league)
    assert set(ruleset) == {"id", "key", "league_id", "name", "based_on", "definition"}
    assert ruleset["league_id"] == league and ruleset["name"] == "Nonna's Ramo" and ruleset["based_on"] == "ramo"
    assert ruleset["key"] not in ("ramo", "contract", "rummy", "manipulation", "phase10", "liverpool")
    definition = ruleset["definition"]
    assert definition["key"] == ruleset["key"] and definition["name"] == "Nonna's Ramo"
    low, high, special, joker = definition["card_categories"]
    # Left out: Ramo's label and maximum stay; the new category is as sent.
    assert (low["label"], low["points"], low["maximum"]) == ("Cards 1–9", 3, 60)
    assert (high["points"], special["points"], joker["points"], joker["label"]) == (7, 15, 50, "Jokers")
    assert [level["number"] for level in definition["levels"]] == [1, 2, 3, 4, 5]
    assert definition["levels"][0]["melds"] == [[{"kind": "set", "count": 2, "min_length": 3}]]
    # Each fact once: Ramo's out score is its out_bonus option's default, stated there only.
    assert "out_score" not in definition and definition["options"]["out_bonus"] == -30
    assert (definition["min_players"], definition["max_players"], definition["engine"]) == (2, 8, "levels")
    # The same document is readable by its key, and the league lists it.
    assert api.ok("GET", f"/variants/{ruleset['key']}/definition") == definition
    assert api.ok("GET", f"/leagues/{league}/rulesets") == [ruleset]
    assert api.ok("GET", f"/rulesets/{ruleset['id']}") == ruleset


def test_a_built_in_definition_posted_back_unchanged_is_a_valid_house_rule(api):
    league, _ = api.league()
    for key in ("ramo", "contract", "rummy", "manipulation", "phase10"):
        document = api.ok("GET", f"/variants/{key}/definition")
        ruleset = house_rule(api, league, f"Our {key}", document)
        assert ruleset["based_on"] == key
        assert ruleset["definition"] | {"key": key, "name": document["name"]} == document


def test_rulesets_section_8_example_played_through(api):
    """Sofia out: −30; Bo holds 2 low, 1 high, 1 joker: 2·3 + 7 + 50 = 63; the game ends after level 5."""
    league, (sofia, bo, cy) = api.league(("Sofia", "Bo", "Cy"))
    ruleset = house_rule(api, league)
    game = api.game(league, ruleset["key"], [sofia, bo, cy])
    assert game["variant"] == ruleset["key"] and game["ruleset_id"] == ruleset["id"]
    assert game["options"]["out_bonus"] == -30
    url = f"/games/{game['id']}/hands"
    first = {"results": [line(sofia, went_out=True), line(bo, low=2, high=1, joker=1),
                         line(cy, laid_down=True, special=1)]}
    game = api.ok("POST", url, first, 201)
    scores = {r["player_id"]: r["score"] for r in game["hands"][0]["results"]}
    assert scores == {sofia: -30, bo: 63, cy: 15}
    # Sofia goes out four more times (Bo holds one low card, 3; Cy one high, 7): level 5 is her last.
    for number in range(2, 6):
        assert game["status"] == "in_progress"
        later = {"results": [line(sofia, went_out=True), line(bo, low=1), line(cy, high=1)]}
        game = api.ok("POST", url, later, 201)
        if number == 4:
            assert {p["player_id"]: p["level"] for p in game["players"]} == {sofia: 5, bo: 1, cy: 2}
    assert game["status"] == "finished" and game["hand_count"] == 5
    assert {p["player_id"]: p["total"] for p in game["players"]} == {sofia: -150, bo: 75, cy: 43}
    assert game["winner_ids"] == [sofia]
    assert api.post(url, {"results": [line(sofia, went_out=True), line(bo), line(cy)]}).status_code == 409


def test_an_edit_or_delete_never_changes_a_game_already_started(api):
    league, (sofia, bo) = api.league(("Sofia", "Bo"))
    ruleset = house_rule(api, league)
    game = api.game(league, ruleset["key"], [sofia, bo])
    url = f"/games/{game['id']}/hands"
    api.ok("POST", url, {"results": [line(sofia, went_out=True), line(bo, low=2, high=1, joker=1)]}, 201)
    before = api.ok("GET", f"/games/{game['id']}")
    changed = api.ok("PUT", f"/rulesets/{ruleset['id']}", {"name": "Nonna's Ramo, 2027", "definition": {
        "key": "ramo", "card_categories": [{"key": "low", "points": 100}], "options": {"out_bonus": -1}}})
    assert changed["name"] == "Nonna's Ramo, 2027" and changed["key"] == ruleset["key"]
    assert changed["definition"]["card_categories"] == [
        {"key": "low", "label": "Cards 1–9", "points": 100, "maximum": 60}]
    assert api.ok("GET", f"/games/{game['id']}") == before
    # A hand recorded after the edit still scores with the snapshot's numbers: low 3, out −30.
    game = api.ok("POST", url, {"results": [line(sofia, went_out=True), line(bo, low=1, joker=1)]}, 201)
    assert [r["score"] for r in game["hands"][1]["results"]] == [-30, 53]
    # A new game takes the edited house rule.
    newer = api.game(league, ruleset["key"], [sofia, bo])
    newer = api.ok("POST", f"/games/{newer['id']}/hands", {"results": [line(sofia, went_out=True), line(bo, low=1)]},
                   201)
    assert [r["score"] for r in newer["hands"][0]["results"]] == [-1, 100]
    assert api.delete(f"/rulesets/{ruleset['id']}").status_code == 204
    assert api.get(f"/rulesets/{ruleset['id']}").status_code == 404
    kept = api.ok("GET", f"/games/{game['id']}")
    assert kept["variant"] == ruleset["key"] and kept["ruleset_id"] is None
    assert kept["players"] == game["players"] and kept["hands"] == game["hands"]
    kept = api.ok("POST", url, {"results": [line(sofia, went_out=True), line(bo, high=2)]}, 201)
    assert [r["score"] for r in kept["hands"][2]["results"]] == [-30, 14]
    # The deleted house rule can start no new game: its key is no game any more, like "poker".
    body = {"variant": ruleset["key"], "player_ids": [sofia, bo]}
    assert api.post(f"/leagues/{league}/games", body).status_code == 422


def test_strangers_and_other_leagues_see_nothing(api, make_api):
    league, ids = api.league()
    ruleset = house_rule(api, league)
    stranger = make_api("Zed")
    other, other_ids = stranger.league()
    for method, path in (("GET", f"/leagues/{league}/rulesets"), ("GET", f"/rulesets/{ruleset['id']}"),
                         ("DELETE", f"/rulesets/{ruleset['id']}"), ("GET", f"/variants/{ruleset['key']}/definition")):
        assert stranger.call(method, path).status_code == 404, path
    body = {"name": "Mine", "definition": NONNA}
    assert stranger.post(f"/leagues/{league}/rulesets", body).status_code == 404
    assert stranger.put(f"/rulesets/{ruleset['id']}", body).status_code == 404
    assert stranger.get("/rulesets/999999").status_code == 404
    # The key starts games only in the league that holds it, even for the house rule's own members.
    assert stranger.post(f"/leagues/{other}/games", {"variant": ruleset["key"], "player_ids": other_ids[:2]}
                         ).status_code == 404
    theirs = api.ok("POST", "/leagues", {"name": "Second club"}, 201)["id"]
    players = [api.ok("POST", f"/leagues/{theirs}/players", {"name": n}, 201)["id"] for n in ("Al", "Bo")]
    assert api.post(f"/leagues/{theirs}/games", {"variant": ruleset["key"], "player_ids": players}).status_code == 404
    assert api.ok("GET", f"/rulesets/{ruleset['id']}")["name"] == "Nonna's Ramo"  # untouched


def test_viewers_read_and_scorers_write(api, member):
    league, _ = api.league()
    ruleset = house_rule(api, league)
    viewer, scorer = member(league, "Vi", "viewer"), member(league, "Sam", "scorer")
    assert viewer.ok("GET", f"/leagues/{league}/rulesets") == [ruleset]
    assert viewer.ok("GET", f"/variants/{ruleset['key']}/definition") == ruleset["definition"]
    body = {"name": "Viewer's", "definition": NONNA}
    assert viewer.post(f"/leagues/{league}/rulesets", body).status_code == 403
    assert viewer.put(f"/rulesets/{ruleset['id']}", body).status_code == 403
    assert viewer.delete(f"/rulesets/{ruleset['id']}").status_code == 403
    made = scorer.ok("POST", f"/leagues/{league}/rulesets", {"name": "Sam's", "definition": NONNA}, 201)
    renamed = scorer.ok("PUT", f"/rulesets/{made['id']}", {"name": "Sam's too", "definition": NONNA})
    assert renamed["name"] == "Sam's too"
    assert scorer.delete(f"/rulesets/{made['id']}").status_code == 204
    assert api.ok("GET", f"/leagues/{league}/rulesets") == [ruleset]


def test_a_ruleset_body_is_checked_like_every_body(api):
    league, _ = api.league()
    assert api.post(f"/leagues/{league}/rulesets", {"name": "No definition"}).status_code == 400
    assert api.post(f"/leagues/{league}/rulesets", {"name": "x", "definition": [1]}).status_code == 400
    assert api.ok("GET", f"/leagues/{league}/rulesets") == []


CATEGORY = {"key": "extra", "label": "Extra", "points": 1}
BAD = [
    ({"card_categories": []}, "card_categories", "no_categories"),
    ({"card_categories": [{"key": "low", "points": 501}]}, "card_categories[0].points", "out_of_range"),
    ({"card_categories": [{"key": "low", "points": -501}]}, "card_categories[0].points", "out_of_range"),
    ({"card_categories": [{"key": "low", "points": "5"}]}, "card_categories[0].points", "not_an_integer"),
    ({"card_categories": [{"key": "low", "points": 2.5}]}, "card_categories[0].points", "not_an_integer"),
    ({"card_categories": [{"key": "low"}, {"key": "low"}]}, "card_categories[1].key", "duplicate_key"),
    ({"card_categories": [{"key": "Low!", "label": "L", "points": 1}]}, "card_categories[0].key", "bad_key"),
    ({"card_categories": [{"key": "low", "maximum": 61}]}, "card_categories[0].maximum", "over_cap"),
    ({"card_categories": [{**CATEGORY, "key": f"c{n}"} for n in range(13)]}, "card_categories", "too_many"),
    ({"card_categories": [{"key": "low", "label": ""}]}, "card_categories[0].label", "empty_text"),
    ({"card_categories": [{"key": "new", "points": 3}]}, "card_categories[0].label", "missing_field"),
    ({"levels": []}, "levels", "no_levels"),
    ({"levels": [{"number": n, "requirement": "x", "melds": [[{"kind": "set", "count": 1, "min_length": 3}]]}
                 for n in range(1, 22)]}, "levels", "too_many"),
    ({"levels": [{"number": 2}]}, "levels[0].number", "level_out_of_order"),
    ({"min_players": 6, "max_players": 4}, "min_players", "min_above_max"),
    ({"max_players": 9}, "max_players", "out_of_range"),
    ({"min_players": 1}, "min_players", "out_of_range"),
    ({"options": {"out_bonus": 1}}, "options.out_bonus", "out_of_range"),
    ({"options": {"progression": "sideways"}}, "options.progression", "not_a_choice"),
    ({"options": {"colour": True}}, "options.colour", "no_such_option"),
    ({"engine": "poker"}, "engine", "unknown_engine"),
    ({"colour": "red"}, "colour", "unknown_field"),
    ({"out_score": 600}, "out_score", "out_of_range"),
    ({"bgg_id": 0}, "bgg_id", "out_of_range"),
    ({"bgg_id": 2.5}, "bgg_id", "not_an_integer"),
]


@pytest.mark.parametrize(("change", "path", "code"), BAD, ids=[f"{code}:{path}" for _, path, code in BAD])
def test_a_bad_definition_names_its_first_bad_field_and_saves_nothing(api, change, path, code):
    league, _ = api.league()
    response = api.post(f"/leagues/{league}/rulesets", {"name": "Bad", "definition": {"key": "ramo", **change}})
    assert response.status_code == 422, response.get_json()
    body = response.get_json()
    assert (body["details"]["path"], body["details"]["code"]) == (path, code)
    assert path in body["error"] and body["error"].endswith(".")
    assert api.ok("GET", f"/leagues/{league}/rulesets") == []


@pytest.mark.parametrize(("name", "code"), [("", "empty_text"), ("   ", "empty_text"), ("x" * 61, "text_too_long"),
                                            ("Nonna\nRamo", "control_characters"), ("a\u202eb", "control_characters")])
def test_a_bad_name_is_refused_at_its_path(api, name, code):
    league, _ = api.league()
    response = api.post(f"/leagues/{league}/rulesets", {"name": name, "definition": NONNA})
    assert response.status_code == 422
    assert (response.get_json()["details"]["path"], response.get_json()["details"]["code"]) == ("name", code)
    assert api.ok("GET", f"/leagues/{league}/rulesets") == []


def test_a_bad_edit_changes_nothing(api):
    league, _ = api.league()
    ruleset = house_rule(api, league)
    response = api.put(f"/rulesets/{ruleset['id']}", {"name": "Changed", "definition": {
        "key": "ramo", "card_categories": [{"key": "low", "points": 1000}]}})
    assert response.status_code == 422
    assert response.get_json()["details"] == {"code": "out_of_range", "path": "card_categories[0].points",
                                              "field": "card_categories[0].points", "minimum": -500, "maximum": 500}
    assert api.ok("GET", f"/rulesets/{ruleset['id']}") == ruleset


def test_a_league_holds_at_most_fifty_house_rules(api):
    league, _ = api.league()
    for number in range(50):
        house_rule(api, league, f"Rule {number}", {"key": "rummy"})
    response = api.post(f"/leagues/{league}/rulesets", {"name": "One more", "definition": {"key": "rummy"}})
    assert response.status_code == 422 and "50" in response.get_json()["error"]
    assert len(api.ok("GET", f"/leagues/{league}/rulesets")) == 50


def test_standings_give_each_house_rule_a_table_of_its_own(api):
    league, (sofia, bo) = api.league(("Sofia", "Bo"))
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Autumn"}, 201)["id"]
    ruleset = house_rule(api, league, definition={**NONNA, "levels": NONNA["levels"][:1]})
    # One hand ends each game: Sofia lays down the only level of the house rule; Rummy to 1 hand.
    house = api.game(league, ruleset["key"], [sofia, bo], season_id=season)
    api.ok("POST", f"/games/{house['id']}/hands", {"results": [line(sofia, went_out=True), line(bo, joker=1)]}, 201)
    rummy = api.game(league, "rummy", [sofia, bo], season_id=season, options={"end": "hands", "hands": 1})
    api.ok("POST", f"/games/{rummy['id']}/hands", {"results": [
        {"player_id": bo, "cards": {}, "went_out": True}, {"player_id": sofia, "cards": {"tens": 1}}]}, 201)
    tables = api.ok("GET", f"/seasons/{season}/standings")["tables"]
    assert [(t["variant"], t["name"]) for t in tables] == [("rummy", "Rummy"), (ruleset["key"], "Nonna's Ramo")]
    house_rows = tables[1]["rows"]
    assert [(r["name"], r["total"], r["wins"]) for r in house_rows] == [("Sofia", -30, 1), ("Bo", 50, 0)]
    assert [(r["name"], r["total"], r["wins"]) for r in tables[0]["rows"]] == [("Bo", 10, 1), ("Sofia", 0, 0)]
    csv_text = api.get(f"/seasons/{season}/standings.csv").get_data(as_text=True)
    assert f"\r\n{ruleset['key']},1,Sofia," in csv_text
    # Deleting the house rule keeps its table, under its last name.
    api.delete(f"/rulesets/{ruleset['id']}")
    tables = api.ok("GET", f"/seasons/{season}/standings")["tables"]
    assert [(t["variant"], t["name"]) for t in tables] == [("rummy", "Rummy"), (ruleset["key"], "Nonna's Ramo")]


def test_a_boardgamegeek_id_is_kept_when_left_out_and_taken_out_when_sent_as_null(api):
    league, _ = api.league()
    ruleset = house_rule(api, league, definition={**NONNA, "bgg_id": 174430})
    assert ruleset["definition"]["bgg_id"] == 174430
    path = f"/rulesets/{ruleset['id']}"
    # A PUT merges onto the house rule as it stands: leaving the id out keeps it. (An out score sent as
    # `out_score`, as older clients send it, is Ramo's out_bonus default: the one place the fact is stated.)
    kept = api.ok("PUT", path, {"name": "Nonna's Ramo", "definition": {"out_score": -40}})
    assert kept["definition"]["bgg_id"] == 174430 and kept["definition"]["options"]["out_bonus"] == -40
    removed = api.ok("PUT", path, {"name": "Nonna's Ramo", "definition": {"bgg_id": None}})
    assert "bgg_id" not in removed["definition"] and removed["definition"]["options"]["out_bonus"] == -40
    assert "bgg_id" not in api.ok("GET", f"/variants/{ruleset['key']}/definition")
    # Null takes out only an optional field: a required one sent as null is refused, nothing saved.
    refused = api.put(path, {"name": "Nonna's Ramo", "definition": {"min_players": None}})
    assert refused.status_code == 422 and refused.get_json()["details"]["path"] == "min_players"
    assert api.ok("GET", path)["definition"]["min_players"] == 2
