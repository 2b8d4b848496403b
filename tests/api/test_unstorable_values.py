"""NUL and non-finite numbers are a 4xx on both databases, and nothing is stored (issue 34, item 3).

PostgreSQL refuses NUL in text and NaN or Infinity in JSON, SQLite stores them: `"variant": "\\u0000"`
on a game or a night, a night's options of NaN, Infinity or 1e400 (the night's row was written before the
rules looked at its options), a house rule's `based_on` or `definition.key` of "\\u0000" by POST, PUT or
the upload form were 4xx on SQLite and 500 on PostgreSQL. Every JSON body the API reads and every house
rule file is now checked once on the way in (text/json_input.py), and a night checks its options before
its row is written.
"""

import io
import json

import pytest
from sqlalchemy import event

from ramo_keeper.extensions import db
from ramo_keeper.models import Game, Night, Ruleset

NUL = "\u0000"
# As a script sends them: Python's json writes NaN and Infinity bare; 1e400 is text no float holds.
NOT_FINITE = {"NaN": "NaN", "Infinity": "Infinity", "-Infinity": "-Infinity", "1e400": "1e400"}


def raw(api, method: str, path: str, body: str):
    return api.call(method, path, data=body.encode(), headers={"Content-Type": "application/json"})


def stored(app, model) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count(model.id)))


def test_a_game_whose_variant_is_nul_is_a_400_and_nothing_is_stored(app, api):
    league, players = api.league()
    response = api.post(f"/leagues/{league}/games", {"variant": NUL, "player_ids": players[:3]})
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.get_json()["details"]["code"] == "bad_request"
    assert "cannot be stored" in response.get_json()["error"]
    assert response.get_json()["details"]["path"] == "variant"
    assert stored(app, Game) == 0


def night(players, **extra) -> dict:
    return {"name": "Thursday", "variant": "rummy", "player_ids": players, "table_size": 2, "rounds": 1,
            "options": {"end": "hands", "hands": 3}, **extra}


def test_a_night_whose_variant_is_nul_is_a_400_and_nothing_is_stored(app, api):
    league, players = api.league()
    response = api.post(f"/leagues/{league}/nights", night(players, variant=NUL))
    assert response.status_code == 400, response.get_data(as_text=True)
    assert stored(app, Night) == stored(app, Game) == 0


@pytest.mark.parametrize("number", NOT_FINITE.values(), ids=NOT_FINITE.keys())
@pytest.mark.parametrize("option", ["hands", "target"])
def test_a_night_whose_option_is_not_a_finite_number_is_a_400_and_nothing_is_stored(app, api, number, option):
    league, players = api.league()
    body = json.dumps(night(players)).replace('"hands": 3}', f'"hands": 3, "{option}": {number}}}')
    assert number in body
    response = raw(api, "POST", f"/leagues/{league}/nights", body)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert "finite" in response.get_json()["error"]
    assert response.get_json()["details"]["path"] == f"options.{option}"
    assert stored(app, Night) == stored(app, Game) == 0


@pytest.mark.parametrize("value", [2.5, "three", [3], True])
def test_a_night_whose_option_the_rules_refuse_stores_no_night(app, api, value):
    """The night's own row is written only after the rules have taken its options (validated first)."""
    league, players = api.league()
    inserts = []

    def look(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().upper().startswith("INSERT INTO NIGHT"):
            inserts.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", look)
    try:
        response = api.post(f"/leagues/{league}/nights", night(players, options={"end": "hands", "hands": value}))
    finally:
        event.remove(engine, "before_cursor_execute", look)
    assert response.status_code == 422, response.get_data(as_text=True)
    assert response.get_json()["details"]["path"] == "options.hands"
    assert inserts == []
    assert stored(app, Night) == stored(app, Game) == 0


def test_a_game_whose_option_is_not_finite_is_a_400(app, api):
    league, players = api.league()
    body = json.dumps({"variant": "rummy", "player_ids": players[:3], "options": {"hands": "x"}}).replace(
        '"x"', "Infinity")
    response = raw(api, "POST", f"/leagues/{league}/games", body)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert stored(app, Game) == 0


RULESET_NULS = {
    "based_on": {"name": "Nul", "based_on": NUL, "definition": {"out_score": 0}},
    "definition.key": {"name": "Nul", "definition": {"key": NUL, "out_score": 0}},
    "a key of the definition": {"name": "Nul", "definition": {"key": "rummy", NUL: 0}},
}


@pytest.mark.parametrize("body", RULESET_NULS.values(), ids=RULESET_NULS.keys())
def test_a_house_rule_with_nul_is_a_400_by_post_and_put_and_nothing_changes(app, api, body):
    league, _ = api.league()
    response = api.post(f"/leagues/{league}/rulesets", body)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert stored(app, Ruleset) == 0
    kept = api.ok("POST", f"/leagues/{league}/rulesets", {"name": "Kept", "definition": {"key": "rummy"}}, 201)
    response = api.put(f"/rulesets/{kept['id']}", body)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert api.ok("GET", f"/rulesets/{kept['id']}") == kept


@pytest.mark.parametrize("number", NOT_FINITE.values(), ids=NOT_FINITE.keys())
def test_a_house_rule_with_a_number_that_is_not_finite_is_a_400(app, api, number):
    league, _ = api.league()
    body = json.dumps({"name": "Huge", "definition": {"key": "rummy", "out_score": 0}}).replace(
        '"out_score": 0', f'"out_score": {number}')
    response = raw(api, "POST", f"/leagues/{league}/rulesets", body)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert stored(app, Ruleset) == 0


def upload(table, document: bytes):
    table.web.get(f"/leagues/{table.league_id}/house-rules")
    return table.web.post(f"/leagues/{table.league_id}/house-rules/upload",
                          {"file": (io.BytesIO(document), "nul.json")}, content_type="multipart/form-data")


@pytest.mark.parametrize("body", RULESET_NULS.values(), ids=RULESET_NULS.keys())
def test_a_house_rule_file_with_nul_is_refused_on_the_upload_form(app, table, body):
    response = upload(table, json.dumps(body).encode())
    assert response.status_code == 422, response.get_data(as_text=True)[:2000]
    assert "cannot be stored" in response.get_data(as_text=True)
    assert stored(app, Ruleset) == 0


@pytest.mark.parametrize("number", NOT_FINITE.values(), ids=NOT_FINITE.keys())
def test_a_house_rule_file_with_a_number_that_is_not_finite_is_refused_on_the_upload_form(app, table, number):
    body = json.dumps({"name": "Huge", "based_on": "rummy", "definition": {"key": "rummy", "out_score": 0}})
    response = upload(table, body.replace('"out_score": 0', f'"out_score": {number}').encode())
    assert response.status_code == 422, response.get_data(as_text=True)[:2000]
    assert "Choose a house rule file" in response.get_data(as_text=True)
    assert stored(app, Ruleset) == 0
