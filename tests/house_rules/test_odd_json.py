"""Any JSON where a house rule expects something else is refused in words (4xx naming the field), never a 500,
and nothing is saved: through the API and through the upload form (docs/API.md, RULES.md §8)."""

import copy
import io
import itertools
import json
import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramo_keeper import rules

# A fixed, derandomized budget: 80 in `make test`, 150 with `make fuzz` (RAMO_FUZZ_EXAMPLES set).
EXAMPLES = 150 if os.environ.get("RAMO_FUZZ_EXAMPLES") else 80

ODD = [
    {"key": ["ramo"]},
    {"key": {"ramo": 1}},
    {"key": "ramo", "card_categories": [{"key": ["low"], "points": 3}]},
    {"key": "ramo", "card_categories": [{"key": {"low": 1}, "points": 3}]},
    {"key": "ramo", "levels": [{"number": [1], "requirement": "x"}]},
    {"key": "ramo", "levels": [{"number": {"n": 1}}]},
    {"key": "ramo", "options": [{"key": ["out_bonus"], "default": 1}]},
    {"key": "ramo", "options": [{"key": {"k": 1}, "default": 1}]},
    {"key": "ramo", "option_rules": [{"option": ["x"], "value": 1, "needs": ["y"], "needed": 2}]},
    {"key": "ramo", "option_rules": [{"option": "progression", "value": "per_round", "needs": {"a": 1},
                                      "needed": True}]},
    {"key": "ramo", "scoring_summary": [{"phrase": "no_such_sentence"}]},
    {"key": "ramo", "scoring_summary": [{"phrase": "text"}]},
    {"key": "ramo", "scoring_summary": [{"phrase": "decks_plus_jokers", "params": {"decks": "x", "cards": 2,
                                                                                  "jokers": 1}}]},
    {"key": "ramo", "meld_kinds": [{"kind": "set", "phrase": "meld_group_of_one_rank"}]},
]
DEEP = "[" * 150_000


def upload(table, document: bytes):
    table.web.get(f"/leagues/{table.league_id}/house-rules")
    return table.web.post(f"/leagues/{table.league_id}/house-rules/upload",
                          {"file": (io.BytesIO(document), "odd.json")}, content_type="multipart/form-data")


@pytest.mark.parametrize("definition", ODD, ids=[json.dumps(d)[:70] for d in ODD])
def test_odd_json_in_a_definition_is_a_4xx_naming_the_field_through_the_api(api, definition):
    league, _ = api.league()
    response = api.post(f"/leagues/{league}/rulesets", {"name": "Odd", "definition": definition})
    assert 400 <= response.status_code < 500, response.get_data(as_text=True)
    assert response.get_json()["details"]["path"]
    assert api.ok("GET", f"/leagues/{league}/rulesets") == []


@pytest.mark.parametrize("definition", ODD, ids=[json.dumps(d)[:70] for d in ODD])
def test_odd_json_in_a_definition_is_refused_through_the_upload_form(table, app, definition):
    response = upload(table, json.dumps({"name": "Odd", "based_on": "ramo", "definition": definition}).encode())
    assert response.status_code == 422, response.get_data(as_text=True)[:2000]
    assert rulesets(app) == 0


def test_a_deeply_nested_upload_is_refused_in_words(table, app):
    response = upload(table, DEEP.encode())
    assert response.status_code == 422
    assert "Choose a house rule file" in response.get_data(as_text=True)
    assert rulesets(app) == 0


def test_a_definition_nested_deeper_than_any_game_is_refused_at_its_field(table, app):
    # Deep enough to exhaust a recursive copy, shallow enough for the JSON reader.
    words = json.loads("[" * 600 + "]" * 600)
    response = upload(table, json.dumps({"name": "Deep", "based_on": "ramo",
                                         "definition": {"words": {"level": words}}}).encode())
    assert response.status_code == 422
    assert "words.level" in response.get_data(as_text=True) and "nested deeper" in response.get_data(as_text=True)
    assert rulesets(app) == 0


def test_a_deeply_nested_definition_is_a_4xx_through_the_api(api):
    league, _ = api.league()
    body = '{"name": "Deep", "definition": {"key": "ramo", "words": ' + "[" * 5000 + "]" * 5000 + "}}"
    response = api.post(f"/leagues/{league}/rulesets", data=body, headers={"Content-Type": "application/json"})
    assert 400 <= response.status_code < 500, response.get_data(as_text=True)
    deep_upload = api.post(f"/leagues/{league}/rulesets", data=DEEP, headers={"Content-Type": "application/json"})
    assert 400 <= deep_upload.status_code < 500
    assert api.ok("GET", f"/leagues/{league}/rulesets") == []


def rulesets(app) -> int:
    from ramo_keeper.extensions import db
    from ramo_keeper.models import Ruleset

    with app.app_context():
        return db.session.execute(db.select(db.func.count(Ruleset.id))).scalar_one()


# ---- the property: any JSON value in any field of any built-in's definition --------------------------------

def _places(value, where=()):
    """Every place in a document (a field of an object, an entry of a list), as a tuple of keys and indexes."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*where, key)
            yield from _places(inner, (*where, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield (*where, index)
            yield from _places(inner, (*where, index))


def _pieces(value):
    """Every value inside a document: the plausible odd values (a list where a number was, a word of another field)."""
    yield value
    for inner in (value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()):
        yield from _pieces(inner)


def _replaced(document, place, value):
    document = copy.deepcopy(document)
    holder = document
    for step in place[:-1]:
        holder = holder[step]
    holder[place[-1]] = value
    return document


BUILT_INS = {key: variant.definition() for key, variant in rules.VARIANTS.items()}
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-3, 70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30) | st.sampled_from([p for doc in BUILT_INS.values() for p in _pieces(doc)
                                               if not isinstance(p, dict | list)]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=8)


PIECES = [p for doc in BUILT_INS.values() for p in _pieces(doc)]


def _same_kind(value):
    """Values of the kind the field holds (another number, another word, another list): the odd values most
    likely to be accepted, so that accepted documents are played through the pages too."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers(-600, 600) | st.integers()
    kind = type(value)
    return st.text(max_size=40) | st.sampled_from([p for p in PIECES if type(p) is kind]) if kind is str \
        else st.sampled_from([p for p in PIECES if type(p) is kind] or [value])


@st.composite
def odd_definitions(draw):
    """A built-in game's definition with one field, at any depth, replaced by any JSON value."""
    document = BUILT_INS[draw(st.sampled_from(sorted(BUILT_INS)))]
    place = draw(st.sampled_from(list(_places(document))))
    old = _at(document, place)
    value = draw(JSON_VALUES | _same_kind(old) | st.sampled_from([p for p in _pieces(document) if p is not document]))
    return place, _replaced(document, place, value)


def _at(document, place):
    for step in place:
        document = document[step]
    return document


@pytest.mark.timeout(1200)
def test_any_json_value_in_any_field_is_a_201_or_a_4xx_naming_a_field_never_a_500(table, make_api):
    api = make_api("Ana")
    players = list(table.players.values()) + [
        api.ok("POST", f"/leagues/{table.league_id}/players", {"name": n}, 201)["id"] for n in ("E", "F", "G", "H")]
    names = itertools.count()
    accepted = Counter()

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(odd_definitions())
    def post_it(odd):
        place, definition = odd
        response = api.post(f"/leagues/{table.league_id}/rulesets",
                            {"name": f"Odd {next(names)}", "definition": definition})
        body = response.get_json()
        assert response.status_code == 201 or (400 <= response.status_code < 500 and body["details"].get("path")), (
            place, response.status_code, body)
        uploaded = upload(table, json.dumps({"name": f"Odd {next(names)}", "definition": definition}).encode())
        assert uploaded.status_code == (303 if response.status_code == 201 else 422), (place, response.status_code)
        if response.status_code == 201:
            accepted[place[0]] += 1
            played_through_the_pages(table, api, body, players)
            for ruleset in api.ok("GET", f"/leagues/{table.league_id}/rulesets"):
                api.ok("DELETE", f"/rulesets/{ruleset['id']}", status=204)

    post_it()
    assert sum(accepted.values()) > 5, accepted  # some odd values are fine (another word, another number)


def played_through_the_pages(table, api, ruleset: dict, players: list[int]) -> None:
    """A game under an accepted house rule: its rules page, the game page, the board and a refused hand form."""
    web = table.web
    assert web.get(f"/leagues/{table.league_id}/house-rules/{ruleset['id']}").status_code == 200
    seated = players[:ruleset["definition"]["min_players"]]
    game = api.ok("POST", f"/leagues/{table.league_id}/games", {"variant": ruleset["key"], "player_ids": seated}, 201)
    for url in (f"/games/{game['id']}", f"/games/{game['id']}/board", f"/games/{game['id']}/print"):
        assert web.get(url).status_code == 200, url
    web.get(f"/games/{game['id']}")
    assert web.post(f"/games/{game['id']}/hands", {"idempotency_key": "odd"}).status_code == 422


def test_a_number_with_a_zero_fraction_is_that_whole_number_and_a_fraction_is_refused(api):
    league, _ = api.league()
    kept = api.ok("POST", f"/leagues/{league}/rulesets", {"name": "Whole", "definition": {
        "key": "ramo", "card_categories": [{"key": "low", "points": 3.0}], "min_players": 2.0}}, 201)
    low = kept["definition"]["card_categories"][0]
    assert low["points"] == 3 and isinstance(low["points"], int) and kept["definition"]["min_players"] == 2
    refused = api.post(f"/leagues/{league}/rulesets", {"name": "Half", "definition": {
        "key": "ramo", "card_categories": [{"key": "low", "points": 3.5}]}})
    assert refused.status_code == 422 and refused.get_json()["details"]["code"] == "not_an_integer"
