"""The API's blueprint: bearer-token auth, JSON errors, and a route decorator that records the OpenAPI operation."""

import re
from dataclasses import dataclass, field

from flask import Blueprint, abort, g, request
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from pydantic import BaseModel, ValidationError

from ..accounts.service import user_for_token
from ..errors import ServiceError
from ..extensions import csrf, db
from ..text.json_input import NotStorable, storable_json
from ..web.json_errors import error
from .body_problems import body_problem, json_path
from .schemas import MAX_ID

bp = Blueprint("api", __name__, url_prefix="/api/v1")
# Bearer tokens only, never the session cookie, so there is nothing for a cross-site form to forge.
csrf.exempt(bp)

PUBLIC = {"api.openapi"}


@dataclass
class Operation:
    """One endpoint as OpenAPI sees it; `route` builds the Flask rule from the same facts."""

    method: str
    path: str
    endpoint: str
    summary: str
    body: type[BaseModel] | None
    status: int
    response: object  # a model, [model], "text/csv" or None
    errors: tuple[int, ...]
    headers: dict = field(default_factory=dict)


OPERATIONS: list[Operation] = []
PARAM = re.compile(r"\{(\w+)\}")


def route(method: str, path: str, status: int = 200, response=None, body=None, errors=(), headers=None):
    """Register a view under /api/v1`path` ({name} = a positive id) and describe it for OpenAPI.

    The view receives the path ids as keyword arguments, plus `body` (a validated model) when given.
    """
    # {key} is a game's key (text); every other {name} is an id.
    rule = PARAM.sub(lambda m: f"<{m[1]}>" if m[1] == "key" else f"<unbounded_int:{m[1]}>", path)

    def decorate(view):
        def endpoint(**kwargs):
            # Range-checked here, not in the converter: a converter refusal makes Werkzeug answer 405.
            if not all(1 <= value <= MAX_ID for value in kwargs.values() if isinstance(value, int)):
                abort(404)
            if body is not None:
                if refused := unstorable_body(request.get_data()):
                    return refused
                kwargs["body"] = body.model_validate_json(request.get_data())
            return view(**kwargs)

        summary = (view.__doc__ or "").strip()
        auth = () if f"api.{view.__name__}" in PUBLIC else (401,)
        OPERATIONS.append(Operation(method, path, view.__name__, summary, body, status, response,
                                    tuple(sorted({*auth, *errors})), headers or {}))
        bp.add_url_rule(rule, view.__name__, endpoint, methods=[method])
        return view

    return decorate


# What PostgreSQL cannot store, refused alike on both databases before any view sees it (text/json_input.py).
UNSTORABLE = {
    "text": _l("The request body holds a character that cannot be stored (such as NUL): remove it and try again."),
    "number": _l("The request body holds NaN, Infinity or a number too large to store: send finite numbers only."),
}


def unstorable_body(raw: bytes):
    """A 400 for a body that parses but holds a value no database stores; None for any other body (a
    malformed one is for the body's model to describe)."""
    try:
        storable_json(raw)
    except NotStorable as refused:
        return error(400, str(UNSTORABLE[refused.kind]), {"path": refused.path})
    except (ValueError, RecursionError):
        pass
    return None


def user():
    return g.api_user


@bp.before_request
def authenticate():
    if request.endpoint in PUBLIC:
        return None
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    found = user_for_token(token.strip()) if scheme.lower() == "bearer" and token.strip() else None
    if found is None:
        return error(401, gettext("Send a valid API token as 'Authorization: Bearer TOKEN'; "
                                  "'flask users token NAME' makes one."), headers={"WWW-Authenticate": "Bearer"})
    if found.is_guest:
        # Tokens made for guests before guests were refused them stop working here.
        return error(401, gettext("This token belongs to a guest: the API needs an account. Save the games to "
                                  "an account, then make a token on the account page."),
                     headers={"WWW-Authenticate": 'Bearer error="invalid_token"'})
    g.api_user = found
    return None


@bp.errorhandler(ServiceError)
def service_error(err: ServiceError):
    db.session.rollback()
    details = dict(err.details)
    if err.field:
        details.setdefault("field", err.field)
    return error(err.status, err.message, details)


@bp.errorhandler(ValidationError)
def bad_body(err: ValidationError):
    problems = err.errors(include_url=False, include_input=False, include_context=False)
    # The sentence names the first problem in the reader's language; details.errors keep pydantic's own words,
    # and details.path names the first problem's place in the body as the API's other refusals do.
    first = err.errors(include_url=False, include_input=False)[:1]
    path = json_path(problems[0]["loc"]) if problems else ""
    return error(400, body_problem(first[0] if first else None),
                 {"path": path,
                  "errors": [{"loc": list(p["loc"]), "msg": p["msg"], "type": p["type"]} for p in problems]})



@bp.errorhandler(400)
def bad_request(err):
    return error(400, gettext("The request could not be read: send JSON with the documented fields."))


@bp.errorhandler(500)
def server_error(err):
    # Scripts parse every answer as JSON, so even a crash keeps the error shape.
    db.session.rollback()
    return error(500, gettext("Something went wrong on our side and nothing was saved; try again later."))

