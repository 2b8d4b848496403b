"""Hands: record the next one, preview a hand's value, edit an earlier one, undo the last."""

from flask import Blueprint, abort, flash, redirect, url_for
from flask_login import current_user, login_required

from ..errors import ServiceError
from ..extensions import db
from ..rendering import render, wants_fragment
from ..template_helpers import value_output
from . import service
from .forms import hand_form, input_from_form, player_cards, posted_number
from .page import game_or_404, play_context
from .service import RuleBroken
from .stored import input_of, setup_of, state_of

bp = Blueprint("hands", __name__)


def _attach_error(form, error: ServiceError) -> None:
    """A rules error goes next to the player it names, else above the form."""
    player_id = getattr(error, "player_id", None)
    if player_id is not None and player_id in {s.player_id for s in form.setup.seats}:
        form.player_errors.setdefault(player_id, []).append(error.message)
    else:
        form.form_errors.append(error.message)


def _play(game, membership, status: int = 200, form=None, notice: str | None = None):
    """The play area: the fragment for htmx, the full game page otherwise."""
    return render("games/show.html", "games/_play.html", status=status,
                  **play_context(game, membership, state_of(game), form), notice=notice)


def _conflict(game_id: int, message: str):
    """409: htmx gets the current play area with the reason on top (nothing typed is worth keeping)."""
    if not wants_fragment():
        abort(409, message)
    game, membership = game_or_404(game_id, "scorer")
    return _play(game, membership, status=409, notice=message)


@bp.post("/games/<int:game_id>/hands")
@login_required
def create(game_id: int):
    """Record the next hand; a retry with the same idempotency key records nothing new."""
    game, membership = game_or_404(game_id, "scorer")
    form = hand_form(setup_of(game))
    if form.validate_on_submit():
        try:
            # The key is checked before "game over", so retrying the hand that ended the game succeeds.
            game, _ = service.record_hand(game, current_user, input_from_form(form), form.idempotency_key.data,
                                          posted_number(form.hand_number))
            db.session.commit()
        except ServiceError as error:
            db.session.rollback()
            if error.status == 409:
                return _conflict(game_id, error.message)
            game, membership = game_or_404(game_id, "scorer")
            _attach_error(form, error)
        else:
            if not wants_fragment():
                return redirect(url_for("games.show", game_id=game.id), 303)
            return _play(game, membership)
    elif game.status == "finished":
        return _conflict(game_id, "The game is over: no more hands can be recorded.")
    return _play(game, membership, status=422, form=form)


@bp.post("/games/<int:game_id>/preview/<int:player_id>")
@login_required
def preview(game_id: int, player_id: int):
    """One player's hand value and its working, as the counts are tapped."""
    game, _ = game_or_404(game_id, "scorer")
    setup = setup_of(game)
    if player_id not in setup.player_ids:
        abort(404)
    form = hand_form(setup)
    form.validate()
    return value_output(game.variant, game.options, player_cards(form, player_id), player_id)


@bp.get("/games/<int:game_id>/hands/<int:number>/edit")
@login_required
def edit(game_id: int, number: int):
    """An earlier hand in the entry form, to correct it."""
    game, membership = game_or_404(game_id, "scorer")
    row = service.hand_row(game, number)
    if row is None:
        abort(404)
    form = hand_form(setup_of(game), prefill=input_of(row), version=game.version)
    return render("games/edit_hand.html", game=game, number=number, form=form, state=state_of(game))


@bp.post("/games/<int:game_id>/hands/<int:number>")
@login_required
def update(game_id: int, number: int):
    """Save a corrected hand; everything after it is recomputed."""
    game, membership = game_or_404(game_id, "scorer")
    if service.hand_row(game, number) is None:
        abort(404)
    form = hand_form(setup_of(game))
    if form.validate_on_submit():
        try:
            service.edit_hand(game, current_user, number, input_from_form(form), posted_number(form.expected_version))
            db.session.commit()
            flash(f"Hand {number} corrected; the scores after it are recomputed.", "success")
            return redirect(url_for("games.show", game_id=game.id), 303)
        except ServiceError as error:
            db.session.rollback()
            game, membership = game_or_404(game_id, "scorer")
            if isinstance(error, RuleBroken) and error.details.get("hand") not in (None, number):
                error.message = f"{error.message} (in hand {error.details['hand']}, after this correction)"
            _attach_error(form, error)
    return render("games/edit_hand.html", status=422, game=game, number=number, form=form, state=state_of(game))


@bp.post("/games/<int:game_id>/undo")
@login_required
def undo(game_id: int):
    """Remove the last hand."""
    game, membership = game_or_404(game_id, "scorer")
    try:
        number = game.hands[-1].number if game.hands else None
        service.undo_last_hand(game, current_user)
        db.session.commit()
        message = f"Hand {number} was removed."
    except ServiceError as error:
        db.session.rollback()
        game, membership = game_or_404(game_id, "scorer")
        message = error.message
    if wants_fragment():
        return _play(game, membership, notice=message)
    flash(message, "info")
    return redirect(url_for("games.show", game_id=game.id), 303)
