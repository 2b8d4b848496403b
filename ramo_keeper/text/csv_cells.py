"""Cells of the CSV files people open in a spreadsheet (standings, scoresheet): one formula guard for all."""

import unicodedata

# Every CSV starts with UTF-8's byte-order mark: without it Excel on Windows reads the file in the
# machine's old code page and garbles 지우 and Niccolò. A reader decoding "utf-8-sig" skips it.
BOM = "\ufeff"

# Spreadsheets run a cell starting with one of these as a formula. Some also read a character whose
# compatibility form is one of them as that one: the full-width "＝" typed with an East Asian input
# method, the small hyphen-minus "﹣", the superscript "⁼"… so the first character is compared in its
# NFKC form too.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def runs_as_formula(value: str) -> bool:
    """True for text a spreadsheet could run: it starts with a formula character, as typed or in NFKC form."""
    return value.startswith(FORMULA_STARTS) or unicodedata.normalize("NFKC", value[:1]).startswith(FORMULA_STARTS)


def text_cell(value: str) -> str:
    """Text that a spreadsheet would run as a formula gets a leading apostrophe."""
    return "'" + value if runs_as_formula(value) else value


def number_cell(value) -> str:
    """A number as a spreadsheet reads it (3.0 as 3), None as an empty cell; never guarded, so -12 stays -12."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
