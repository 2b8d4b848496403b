"""docs/API.md's additions for ratings and exports, as the OpenAPI document describes them."""

from openapi_spec_validator import validate

ADDED = {
    ("patch", "/api/v1/leagues/{league_id}"): {"200", "400", "401", "403", "404", "409", "422"},
    ("get", "/api/v1/leagues/{league_id}/ratings"): {"200", "401", "404"},
    ("get", "/api/v1/games/{game_id}/scoresheet.csv"): {"200", "401", "404"},
    ("get", "/api/v1/games/{game_id}/scoresheet.json"): {"200", "401", "404"},
    ("get", "/api/v1/games/{game_id}/bgstats"): {"200", "401", "404", "409"},
}


def test_the_openapi_document_describes_the_additions(client):
    document = client.get("/api/v1/openapi.json").get_json()
    validate(document)
    for (method, path), codes in ADDED.items():
        assert set(document["paths"][path][method]["responses"]) == codes, (method, path)
    assert "text/csv" in document["paths"]["/api/v1/games/{game_id}/scoresheet.csv"]["get"]["responses"]["200"][
        "content"]
    schemas = document["components"]["schemas"]
    bgstats = document["paths"]["/api/v1/games/{game_id}/bgstats"]["get"]["responses"]["200"]["content"]
    assert bgstats["application/json"]["schema"] == {"$ref": "#/components/schemas/BgStatsPlay"}
    # Its 409 says what it means here (a game still being played), not the shared "game finished" sentence.
    bgstats_conflict = document["paths"]["/api/v1/games/{game_id}/bgstats"]["get"]["responses"]["409"]["description"]
    assert "still in progress" in bgstats_conflict and "game finished" not in bgstats_conflict
    assert "game finished" in document["paths"]["/api/v1/games/{game_id}/hands"]["post"]["responses"]["409"][
        "description"]
    assert set(schemas["BgStatsPlay"]["required"]) == {"sourceName", "sourcePlayId", "playDate", "durationMin",
                                                       "comments", "game", "players"}
    assert set(schemas["BgStatsPlayer"]["required"]) == {"name", "sourcePlayerId", "score", "winner", "rank",
                                                         "startPlayer"}
    assert set(schemas["BgStatsGame"]["properties"]) == {"name", "sourceGameId", "highestWins", "noPoints", "bggId"}
    patch = schemas["LeaguePatch"]["properties"]
    assert set(patch) == {"name", "ratings"} and not schemas["LeaguePatch"].get("required")
    assert set(schemas["LeagueSettings"]["required"]) == {"id", "name", "ratings"}
    assert set(schemas["Ratings"]["properties"]) == {"tables"}
    assert set(schemas["RatingTable"]["properties"]) == {"variant", "name", "rows"}
    assert set(schemas["RatingRow"]["properties"]) == {"player_id", "name", "rating", "games", "provisional"}
    assert set(schemas["Scoresheet"]["properties"]) >= {"format", "game", "players", "rows"}
    assert set(schemas["ScoresheetGame"]["properties"]) >= {"id", "variant", "name"}
    assert set(schemas["ScoresheetPlayer"]["properties"]) >= {"player_id", "name", "seat"}
    assert set(schemas["ScoresheetRow"]["properties"]) == {"hand", "dealer_id", "player_id", "cards", "went_out",
                                                           "laid_down", "knocked", "went_rummy", "score", "total"}


def test_the_served_shapes_match_the_document(api):
    """Every field the contract names is in the answers, with the documented types."""
    from api.helpers import result

    league, (al, bo) = api.league(["Al", "Bo"])
    api.ok("PATCH", f"/leagues/{league}", {"ratings": True})
    game = api.game(league, "rummy", [al, bo], options={"end": "hands", "hands": 1})
    api.ok("POST", f"/games/{game['id']}/hands", {"results": [result(al, {}, went_out=True),
                                                              result(bo, {"pips": 2})]}, 201)
    [table] = api.ok("GET", f"/leagues/{league}/ratings")["tables"]
    assert set(table) == {"variant", "name", "rows"}
    assert all(set(row) == {"player_id", "name", "rating", "games", "provisional"} for row in table["rows"])
    sheet = api.ok("GET", f"/games/{game['id']}/scoresheet.json")
    assert {"format", "game", "players", "rows"} <= set(sheet)
    assert all({"hand", "dealer_id", "player_id", "cards", "went_out", "laid_down", "knocked", "went_rummy",
                "score", "total"} == set(row) for row in sheet["rows"])
