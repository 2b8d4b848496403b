"""What a person reads from a house rule: every text under the name rules, every line one the app can say.

A definition's texts (its labels, words, level requirements, its own sentences, an option's key)
show on the pages beside names, so they are refused for the characters names are refused for
(text/validation.py): with a U+202E or a zero-width space a label could read as another. A line of
the rules page (a meld's definition, a summary line) must be one of the app's sentences with the
values it needs, in every language (text.phrases.phrase_problem): the page could not say it otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from .. import rules
from ..text.phrases import phrase_problem
from ..text.validation import refusal

# The deepest a definition nests is six (levels[0].melds[0][0].kind); deeper is refused before it is read.
MAX_DEPTH = 12


def check_nesting(posted, path: str = "") -> None:
    """DefinitionError `too_deep` for lists or objects nested deeper than any definition's."""
    waiting = [(posted, path, 0)]
    while waiting:
        value, where, depth = waiting.pop()
        if depth > MAX_DEPTH:
            raise rules.DefinitionError("too_deep", where)
        if isinstance(value, Mapping):
            waiting += [(inner, _field(where, key), depth + 1) for key, inner in value.items()]
        elif isinstance(value, list):
            waiting += [(inner, f"{where}[{i}]", depth + 1) for i, inner in enumerate(value)]


def _field(path: str, key) -> str:
    return f"{path}.{key}" if path else str(key)


def _texts(value, path: str) -> Iterator[tuple[str, str]]:
    """(path, text) for every string in the document, in document order; a field's name is read at its object."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Mapping):
        for key, inner in value.items():
            yield path, str(key)
            yield from _texts(inner, _field(path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _texts(inner, f"{path}[{i}]")


def check_texts(doc: Mapping) -> None:
    """DefinitionError `control_characters` (with `kind`: control, bidi or invisible) for the first text that
    holds a character a name may not."""
    for path, text in _texts(doc, ""):
        if kind := refusal(text):
            raise rules.DefinitionError("control_characters", path or "definition", kind=kind)


def check(doc: Mapping, variant: rules.Variant) -> None:
    """The app's reading checks of a definition the core accepted (rules.define's reader)."""
    check_texts(doc)
    check_phrases(variant)


def check_phrases(variant: rules.Variant) -> None:
    """DefinitionError for the first line of the rules page the app cannot say: `not_a_choice` at its phrase
    when there is no such sentence, `bad_param` at its params when they do not fill the sentence."""
    lines = [(f"meld_kinds[{i}]", kind.definition) for i, kind in enumerate(variant.meld_kinds)]
    lines += [(f"scoring_summary[{i}]", line) for i, line in enumerate(variant.scoring_summary)]
    for path, phrase in lines:
        if field := phrase_problem(phrase):
            raise rules.DefinitionError("not_a_choice" if field == "phrase" else "bad_param", f"{path}.{field}")
