"""JSON sent to the app (an API body, an uploaded house rule), refused when no database can store what it holds.

Python's parser takes NaN, Infinity and 1e400 (as infinity), and \\u0000 in any text. SQLite stores
them; PostgreSQL refuses NUL in text and non-finite numbers in JSON, so the same request was a 4xx on
one database and a 500 on the other, wherever the value reached a row before a check refused it (a
night's options, a house rule's key). Checked here once, on the way in, for every JSON body the API
reads and every house rule file: nothing past this point sees such a value.
"""

import json
import math

from .validation import storable

# A \u escape that may spell a character no column stores: a C0 or C1 control, DEL, or a surrogate.
SUSPECT_ESCAPES = ("\\u00", "\\u007f", "\\u007F", "\\ud", "\\uD")


class NotStorable(ValueError):
    """The JSON parses, but holds a value no database stores; `kind` is "text" or "number"."""

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


def _not_finite(_text: str):
    raise NotStorable("number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400
        raise NotStorable("number")
    return value


def texts(value):
    """Every text in `value`, keys included (without recursing: the value is untrusted)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def may_hold_unstorable(text: str) -> bool:
    """Whether JSON text has an escape that may spell a character no column stores (then look at its texts)."""
    return any(escape in text for escape in SUSPECT_ESCAPES)


def storable_json(text: str | bytes):
    """The parsed JSON; NotStorable for NaN, ±Infinity, a number too large for a float, or text holding NUL,
    another control character (tab and line breaks aside) or a lone surrogate. Malformed JSON raises
    ValueError (json.JSONDecodeError) as json.loads does, and RecursionError where it does."""
    if isinstance(text, bytes):
        text = text.decode("utf-8-sig")
    value = json.loads(text, parse_constant=_not_finite, parse_float=_finite)
    # A control character inside JSON text must be escaped (json.loads refuses it raw), so only an escape can
    # bring one: look at every text only when the body has such an escape.
    if may_hold_unstorable(text) and not all(storable(item) for item in texts(value)):
        raise NotStorable("text")
    return value
