"""A whole league as JSON (players, seasons, games and their hand inputs) and back.

The backup holds only the facts scores are derived from: importing replays every game through
the rules, so the imported league's totals, results and standings are recomputed, not copied,
and a tampered backup cannot smuggle in scores the rules would not produce. Accounts, members,
invite links, share links and the audit trail are not part of a league backup.

An import goes only into a league without players or games (its empty seasons, such as the
automatic "Season 1", are replaced by the backup's), so it can never mix with live data.
"""

from datetime import UTC, datetime

from .. import rules
from ..errors import Conflict, ServiceError
from ..extensions import db
from ..games.stored import store_results, sync_results
from ..models import Game, GameResult, Hand, League, Player, Season, Seat, utcnow
from ..seasons.service import MAX_MIN_GAMES, RANKINGS
from .service import add_player

FORMAT = "ramo-keeper-league-backup"
VERSION = 1
FLAGS = ("went_out", "laid_down", "knocked", "went_rummy")


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
            "hands": [{"number": h.number, "results": [
                {"player_id": r.player_id, "cards": dict(r.cards), **{flag: getattr(r, flag) for flag in FLAGS}}
                for r in h.results]} for h in g.hands],
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


def _get(mapping, key, kind, where: str, default=...):
    if not isinstance(mapping, dict):
        raise BadBackup(f"{where} should be an object.")
    if key not in mapping:
        if default is not ...:
            return default
        raise BadBackup(f"{where} has no {key!r}.")
    value = mapping[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise BadBackup(f"{where}: {key!r} should be a whole number.")
    if kind is not int and not isinstance(value, kind):
        raise BadBackup(f"{where}: {key!r} has the wrong type.")
    return value


def _parse_when(value) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)
        return parsed.astimezone(UTC).replace(tzinfo=None) if parsed.tzinfo else parsed
    except (ValueError, OverflowError):  # OverflowError: a zoned time at the edge of the calendar
        return None


def import_league(league: League, data: dict) -> dict:
    """Recreate a backup's players, seasons and games in an empty league; returns counts.

    Every game is replayed through the rules: a hand the rules refuse stops the whole import.
    """
    if not is_empty(league):
        raise Conflict("A backup can only be imported into a league without players or games: "
                       "create a new league for it.", field="file")
    if _get(data, "format", str, "The file") != FORMAT:
        raise BadBackup("This is not a Ramo Keeper league backup.")
    if _get(data, "version", int, "The file") != VERSION:
        raise BadBackup(f"This backup has version {data['version']}; this app reads version {VERSION}.")
    for empty in db.session.execute(db.select(Season).where(Season.league_id == league.id)).scalars():
        db.session.delete(empty)
    db.session.flush()
    players = _import_players(league, _get(data, "players", list, "The file"))
    seasons = _import_seasons(league, _get(data, "seasons", list, "The file"))
    games = _get(data, "games", list, "The file")
    for number, game in enumerate(games, 1):
        _import_game(league, game, f"Game {number}", players, seasons)
    db.session.flush()
    return {"players": len(players), "seasons": len(seasons), "games": len(games)}


def _import_players(league: League, rows: list) -> dict[int, Player]:
    players = {}
    for number, row in enumerate(rows, 1):
        where = f"Player {number}"
        old_id = _get(row, "id", int, where)
        if old_id in players:
            raise BadBackup(f"{where}: id {old_id} is used twice.")
        try:
            player = add_player(league, _get(row, "name", str, where))
        except ServiceError as error:
            raise BadBackup(f"{where}: {error.message}") from None
        player.archived = bool(_get(row, "archived", bool, where, False))
        players[old_id] = player
    return players


def _import_seasons(league: League, rows: list) -> dict[int, Season]:
    seasons, names, current_seen = {}, set(), False
    for number, row in enumerate(rows, 1):
        where = f"Season {number}"
        old_id = _get(row, "id", int, where)
        name = _get(row, "name", str, where).strip()
        ranking = _get(row, "ranking", str, where, "points")
        min_games = _get(row, "min_games", int, where, 0)
        if old_id in seasons or not name or name.casefold() in names or len(name) > 80:
            raise BadBackup(f"{where}: its id or name is missing, too long or used twice.")
        if ranking not in RANKINGS or not 0 <= min_games <= MAX_MIN_GAMES:
            raise BadBackup(f"{where}: unknown ranking {ranking!r}, or a minimum of games outside 0 to "
                            f"{MAX_MIN_GAMES}.")
        closed = bool(_get(row, "closed", bool, where, False))
        current = bool(_get(row, "is_current", bool, where, False)) and not closed and not current_seen
        current_seen = current_seen or current
        season = Season(league_id=league.id, name=name, ranking=ranking, min_games=min_games,
                        is_current=current, closed=closed)
        season.created_at = _parse_when(row.get("created_at")) or utcnow()
        db.session.add(season)
        names.add(name.casefold())
        seasons[old_id] = season
    db.session.flush()
    return seasons


def _import_game(league: League, row: dict, where: str, players: dict, seasons: dict) -> None:
    seat_ids = _get(row, "seats", list, where)
    for old_id in seat_ids:
        if isinstance(old_id, bool) or not isinstance(old_id, int) or old_id not in players:
            raise BadBackup(f"{where}: seat {old_id!r} is not one of the backup's players.")
    season_old = _get(row, "season_id", int, where, None) if row.get("season_id") is not None else None
    if season_old is not None and season_old not in seasons:
        raise BadBackup(f"{where}: season {season_old} is not one of the backup's seasons.")
    dealer_old = _get(row, "first_dealer_id", int, where, None) if row.get("first_dealer_id") is not None else None
    if dealer_old is not None and dealer_old not in players:
        raise BadBackup(f"{where}: the first dealer is not one of the backup's players.")
    seats = [rules.Seat(players[old].id, players[old].name) for old in seat_ids]
    hands = [_hand_input(hand, f"{where}, hand {i}", players)
             for i, hand in enumerate(_get(row, "hands", list, where), 1)]
    try:
        setup = rules.new_game(_get(row, "variant", str, where), seats,
                               players[dealer_old].id if dealer_old is not None else None,
                               _get(row, "options", dict, where, {}))
        state = rules.replay(setup, hands)
    except rules.RuleError as error:
        hand = f", hand {error.hand_number}" if error.hand_number else ""
        raise BadBackup(f"{where}{hand}: {error.message}.") from None
    game = Game(league_id=league.id, season_id=seasons[season_old].id if season_old is not None else None,
                variant=setup.variant, options=dict(setup.options), first_dealer_id=setup.first_dealer_id)
    game.created_at = _parse_when(row.get("created_at")) or utcnow()
    game.seats = [Seat(player_id=pid, position=i) for i, pid in enumerate(setup.player_ids)]
    for outcome in state.hands:
        hand_row = Hand(number=outcome.number)
        store_results(hand_row, outcome)
        game.hands.append(hand_row)
    if state.finished:
        # sync_results keeps a finish time it finds, so the backup's own one survives.
        game.status, game.finished_at = "finished", _parse_when(row.get("finished_at")) or utcnow()
    db.session.add(game)
    db.session.flush()
    sync_results(game, state)


def _hand_input(hand, where: str, players: dict) -> rules.HandInput:
    results = []
    for result in _get(hand, "results", list, where):
        old_id = _get(result, "player_id", int, where)
        if old_id not in players:
            raise BadBackup(f"{where}: player {old_id} is not one of the backup's players.")
        flags = {flag: bool(_get(result, flag, bool, where, False)) for flag in FLAGS}
        results.append(rules.PlayerResult(players[old_id].id, dict(_get(result, "cards", dict, where, {})),
                                          **flags))
    return rules.HandInput(tuple(results))


def results_count(league: League) -> int:
    """How many per-game results the league holds (a quick check after an import)."""
    return db.session.execute(db.select(db.func.count(GameResult.id)).join(Game)
                              .where(Game.league_id == league.id)).scalar_one()
