"""A checked backup's games as rows ready for the database driver, and the short write that stores them.

Everything that costs time per hand happens in `plan_rows`, before any write lock: the replay
through the rules, and every value turned into what the driver sends (JSON text, dates, booleans),
by the columns' own SQLAlchemy types. Only the ids that point at other new rows (players, seasons,
games, hands) are left as the backup names them, because the database gives the real ones.
`write_rows` runs under the lock: it maps those ids with a tuple per row and hands each table to
the driver as one executemany, with none of the ORM's or Core's per-row work.
"""

import json
from dataclasses import dataclass, field
from types import SimpleNamespace

from sqlalchemy.engine import Dialect

from .. import rules
from ..extensions import db
from ..games.stored import store_state
from ..models import Game, GameResult, Hand, HandResult, Seat, utcnow

# Per table: the columns that point at new rows (kind of id, column), then the columns stored as planned.
GAME_REFS = (("game", "id"), ("season", "season_id"), ("player", "first_dealer_id"),
             ("player", "next_dealer_id"), ("players", "winner_ids"), ("ruleset", "ruleset_id"))
GAME_COLUMNS = ("league_id", "variant", "options", "status", "version", "created_at", "updated_at", "finished_at",
                "hand_count", "definition", "live_counting")
SEAT_REFS = (("game", "game_id"), ("player", "player_id"))
SEAT_COLUMNS = ("position", "total", "level", "completed", "rounds_won", "rank", "end_bonus", "place")
HAND_REFS = (("hand", "id"), ("game", "game_id"), ("player", "dealer_id"), ("players", "winner_ids"))
HAND_COLUMNS = ("number", "created_at")
RESULT_REFS = (("hand", "hand_id"), ("player", "player_id"))
RESULT_COLUMNS = ("position", "cards", "marks", "value", "score", "level_before", "level_after", "completed")
GAME_RESULT_REFS = (("game", "game_id"), ("season", "season_id"), ("player", "player_id"))
GAME_RESULT_COLUMNS = ("variant", "table_size", "place", "points", "won", "total", "hands_played")
TABLES = ((Game, GAME_REFS, GAME_COLUMNS), (Seat, SEAT_REFS, SEAT_COLUMNS), (Hand, HAND_REFS, HAND_COLUMNS),
          (HandResult, RESULT_REFS, RESULT_COLUMNS), (GameResult, GAME_RESULT_REFS, GAME_RESULT_COLUMNS))
COLUMNS = {model: columns for model, _, columns in TABLES}


@dataclass
class PlannedRows:
    """Each table's rows: the backup's ids for the reference columns, then the driver's values."""

    games: int = 0
    hands: int = 0
    rows: dict = field(default_factory=lambda: {model: [] for model, _, _ in TABLES})


def _driver_values(model, columns: tuple[str, ...], dialect: Dialect):
    """A function turning a row's Python values into the driver's, by each column's type."""
    processors = [model.__table__.c[name].type.dialect_impl(dialect).bind_processor(dialect) for name in columns]

    def convert(values):
        return tuple(value if process is None or value is None else process(value)
                     for process, value in zip(processors, values, strict=True))
    return convert


def plan_rows(league_id: int, replayed: list[tuple[dict, rules.GameSetup, rules.GameState]],
              dialect: Dialect) -> PlannedRows:
    """The rows of every game; `replayed` holds each game's backup row, setup and replayed state."""
    convert = {model: _driver_values(model, columns, dialect) for model, _, columns in TABLES}
    plan, now = PlannedRows(), utcnow()
    for game_index, (row, setup, state) in enumerate(replayed):
        # Plain stand-ins go through the same store_state as a live game's rows: the ORM's bookkeeping
        # for each hand and result would cost more than the replay itself.
        game = SimpleNamespace(
            league_id=league_id, variant=setup.variant, options=dict(setup.options), version=row.get("version", 1),
            live_counting=row.get("live_counting", False),
            first_dealer_id=setup.first_dealer_id, season_id=row["season_id"], status="in_progress",
            definition=row.get("definition"), ruleset_id=row.get("ruleset_id"),
            created_at=row["created_at"] or now, updated_at=now, finished_at=None,
            seats=[SimpleNamespace(player_id=pid, position=i) for i, pid in enumerate(setup.player_ids)],
            # Every result row is there already, so store_state fills them in instead of making ORM objects.
            hands=[SimpleNamespace(number=outcome.number, created_at=now, results=[
                SimpleNamespace(player_id=line.player_id) for line in outcome.results]) for outcome in state.hands],
            results=[SimpleNamespace(player_id=p.player_id) for p in state.players] if state.finished else [])
        if state.finished:
            game.finished_at = row["finished_at"] or now  # store_state keeps a finish time it finds
        store_state(game, state)
        _add(plan, Game, convert, game, (game_index, game.season_id, game.first_dealer_id, game.next_dealer_id,
                                         tuple(game.winner_ids), game.ruleset_id))
        for seat in game.seats:
            _add(plan, Seat, convert, seat, (game_index, seat.player_id))
        for hand in game.hands:
            _add(plan, Hand, convert, hand, (plan.hands, game_index, hand.dealer_id, tuple(hand.winner_ids)))
            for result in hand.results:
                _add(plan, HandResult, convert, result, (plan.hands, result.player_id))
            plan.hands += 1
        for result in game.results:
            _add(plan, GameResult, convert, result, (game_index, game.season_id, result.player_id))
        plan.games += 1
    return plan


def _add(plan: PlannedRows, model, convert, obj, refs: tuple) -> None:
    plan.rows[model].append(refs + convert[model](tuple(getattr(obj, name) for name in COLUMNS[model])))


def write_rows(plan: PlannedRows, players: dict[int, int], seasons: dict[int, int],
               rulesets: dict[int, int] | None = None) -> list[int]:
    """Insert every planned row, the backup's player, season and house-rule ids mapped to the new ones
    (under the lock); returns the new games' ids, in the backup's order."""
    ids = {"game": reserve_ids(Game, plan.games), "hand": reserve_ids(Hand, plan.hands),
           "player": players, "season": {None: None, **seasons}, "ruleset": {None: None, **(rulesets or {})}}
    winner_lists: dict[tuple, str] = {}

    def winners(old: tuple) -> str:
        # A handful of distinct winner lists in a whole league: each is written as JSON once.
        if old not in winner_lists:
            winner_lists[old] = json.dumps([players[p] for p in old])
        return winner_lists[old]

    for model, refs, columns in TABLES:
        maps = [winners if kind == "players" else ids[kind].__getitem__ for kind, _ in refs]
        width = len(refs)
        if len(maps) == 2:  # seats and hand results, the most rows: spelled out to keep the loop tight
            first, second = maps
            rows = [(first(r[0]), second(r[1])) + r[2:] for r in plan.rows[model]]
        else:
            rows = [tuple(m(v) for m, v in zip(maps, r[:width], strict=True)) + r[width:] for r in plan.rows[model]]
        _insert(model, [name for _, name in refs] + list(columns), rows)
    return ids["game"]


def _insert(model, columns: list[str], rows: list[tuple]) -> None:
    """One executemany straight to the driver (no RETURNING, which SQLite would send row by row)."""
    if not rows:
        return
    dialect = db.session.get_bind().dialect
    quote = dialect.identifier_preparer.quote
    marker = "?" if dialect.paramstyle == "qmark" else "%s"
    # Only the models' own table and column names go into the text, quoted; the values are bound.
    sql = (f"INSERT INTO {quote(model.__table__.name)} ({', '.join(quote(c) for c in columns)}) "  # nosec B608
           f"VALUES ({', '.join([marker] * len(columns))})")
    db.session.connection().exec_driver_sql(sql, rows)


def reserve_ids(model, count: int) -> list[int]:
    """Ids for rows inserted in bulk, so that their children can point at them without reading back.

    PostgreSQL hands them out from the table's own sequence. SQLite runs one writer at a time and
    this transaction already holds the write lock, so the ids after the largest are ours.
    """
    if count == 0:
        return []
    table = model.__table__.name
    if db.session.get_bind().dialect.name == "postgresql":
        sequence = db.func.pg_get_serial_sequence(table, "id")
        return list(db.session.scalars(
            db.select(db.func.nextval(sequence)).select_from(db.func.generate_series(1, count))))
    start = (db.session.scalar(db.select(db.func.max(model.id))) or 0) + 1
    return list(range(start, start + count))
