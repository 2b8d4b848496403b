"""The OpenAPI 3.1 document, built from the recorded operations and the Pydantic models' JSON Schema."""

from functools import cache

from pydantic.json_schema import models_json_schema

from ..rules.registry import DEFAULT_GAME, VARIANTS
from .blueprint import OPERATIONS, PARAM, PUBLIC, bp
from .schemas import MAX_ID, Error

ERRORS = {
    400: "Malformed JSON or wrong types.",
    401: "No token, or an invalid or revoked one.",
    403: "A member of the league without the right role.",
    404: "Not found, or not visible to this user.",
    409: "Conflict: game finished, stale edit, idempotency key reused with another body, or duplicate name "
         "(`details.current` is then the player, season, league or ruleset that holds it, as {id, name}, or the "
         "built-in game a ruleset's name looks like, as {key, name}).",
    422: "A rule broken; the message names the player and the rule.",
    429: "Too many requests of this kind in a short time; `Retry-After` says after how many seconds to send again.",
}
# Where one operation's error means something narrower than the shared sentence says.
ERROR_OVERRIDES = {
    ("/games/{game_id}/bgstats", 409): "The game is still in progress: only a finished game can be sent to BG Stats.",
    ("/nights/{night_id}/rounds", 409): "A game of the current round is still running (`details.tables` names the "
                                        "tables still playing), or the night has played its last round or ended.",
    ("/nights/{night_id}", 409): "Players change only between rounds: a game of the current round is still running "
                                 "(`details.tables`), or the night is over.",
    ("/leagues/{league_id}/nights", 422): "A night the rules refuse (RULES.md §9): `details.path` names the field "
                                          "(`player_ids[3]`, `seating`, `rounds`, `table_size`, `variant`, "
                                          "`options.…`) and `details.code` the reason.",
}
REF = "#/components/schemas/{model}"


def _models():
    requests = {op.body for op in OPERATIONS if op.body}
    responses = {Error}
    for op in OPERATIONS:
        if isinstance(op.response, list):
            responses.add(op.response[0])
        elif isinstance(op.response, type):
            responses.add(op.response)
    pairs = [(m, "validation") for m in sorted(requests, key=lambda m: m.__name__)]
    pairs += [(m, "serialization") for m in sorted(responses, key=lambda m: m.__name__)]
    refs, top = models_json_schema(pairs, ref_template=REF)
    return {model: ref for (model, _), ref in refs.items()}, top.get("$defs", {})


def _content(response, refs) -> dict:
    if response == "text/csv":
        return {"text/csv": {"schema": {"type": "string"}}}
    if response == "openapi":
        return {"application/json": {"schema": {"type": "object"}}}
    schema = {"type": "array", "items": refs[response[0]]} if isinstance(response, list) else refs[response]
    return {"application/json": {"schema": schema}}


def _operation(op, refs) -> dict:
    params = [{"name": name, "in": "path", "required": True,
               "schema": {"type": "integer", "minimum": 1, "maximum": MAX_ID}, "example": 1}
              if name != "key" else {"name": name, "in": "path", "required": True,
                                     "schema": {"type": "string", "maxLength": 40}, "example": DEFAULT_GAME}
              for name in PARAM.findall(op.path)]
    summary, _, rest = op.summary.partition("\n")
    spec = {"operationId": op.endpoint, "summary": summary, "tags": [op.path.split("/")[1]],
            "parameters": params + list(op.headers.values()),
            "responses": {str(op.status): {"description": "No content."} if op.response is None else
                          {"description": "Success.", "content": _content(op.response, refs)}}}
    if f"{bp.name}.{op.endpoint}" in PUBLIC:
        spec["security"] = []
    if op.body is not None:
        spec["requestBody"] = {"required": True, "content": {"application/json": {"schema": refs[op.body]}}}
    for code in op.errors:
        spec["responses"][str(code)] = {"description": ERROR_OVERRIDES.get((op.path, code), ERRORS[code]),
                                        "content": {"application/json": {"schema": refs[Error]}}}
    return spec


def _games_named() -> str:
    """The built-in games in menu order, from the registry: "Ramo, Contract Rummy, … and Liverpool Rummy"."""
    names = [variant.name for variant in VARIANTS.values()]
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]


@cache
def document() -> dict:
    """Every endpoint of /api/v1 with its body, success shape and error codes."""
    refs, schemas = _models()
    paths: dict = {}
    for op in OPERATIONS:
        paths.setdefault(f"{bp.url_prefix}{op.path}", {})[op.method.lower()] = _operation(op, refs)
    return {
        "openapi": "3.1.0",
        "info": {"title": "Ramo Keeper API", "version": "1.0.0",
                 "description": f"Score keeping for {_games_named()}, and house rules of them. "
                                "Errors are {\"error\": sentence, \"details\": {...}}."},
        "paths": paths,
        "components": {"schemas": schemas,
                       "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
        "security": [{"bearer": []}],
    }
