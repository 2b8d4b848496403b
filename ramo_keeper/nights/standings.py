"""A night's standings (docs/RULES.md §9): §5's standings over the night's finished games, and the ladder's order.

The numbers are the season standings' own (seasons/standings.py), summed over the GameResult rows of
the night's games instead of a season's: placement points scaled to table size, ranked by points,
then wins, then average score per hand, then name.
"""

import csv
import io
from types import SimpleNamespace

from sqlalchemy import case, func

from ..extensions import db
from ..models import GameResult, Night, Player
from ..seasons.standings import CSV_HEADER, standing_row, standing_table
from ..text.csv_cells import BOM, number_cell, text_cell
from ..text.validation import folded
from ..variants import type_order

# A night ranks by §5's default (points) and ranks everyone who played.
NIGHT_RANKING = SimpleNamespace(ranking="points", min_games=0)


def night_game_ids(night: Night) -> list[int]:
    """The games that count for the night: an abandoned table's does not (RULES.md §9)."""
    return [table.game_id for table in night.tables if table.game_id is not None and not table.abandoned]


def _aggregates(game_ids: list[int]):
    won = func.sum(case((GameResult.won.is_(True), 1), else_=0))
    rows = db.session.execute(
        db.select(GameResult.variant, GameResult.player_id, func.count(GameResult.id), won,
                  func.sum(GameResult.place), func.sum(GameResult.total), func.sum(GameResult.hands_played),
                  func.sum(GameResult.points))
        .where(GameResult.game_id.in_(game_ids or [0]))
        .group_by(GameResult.variant, GameResult.player_id)).all()
    names = {player_id: (name, folded(name)) for player_id, name in db.session.execute(
        db.select(Player.id, Player.name).where(Player.id.in_({row[1] for row in rows} or {0})))}
    return [(variant, player_id, *names[player_id], *sums) for variant, player_id, *sums in rows]


def night_standings(night: Night) -> dict:
    """The API's Standings of a night: {"night": {...}, "tables": [StandingTable]} (one table per game type).

    A finished night's are those it stored as it finished (nights/closing.py): they no longer move."""
    if night.final_standings is not None:
        tables = night.final_standings
    else:
        by_variant: dict[str, list[dict]] = {}
        for record in _aggregates(night_game_ids(night)):
            by_variant.setdefault(record[0], []).append(standing_row(*record))
        tables = [standing_table(key, by_variant[key], NIGHT_RANKING) for key in sorted(by_variant, key=type_order)]
    return {"night": {"id": night.id, "name": night.name, "rounds": night.rounds,
                      "current_round": night.current_round}, "tables": tables}


def ladder_order(night: Night, present: list[int]) -> list[int]:
    """The players present, best of the night first; those with no finished game yet last, by name."""
    ranked = [row["player_id"] for table in night_standings(night)["tables"] for row in table["rows"]]
    here = set(present)
    order = [player_id for player_id in dict.fromkeys(ranked) if player_id in here]
    rest = here - set(order)
    names = dict(db.session.execute(db.select(Player.id, Player.name).where(Player.id.in_(rest or {0}))).all())
    return order + sorted(rest, key=lambda player_id: (folded(names[player_id]), player_id))


def standings_csv(data: dict) -> str:
    """The season CSV's columns and formula guard (seasons/standings.py), one line per player."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(CSV_HEADER)
    for table in data["tables"]:
        for row in table["rows"]:
            writer.writerow([text_cell(str(table["variant"])), number_cell(row["rank"]), text_cell(str(row["name"])),
                             *(number_cell(row[key]) for key in CSV_HEADER[3:])])
    return out.getvalue()
