"""A league's backup: the owner downloads the whole league as JSON and restores one into an empty league."""

import json

from flask import Blueprint, Response, flash, redirect, url_for
from flask_babel import gettext, ngettext
from flask_login import login_required

from ..access import require_league
from ..errors import ServiceError
from ..extensions import db
from ..rendering import render
from . import backup as backups
from .forms import ImportForm
from .importing import ImportBusy, import_upload

bp = Blueprint("backups", __name__)


@bp.get("/leagues/<int:league_id>/backup.json")
@login_required
def download(league_id: int):
    """Download the whole league (players, seasons, games, hands) as JSON: owners only."""
    league, _ = require_league(league_id, "owner")
    body = json.dumps(backups.export_league(league), ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="ramo-keeper-league-{league.id}.json"'})


@bp.get("/leagues/<int:league_id>/import")
@login_required
def import_form(league_id: int):
    """The form to restore a backup into this (empty) league."""
    league, membership = require_league(league_id)
    return render("leagues/import.html", league=league, membership=membership, form=ImportForm(),
                  empty=backups.is_empty(league))


@bp.post("/leagues/<int:league_id>/import")
@login_required
def import_backup(league_id: int):
    """Restore a backup into an empty league (owner only); every game is replayed through the rules.

    The file is checked and replayed with no write lock held, then written in one short
    transaction (leagues/importing.py); while another import runs, the answer is 429.
    """
    league, _ = require_league(league_id, "owner")
    form = ImportForm()
    if form.validate_on_submit():
        try:
            counts = import_upload(league, form.file.data.read)
        except ServiceError as error:
            form.file.errors.append(error.message)
            if isinstance(error, ImportBusy):
                body, status = _import_page(league_id, form, 429)
                return body, status, {"Retry-After": str(error.retry_after)}
        else:
            flash(gettext("Imported %(players)s, %(seasons)s and %(games)s.",
                          players=ngettext("%(num)d player", "%(num)d players", counts["players"]),
                          seasons=ngettext("%(num)d season", "%(num)d seasons", counts["seasons"]),
                          games=ngettext("%(num)d game", "%(num)d games", counts["games"])), "success")
            return redirect(url_for("seasons.index", league_id=league_id), 303)
    db.session.rollback()
    return _import_page(league_id, form, 422)


def _import_page(league_id: int, form: ImportForm, status: int):
    league, membership = require_league(league_id, "owner")
    return render("leagues/import.html", league=league, membership=membership, form=form,
                  empty=backups.is_empty(league), status=status)
