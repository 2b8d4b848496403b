"""Seasons, their standings and the standings exports.

Scorers create, rename and set up seasons and choose the current one; closing and reopening
(which freezes or unfreezes standings) are the owner's. The league's backup is in backups/routes.py.
"""

from datetime import date

from flask import Blueprint, Response, abort, flash, jsonify, redirect, url_for
from flask_babel import gettext
from flask_login import login_required

from ..errors import NotFound, ServiceError
from ..extensions import db
from ..i18n import N_
from ..web import charts
from ..web.access import require_league
from ..web.forms import EmptyForm
from ..web.pagination import paginate, requested_page
from ..web.rendering import render
from . import service
from .forms import SeasonForm, SeasonNameForm, SeasonSettingsForm
from .standings import season_points_series, season_standings, standings_csv

bp = Blueprint("seasons", __name__)


def season_or_404(league, season_id):
    try:
        return service.get_season(league, season_id)
    except NotFound:
        abort(404)


def _index_page(league, membership, form=None, status=200):
    seasons = paginate(service.seasons_query(league), requested_page())
    return render("seasons/index.html", league=league, membership=membership, seasons=seasons,
                  form=form or SeasonForm(formdata=None), status=status)


def _show_page(league, membership, season, rename_form=None, settings_form=None, status=200):
    series = season_points_series(season)
    return render("seasons/show.html", league=league, membership=membership, season=season,
                  standings=season_standings(season), button=EmptyForm(),
                  charts=[charts.season_points_chart(entry, season.name) for entry in series],
                  rename_form=rename_form or SeasonNameForm(formdata=None, obj=season),
                  settings_form=settings_form or SeasonSettingsForm(formdata=None, obj=season),
                  unfinished=service.unfinished_games(season), status=status)


@bp.get("/leagues/<int:league_id>/seasons")
@login_required
def index(league_id: int):
    """A league's seasons and a form to start one."""
    league, membership = require_league(league_id)
    return _index_page(league, membership)


@bp.post("/leagues/<int:league_id>/seasons")
@login_required
def create(league_id: int):
    """Start a season."""
    league, membership = require_league(league_id, "scorer")
    form = SeasonForm()
    if form.validate_on_submit():
        try:
            season = service.create_season(league, form.name.data, form.ranking.data, form.min_games.data,
                                           make_current=form.make_current.data)
        except ServiceError as error:
            getattr(form, error.field or "name").errors.append(error.message)
        else:
            flash(gettext("%(name)s created.", name=season.name), "success")
            return redirect(url_for("seasons.show", league_id=league.id, season_id=season.id), 303)
    db.session.rollback()
    return _index_page(league, membership, form, status=422)


@bp.get("/leagues/<int:league_id>/seasons/<int:season_id>")
@login_required
def show(league_id: int, season_id: int):
    """A season's standings per game, its points chart and its exports."""
    league, membership = require_league(league_id)
    return _show_page(league, membership, season_or_404(league, season_id))


@bp.post("/leagues/<int:league_id>/seasons/<int:season_id>/rename")
@login_required
def rename(league_id: int, season_id: int):
    """Rename a season."""
    league, membership = require_league(league_id, "scorer")
    season, form = season_or_404(league, season_id), SeasonNameForm()
    if form.validate_on_submit():
        try:
            service.rename(season, form.name.data)
        except ServiceError as error:
            form.name.errors.append(error.message)
        else:
            return redirect(url_for("seasons.show", league_id=league.id, season_id=season.id), 303)
    db.session.rollback()
    return _show_page(league, membership, season, rename_form=form, status=422)


@bp.post("/leagues/<int:league_id>/seasons/<int:season_id>/settings")
@login_required
def settings(league_id: int, season_id: int):
    """Change the ranking method and the games needed to be ranked."""
    league, membership = require_league(league_id, "scorer")
    season, form = season_or_404(league, season_id), SeasonSettingsForm()
    if form.validate_on_submit():
        service.change_settings(season, form.ranking.data, form.min_games.data)
        return redirect(url_for("seasons.show", league_id=league.id, season_id=season.id), 303)
    db.session.rollback()
    return _show_page(league, membership, season, settings_form=form, status=422)


def _action(league_id: int, season_id: int, role: str, act, done: str):
    """A button-only season action: run it, say so, and go back to the season (PRG)."""
    league, _ = require_league(league_id, role)
    season = season_or_404(league, season_id)
    if EmptyForm().validate_on_submit():
        try:
            act(season)
        except ServiceError as error:
            db.session.rollback()
            flash(error.message, "error")
        else:
            flash(gettext(done, name=season.name), "success")
    return redirect(url_for("seasons.show", league_id=league.id, season_id=season.id), 303)


@bp.post("/leagues/<int:league_id>/seasons/<int:season_id>/current")
@login_required
def make_current(league_id: int, season_id: int):
    """Make this the season new games join."""
    return _action(league_id, season_id, "scorer", service.set_current, N_("%(name)s is now the current season."))


@bp.post("/leagues/<int:league_id>/seasons/<int:season_id>/close")
@login_required
def close(league_id: int, season_id: int):
    """Close a season: no new games, final standings (owner only)."""
    return _action(league_id, season_id, "owner", service.close, N_("%(name)s is closed; its standings are final."))


@bp.post("/leagues/<int:league_id>/seasons/<int:season_id>/reopen")
@login_required
def reopen(league_id: int, season_id: int):
    """Reopen a season closed by mistake (owner only)."""
    return _action(league_id, season_id, "owner", service.reopen, N_("%(name)s is open again."))


def _download(body: str, mimetype: str, filename: str) -> Response:
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/leagues/<int:league_id>/seasons/<int:season_id>/standings.csv")
@login_required
def standings_csv_export(league_id: int, season_id: int):
    """The standings as CSV (UTF-8, RFC 4180, formula-guarded text)."""
    league, _ = require_league(league_id)
    season = season_or_404(league, season_id)
    return _download(standings_csv(season_standings(season)), "text/csv",
                     f"standings-season-{season.id}.csv")


@bp.get("/leagues/<int:league_id>/seasons/<int:season_id>/standings.json")
@login_required
def standings_json(league_id: int, season_id: int):
    """The standings in the API's Standings shape."""
    league, _ = require_league(league_id)
    return jsonify(season_standings(season_or_404(league, season_id)))


@bp.get("/leagues/<int:league_id>/seasons/<int:season_id>/print")
@login_required
def print_view(league_id: int, season_id: int):
    """The standings as a clean A4 table for printing."""
    league, membership = require_league(league_id)
    season = season_or_404(league, season_id)
    return render("seasons/print.html", league=league, membership=membership, season=season,
                  standings=season_standings(season), printed_on=date.today())
