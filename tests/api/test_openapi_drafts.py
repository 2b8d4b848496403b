"""docs/API.md's drafts, as the OpenAPI document describes them (an addition: nothing else changes)."""

from openapi_spec_validator import validate


def test_the_openapi_document_describes_the_drafts(client):
    document = client.get("/api/v1/openapi.json").get_json()
    validate(document)
    put = document["paths"]["/api/v1/games/{game_id}/hands/{number}/drafts/{player_id}"]["put"]
    # A player's Result, plus the cards one by one (card_list, optional: issue 35).
    assert put["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/DraftResult"}
    assert put["responses"]["200"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Draft"}
    assert {"400", "401", "403", "404", "409", "422"} <= set(put["responses"])
    listed = document["paths"]["/api/v1/games/{game_id}/hands/{number}/drafts"]["get"]
    assert listed["responses"]["200"]["content"]["application/json"]["schema"] == {
        "type": "array", "items": {"$ref": "#/components/schemas/Draft"}}
    draft = document["components"]["schemas"]["Draft"]
    assert set(draft["required"]) == {"player_id", "result", "updated_at"}
    assert draft["properties"]["result"] == {"$ref": "#/components/schemas/DraftResult"}
    sent = document["components"]["schemas"]["DraftResult"]
    assert set(sent["required"]) == {"player_id", "cards"} and "card_list" in sent["properties"]
    assert set(sent["properties"]) - {"card_list"} == set(document["components"]["schemas"]["Result"]["properties"])
    # The hand's body still takes the same Result.
    hand = document["components"]["schemas"]["HandBody"]
    assert hand["properties"]["results"]["items"] == {"$ref": "#/components/schemas/Result"}


def test_the_document_names_every_built_in_game_from_the_registry(client):
    from ramo_keeper.rules import VARIANTS

    description = client.get("/api/v1/openapi.json").get_json()["info"]["description"]
    names = [variant.name for variant in VARIANTS.values()]
    assert len(names) == 6 and "Phase 10" in names and "Liverpool Rummy" in names
    assert f"{', '.join(names[:-1])} and {names[-1]}" in description
