"""A whole league as JSON (players, seasons, games and their hand inputs) and back.

The backup holds only the facts scores are derived from: importing replays every game through
the rules, so the imported league's totals, results and standings are recomputed, not copied,
and a tampered backup cannot smuggle in scores the rules would not produce. Accounts, members,
invite links, share links and the audit trail are not part of a league backup.

An import goes only into a league without players or games (its empty seasons, such as the
automatic "Season 1", are replaced by the backup's), so it can never mix with live data.
"""

from dataclasses import dataclass, field
from datetime import UTC, datetime

from flask_babel import gettext
from pydantic import ValidationError

from .. import rules
from ..errors import Conflict, ServiceError
from ..extensions import db
from ..games import inputs
from ..games.stored import store_state
from ..i18n import N_
from ..messages import rule_message
from ..models import Game, GameResult, Hand, HandResult, League, Player, Season, Seat, utcnow
from ..text import folded, name_key
from .backup_file import BackupFile, GameRow, describe
from .limits import over_limit

FORMAT = "ramo-keeper-league-backup"
VERSION = 1


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def export_league(league: League) -> dict:
    """Every player, season and game of the league, with each hand's stored inputs."""
    players = db.session.execute(db.select(Player).where(Player.league_id == league.id)
                                 .order_by(Player.id)).scalars()
    seasons = db.session.execute(db.select(Season).where(Season.league_id == league.id)
                                 .order_by(Season.id)).scalars()
    games = db.session.execute(db.select(Game).where(Game.league_id == league.id).order_by(Game.id)).scalars()
    return {
        "format": FORMAT, "version": VERSION, "exported_at": _when(utcnow()),
        "league": {"name": league.name},
        "players": [{"id": p.id, "name": p.name, "archived": p.archived} for p in players],
        "seasons": [{"id": s.id, "name": s.name, "ranking": s.ranking, "min_games": s.min_games,
                     "is_current": s.is_current, "closed": s.closed, "created_at": _when(s.created_at)}
                    for s in seasons],
        "games": [{
            "id": g.id, "variant": g.variant, "options": dict(g.options), "season_id": g.season_id,
            "first_dealer_id": g.first_dealer_id, "seats": [seat.player_id for seat in g.seats],
            "status": g.status, "created_at": _when(g.created_at), "finished_at": _when(g.finished_at),
            "hands": [{"number": h.number, **inputs.to_body(inputs.from_rows(h.results))} for h in g.hands],
        } for g in games],
    }


def is_empty(league: League) -> bool:
    """No players and no games: the only kind of league a backup may be imported into."""
    has_players = db.session.execute(db.select(Player.id).where(Player.league_id == league.id)).first()
    has_games = db.session.execute(db.select(Game.id).where(Game.league_id == league.id)).first()
    return not has_players and not has_games


class BadBackup(ServiceError):
    """The file is not a backup this app can read; the message says what is wrong."""

    def __init__(self, message: str):
        super().__init__(message, field="file")


def _parse_when(value) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)
        return parsed.astimezone(UTC).replace(tzinfo=None) if parsed.tzinfo else parsed
    except (ValueError, OverflowError):  # OverflowError: a zoned time at the edge of the calendar
        return None


def _checked_file(data) -> BackupFile:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadBackup(gettext("This is not a Ramo Keeper league backup."))
    if data.get("version") != VERSION:
        raise BadBackup(gettext("This backup has version %(theirs)s; this app reads version %(ours)s.",
                                theirs=data.get("version"), ours=VERSION))
    # The limits first, on the raw lists: a huge file is refused before any row is looked at.
    for kind in ("players", "seasons", "games"):
        rows = data.get(kind)
        if isinstance(rows, list) and (message := over_limit(kind, len(rows))):
            raise BadBackup(message)
    try:
        backup = BackupFile.model_validate(data)
    except ValidationError as error:
        raise BadBackup(describe(error)) from None
    if message := over_limit("hands", sum(len(game.hands) for game in backup.games)):
        raise BadBackup(message)
    return backup


def _names(backup: BackupFile) -> dict[int, str]:
    return {p.id: p.name for p in backup.players}


def _check_references(backup: BackupFile) -> None:
    _unique([p.id for p in backup.players], [name_key(p.name) for p in backup.players], "player")
    # Seasons are told apart as seasons/service.py does (by folded name), so a league's own backup always reads.
    _unique([s.id for s in backup.seasons], [folded(s.name) for s in backup.seasons], "season")
    players, seasons = {p.id for p in backup.players}, {s.id for s in backup.seasons}
    for number, game in enumerate(backup.games, 1):
        where = gettext("Game %(number)d", number=number)
        for seat in game.seats:
            if seat not in players:
                raise BadBackup(gettext("%(where)s: seat %(seat)s is not one of the backup's players.",
                                         where=where, seat=seat))
        if game.season_id is not None and game.season_id not in seasons:
            raise BadBackup(gettext("%(where)s: season %(season)s is not one of the backup's seasons.",
                                     where=where, season=game.season_id))
        if game.first_dealer_id is not None and game.first_dealer_id not in players:
            raise BadBackup(gettext("%(where)s: the first dealer is not one of the backup's players.",
                                     where=where))
        for hand_number, hand in enumerate(game.hands, 1):
            for result in hand.results:
                if result.player_id not in players:
                    raise BadBackup(gettext("%(where)s, hand %(hand)d: player %(player)s is not one of "
                                            "the backup's players.",
                                            where=where, hand=hand_number, player=result.player_id))


# Whole sentences per row kind and field, so each language words them its own way.
TWICE = {
    ("player", "id"): N_("Player %(number)d: its id is used twice."),
    ("player", "name"): N_("Player %(number)d: its name is used twice."),
    ("season", "id"): N_("Season %(number)d: its id is used twice."),
    ("season", "name"): N_("Season %(number)d: its name is used twice."),
}


def _unique(ids: list[int], keys: list[str], row: str) -> None:
    for seen, what in ((ids, "id"), (keys, "name")):
        taken = set()
        for number, value in enumerate(seen, 1):
            if value in taken:
                raise BadBackup(gettext(TWICE[row, what], number=number))
            taken.add(value)


def _replay(game: GameRow, where: str, names: dict[int, str]):
    """The game's setup and state, with the backup's player ids."""
    seats = [rules.Seat(old, names[old]) for old in game.seats]
    hands = [inputs.from_body({"results": [r.model_dump() for r in hand.results]}) for hand in game.hands]
    try:
        setup = rules.new_game(game.variant, seats, game.first_dealer_id, game.options)
        return setup, rules.replay(setup, hands)
    except rules.RuleError as error:
        if error.hand_number:
            where = gettext("%(where)s, hand %(hand)d", where=where, hand=error.hand_number)
        raise BadBackup(gettext("%(where)s: %(problem)s.", where=where, problem=rule_message(error))) from None


def import_league(league: League, data) -> dict:
    """Recreate a backup's players, seasons and games in an empty league; returns counts.

    Everything is checked and computed first, with nothing written: the file's shape (pydantic),
    the league limits, every reference and name, and every game replayed through the rules into
    the rows to store. Only then the writes: a few bulk INSERTs in one short transaction, so the
    write lock (all of SQLite, the league's row on PostgreSQL) is held briefly.
    """
    backup = _checked_file(data)
    _check_references(backup)
    planned = [_planned_game(game, gettext("Game %(number)d", number=number), _names(backup))
               for number, game in enumerate(backup.games, 1)]
    # The first write: it takes the lock, so a second import into the same league waits here and
    # then finds the league no longer empty.
    db.session.execute(db.update(League).where(League.id == league.id).values(name=League.name))
    if not is_empty(league):
        raise Conflict(gettext("A backup can only be imported into a league without players or games: "
                               "create a new league for it."), field="file")
    return _write(league, backup, planned)


@dataclass
class PlannedGame:
    """One game's rows, computed before any write; player and season ids are still the backup's."""

    row: dict
    seats: list[dict]
    hands: list[tuple[dict, list[dict]]] = field(default_factory=list)
    results: list[dict] = field(default_factory=list)


GAME_COLUMNS = ("variant", "options", "first_dealer_id", "status", "version", "created_at", "finished_at",
                "hand_count", "next_dealer_id", "winner_ids")
SEAT_COLUMNS = ("player_id", "position", "total", "level", "completed", "rounds_won", "rank", "end_bonus", "place")
HAND_COLUMNS = ("dealer_id", "winner_ids")
HAND_RESULT_COLUMNS = ("player_id", "position", "cards", "went_out", "laid_down", "knocked", "went_rummy",
                       "value", "score", "level_before", "level_after", "completed")
GAME_RESULT_COLUMNS = ("player_id", "variant", "table_size", "place", "points", "won", "total", "hands_played")


def _planned_game(row: GameRow, where: str, names: dict[int, str]) -> PlannedGame:
    setup, state = _replay(row, where, names)
    # A transient Game with its seats and hands goes through the same store_state as a live game.
    game = Game(variant=setup.variant, options=dict(setup.options), first_dealer_id=setup.first_dealer_id,
                version=1, status="in_progress", created_at=_parse_when(row.created_at) or utcnow())
    game.seats = [Seat(player_id=pid, position=i) for i, pid in enumerate(setup.player_ids)]
    game.hands = [Hand(number=outcome.number) for outcome in state.hands]
    if state.finished:
        # store_state keeps a finish time it finds, so the backup's own one survives.
        game.finished_at = _parse_when(row.finished_at) or utcnow()
    store_state(game, state)
    plan = PlannedGame({column: getattr(game, column) for column in GAME_COLUMNS} | {"season_id": row.season_id},
                       [{column: getattr(seat, column) for column in SEAT_COLUMNS} for seat in game.seats])
    plan.hands = [({column: getattr(hand, column) for column in HAND_COLUMNS},
                   [{column: getattr(result, column) for column in HAND_RESULT_COLUMNS} for result in hand.results])
                  for hand in game.hands]
    plan.results = [{column: getattr(result, column) for column in GAME_RESULT_COLUMNS} for result in game.results]
    return plan


def _write(league: League, backup: BackupFile, planned: list[PlannedGame]) -> dict:
    """The writes: one statement per table, whatever the size of the backup."""
    db.session.execute(db.delete(Season).where(Season.league_id == league.id))
    _insert_rows(Player, [{"league_id": league.id, "name": p.name, "name_key": name_key(p.name),
                           "archived": p.archived} for p in backup.players])
    by_key = dict(db.session.execute(db.select(Player.name_key, Player.id).filter_by(league_id=league.id)).all())
    players = {p.id: by_key[name_key(p.name)] for p in backup.players}
    _insert_rows(Season, _season_rows(league, backup))
    by_name = dict(db.session.execute(db.select(Season.name, Season.id).filter_by(league_id=league.id)).all())
    seasons = {s.id: by_name[s.name] for s in backup.seasons}
    game_ids = _reserve_ids(Game, len(planned))
    hand_ids = iter(_reserve_ids(Hand, sum(len(plan.hands) for plan in planned)))
    games, seats, hands, hand_results, game_results = [], [], [], [], []
    for game_id, plan in zip(game_ids, planned, strict=True):
        season_id = seasons[plan.row["season_id"]] if plan.row["season_id"] is not None else None
        dealer = plan.row["next_dealer_id"]
        games.append(plan.row | {"id": game_id, "league_id": league.id, "season_id": season_id,
                                 "first_dealer_id": players[plan.row["first_dealer_id"]],
                                 "next_dealer_id": players[dealer] if dealer is not None else None,
                                 "winner_ids": [players[old] for old in plan.row["winner_ids"]]})
        seats += [seat | {"game_id": game_id, "player_id": players[seat["player_id"]]} for seat in plan.seats]
        for number, (hand, results) in enumerate(plan.hands, 1):
            hand_id = next(hand_ids)
            hands.append({"id": hand_id, "game_id": game_id, "number": number,
                          "dealer_id": players[hand["dealer_id"]],
                          "winner_ids": [players[old] for old in hand["winner_ids"]]})
            hand_results += [r | {"hand_id": hand_id, "player_id": players[r["player_id"]]} for r in results]
        game_results += [r | {"game_id": game_id, "season_id": season_id, "player_id": players[r["player_id"]]}
                         for r in plan.results]
    for model, rows in ((Game, games), (Seat, seats), (Hand, hands), (HandResult, hand_results),
                        (GameResult, game_results)):
        _insert_rows(model, rows)
    db.session.expire_all()
    return {"players": len(players), "seasons": len(seasons), "games": len(planned)}


def _reserve_ids(model, count: int) -> list[int]:
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


def _season_rows(league: League, backup: BackupFile) -> list[dict]:
    current_seen, rows = False, []
    for s in backup.seasons:
        current = s.is_current and not s.closed and not current_seen
        current_seen = current_seen or current
        rows.append({"league_id": league.id, "name": s.name, "ranking": s.ranking, "min_games": s.min_games,
                     "is_current": current, "closed": s.closed, "created_at": _parse_when(s.created_at) or utcnow()})
    return rows


def _insert_rows(model, rows: list[dict]) -> None:
    """All rows in one executemany INSERT (no RETURNING, which SQLite would send row by row), through
    Core: the ORM's bulk path costs several times more per row."""
    if rows:
        db.session.execute(model.__table__.insert(), rows)


def results_count(league: League) -> int:
    """How many per-game results the league holds (a quick check after an import)."""
    return db.session.execute(db.select(db.func.count(GameResult.id)).join(Game)
                              .where(Game.league_id == league.id)).scalar_one()
