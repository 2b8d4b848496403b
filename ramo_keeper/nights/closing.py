"""How a night ends (docs/RULES.md §9): end it early, reopen it, abandon a table, a round timer, and the
standings a finished night keeps.

"End the night" makes the current round the last: its running tables finish their games, and those count.
The night is finished once its last round's tables have all finished (or been abandoned); at that moment
it stores its standings (`final_standings`), so a later correction of one of its games moves the season's
standings but never the night's. A finished night's last table may finish anywhere a game is written
(a hand on a phone, the API, an import), so a transaction that finishes a game asks here, as it commits,
whether its night is now finished (`init_app`'s listeners): games/ never has to know about nights.
"""

from datetime import timedelta

from flask import Flask
from flask_babel import gettext, ngettext
from sqlalchemy import event, inspect
from sqlalchemy.orm import Session

from ..errors import Conflict, NotFound
from ..extensions import db
from ..games.stored import lock_game
from ..models import Game, Night, NightTable, utcnow
from . import limits
from .service import current_tables, lock_night, status_of
from .standings import night_standings

LONGEST_TIMER = 240  # minutes: a round timer is for one round of one evening


def settle(night: Night) -> None:
    """Store the moment and the standings of a night that has just finished; a finished one keeps its own."""
    if night.finished_at is None and status_of(night) == "finished":
        night.final_standings = night_standings(night)["tables"]
        night.finished_at = utcnow()
        night.timer_ends_at = None


def end_night(night_id: int) -> Night:
    """The current round becomes the last: no further round is seated, running tables finish and count."""
    night = lock_night(night_id)
    if night.ended_at is None and night.finished_at is None:
        night.ended_at = utcnow()
        night.version += 1
        settle(night)
    return night


def reopen_night(night_id: int) -> Night:
    """An ended night with rounds left goes on as planned; its standings follow its games again. 409 otherwise."""
    night = lock_night(night_id)
    if night.ended_at is None:
        return night  # never ended: nothing to reopen
    if night.current_round >= night.rounds:
        raise Conflict(gettext("%(night)s has played all its rounds: there is nothing to reopen.", night=night.name),
                       details={"code": "all_rounds_played", "rounds": night.rounds})
    night.ended_at = night.finished_at = night.final_standings = None
    night.version += 1
    return night


def abandon_table(night_id: int, number: int) -> Night:
    """Mark the current round's table `number` abandoned: its game leaves the night and the season."""
    night = lock_night(night_id)
    table = next((t for t in current_tables(night) if t.table == number), None)
    if table is None:
        raise NotFound(gettext("Round %(round)s has no table %(table)s.", round=night.current_round, table=number))
    if status_of(night) == "finished":
        raise Conflict(gettext("%(night)s is over: its standings no longer change.", night=night.name),
                       details={"code": "night_finished"})
    if table.abandoned:
        return night
    if table.game_id is not None and (game := lock_game(table.game_id)) is not None:
        if game.season is not None and game.season.closed:
            raise Conflict(gettext("%(season)s is closed, so its games can no longer change: the owner can reopen "
                                   "the season first.", season=game.season.name))
        game.season_id = None  # out of the season's standings; a game of the league still, in no season
        for result in game.results:
            result.season_id = None
        game.version += 1
    table.abandoned = True
    night.version += 1
    db.session.flush()
    settle(night)
    return night


def set_timer(night_id: int, minutes: int) -> Night:
    """Start (or restart) the current round's timer for `minutes`; 0 stops it. A finished night has none."""
    night = lock_night(night_id)
    if not 0 <= minutes <= LONGEST_TIMER:
        raise limits.refused(ngettext("A round timer lasts 1 to %(num)s minute (0 stops it).",
                                      "A round timer lasts 1 to %(num)s minutes (0 stops it).", LONGEST_TIMER),
                             "timer_minutes", "timer_out_of_range", minimum=0, maximum=LONGEST_TIMER)
    if minutes and status_of(night) == "finished":
        raise Conflict(gettext("%(night)s is over: there is no round to time.", night=night.name),
                       details={"code": "night_finished"})
    night.timer_ends_at = utcnow() + timedelta(minutes=minutes) if minutes else None
    night.version += 1
    return night


def timer_left(night: Night) -> int | None:
    """Seconds left on the round's timer (0 once it has run out: "last hand"), or None without a timer."""
    if night.timer_ends_at is None:
        return None
    return max(0, int((night.timer_ends_at - utcnow()).total_seconds()))


def _note_finished_games(session: Session, _context) -> None:
    """Before the flush forgets it: the games this flush finishes (status changed to finished)."""
    found = session.info.setdefault("finished_games", set())
    for game in (*session.new, *session.dirty):
        if isinstance(game, Game) and game.status == "finished" and inspect(game).attrs.status.history.has_changes():
            found.add(game.id)


def _settle_their_nights(session: Session) -> None:
    """At the commit, once every row of the write is there (a flush may come between a game's status and
    its results): a night whose last table has just finished stores its standings."""
    game_ids = session.info.pop("finished_games", None)
    if not game_ids:
        return
    night_ids = set(session.execute(db.select(NightTable.night_id).join(Night, Night.id == NightTable.night_id)
                                    .where(NightTable.game_id.in_(game_ids), Night.finished_at.is_(None))).scalars())
    for night_id in sorted(night_ids):
        settle(session.get(Night, night_id))


def _forget(session: Session, *_args) -> None:
    session.info.pop("finished_games", None)


def init_app(_app: Flask) -> None:
    if not event.contains(Session, "after_flush", _note_finished_games):
        event.listen(Session, "after_flush", _note_finished_games)
        event.listen(Session, "before_commit", _settle_their_nights)
        event.listen(Session, "after_rollback", _forget)
