"""A player's statistics: record per variant, best and worst games, lay-down rates per level, head-to-head.

Game records come from GameResult (finished games only) with GROUP BY queries. Lay-down rates
read the stored marks (the effective ones: going out counts as laying down) of every recorded hand
of a game with levels, finished or not, as the JSON list they are, grouped by the level stored with
the hand (HandResult.level_before): no hand is replayed or re-scored.
"""

from fractions import Fraction

from sqlalchemy import Boolean, case, func
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import aliased
from sqlalchemy.sql.functions import FunctionElement

from .. import rules
from ..extensions import db
from ..models import Game, GameResult, Hand, HandResult, Player, Season
from ..text.requirements import requirement
from ..variants import type_order, variant_named
from .standings import rounded


def _scope(query, season: Season | None):
    return query.where(GameResult.season_id == season.id) if season is not None else query


def _variant_order(key: str) -> tuple:
    return type_order(key)


def _game_type(key: str) -> rules.Variant:
    return variant_named(key) or rules.get_variant(key)


def records(player: Player, season: Season | None = None) -> list[dict]:
    """Per variant: games, wins, win %, average place, total, hands, average per hand, league points."""
    won = func.sum(case((GameResult.won.is_(True), 1), else_=0))
    query = _scope(
        db.select(GameResult.variant, func.count(GameResult.id), won, func.sum(GameResult.place),
                  func.sum(GameResult.total), func.sum(GameResult.hands_played), func.sum(GameResult.points))
        .where(GameResult.player_id == player.id).group_by(GameResult.variant), season)
    rows = []
    for variant, games, wins, places, total, hands, points in db.session.execute(query):
        games, wins, hands = int(games), int(wins), int(hands)
        rows.append({
            "variant": variant, "variant_name": _game_type(variant).name, "games": games, "wins": wins,
            "win_pct": rounded(Fraction(100 * wins, games), 1),
            "avg_place": rounded(Fraction(int(places), games), 2), "place_sum": int(places),
            "total": int(total), "hands": hands,
            "avg_per_hand": rounded(Fraction(int(total), hands), 2) if hands else 0.0, "points": int(points),
        })
    return sorted(rows, key=lambda row: _variant_order(row["variant"]))


def overall(rows: list[dict]) -> dict:
    """Games, wins, win % and average place over every variant (places compare across games)."""
    games = sum(r["games"] for r in rows)
    wins = sum(r["wins"] for r in rows)
    place_sum = sum(r["place_sum"] for r in rows)
    return {"games": games, "wins": wins,
            "win_pct": rounded(Fraction(100 * wins, games), 1) if games else 0.0,
            "avg_place": rounded(Fraction(place_sum, games), 2) if games else None}


def best_and_worst(player: Player, season: Season | None = None) -> list[dict]:
    """Per variant, the best game (best place, then best total) and the worst (the reverse)."""
    query = _scope(
        db.select(GameResult.variant, GameResult.game_id, GameResult.place, GameResult.table_size,
                  GameResult.total, GameResult.hands_played, Game.finished_at)
        .join(Game, Game.id == GameResult.game_id).where(GameResult.player_id == player.id), season)
    by_variant: dict[str, list] = {}
    for row in db.session.execute(query):
        by_variant.setdefault(row.variant, []).append(row)
    result = []
    for variant_key in sorted(by_variant, key=_variant_order):
        variant = _game_type(variant_key)
        sign = 1 if variant.lower_is_better else -1

        def goodness(row, sign=sign):
            return (row.place, sign * row.total, row.game_id)

        games = sorted(by_variant[variant_key], key=goodness)
        result.append({"variant": variant_key, "variant_name": variant.name,
                       "best": _game_line(games[0]), "worst": _game_line(games[-1]),
                       "single": len(games) == 1})
    return result


def _game_line(row) -> dict:
    return {"game_id": row.game_id, "place": row.place, "table_size": row.table_size, "total": row.total,
            "hands": row.hands_played, "finished_at": row.finished_at}


class holds(FunctionElement):  # noqa: N801 (used as a SQL function is: holds(column, key))
    """Whether a JSON list column holds a key, read as JSON by the database (SQLite's json_each,
    PostgreSQL's jsonb containment), never matched as text."""

    type = Boolean()
    inherit_cache = True
    name = "holds"


@compiles(holds)
def _holds_sqlite(element, compiler, **kw) -> str:
    column, key = (compiler.process(clause, **kw) for clause in element.clauses)
    return f"EXISTS (SELECT 1 FROM json_each({column}) WHERE json_each.value = {key})"


@compiles(holds, "postgresql")
def _holds_postgresql(element, compiler, **kw) -> str:
    column, key = (compiler.process(clause, **kw) for clause in element.clauses)
    return f"(CAST({column} AS JSONB) @> jsonb_build_array(CAST({key} AS TEXT)))"


def _hands_at_levels(player: Player, season: Season | None, variant_keys: list[str]):
    """(variant, level, mine, hands, laid down): every recorded hand counted by the level it was played at.

    The level is the one the rules stored with the hand (HandResult.level_before), so nothing is replayed.
    """
    mine = case((HandResult.player_id == player.id, 1), else_=0)
    laid = func.sum(case((holds(HandResult.marks, rules.LAID_DOWN), 1), else_=0))
    query = (
        db.select(Game.variant, HandResult.level_before, mine, func.count(HandResult.id), laid)
        .join(Hand, Hand.game_id == Game.id).join(HandResult, HandResult.hand_id == Hand.id)
        .where(Game.league_id == player.league_id, Game.variant.in_(variant_keys),
               HandResult.level_before.is_not(None))
        .group_by(Game.variant, HandResult.level_before, mine)
    )
    if season is not None:
        query = query.where(Game.season_id == season.id)
    return db.session.execute(query)


def lay_down_rates(player: Player, season: Season | None = None) -> list[dict]:
    """Per game with levels, per level: hands played at it and laid down, for this player and the league.

    The group's "stuck" level is the one with the lowest league-wide rate (the lower level on a tie),
    unless every level was always laid down. Only games someone played are listed.
    """
    variants = [v for v in rules.VARIANTS.values() if v.counts_lay_downs]
    counts = {v.key: ({n: [0, 0] for n in range(1, len(v.levels) + 1)},
                      {n: [0, 0] for n in range(1, len(v.levels) + 1)}) for v in variants}
    for variant_key, level, is_mine, hands, lay_downs in _hands_at_levels(player, season, list(counts)):
        mine, group = counts[variant_key]
        if level not in group:
            continue
        for table, counted in ((group, True), (mine, bool(is_mine))):
            if counted:
                table[level][0] += int(hands)
                table[level][1] += int(lay_downs)
    return [table for table in (_rates(v, *counts[v.key]) for v in variants) if table["any"]]


def _rates(variant: rules.Variant, mine: dict, group: dict) -> dict:
    rows = [{
        "level": level, "requirement": requirement(variant.levels[level - 1]),
        "hands": mine[level][0], "lay_downs": mine[level][1],
        "rate": rounded(Fraction(100 * mine[level][1], mine[level][0]), 1) if mine[level][0] else None,
        "group_hands": group[level][0], "group_lay_downs": group[level][1],
        "group_rate": rounded(Fraction(100 * group[level][1], group[level][0]), 1) if group[level][0] else None,
    } for level in sorted(group)]
    tried = [row for row in rows if row["group_hands"]]
    stuck = min(tried, key=lambda row: (Fraction(row["group_lay_downs"], row["group_hands"]), row["level"]),
                default=None)
    if stuck and stuck["group_lay_downs"] == stuck["group_hands"]:
        stuck = None  # everyone always laid down: nobody is stuck anywhere
    return {"variant": variant.key, "variant_name": variant.name, "level_word": variant.words.level,
            "levels": rows, "stuck_level": stuck["level"] if stuck else None,
            "played": any(row["hands"] for row in rows), "any": bool(tried)}


def head_to_head(player: Player, season: Season | None = None) -> list[dict]:
    """Against each other player, over finished games they both sat in: games, ahead, behind, level."""
    other = aliased(GameResult)
    query = _scope(
        db.select(other.player_id, Player.name, func.count(other.id),
                  func.sum(case((GameResult.place < other.place, 1), else_=0)),
                  func.sum(case((GameResult.place > other.place, 1), else_=0)),
                  func.sum(case((GameResult.place == other.place, 1), else_=0)))
        .join(other, (other.game_id == GameResult.game_id) & (other.player_id != GameResult.player_id))
        .join(Player, Player.id == other.player_id)
        .where(GameResult.player_id == player.id)
        .group_by(other.player_id, Player.name), season)
    rows = [{"player_id": pid, "name": name, "games": int(games), "ahead": int(ahead), "behind": int(behind),
             "level": int(level)} for pid, name, games, ahead, behind, level in db.session.execute(query)]
    return sorted(rows, key=lambda row: (-row["games"], row["name"].casefold()))


def player_stats(player: Player, season: Season | None = None) -> dict:
    rows = records(player, season)
    return {"player": {"id": player.id, "name": player.name},
            "season": {"id": season.id, "name": season.name} if season else None,
            "overall": overall(rows), "variants": rows, "games": best_and_worst(player, season),
            "lay_down": lay_down_rates(player, season), "head_to_head": head_to_head(player, season)}
