"""CSV cells a spreadsheet would run as formulas (docs/EXPORTS.md): every character whose compatibility form
(NFKC) starts a formula is guarded, not only the ASCII ones and their full-width twins."""

import csv
import functools
import io
import sys
import unicodedata

from api.helpers import ramo, result

from ramo_keeper.text.csv_cells import number_cell, text_cell

# What spreadsheets run as a formula when a cell starts with it (written out here, not taken from the code).
ASCII_STARTS = ("=", "+", "-", "@", "\t", "\r")


@functools.cache
def formula_like() -> list[str]:
    """Every character whose NFKC form starts a formula: worked out when a test asks (a walk over all of
    Unicode, over a second), not each time a worker collects the suite."""
    every_character = (chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF)
    return [char for char in every_character if unicodedata.normalize("NFKC", char).startswith(ASCII_STARTS)]


def test_the_look_alikes_of_formula_starts_are_there_to_guard():
    # Small hyphen-minus, small plus, superscript equals, the Hebrew alternative plus sign, "⩵"…
    assert {"\ufe63", "\ufe62", "\u207c", "\ufb29", "\u2a75", "\uff0d"} <= set(formula_like())


def test_every_character_whose_nfkc_form_starts_a_formula_is_guarded():
    unguarded = [f"U+{ord(char):04X}" for char in formula_like() if text_cell(char + "1+1") != "'" + char + "1+1"]
    assert unguarded == []


def test_a_formula_start_with_a_mark_on_it_is_guarded_too():
    # "=" with a combining long solidus composes to "≠" under NFKC, but the spreadsheet still sees "=" first.
    assert text_cell("=\u03381+1") == "'=\u03381+1"


def test_other_text_and_numbers_are_left_alone():
    assert [text_cell(v) for v in ("Bo", "\u2212Bo", "(1)", "", "1-1")] == ["Bo", "\u2212Bo", "(1)", "", "1-1"]
    assert number_cell(-12) == "-12" and number_cell(3.0) == "3"


def test_a_player_named_with_a_small_hyphen_minus_is_guarded_in_the_standings_csv(api):
    league, ids = api.league(names=("\ufe63Bo", "\u207cSUM(A1)"))
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Spring"}, 201)
    game = api.game(league, "ramo", ids, season_id=season["id"], options={"progression": "per_round"})
    body = {"results": [result(ids[0], {}, went_out=True), result(ids[1], ramo(1), laid_down=True)]}
    for _ in range(8):
        api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    text = api.get(f"/seasons/{season['id']}/standings.csv").get_data().decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert [row[2] for row in rows[1:]] == ["'\ufe63Bo", "'\u207cSUM(A1)"]
