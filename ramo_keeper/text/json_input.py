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
    """The JSON parses, but holds a value no database stores: `kind` is "text" or "number", `path` where it
    stands as the API names a field (``definition.card_categories[0].key``; a key is named by itself)."""

    def __init__(self, kind: str, path: str):
        super().__init__(kind, path)
        self.kind, self.path = kind, path


class _NotFinite:
    """What NaN, ±Infinity and 1e400 parse to here, so that the walk can say where one stands."""


NOT_FINITE = _NotFinite()


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


def _first_unstorable(value) -> tuple[str, str] | None:
    """(kind, path) of the first value no database stores, in document order (without recursing)."""
    stack = [(value, "")]
    while stack:
        item, path = stack.pop()
        if item is NOT_FINITE:
            return "number", path
        if isinstance(item, str) and not storable(item):
            return "text", path
        if isinstance(item, dict):
            children = []
            for key, child in item.items():
                if not storable(key):  # named with the character it cannot hold shown as U+FFFD
                    shown = "".join(char if storable(char) else "\ufffd" for char in key)
                    return "text", f"{path}.{shown}" if path else shown
                where = f"{path}.{key}" if path else key
                children.append((child, where))
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend(reversed([(child, f"{path}[{index}]") for index, child in enumerate(item)]))
    return None


def may_hold_unstorable(text: str) -> bool:
    """Whether JSON text has an escape that may spell a character no column stores (then look at its texts)."""
    return any(escape in text for escape in SUSPECT_ESCAPES)


def storable_json(text: str | bytes):
    """The parsed JSON; NotStorable for NaN, ±Infinity, a number too large for a float, or text holding NUL,
    another control character (tab and line breaks aside) or a lone surrogate. Malformed JSON raises
    ValueError (json.JSONDecodeError) as json.loads does, and RecursionError where it does."""
    if isinstance(text, bytes):
        text = text.decode("utf-8-sig")
    seen = []

    def not_finite(_word: str) -> _NotFinite:  # NaN, Infinity, -Infinity
        seen.append(True)
        return NOT_FINITE

    def fraction(digits: str):
        value = float(digits)
        return value if math.isfinite(value) else not_finite(digits)  # 1e400

    value = json.loads(text, parse_constant=not_finite, parse_float=fraction)
    # A control character inside JSON text must be escaped (json.loads refuses it raw), so only an escape can
    # bring one: look at every text only when the body has such an escape, or a number was not finite.
    if (seen or may_hold_unstorable(text)) and (found := _first_unstorable(value)):
        raise NotStorable(*found)
    return value
