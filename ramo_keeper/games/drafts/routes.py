"""The seated phone's pages, for members (/games/<id>/…) and for the live link (/live/<token>/…).

Every control is a plain form; with JavaScript (static/js/drafts.js) the draft is sent as it is
tapped and the panel is swapped in place. Plain forms come back to the game page (303); a refusal
is shown on the seat page with its status.
"""

from flask import Blueprint, abort, make_response, redirect, request
from flask_babel import gettext
from flask_login import current_user, login_required

from ...errors import ServiceError
from ...extensions import db
from ...models import Game
from ...text.validation import whole_number
from ...web.rendering import render, wants_fragment
from ..lookup import played_or_404
from ..stored import read_game, setup_of
from . import deleted_meanwhile, seats, store
from .forms import draft_form, posted_card_list, posted_hand, result_of
from .panel import Where, my_seat, panel_context
from .phone import ensure_phone_digest, phone_digest
from .throttling import draft_wait

bp = Blueprint("drafts", __name__)


def _member(game_id: int, role: str = "viewer"):
    game, membership, state = played_or_404(game_id, role)
    return game, state, Where(game.id), membership.can_write


def _live(token: str):
    game_id = db.session.execute(db.select(Game.id).where(Game.share_token == token)).scalar_one_or_none() \
        if token else None
    found = read_game(game_id) if game_id is not None else None
    if found is None:
        abort(404, gettext("This live link does not work: it was switched off, or copied wrongly."))
    game, state = found
    return game, state, Where(game.id, token), False


def _panel(game, state, where, can_write, status: int = 200, **extra):
    response = make_response(render("drafts/seat.html", "drafts/_seat_panel.html", status=status, game=game,
                                     state=state, **panel_context(game, state, where, can_write, **extra)))
    response.headers["Cache-Control"] = "no-store"
    return response


def _done(game_id: int, where: Where, can_write: bool, status: int = 200, **extra):
    """After a write: the panel for htmx and scripts, the game page for a plain form; a refusal stays here.

    The panel is read afresh: the game may have been deleted meanwhile (404 saying so, never a 500).
    """
    if status == 200 and not wants_fragment():
        return redirect(where.page(), 303)
    found = read_game(game_id)
    if found is None:
        abort(404, deleted_meanwhile().message)
    return _panel(*found, where, can_write, status, **extra)


def _refused(where: Where, can_write: bool, error: ServiceError):
    db.session.rollback()
    return _done(where.game_id, where, can_write, error.status, notice=error.message)


def _take(where: Where, can_write: bool):
    player_id = whole_number(request.form.get("player_id", "").strip())
    if player_id is None:
        return _done(where.game_id, where, can_write, 400, notice=gettext("Choose whose seat to take."))
    try:
        seats.take_seat(where.game_id, player_id, ensure_phone_digest(), None if where.live else current_user,
                        where.live)
    except ServiceError as error:
        return _refused(where, can_write, error)
    return _done(where.game_id, where, can_write)


def _leave(where: Where, can_write: bool):
    seat = my_seat(where, seats.seats_held(where.game_id))
    if seat is not None:
        db.session.delete(seat)
    return _done(where.game_id, where, can_write)


def _send(game, state, where: Where, can_write: bool):
    """The seat's draft: the phone writes only the seat it holds, and only while the hand is open."""
    phone = phone_digest()
    seat = my_seat(where, seats.seats_held(where.game_id))
    if seat is None:
        return _done(where.game_id, where, can_write, 403,
                     notice=gettext("This phone does not hold that player's seat: take the seat first."))
    player_id, setup = seat.player_id, setup_of(game)
    wait = draft_wait(where.game_id, player_id)  # only a phone holding the seat is counted
    if wait:
        response = _done(where.game_id, where, can_write, 429,
                         notice=gettext("Too many drafts in a short time: wait a minute, then send it again."))
        response.headers["Retry-After"] = str(wait)
        return response
    form = draft_form(setup)
    if not form.validate_on_submit():
        return _done(where.game_id, where, can_write, 422, form=form)
    try:
        store.write_draft(where.game_id, posted_hand(form), result_of(form, player_id),
                          card_list=posted_card_list(form), phone=phone,
                          user=None if where.live else current_user, via_live=where.live)
    except ServiceError as error:
        if error.status == 422:
            db.session.rollback()
            form.form_errors.append(error.message)
            return _done(where.game_id, where, can_write, 422, form=form)
        return _refused(where, can_write, error)
    return _done(where.game_id, where, can_write)


# Members: any member's phone may take a seat; the scorer frees seats and sets the live link's switch.
@bp.get("/games/<int:game_id>/seat")
@login_required
def member_panel(game_id: int):
    return _panel(*_member(game_id))


@bp.post("/games/<int:game_id>/seat")
@login_required
def member_take(game_id: int):
    _, _, where, can_write = _member(game_id)
    return _take(where, can_write)


@bp.post("/games/<int:game_id>/seat/leave")
@login_required
def member_leave(game_id: int):
    _, _, where, can_write = _member(game_id)
    return _leave(where, can_write)


@bp.post("/games/<int:game_id>/draft")
@login_required
def member_draft(game_id: int):
    return _send(*_member(game_id))


@bp.post("/games/<int:game_id>/seats/<int:player_id>/free")
@login_required
def member_free(game_id: int, player_id: int):
    game, _, where, can_write = _member(game_id, "scorer")
    seats.free_seat(game.id, player_id)
    return _done(game.id, where, can_write)


@bp.post("/games/<int:game_id>/counting")
@login_required
def member_counting(game_id: int):
    """"Players count their own cards" on the live link: on or off."""
    game, _, where, can_write = _member(game_id, "scorer")
    seats.allow_live_counting(game.id, request.form.get("allowed") == "1")
    return _done(game.id, where, can_write)


# The live link: a phone may take a seat and count only while the game allows it.
@bp.get("/live/<token>/seat")
def live_panel(token: str):
    return _panel(*_live(token))


@bp.post("/live/<token>/seat")
def live_take(token: str):
    _, _, where, can_write = _live(token)
    return _take(where, can_write)


@bp.post("/live/<token>/seat/leave")
def live_leave(token: str):
    _, _, where, can_write = _live(token)
    return _leave(where, can_write)


@bp.post("/live/<token>/draft")
def live_draft(token: str):
    return _send(*_live(token))
