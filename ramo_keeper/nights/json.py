"""A night as the API shows it (docs/API.md `Night`)."""

from ..models import Night
from .seating import count_repeats
from .service import present_ids, rounds_played, status_of


def _table_status(table) -> str:
    if table.abandoned:
        return "abandoned"
    return "running" if table.game is not None and table.game.status != "finished" else "finished"


def _moment(value) -> str | None:
    return value.replace(microsecond=0).isoformat() + "Z" if value is not None else None


def night_dict(night: Night) -> dict:
    rounds: dict[int, list] = {}
    for table in sorted(night.tables, key=lambda t: (t.round, t.table)):
        rounds.setdefault(table.round, []).append({"table": table.table, "game_id": table.game_id,
                                                   "player_ids": list(table.seats), "status": _table_status(table)})
    return {
        "id": night.id, "league_id": night.league_id, "name": night.name, "variant": night.variant,
        "table_size": night.table_size, "rounds": night.rounds, "seating": night.seating,
        "season_id": night.season_id, "options": dict(night.options or {}), "player_ids": present_ids(night),
        "status": status_of(night), "current_round": night.current_round,
        "repeats": count_repeats(rounds_played(night)), "ended": night.ended_at is not None,
        "timer_ends_at": _moment(night.timer_ends_at),
        "round_list": [{"number": number, "tables": rounds[number]} for number in sorted(rounds)],
    }


def night_row(night: Night) -> dict:
    return {"id": night.id, "name": night.name, "variant": night.variant, "status": status_of(night),
            "current_round": night.current_round, "rounds": night.rounds}
