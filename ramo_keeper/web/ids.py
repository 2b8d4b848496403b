"""Ids in paths: ASCII digits only, and never more than the database's integer columns hold.

Werkzeug's own `int` converter matches `\\d+`, which takes any Unicode digit: `/leagues/１` (full-width)
and `/leagues/١` (Arabic-Indic) would both serve league 1. Here the pattern itself spells out every
allowed number, so an odd or oversized id matches no route and is a plain 404. (A converter that
refuses a value after matching makes Werkzeug answer 405 when another rule shares the path.)
"""

from werkzeug.routing import IntegerConverter

# Integer columns on SQLite and PostgreSQL alike.
MAX_ID = 2**31 - 1


def digits_up_to(limit: int) -> str:
    """A regex for the ASCII decimal numbers from 0 to `limit` (leading zeros allowed)."""
    digits = str(limit)
    options = [f"[0-9]{{1,{len(digits) - 1}}}"] if len(digits) > 1 else []
    for i, digit in enumerate(digits):
        if digit != "0":
            rest = len(digits) - i - 1
            options.append(f"{digits[:i]}[0-{int(digit) - 1}]" + (f"[0-9]{{{rest}}}" if rest else ""))
    options.append(digits)
    return "(?:" + "|".join(options) + ")"


class IdConverter(IntegerConverter):
    """`<int:…>`: an id of ASCII digits that fits an integer column; anything else is not found."""

    regex = digits_up_to(MAX_ID)

    def __init__(self, map, *args, **kwargs):
        kwargs.setdefault("max", MAX_ID)
        super().__init__(map, *args, **kwargs)


class AsciiIntConverter(IntegerConverter):
    """`<unbounded_int:…>` for the API, which range-checks ids itself (after the token, as a JSON 404)."""

    regex = r"[0-9]+"


def init_app(app) -> None:
    app.url_map.converters["int"] = IdConverter
    app.url_map.converters["unbounded_int"] = AsciiIntConverter
