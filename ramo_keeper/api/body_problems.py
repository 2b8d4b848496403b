"""The sentence of a 400 for a body its model refuses, in the caller's language (docs/API.md).

Pydantic words its problems in English; `details.errors` keeps those words and types for scripts. The
sentence a person reads names the field by its path, as sent, and the problem in the reader's words.
"""

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

from ..i18n import with_particles

# Pydantic's error type -> what is wrong, filled from the error's context (its bounds).
PROBLEMS = {
    "missing": _l("%(where)s is missing."),
    "extra_forbidden": _l("%(where)s is not a field of this body."),
    "int_type": _l("%(where)s must be a whole number."),
    "int_from_float": _l("%(where)s must be a whole number."),
    "string_type": _l("%(where)s must be text."),
    "bool_type": _l("%(where)s must be true or false."),
    "list_type": _l("%(where)s must be a list."),
    "dict_type": _l("%(where)s must be an object."),
    "model_type": _l("%(where)s must be an object."),
    "greater_than_equal": _l("%(where)s must be at least %(ge)s."),
    "less_than_equal": _l("%(where)s must be at most %(le)s."),
    "string_too_long": _l("%(where)s can be at most %(max_length)s characters."),
    "too_long": _l("%(where)s can hold at most %(max_length)s entries."),
    "json_invalid": _l("The request body is not valid JSON."),
}


def json_path(loc) -> str:
    """A pydantic location as the API's other refusals name a place in the body: `card_list[2].rank`."""
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path


def body_problem(problem: dict | None) -> str:
    """"results[0].player_id must be at least 1." for pydantic's first problem with a body."""
    if problem is None:
        return gettext("The request body is not valid.")
    where = json_path(problem["loc"]) or gettext("The request body")
    context = problem.get("ctx") or {}
    if problem["type"] == "value_error" and "error" in context:
        # Our own validators' refusals (a name's characters) are already in the reader's words.
        return gettext("%(where)s: %(problem)s", where=where, problem=str(context["error"]))
    sentence = PROBLEMS.get(problem["type"])
    params = {"where": where, **{key: value for key, value in context.items() if isinstance(value, int | str)}}
    if sentence is None:
        return gettext("The request body is not valid: %(where)s: %(problem)s.", where=where, problem=problem["msg"])
    return with_particles(str(sentence) % params)
