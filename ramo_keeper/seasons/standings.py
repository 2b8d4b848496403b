"""Season standings (docs/RULES.md §5) from stored per-game results, and their CSV export.

The numbers come from one GROUP BY over GameResult (written by scoring.sync_results when a game
finishes), never from replaying hands; a test checks they equal a fresh replay.

Ranking (per variant; variants are never added together):
- "points" (default): league points, then wins, then average score per hand, then name;
- "wins": wins, then league points, then average per hand, then name;
- "average": average per hand, then league points, then wins, then name.
Average per hand is better when lower in penalty games (Ramo, Contract) and higher otherwise.
The name is the last key, as the rules say, so every ranked player has a rank of their own.
Players with fewer than the season's
`min_games` are listed apart, unranked, in the same order.
"""

import csv
import io
from fractions import Fraction

from sqlalchemy import case, func

from .. import rules
from ..extensions import db
from ..models import Game, GameResult, Player, Season
from ..text.csv_cells import BOM, number_cell, text_cell
from ..text.validation import folded
from ..variants import type_order, variant_named

CSV_HEADER = ("variant", "rank", "player", "games", "wins", "win_pct", "avg_place", "total", "avg_per_hand",
              "points")


def rounded(value: Fraction, digits: int) -> float:
    """Half away from zero, computed exactly: 2.675 -> 2.68 (float round() would give 2.67)."""
    scale = 10 ** digits
    scaled = abs(value) * scale
    whole = int(scaled + Fraction(1, 2))
    result = Fraction(whole, scale)
    return float(result if value >= 0 else -result)


def _aggregates(season_id: int):
    """One row per (variant, player): sums and counts over the season's finished games.

    The sums come from the covering index ix_game_result_standings alone: a game has result rows
    only while it is finished (games/stored.py writes them at the end and clears them when an undo
    reopens it), so no game row is read. The names are read apart, for the few players found, so
    the rows being grouped carry no strings to sort.
    """
    won = func.sum(case((GameResult.won.is_(True), 1), else_=0))
    query = (
        db.select(GameResult.variant, GameResult.player_id,
                  func.count(GameResult.id), won, func.sum(GameResult.place), func.sum(GameResult.total),
                  func.sum(GameResult.hands_played), func.sum(GameResult.points))
        .where(GameResult.season_id == season_id)
        .group_by(GameResult.variant, GameResult.player_id)
    )
    rows = db.session.execute(query).all()
    if not rows:
        return []
    names = {player_id: (name, folded(name)) for player_id, name in db.session.execute(
        db.select(Player.id, Player.name).where(Player.id.in_({row[1] for row in rows})))}
    return [(variant, player_id, *names[player_id], *sums) for variant, player_id, *sums in rows]


def _sort_key(stats: dict, ranking: str, lower_is_better: bool) -> tuple:
    """Smaller is better; the name is not part of it (see the module docstring)."""
    average = stats["_average"] if lower_is_better else -stats["_average"]
    points, wins = -stats["points"], -stats["wins"]
    if ranking == "wins":
        return (wins, points, average)
    if ranking == "average":
        return (average, points, wins)
    return (points, wins, average)


def standing_row(variant, player_id, name, name_key, games, wins, place_sum, total, hands, points) -> dict:
    games, wins, hands = int(games), int(wins), int(hands)
    average = Fraction(int(total), hands) if hands else Fraction(0)
    return {
        "rank": None, "player_id": player_id, "name": name, "games": games, "wins": wins,
        "win_pct": rounded(Fraction(100 * wins, games), 1), "avg_place": rounded(Fraction(int(place_sum), games), 2),
        "total": int(total), "avg_per_hand": rounded(average, 2), "points": int(points),
        "hands": hands, "_average": average, "_name_key": name_key,
    }


def standing_table(variant_key: str, rows: list[dict], season: Season) -> dict:
    variant = variant_named(variant_key) or rules.get_variant(variant_key)
    for row in rows:
        row["_key"] = _sort_key(row, season.ranking, variant.lower_is_better)
    rows.sort(key=lambda row: (row["_key"], row["_name_key"], row["player_id"]))
    ranked = [row for row in rows if row["games"] >= season.min_games]
    unranked = [row for row in rows if row["games"] < season.min_games]
    # docs/RULES.md §5 ends the ordering with the name, so every ranked player has a rank of their own.
    for i, row in enumerate(ranked):
        row["rank"] = i + 1
    for row in rows:
        for private in ("_key", "_average", "_name_key"):
            del row[private]
    # A house rule is a game type of its own (RULES.md §8): its key and its name as typed.
    return {"variant": variant_key, "name": variant.name, "variant_name": variant.name,
            "lower_is_better": variant.lower_is_better, "rows": ranked, "unranked": unranked}


def season_standings(season: Season) -> dict:
    """docs/API.md's Standings, plus "unranked" rows (below min_games) and the season's settings."""
    by_variant: dict[str, list[dict]] = {}
    for record in _aggregates(season.id):
        by_variant.setdefault(record[0], []).append(standing_row(*record))
    tables = [standing_table(key, by_variant[key], season) for key in sorted(by_variant, key=type_order)]
    return {
        "season": {"id": season.id, "name": season.name, "ranking": season.ranking,
                   "min_games": season.min_games, "is_current": season.is_current, "closed": season.closed},
        "tables": tables,
    }


def standings_csv(data: dict) -> str:
    """One line per table row (ranked, then unranked with an empty rank), RFC 4180, CRLF line ends.

    Only the text cells (variant, player) are guarded against formulas: numbers such as a
    total of -12 stay numbers.
    """
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(CSV_HEADER)
    for table in data["tables"]:
        for row in list(table["rows"]) + list(table.get("unranked", [])):
            writer.writerow([
                text_cell(str(table["variant"])), number_cell(row["rank"]), text_cell(str(row["name"])),
                *(number_cell(row[key]) for key in CSV_HEADER[3:]),
            ])
    return out.getvalue()


def season_points_series(season: Season) -> list[dict]:
    """League points over the season, per variant: each player's running sum after each finished game.

    [{"variant", "variant_name", "games": [game ids in finishing order], "players": [{"player_id",
    "name", "points": [cumulative after game 1, 2, …]}]}]; a player absent from a game keeps their sum.
    """
    query = (
        db.select(GameResult.variant, GameResult.game_id, GameResult.player_id, Player.name, GameResult.points)
        .join(Player, Player.id == GameResult.player_id)
        .join(Game, Game.id == GameResult.game_id)
        .where(GameResult.season_id == season.id, Game.status == "finished")
        .order_by(Game.finished_at, Game.id, GameResult.player_id)
    )
    series: dict[str, dict] = {}
    for variant, game_id, player_id, name, points in db.session.execute(query):
        entry = series.setdefault(variant, {"games": [], "points": {}, "names": {}})
        if not entry["games"] or entry["games"][-1] != game_id:
            entry["games"].append(game_id)
        entry["names"][player_id] = name
        entry["points"].setdefault(player_id, {})[game_id] = points
    result = []
    for key in sorted(series, key=type_order):
        entry = series[key]
        players = []
        for player_id, name in sorted(entry["names"].items(), key=lambda item: item[1].casefold()):
            running, line = 0, []
            for game_id in entry["games"]:
                running += entry["points"][player_id].get(game_id, 0)
                line.append(running)
            players.append({"player_id": player_id, "name": name, "points": line})
        variant = variant_named(key)
        result.append({"variant": key, "variant_name": variant.name if variant else key,
                       "games": entry["games"], "players": players})
    return result
