"""A league's backup: the owner downloads the whole league as JSON and restores one into an empty league."""

from flask import Blueprint, Response, flash, redirect, request, url_for
from flask_babel import gettext, ngettext
from flask_login import login_required

from ..errors import ServiceError
from ..extensions import db
from ..web.access import require_league
from ..web.rendering import render
from ..web.streaming import streamed
from . import backup as backups
from .backup_export import backup_chunks
from .backup_size import MAX_BACKUP_BYTES
from .forms import ImportForm
from .importing import ImportBusy, import_upload

bp = Blueprint("backups", __name__)
# The form around the file: the CSRF token, the field names and the multipart boundaries.
FORM_BYTES = 64 * 1024


@bp.url_value_preprocessor
def allow_the_largest_backup(endpoint: str | None, values: dict | None) -> None:
    """The import's upload may be as large as the largest backup a league at every cap writes
    (backup_size.py), beyond the app's usual limit. Set before the form is read (by the CSRF check)."""
    if endpoint == "backups.import_backup":
        request.max_content_length = MAX_BACKUP_BYTES + FORM_BYTES


@bp.get("/leagues/<int:league_id>/backup.json")
@login_required
def download(league_id: int):
    """Download the whole league (players, seasons, games, hands) as JSON: owners only.

    Streamed: a batch of games is read and sent at a time (backup_export.py), so a league at every
    cap neither holds a worker for seconds before the first byte nor keeps the whole file in memory.
    """
    league, _ = require_league(league_id, "owner")
    return Response(streamed(backup_chunks(league.id)), mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="ramo-keeper-league-{league.id}.json"'})


@bp.get("/leagues/<int:league_id>/import")
@login_required
def import_form(league_id: int):
    """The form to restore a backup into this (empty) league."""
    league, membership = require_league(league_id)
    return render("backups/import.html", league=league, membership=membership, form=ImportForm(),
                  empty=backups.is_empty(league))


@bp.post("/leagues/<int:league_id>/import")
@login_required
def import_backup(league_id: int):
    """Restore a backup into an empty league (owner only); every game is replayed through the rules.

    The file is checked and replayed with no write lock held, then written in one short
    transaction (backups/importing.py); while another import runs, the answer is 429.
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
            flash(gettext("Imported %(players)s, %(seasons)s, %(games)s and %(nights)s.",
                          players=ngettext("%(num)d player", "%(num)d players", counts["players"]),
                          seasons=ngettext("%(num)d season", "%(num)d seasons", counts["seasons"]),
                          games=ngettext("%(num)d game", "%(num)d games", counts["games"]),
                          nights=ngettext("%(num)d club night", "%(num)d club nights", counts["nights"])), "success")
            return redirect(url_for("seasons.index", league_id=league_id), 303)
    db.session.rollback()
    return _import_page(league_id, form, 422)


def _import_page(league_id: int, form: ImportForm, status: int):
    league, membership = require_league(league_id, "owner")
    return render("backups/import.html", league=league, membership=membership, form=form,
                  empty=backups.is_empty(league), status=status)
