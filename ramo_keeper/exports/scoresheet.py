"""The round-by-round scoresheet (docs/EXPORTS.md, format 1): one row per hand per player.

Built from the game's stored state (games/stored.py): the stored hand inputs and what the rules
derived from them at the last write, so it never replays. Keys are English; the game's name and
the labels of its card categories and marks are in the reader's language.
"""

import csv
import io

from .. import rules
from ..rules.registry import variant_of
from ..text.csv_cells import BOM, number_cell, text_cell
from ..text.game_words import category_label, game_name, game_word

FORMAT = 1
# Every row and the CSV have a column per mark the app knows (docs/EXPORTS.md), whichever the game declares.
MARK_COLUMNS = rules.MARKS


def scoresheet(game_id: int, state: rules.GameState) -> dict:
    """docs/API.md's Scoresheet, plus the words a reader needs (`categories`, `marks`, final totals)."""
    variant = variant_of(state.setup)
    rows, running = [], {p.player_id: 0 for p in state.players}
    for outcome in state.hands:
        for line in outcome.results:
            running[line.player_id] += line.score
            rows.append({"hand": outcome.number, "dealer_id": outcome.dealer_id, "player_id": line.player_id,
                         "cards": {c.key: line.cards.get(c.key, 0) for c in variant.card_categories},
                         **rules.mark_fields(line.marks),
                         "score": line.score, "total": running[line.player_id]})
    return {
        "format": FORMAT,
        "game": {"id": game_id, "variant": state.setup.variant, "name": game_name(variant.name),
                 "status": "finished" if state.finished else "in_progress"},
        "players": [{"player_id": p.player_id, "name": p.name, "seat": p.seat, "final_total": p.total,
                     "end_bonus": p.end_bonus} for p in state.players],
        "categories": [{"key": c.key, "label": category_label(c.label), "points": c.points}
                       for c in variant.card_categories],
        "marks": [{"key": mark.key, "label": game_word(variant.mark_word(mark))} for mark in variant.marks],
        "rows": rows,
    }


def csv_header(sheet: dict) -> list[str]:
    return ["hand", "dealer_id", "dealer", "player_id", "player", *(c["key"] for c in sheet["categories"]),
            *MARK_COLUMNS, "score", "total"]


def scoresheet_csv(sheet: dict) -> str:
    """The rows as CSV: UTF-8, RFC 4180 (CRLF), text guarded against formulas as in the standings CSV."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(csv_header(sheet))
    # A spreadsheet reader sees who dealt and whose line it is without looking the ids up.
    names = {p["player_id"]: p["name"] for p in sheet["players"]}
    for row in sheet["rows"]:
        cells = [row["hand"], row["dealer_id"], names[row["dealer_id"]], row["player_id"], names[row["player_id"]],
                 *(row["cards"][c["key"]] for c in sheet["categories"]),
                 *(("true" if row[mark] else "false") for mark in MARK_COLUMNS), row["score"], row["total"]]
        writer.writerow([text_cell(cell) if isinstance(cell, str) else number_cell(cell) for cell in cells])
    return out.getvalue()
