"""Club night pages: the list, open a night, the night page, next round, players in and out, end, exports.

Views stay thin: the service decides, these read the form and pick the page. Every control is a plain
form that htmx boosts (the body's hx-boost).
"""

import json
from datetime import date

from flask import Blueprint, Response, abort, flash, make_response, request, url_for
from flask_babel import get_locale, gettext
from flask_login import current_user, login_required

from ..errors import ServiceError
from ..extensions import db
from ..games.service import current_season
from ..leagues.players import add_player, roster
from ..models import Night
from ..text.validation import whole_number
from ..variants import league_house_rules
from ..web.access import require_league
from ..web.forms import EmptyForm
from ..web.rendering import render, see_other, wants_fragment
from . import closing, service
from .board import night_stamp
from .forms import night_form, picked_ids
from .page_context import night_context
from .standings import night_standings, standings_csv

bp = Blueprint("nights", __name__)


def _night(night_id: int, role: str = "viewer"):
    """The night and the caller's membership; 404 for a night of a league the caller is not in."""
    night = db.session.get(Night, night_id)
    if night is None:
        abort(404)
    league, membership = require_league(night.league_id, role)
    return night, league, membership


@bp.get("/leagues/<int:league_id>/nights")
@login_required
def index(league_id: int):
    """A league's nights, newest first."""
    league, membership = require_league(league_id)
    nights = db.session.execute(db.select(Night).where(Night.league_id == league.id)
                                .order_by(Night.id.desc()).limit(100)).scalars().all()
    return render("nights/index.html", league=league, membership=membership,
                  nights=[(night, service.status_of(night)) for night in nights])


@bp.route("/leagues/<int:league_id>/nights/new", methods=["GET", "POST"])
@login_required
def new(league_id: int):
    """Open a night: tap the players present, add a new one on the spot, pick the game, the tables and rounds."""
    league, _ = require_league(league_id, "scorer")
    players = {p.id: p for p in roster(league)}
    current = current_season(league)
    form = night_form(players, [s for s in league.seasons if not s.closed], current.id if current else None,
                      request.form.get("variant"), league_house_rules(league.id))
    if not form.is_submitted() and "picked" in request.args:
        form.players.data = request.args.getlist("picked")
    if form.validate_on_submit():
        action = request.form.get("action", "")
        if action == "open":
            night = _open(form, league)
            if night is not None:
                return see_other(url_for("nights.show", night_id=night.id))
        elif action == "new_player":
            _add_player(form, league, players)
    status = 422 if form.errors or any(f.errors for f in form) else 200
    return render("nights/new.html", status=status, league=league, form=form)


def _open(form, league) -> Night | None:
    try:
        night = service.open_night(league, current_user, form.name.data or "", form.chosen_variant.key, form.picked,
                                   form.table_size.data or 0, form.rounds.data or 0, form.seating.data or "mix",
                                   form.chosen_season_id, form.options, use_current_season=False)
    except ServiceError as error:
        db.session.rollback()
        field = form.field_for(error)
        (field.errors if field is not None else form.form_errors).append(error.message)
        return None
    return night


def _add_player(form, league, players: dict) -> None:
    """A new roster player (kept with the page's answer) ticked as present."""
    try:
        player = add_player(league, form.new_player.data or "")
    except ServiceError as error:
        db.session.rollback()
        form.new_player.errors.append(error.message)
        return
    players[player.id] = player
    form.players.data = [*(form.players.data or []), str(player.id)]
    form.new_player.data = ""


@bp.get("/nights/<int:night_id>")
@login_required
def show(night_id: int):
    """The night: the current round's tables, each game's state, the standings, and the organiser's controls.

    Polled by live.js (its live part, `_night_live.html`): while neither the night nor any of its games
    changed, a bodiless 304, as the board."""
    night, league, membership = _night(night_id)
    stamp = night_stamp(night.id, night.version)
    etag = f"night{night.id}-{stamp}-{membership.role}{'f' if wants_fragment() else 'p'}{get_locale()}"
    # Only the poll of the live part is answered 304: a page after a form's redirect always shows its message.
    if wants_fragment() and request.if_none_match.contains(etag):
        response = make_response("", 304)
    else:
        response = make_response(_page(night, league, membership, stamp=stamp)[0])
    response.set_etag(etag)
    response.cache_control.no_cache = True
    response.cache_control.private = True
    return response


def _page(night, league, membership, status: int = 200, stamp: str | None = None):
    context = night_context(night, with_links=True)
    roster_players = roster(league) if membership.can_write else []
    board_url = url_for("night_board.board", token=night.board_token, _external=True) if night.board_token else None
    return render("nights/show.html", "nights/_night_live.html", status=status, league=league,
                  membership=membership, button=EmptyForm(), roster_players=roster_players, board_url=board_url,
                  stamp=stamp or night_stamp(night.id, night.version),
                  poll_url=url_for("nights.show", night_id=night.id), **context)


def _write(night_id: int, action, done: str | None = None):
    """Run a change of the night; its refusal is shown on the night page (409/422), nothing changed."""
    night, league, membership = _night(night_id, "scorer")
    try:
        action()
    except ServiceError as error:
        db.session.rollback()
        flash(error.message, "error")
        night = db.session.get(Night, night_id)
        return _page(night, league, membership, status=error.status)
    if done:
        flash(done, "success")
    return see_other(url_for("nights.show", night_id=night_id))


@bp.post("/nights/<int:night_id>/rounds")
@login_required
def next_round(night_id: int):
    """Seat the next round and start its games."""
    return _write(night_id, lambda: service.seat_next_round(night_id, current_user))


@bp.post("/nights/<int:night_id>/players")
@login_required
def change_players(night_id: int):
    """Players in and out between rounds; the rest of the night is re-planned."""
    night, league, _ = _night(night_id, "scorer")
    ids = picked_ids(request.form.getlist("players"), {p.id for p in roster(league)})
    return _write(night_id, lambda: service.change_night(night_id, current_user, player_ids=ids),
                  gettext("Players changed: the rest of the night is seated anew."))


@bp.post("/nights/<int:night_id>/end")
@login_required
def end(night_id: int):
    """End the night: the current round is its last; tables still playing finish, and count."""
    return _write(night_id, lambda: closing.end_night(night_id),
                  gettext("The night was ended: the current round is its last."))


@bp.post("/nights/<int:night_id>/reopen")
@login_required
def reopen(night_id: int):
    """Reopen a night ended with rounds left: it goes on as planned."""
    return _write(night_id, lambda: closing.reopen_night(night_id), gettext("The night goes on."))


@bp.post("/nights/<int:night_id>/tables/<int:number>/abandon")
@login_required
def abandon_table(night_id: int, number: int):
    """Mark a table of the current round abandoned: its game counts for neither the night nor the season."""
    return _write(night_id, lambda: closing.abandon_table(night_id, number),
                  gettext("Table %(number)s was abandoned.", number=number))


@bp.post("/nights/<int:night_id>/timer")
@login_required
def start_timer(night_id: int):
    """Start (or restart) the round's timer for the minutes typed."""
    minutes = whole_number(request.form.get("minutes", ""))
    return _write(night_id, lambda: closing.set_timer(night_id, minutes if minutes and minutes > 0 else -1),
                  gettext("The round timer is running."))


@bp.post("/nights/<int:night_id>/timer/stop")
@login_required
def stop_timer(night_id: int):
    return _write(night_id, lambda: closing.set_timer(night_id, 0), gettext("The round timer was stopped."))


@bp.post("/nights/<int:night_id>/new-player")
@login_required
def add_new_player(night_id: int):
    """A late arrival in one step: a new player of the league, present at the night from the next round."""
    _, league, _ = _night(night_id, "scorer")

    def add() -> None:
        player = add_player(league, request.form.get("name", ""))
        present = service.present_ids(service.lock_night(night_id))
        service.change_night(night_id, current_user, player_ids=[*present, player.id])

    return _write(night_id, add, gettext("Added to the league and to the night: the rest of the night is seated "
                                         "anew."))


@bp.post("/nights/<int:night_id>/board")
@login_required
def share_board(night_id: int):
    """Make (or renew) the board's link."""
    return _write(night_id, lambda: service.share_board(night_id))


@bp.post("/nights/<int:night_id>/board/stop")
@login_required
def stop_board(night_id: int):
    """Switch the board's link off: a screen showing it stops updating."""
    return _write(night_id, lambda: service.stop_board(night_id), gettext("The board's link no longer works."))


@bp.get("/nights/<int:night_id>/standings.csv")
@login_required
def standings_csv_export(night_id: int):
    night, _, _ = _night(night_id)
    return Response(standings_csv(night_standings(night)), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="night-{night.id}-standings.csv"'})


@bp.get("/nights/<int:night_id>/standings.json")
@login_required
def standings_json(night_id: int):
    night, _, _ = _night(night_id)
    return Response(json.dumps(night_standings(night), ensure_ascii=False), mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="night-{night.id}-standings.json"'})


@bp.get("/nights/<int:night_id>/print")
@login_required
def print_view(night_id: int):
    """The night's standings on one A4 page."""
    night, league, _ = _night(night_id)
    return render("nights/print.html", league=league, printed_on=date.today(), **night_context(night))
