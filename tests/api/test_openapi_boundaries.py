"""The OpenAPI document states what the server enforces: a walk over every constraint it gives a request.

For each constraint (a length, a pattern, a bound, a list's size, `integer`) on each body field, path
parameter and header, one request sits just inside it and one just outside. Inside, the server may
say the request breaks a rule of the game (a 404 for an id nobody has, a 409 for a name taken, a 422
naming a rule) but never that the value itself is malformed: no 400, and no 422 that points at the
field. Outside, it must refuse (4xx). A schema-valid `integer` written 2669.0 is inside: JSON Schema
counts it an integer, and the API reads it as one.

A constraint the walk finds but cannot build a request for fails the test: a new one needs its case.
"""

import itertools
import json
import re
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import result, std

PREFIX = "/api/v1"
KEYWORDS = ("maxLength", "minLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
            "maxItems", "minItems", "multipleOf", "enum", "const")
# Names no name rule takes (spaces only, a zero-width space, a direction override, a Hangul filler, NUL,
# a line break, a byte order mark), for a pattern's outside.
UNNAMEABLE = ["   ", "A\u200bl", "a\u202eb", "Al\u3164", "a\x00b", "a\nb", "\ufeffAl", "\u2066Al", "Al\U000e0041"]
# Names every name rule takes, for a pattern's inside besides the drawn ones.
NAMEABLE = ["Zoë", "  민준  ", "Ω", "A l", "Niccolò", "李明", "👩\u200d"[:1]]


@dataclass(frozen=True)
class Constraint:
    method: str
    path: str
    where: str  # "body", "path" or "header"
    field: tuple  # keys and indexes inside the body ("*": every value of a mapping), or the parameter's name
    keyword: str
    value: object
    schema: dict


def _resolve(schema: dict, document: dict) -> dict:
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _walk(schema: dict, document: dict, field: tuple):
    """(field, keyword, value, schema) for every constraint in a body schema, $refs and nullable anyOfs resolved."""
    schema = _resolve(schema, document)
    for branch in schema.get("anyOf", ()):
        if _resolve(branch, document).get("type") != "null":
            yield from _walk(branch, document, field)
    for keyword in KEYWORDS:
        if keyword in schema:
            yield field, keyword, schema[keyword], schema
    if schema.get("type") == "integer":
        yield field, "type", "integer", schema
    for name, inner in schema.get("properties", {}).items():
        yield from _walk(inner, document, (*field, name))
    if isinstance(schema.get("additionalProperties"), dict):
        yield from _walk(schema["additionalProperties"], document, (*field, "*"))
    if "items" in schema:
        yield from _walk(schema["items"], document, (*field, 0))


def constraints(document: dict) -> list[Constraint]:
    found = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", ()):
                for keyword in KEYWORDS:
                    if keyword in parameter["schema"]:
                        found.append(Constraint(method.upper(), path, parameter["in"], (parameter["name"],), keyword,
                                                parameter["schema"][keyword], parameter["schema"]))
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body:
                found += [Constraint(method.upper(), path, "body", field, keyword, value, schema)
                          for field, keyword, value, schema in _walk(body["schema"], document, ())]
    return found


class Seeded:
    """A league with four players, a season, a game with one hand, a game for drafts and a house rule;
    a valid request for every operation that takes a body, a path id or a header."""

    def __init__(self, api):
        self.api = api
        self.names = itertools.count()
        self.league, (self.a, self.b, self.c, self.d) = api.league()
        self.season = api.ok("POST", f"/leagues/{self.league}/seasons", {"name": "Spring"}, 201)["id"]
        self.game = api.game(self.league, "rummy", [self.a, self.b])["id"]
        api.ok("POST", f"/games/{self.game}/hands", self.hand(), 201)
        self.draft_game = api.game(self.league, "rummy", [self.c, self.d])["id"]
        self.ruleset = api.ok("POST", f"/leagues/{self.league}/rulesets",
                              {"name": "Seeded rule", "definition": {"key": "rummy"}}, 201)["id"]
        self.night = api.ok("POST", f"/leagues/{self.league}/nights", self.night_body(), 201)["id"]

    def night_body(self) -> dict:
        return {"name": self.name(), "variant": "rummy", "player_ids": [self.a, self.b, self.c, self.d],
                "table_size": 4, "rounds": 2, "seating": "mix", "season_id": self.season, "options": {"target": 150}}

    def name(self) -> str:
        return f"Name {next(self.names)}"

    def hand(self) -> dict:
        return {"results": [result(self.a, {}, went_out=True), result(self.b, std(pips=5, tens=1))]}

    def ids(self) -> dict:
        """A path id that exists, by parameter name."""
        return {"league_id": self.league, "game_id": self.game, "season_id": self.season, "number": 1,
                "player_id": self.a, "ruleset_id": self.ruleset, "key": "rummy",
                "night_id": self.night, "table": 1}

    def request(self, method: str, path: str) -> tuple[dict, object, dict]:
        """(path ids, body, headers) of a request the server takes."""
        ids = self.ids()
        route = path.removeprefix(PREFIX)
        if route == "/games/{game_id}/hands/{number}/drafts/{player_id}":
            ids |= {"game_id": self.draft_game, "number": 1, "player_id": self.c}
            # With its one card (docs/API.md card_list), so the walk reaches the card's bounds too.
            return ids, {**result(self.c, std(pips=5)), "card_list": [{"category": "pips", "rank": 5}]}, {}
        bodies = {
            ("POST", "/leagues"): lambda: {"name": self.name()},
            ("PATCH", "/leagues/{league_id}"): lambda: {"name": self.name(), "ratings": False},
            ("POST", "/leagues/{league_id}/players"): lambda: {"name": self.name()},
            ("POST", "/leagues/{league_id}/seasons"): lambda: {"name": self.name()},
            ("POST", "/leagues/{league_id}/games"): lambda: {
                "variant": "rummy", "player_ids": [self.a, self.b], "first_dealer_id": self.a,
                "season_id": self.season, "options": {"target": 150}},
            ("POST", "/games/{game_id}/hands"): self.hand,
            ("PUT", "/games/{game_id}/hands/{number}"): self.hand,
            ("POST", "/leagues/{league_id}/rulesets"): lambda: {"name": self.name(), "definition": {"key": "rummy"}},
            ("PUT", "/rulesets/{ruleset_id}"): lambda: {"name": self.name(), "definition": {}},
            ("POST", "/leagues/{league_id}/nights"): self.night_body,
            ("PATCH", "/nights/{night_id}"): lambda: {"name": self.name(), "player_ids": [self.a, self.b, self.c,
                                                                                          self.d], "timer_minutes": 30},
        }
        body = bodies[(method, route)]() if (method, route) in bodies else None
        headers = {"Idempotency-Key": f"key-{next(self.names)}"} if route == "/games/{game_id}/hands" else {}
        return ids, body, headers

    def send(self, constraint: Constraint, value):
        ids, body, headers = self.request(constraint.method, constraint.path)
        if constraint.where == "path":
            ids[constraint.field[0]] = value
        elif constraint.where == "header":
            headers[constraint.field[0]] = value
        else:
            body = _with(body, constraint.field, value)
        url = constraint.path.removeprefix(PREFIX).format(**ids)
        data = json.dumps(body, ensure_ascii=False).encode() if body is not None else None
        return self.api.call(constraint.method, url, data=data, headers={"Content-Type": "application/json", **headers})


def _with(body, field: tuple, value):
    """The body with `value` at `field` ("*": every value of the mapping there; a list index past the end: a list
    of that many copies of the first entry, for a bound on a list's size)."""
    if not field:
        return value
    step, rest = field[0], field[1:]
    if step == "*":
        return {key: _with(inner, rest, value) for key, inner in body.items()}
    if isinstance(step, int):
        return [_with(entry, rest, value) for entry in body]
    return {**body, step: _with(body.get(step), rest, value)}


def boundary_values(constraint: Constraint, seeded: Seeded) -> tuple[list, list]:
    """(inside, outside): values just within the constraint, and just past it."""
    keyword, value = constraint.keyword, constraint.value
    if keyword == "maxLength":
        return ["x" * value], ["x" * (value + 1)]
    if keyword == "minLength":
        return ["x" * max(value, 1)], ["x" * (value - 1)] if value > 0 else []
    if keyword == "pattern":
        limit = constraint.schema.get("maxLength", 40)
        drawn = _drawn(value, limit)
        inside = [text for text in [*NAMEABLE, *drawn] if re.fullmatch(value, text) and len(text) <= limit]
        if constraint.where == "header":
            inside, outside = _header_values(constraint.field[0])
            return inside, [text for text in outside if not re.search(value, text)]
        return inside, [text for text in UNNAMEABLE if not re.search(value, text)]
    if keyword in ("minimum", "maximum"):
        step = -1 if keyword == "minimum" else 1
        return [value], [value + step]
    if keyword == "maxItems":  # the list's field itself: a list of that many entries
        return [("items", value)], [("items", value + 1)]
    if keyword == "type":  # integer: a number with a zero fraction is one, a fraction is not
        return [("float", 1.0)], [("float", 1.5)]
    raise AssertionError(f"no boundary request for {keyword} at {constraint.path} {constraint.field}")


def _header_values(name: str) -> tuple[list, list]:
    if name == "Idempotency-Key":
        return ["~" * 100, "a b"], ["\u00e9", "ok\u200bkey"]
    return ['"999999999"', 'W/"1"'], ["abc", '"1234567890"']


def _drawn(pattern: str, limit: int) -> list[str]:
    """A few strings drawn from the pattern itself, as a fuzzer would."""
    drawn: list[str] = []

    @settings(max_examples=12, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
    @given(st.from_regex(pattern, fullmatch=True).filter(lambda text: len(text) <= limit))
    def draw(text):
        drawn.append(text)

    draw()
    return drawn


def _held(value, field: tuple) -> list:
    """Every value the body holds at `field` (each entry of a list, each value of a mapping at "*")."""
    if not field:
        return [value]
    step, rest = field[0], field[1:]
    if step == "*":
        return [found for inner in value.values() for found in _held(inner, rest)]
    if isinstance(step, int):
        return [found for entry in value for found in _held(entry, rest)]
    return _held(value[step], rest)


def _concrete(raw, constraint: Constraint, seeded: Seeded):
    """A boundary value made concrete for the field it goes in: a list of a size, or the number the field holds
    written as a float (inside) or with a fraction (outside)."""
    if not isinstance(raw, tuple):
        return raw
    _, body, _ = seeded.request(constraint.method, constraint.path)
    kind, amount = raw
    if kind == "items":
        return [_held(body, constraint.field)[0][0]] * amount
    number = _held(body, constraint.field)[0] if constraint.where == "body" else seeded.ids()[constraint.field[0]]
    return float(number) if amount == 1.0 else number + 0.5


TEXT_REFUSALS = {"invalid", "empty_text", "text_too_long", "control_characters", "not_text"}


def _refuses_the_value(response, constraint: Constraint) -> bool:
    """The server said the value itself is malformed (not that it names nothing, or breaks a rule of the game):
    the body check's 400 listing its errors, a header's 400, or a text refusal (422) naming the field."""
    if response.status_code < 400:
        return False
    details = (response.get_json(silent=True) or {}).get("details", {})
    if response.status_code == 400:
        return "errors" in details or constraint.where == "header"
    named = {str(step) for step in constraint.field}
    return (response.status_code == 422 and constraint.keyword in ("maxLength", "minLength", "pattern")
            and details.get("code") in TEXT_REFUSALS and bool({details.get("field"), details.get("path")} & named))


@pytest.fixture
def seeded(api):
    return Seeded(api)


def test_the_walk_finds_the_constraints_the_server_enforces(client):
    found = constraints(client.get("/api/v1/openapi.json").get_json())
    names = {(c.path.removeprefix(PREFIX), c.field, c.keyword) for c in found if c.field[-1] == "name"}
    assert ("/leagues", ("name",), "pattern") in names
    assert ("/leagues/{league_id}/players", ("name",), "maxLength") in names
    assert ("/leagues/{league_id}/rulesets", ("name",), "maxLength") in names
    integers = {(c.path.removeprefix(PREFIX), c.field) for c in found if c.keyword == "type"}
    assert ("/leagues/{league_id}/games", ("player_ids", 0)) in integers
    assert ("/games/{game_id}/hands", ("results", 0, "cards", "*")) in integers
    by_field = {(c.path.removeprefix(PREFIX), c.field, c.keyword): c.value for c in found}
    assert by_field[("/leagues/{league_id}/rulesets", ("name",), "maxLength")] == 60  # what the server takes


def test_every_constraint_of_the_document_is_what_the_server_enforces(seeded, client):
    document = client.get("/api/v1/openapi.json").get_json()
    problems = []
    for constraint in constraints(document):
        inside, outside = boundary_values(constraint, seeded)
        for raw in inside:
            value = _concrete(raw, constraint, seeded)
            response = seeded.send(constraint, value)
            if response.status_code >= 500 or _refuses_the_value(response, constraint):
                problems.append(("inside refused", constraint.method, constraint.path, constraint.field,
                                 constraint.keyword, repr(value)[:60], response.status_code,
                                 response.get_data(as_text=True)[:200]))
        for raw in outside:
            value = _concrete(raw, constraint, seeded)
            response = seeded.send(constraint, value)
            if not 400 <= response.status_code < 500:
                problems.append(("outside taken", constraint.method, constraint.path, constraint.field,
                                 constraint.keyword, repr(value)[:60], response.status_code))
    assert problems == [], "\n".join(map(repr, problems))


@pytest.mark.parametrize("limit", [40, 60, 80])
def test_every_name_the_documents_pattern_allows_is_one_the_server_takes(app, limit):
    """Drawn from the document's own pattern and length, as a fuzzer draws: clean_name() takes each one, within
    the same length (NFC never makes it longer)."""
    from ramo_keeper.text.validation import clean_name, name_pattern

    pattern = name_pattern()

    @settings(max_examples=100, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.from_regex(pattern, fullmatch=True).filter(lambda text: len(text) <= limit))
    def taken(text):
        assert re.search(pattern, text)
        with app.test_request_context():
            clean_name(text, limit=limit)

    taken()
