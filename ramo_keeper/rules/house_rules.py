"""One path for every definition (docs/RULES.md §8): merged onto the game it is based on, checked, read.

A built-in is read through ``define`` with nothing under it; a house rule, whether it comes from the
editor, the API, an uploaded file or a backup, is what its table sent laid over its game. ``define``
merges (``rules/merging.py``), states each fact once (``one_fact_each``), checks the whole document
(``rules/validation.py``), checks it keeps its game (the engine, and every option with the range the
game states), runs the app's own reading checks (its text and phrase rules, which need the app's words),
and returns the document and the game it defines. DefinitionError names the first bad field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .base import DefinitionError
from .engine_marks import check_engine_marks, check_target_reachable
from .engines import ENGINES
from .limits import FACTS_IN_OPTIONS
from .merging import merged, whole_numbers
from .validation import validate
from .variant import Variant

RANGE = ("kind", "choices", "minimum", "maximum")
# What the app checks that the core cannot (a label's characters, a rules-page line it can say).
Reader = Callable[[Mapping, Variant], None]


def _keeps_its_game(based_on: Variant, document: Mapping) -> None:
    """The engine is the game's, and every option is one of the game's with the range it states."""
    if document["engine"] != based_on.engine:
        raise DefinitionError("engine_changed", "engine", engine=based_on.engine)
    stated = {option["key"]: option for option in based_on.definition().get("option_details", ())}
    for i, option in enumerate(document.get("option_details", ())):
        own = stated.get(option["key"])
        if own is None:
            raise DefinitionError("no_such_option", f"option_details[{i}].key")
        for field in RANGE:
            if option.get(field) != own.get(field):
                raise DefinitionError("option_range_changed", f"option_details[{i}].{field}", option=option["key"])


def one_fact_each(doc: dict, posted: Mapping) -> dict[str, str]:
    """Each fact once: where an option carries a fact (Ramo's ``out_bonus`` is its out score), the option's
    default states it and the top-level field goes. A field the caller sent (and whose option they did not)
    becomes the option's default, as an old document or an older client writes it. Returns which option
    path now holds a value the caller sent under the field's name, so a refusal names the field they wrote.

    >>> doc = {"out_score": -30, "options": {"out_bonus": -50}}
    >>> one_fact_each(doc, {"out_score": -30}), doc
    ({'options.out_bonus': 'out_score'}, {'options': {'out_bonus': -30}})
    """
    options = doc.get("options")
    if not isinstance(options, dict):
        return {}  # the checks name it
    sent = posted.get("options")
    if isinstance(sent, list):  # the API's list of {"key", "default"} entries
        sent = {entry.get("key") for entry in sent if isinstance(entry, Mapping) and isinstance(entry.get("key"), str)}
    sent = set(sent) if isinstance(sent, Mapping | set) else set()
    moved = {}
    for field, option in FACTS_IN_OPTIONS.items():
        if option not in options or field not in doc:
            continue
        value = doc.pop(field)
        if field in posted and option not in sent:
            options[option] = value
            moved[f"options.{option}"] = field
    return moved


def define(posted, based_on: Variant | None = None, base: Mapping | None = None, key: str | None = None,
           name: str | None = None, reader: Reader | None = None) -> tuple[dict, Variant]:
    """The checked document and its game: ``posted`` laid over ``base`` (default: ``based_on``'s document,
    or nothing for a built-in), named ``key`` and ``name`` when given, within the ranges ``based_on`` states.

    >>> from .registry import get_variant
    >>> define({"options": {"out_bonus": 300}}, get_variant("ramo"), key="r", name="R")[1]
    Traceback (most recent call last):
    ramo_keeper.rules.base.DefinitionError: out_of_range {'path': 'options.out_bonus', 'minimum': -500, 'maximum': 0}
    """
    posted = whole_numbers(posted)
    if not isinstance(posted, Mapping):
        raise DefinitionError("not_an_object", "definition")
    if base is None:
        base = based_on.definition() if based_on is not None else {}
    doc = merged(base, posted)
    moved = one_fact_each(doc, posted)
    if key is not None:
        doc["key"] = key
    if name is not None:
        doc["name"] = name
    try:
        validate(doc, ENGINES)
        if based_on is not None:
            _keeps_its_game(based_on, doc)
        check_engine_marks(doc, ENGINES[doc["engine"]])
        check_target_reachable(doc, ENGINES[doc["engine"]])
    except DefinitionError as error:
        if error.path in moved:
            params = {name: value for name, value in error.params.items() if name != "path"}
            raise DefinitionError(error.code, moved[error.path], **params) from None
        raise
    variant = ENGINES[doc["engine"]](doc)
    if reader is not None:
        reader(doc, variant)
    return doc, variant
