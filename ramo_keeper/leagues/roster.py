"""A league's roster: add, rename, archive players."""

from flask import Blueprint, abort, redirect, url_for
from flask_login import login_required

from ..errors import ServiceError
from ..extensions import db
from ..web.access import require_league
from ..web.forms import EmptyForm, NameForm
from ..web.rendering import render
from . import service
from .forms import PlayerForm

bp = Blueprint("players", __name__)


def _roster_page(league, membership, form=None, status=200, editing=None):
    return render("players/index.html", "players/_roster.html", status=status, league=league,
                  membership=membership, players=service.roster(league, include_archived=True),
                  form=form or PlayerForm(formdata=None), editing=editing, button=EmptyForm())


@bp.get("/leagues/<int:league_id>/players")
@login_required
def index(league_id: int):
    """The roster."""
    league, membership = require_league(league_id)
    return _roster_page(league, membership)


@bp.post("/leagues/<int:league_id>/players")
@login_required
def create(league_id: int):
    """Add a player to the roster."""
    league, membership = require_league(league_id, "scorer")
    form = PlayerForm()
    if form.validate_on_submit():
        try:
            service.add_player(league, form.name.data)
        except ServiceError as error:
            form.name.errors.append(error.message)
        else:
            return redirect(url_for("players.index", league_id=league.id), 303)
    return _roster_page(league, membership, form, status=422)


def _player(league, player_id):
    player = service.get_player(league, player_id)
    if player is None:
        abort(404)
    return player


@bp.post("/leagues/<int:league_id>/players/<int:player_id>/rename")
@login_required
def rename(league_id: int, player_id: int):
    """Rename a player; old games show the new name."""
    league, membership = require_league(league_id, "scorer")
    player = _player(league, player_id)
    form = NameForm()
    if form.validate_on_submit():
        try:
            service.rename_player(player, form.name.data)
        except ServiceError as error:
            form.name.errors.append(error.message)
        else:
            return redirect(url_for("players.index", league_id=league.id), 303)
    db.session.rollback()
    return _roster_page(league, membership, status=422, editing=(player.id, form))


@bp.post("/leagues/<int:league_id>/players/<int:player_id>/archive")
@login_required
def archive(league_id: int, player_id: int):
    """Archive a player (hidden from new games, kept in history), or bring one back."""
    league, _ = require_league(league_id, "scorer")
    player = _player(league, player_id)
    if EmptyForm().validate_on_submit():
        player.archived = not player.archived
    return redirect(url_for("players.index", league_id=league.id), 303)
