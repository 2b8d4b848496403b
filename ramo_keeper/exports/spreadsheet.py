"""The people's files: a season's standings and a game's scoresheet as .xlsx (docs/EXPORTS.md).

The CSVs are the machine format (English keys, stable columns). These are for reading and sorting in a
spreadsheet: headers, game names and dates in the reader's language, numbers in number cells, names
exactly as typed in text cells (a text cell never runs as a formula, so no guard changes them), the
header row frozen and each column as wide as what it holds.
"""

import io
import unicodedata
from datetime import date, datetime

import xlsxwriter
from flask_babel import format_date, gettext

from .. import rules
from ..rules.registry import variant_of
from ..text.game_words import game_name, game_word

MAX_WIDTH = 48  # characters: a long name wraps the sheet no wider than a laptop screen
# XlsxWriter would otherwise turn text that looks like a formula, a number or a URL into one.
OPTIONS = {"in_memory": True, "strings_to_formulas": False, "strings_to_numbers": False, "strings_to_urls": False}


def _shown_width(value) -> int:
    """Characters a cell shows, East Asian wide ones (지우) counted twice, as they take two columns."""
    text = value if isinstance(value, str) else str(value)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


class _Sheet:
    """One worksheet: a bold header row kept in view, rows of text and numbers, columns sized to fit."""

    def __init__(self, book, name: str, headers: list[str], formats: dict[int, str] | None = None):
        self.sheet = book.add_worksheet(name)
        self.bold = book.add_format({"bold": True, "bottom": 1})
        self.formats = {column: book.add_format({"num_format": pattern})
                        for column, pattern in (formats or {}).items()}
        self.widths = [_shown_width(header) for header in headers]
        self.line = 0
        for column, header in enumerate(headers):
            self.sheet.write_string(0, column, header, self.bold)
        self.sheet.freeze_panes(1, 0)

    def add(self, cells: list) -> None:
        self.line += 1
        for column, value in enumerate(cells):
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int | float):
                self.sheet.write_string(self.line, column, str(value))
            else:
                self.sheet.write_number(self.line, column, value, self.formats.get(column))
            self.widths[column] = max(self.widths[column], _shown_width(value))

    def finish(self) -> None:
        for column, width in enumerate(self.widths):
            self.sheet.set_column(column, column, min(width, MAX_WIDTH) + 2)


def _about(book, rows: list[tuple[str, object]]) -> None:
    """A second sheet naming what the file holds and when: label, value."""
    sheet = _Sheet(book, gettext("About this file"), [gettext("Item"), gettext("Value")])
    for row in rows:
        sheet.add(list(row))
    sheet.finish()


def _long_date(moment: date | datetime | None) -> str | None:
    return format_date(moment, "long", rebase=False) if moment else None


def standings_workbook(league_name: str, standings: dict, today: date) -> bytes:
    """The season's standings, one line per table row (ranked, then the players not ranked yet)."""
    out = io.BytesIO()
    book = xlsxwriter.Workbook(out, OPTIONS)
    headers = [gettext("Game"), gettext("Rank"), gettext("Player"), gettext("League points"), gettext("Games"),
               gettext("Wins"), gettext("Win %%") % {}, gettext("Average place"), gettext("Average score per hand"),
               gettext("Total")]
    sheet = _Sheet(book, gettext("Standings"), headers, {6: "0.0%", 7: "0.00", 8: "0.00"})
    for table in standings["tables"]:
        name = game_name(table["variant_name"])
        for row in list(table["rows"]) + list(table.get("unranked", [])):
            sheet.add([name, row["rank"], row["name"], row["points"], row["games"], row["wins"],
                       row["win_pct"] / 100, row["avg_place"], row["avg_per_hand"], row["total"]])
    sheet.finish()
    season = standings["season"]
    _about(book, [(gettext("League"), league_name), (gettext("Season"), season["name"]),
                  (gettext("Downloaded"), _long_date(today))])
    book.close()
    return out.getvalue()


def scoresheet_workbook(league_name: str, sheet_data: dict, state: rules.GameState, started: datetime,
                        finished: datetime | None) -> bytes:
    """The game's scoresheet: a line per hand per player, then each player's final total on the second sheet."""
    variant = variant_of(state.setup)
    out = io.BytesIO()
    book = xlsxwriter.Workbook(out, OPTIONS)
    categories, marks = sheet_data["categories"], sheet_data["marks"]
    headers = [_capital(game_word(variant.words.hand)), gettext("Dealer"), gettext("Player"),
               *(_capital(c["label"]) for c in categories), *(_capital(m["label"]) for m in marks),
               gettext("Points"), gettext("Total")]
    sheet = _Sheet(book, gettext("Scoresheet"), headers)
    names = {p["player_id"]: p["name"] for p in sheet_data["players"]}
    for row in sheet_data["rows"]:
        sheet.add([row["hand"], names[row["dealer_id"]], names[row["player_id"]],
                   *(row["cards"][c["key"]] for c in categories),
                   *("✓" if row[m["key"]] else None for m in marks), row["score"], row["total"]])
    sheet.finish()
    _about(book, [(gettext("League"), league_name), (gettext("Game"), sheet_data["game"]["name"]),
                  (gettext("Started"), _long_date(started)), (gettext("Finished"), _long_date(finished)),
                  *((gettext("Final total: %(name)s", name=p["name"]), p["final_total"])
                    for p in sheet_data["players"])])
    book.close()
    return out.getvalue()
