"""Cells of the CSV files people open in a spreadsheet (standings, scoresheet): one formula guard for all."""

# Spreadsheets run a cell starting with one of these as a formula; some also read the full-width forms
# (typed with an East Asian input method) as the ASCII ones.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def text_cell(value: str) -> str:
    """Text that a spreadsheet would run as a formula gets a leading apostrophe."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def number_cell(value) -> str:
    """A number as a spreadsheet reads it (3.0 as 3), None as an empty cell; never guarded, so -12 stays -12."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
