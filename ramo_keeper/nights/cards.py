"""Print for the tables: a round's table cards, and a `mix` night's whole seating in advance (A4).

The table cards give each table's number, its players in seat order and its code, one per A4 page. The
code is the table's own (page_context.table_view): while the board's link works it opens the table's
live game for anyone (nights/room.py), otherwise the game's live link or its page for the league's
members.

The whole night's seating (RULES.md §9): `mix` plans a night at once when its players do not change, so
every round can be printed before the first is played: the rounds seated so far as they were seated,
the rest as planned (`Night.plan`), one A4 page a round, then each player's table round by round.
"""

from dataclasses import dataclass

from flask import Blueprint, abort
from flask_login import login_required

from ..extensions import db
from ..models import Night
from ..web.access import require_league
from ..web.rendering import render
from .page_context import night_context
from .service import rounds_played

bp = Blueprint("night_cards", __name__)

# Players listed on one page of the "who sits where" index: 32 rows of a name and 12 rounds fit A4.
INDEX_ROWS = 32


@dataclass(frozen=True)
class PlannedRound:
    number: int
    seated: bool  # already played or playing (as seated), else still as planned
    tables: list[list[tuple[int, str]]]  # each table's players (id, name), in seat order


def _night(night_id: int):
    night = db.session.get(Night, night_id)
    if night is None:
        abort(404)
    league, _ = require_league(night.league_id)
    return night, league


@bp.get("/nights/<int:night_id>/cards")
@login_required
def table_cards(night_id: int):
    """The current round's table cards, for anyone in the night's league."""
    night, league = _night(night_id)
    return render("nights/table_cards.html", league=league, **night_context(night, with_links=True))


@bp.get("/nights/<int:night_id>/seating")
@login_required
def whole_night(night_id: int):
    """Every round of a `mix` night, seated or planned, to print before the night (anyone in the league)."""
    night, league = _night(night_id)
    context = night_context(night)
    rounds = planned_rounds(night, context["names"]) if night.seating == "mix" else []
    return render("nights/seating_plan.html", league=league, rounds=rounds,
                  index_pages=index_pages(rounds), **context)


def planned_rounds(night: Night, names: dict[int, str]) -> list[PlannedRound]:
    """The rounds seated so far, then the rounds `mix` planned for the players present (Night.plan)."""
    played = rounds_played(night)
    every = [(tables, True) for tables in played] + [(tables, False) for tables in night.plan or []]
    return [PlannedRound(number, seated, [[(pid, names.get(pid, "?")) for pid in table] for table in tables])
            for number, (tables, seated) in enumerate(every[:night.rounds], start=1)]


def index_pages(rounds: list[PlannedRound]) -> list[list[tuple[str, list[int | None]]]]:
    """Each player (by name) with their table in every round (None: not there), INDEX_ROWS a page."""
    seen: dict[int, tuple[str, list[int | None]]] = {}
    for at, planned in enumerate(rounds):
        for number, table in enumerate(planned.tables, start=1):
            for pid, name in table:
                seen.setdefault(pid, (name, [None] * len(rounds)))[1][at] = number
    rows = sorted(seen.values(), key=lambda row: (row[0].casefold(), row[0]))
    return [rows[start:start + INDEX_ROWS] for start in range(0, len(rows), INDEX_ROWS)]
