"""Hands: record the next one, edit an earlier one, undo the last (the running values are worked out on the phone)."""

from flask import Blueprint, abort, flash, redirect, request, url_for
from flask_babel import gettext
from flask_login import current_user, login_required

from ..errors import Conflict, ServiceError
from ..extensions import db
from ..text.validation import whole_number
from ..web.rendering import render, wants_fragment
from . import service
from .forms import hand_form, posted_number
from .hand_inputs import from_form
from .hand_rows import hand_input
from .lookup import game_or_404, played_or_404
from .page_context import play_context
from .rule_errors import RuleBroken
from .stored import setup_of, stored_state

bp = Blueprint("hands", __name__)


def _attach_error(form, error: ServiceError) -> None:
    """A rules error goes next to the player it names, else above the form."""
    player_id = getattr(error, "player_id", None)
    if player_id is not None and player_id in {s.player_id for s in form.setup.seats}:
        form.player_errors.setdefault(player_id, []).append(error.message)
    else:
        form.form_errors.append(error.message)


def _play(game, membership, state, status: int = 200, form=None, notice: str | None = None,
          just_recorded: bool = False):
    """The play area: the fragment for htmx, the full game page otherwise."""
    return render("games/show.html", "games/_play.html", status=status,
                  **play_context(game, membership, state, form), notice=notice, just_recorded=just_recorded)


def _current_play(game_id: int, status: int, form=None, notice: str | None = None):
    """The play area as stored now, after a refused write was rolled back."""
    db.session.rollback()
    game, membership, state = played_or_404(game_id, "scorer")
    return _play(game, membership, state, status, form, notice)


def _conflict(game_id: int, message: str):
    """409: htmx gets the current play area with the reason on top (nothing typed is worth keeping)."""
    if not wants_fragment():
        abort(409, message)
    return _current_play(game_id, 409, notice=message)


@bp.post("/games/<int:game_id>/hands")
@login_required
def create(game_id: int):
    """Record the next hand; a retry with the same idempotency key records nothing new."""
    game, membership = game_or_404(game_id, "scorer", hands=False)
    form = hand_form(setup_of(game))
    if not form.validate_on_submit():
        if game.status == "finished":
            return _conflict(game_id, gettext("The game is over: no more hands can be recorded."))
        return _current_play(game_id, 422, form)
    try:
        game, state, _ = service.record_hand(game_id, current_user, from_form(form),
                                             form.idempotency_key.data, posted_number(form.hand_number))
    except ServiceError as error:
        db.session.rollback()
        if error.status == 409:
            return _conflict(game_id, error.message)
        _attach_error(form, error)
        return _current_play(game_id, 422, form)
    if not wants_fragment():
        # The page after the redirect opens on this hand's result, as the htmx answer does.
        return redirect(url_for("games.show", game_id=game_id, recorded=state.hand_count), 303)
    return _play(game, membership, state, just_recorded=True)


def _edit_page(game, number: int, form, status: int = 200):
    return render("games/edit_hand.html", status=status, game=game, number=number, form=form,
                  state=stored_state(game))


def _current_hand_form(game, number: int):
    """The correction form filled with the hand as stored now, at the game's current version."""
    row = service.hand_row(game, number)
    if row is None:
        abort(404)
    return hand_form(setup_of(game), prefill=hand_input(row.results), version=game.version, blank=True)


@bp.get("/games/<int:game_id>/hands/<int:number>/edit")
@login_required
def edit(game_id: int, number: int):
    """An earlier hand in the entry form, to correct it."""
    game, _ = game_or_404(game_id, "scorer")
    return _edit_page(game, number, _current_hand_form(game, number))


@bp.post("/games/<int:game_id>/hands/<int:number>")
@login_required
def update(game_id: int, number: int):
    """Save a corrected hand; everything after it is recomputed. A stale copy gets 409 and the current values."""
    game, _ = game_or_404(game_id, "scorer", hands=False)
    form = hand_form(setup_of(game))
    if form.validate_on_submit():
        try:
            service.edit_hand(game_id, current_user, number, from_form(form),
                              posted_number(form.expected_version))
        except ServiceError as error:
            db.session.rollback()
            if error.status == 404:
                abort(404)
            game, _ = game_or_404(game_id, "scorer")
            if error.status == 409:
                form = _current_hand_form(game, number)
                form.form_errors.append(error.message)
                return _edit_page(game, number, form, 409)
            if isinstance(error, RuleBroken) and error.details.get("hand") not in (None, number):
                error.message = gettext("%(message)s (in hand %(number)s, after this correction)",
                                        message=error.message, number=error.details["hand"])
            _attach_error(form, error)
        else:
            flash(gettext("Hand %(number)s corrected; the scores after it are recomputed.", number=number), "success")
            return redirect(url_for("games.show", game_id=game_id), 303)
    game, _ = game_or_404(game_id, "scorer")
    if service.hand_row(game, number) is None:
        abort(404)
    return _edit_page(game, number, form, 422)


def _undo_named() -> tuple[int, int] | None:
    """The hand the Undo form names and the game's version its page showed; None from a page without them."""
    number, version = (whole_number(request.form.get(name, "").strip()) for name in ("hand_number", "expected_version"))
    return None if number is None or version is None or min(number, version) < 0 else (number, version)


@bp.post("/games/<int:game_id>/undo")
@login_required
def undo(game_id: int):
    """Remove the hand the Undo form names, if it is still the last and the game has not moved since its page."""
    game, membership = game_or_404(game_id, "scorer", hands=False)
    named = _undo_named()
    try:
        if named is None:  # an old cached page, whose form named no hand: it must not remove whichever is last
            raise Conflict(gettext("This Undo button came from an older copy of the page, so nothing was undone: "
                                   "check the last hand, then tap Undo again if needed."))
        game, state = service.undo_last_hand(game_id, current_user, *named)
        message = gettext("Hand %(number)s was removed.", number=state.hand_count + 1)
    except ServiceError as error:
        db.session.rollback()
        if not wants_fragment():
            flash(error.message, "info")
            return redirect(url_for("games.show", game_id=game_id), 303)
        return _current_play(game_id, error.status, notice=error.message)
    if wants_fragment():
        return _play(game, membership, state, notice=message)
    flash(message, "info")
    return redirect(url_for("games.show", game_id=game_id), 303)
