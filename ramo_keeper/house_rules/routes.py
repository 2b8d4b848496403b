"""A league's house rules as pages: list, editor, rules page, download and upload."""

import json

from flask import Blueprint, Response, abort, request, url_for
from flask_babel import gettext
from flask_login import login_required

from .. import rules
from ..extensions import db
from ..models import Ruleset
from ..rules.engines import ENGINES
from ..rules.registry import DEFAULT_GAME
from ..text.file_names import file_name
from ..text.json_input import NotStorable, storable_json
from ..text.options import option_line, option_words
from ..text.validation import MESSAGES as text_messages
from ..variants import snapshot_variant
from ..web.access import require_league
from ..web.rendering import render, see_other
from . import editor, refusals, service, starting
from .rules_pages import setup_rows

bp = Blueprint("house_rules", __name__)
MAX_UPLOAD = 200_000  # bytes: a definition at every cap is far smaller


def _ruleset(league_id: int, ruleset_id: int, role: str = "viewer"):
    league, membership = require_league(league_id, role)
    ruleset = db.session.get(Ruleset, ruleset_id)
    if ruleset is None or ruleset.league_id != league.id:
        abort(404)
    return league, membership, ruleset


@bp.get("/leagues/<int:league_id>/house-rules")
@login_required
def index(league_id: int):
    """The league's house rules, and where to make one."""
    league, membership = require_league(league_id)
    return render("house_rules/index.html", league=league, membership=membership,
                  rulesets=service.rulesets_of(league), starting_points=editor.starting_points())


@bp.get("/leagues/<int:league_id>/house-rules/<int:ruleset_id>")
@login_required
def show(league_id: int, ruleset_id: int):
    """A house rule's own page of level requirements, card values and options."""
    league, membership, ruleset = _ruleset(league_id, ruleset_id)
    variant = snapshot_variant(ruleset.definition)
    options = [dict(option_words(o), line=option_line(option_words(o))) for o in variant.options]
    return render("house_rules/show.html", league=league, membership=membership, ruleset=ruleset,
                  variant=variant, setup_rows=setup_rows(variant), options=options)


@bp.get("/leagues/<int:league_id>/house-rules/<int:ruleset_id>.json")
@login_required
def download(league_id: int, ruleset_id: int):
    """The house rule as a .json file, to upload into another league."""
    _, _, ruleset = _ruleset(league_id, ruleset_id)
    body = json.dumps({"name": ruleset.name, "based_on": ruleset.based_on, "definition": ruleset.definition},
                      ensure_ascii=False, indent=2)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="{file_name(ruleset.name, ruleset.key)}.json"'})


def _starting_document(league, key: str | None) -> dict:
    if key and key in rules.VARIANTS:
        return starting.in_readers_words(key)
    own = service.league_ruleset(league, key) if key else None
    return dict(own.definition) if own is not None else starting.in_readers_words(DEFAULT_GAME)


@bp.route("/leagues/<int:league_id>/house-rules/new", methods=["GET", "POST"])
@login_required
def new(league_id: int):
    """The editor, starting from a built-in game or one of the league's house rules."""
    league, _ = require_league(league_id, "scorer")
    start = request.values.get("from")
    base = _starting_document(league, start)
    name = request.form.get("name", "") if request.method == "POST" else gettext(
        "%(game)s, our way", game=base["name"])
    return _edit(league, None, base, name, start or DEFAULT_GAME)


@bp.route("/leagues/<int:league_id>/house-rules/<int:ruleset_id>/edit", methods=["GET", "POST"])
@login_required
def edit(league_id: int, ruleset_id: int):
    """The editor for a house rule: games already started keep their snapshot."""
    league, _, ruleset = _ruleset(league_id, ruleset_id, "scorer")
    name = request.form.get("name", "") if request.method == "POST" else ruleset.name
    return _edit(league, ruleset, dict(ruleset.definition), name, ruleset.key)


def _edit(league, ruleset, base: dict, name: str, start: str):
    doc, error, field = base, None, None
    if request.method == "POST":
        doc = editor.document_from_form(request.form, base)
        action = request.form.get("action", "save")
        if action != "save":
            doc = editor.with_row(doc, action)
        else:
            try:
                if ruleset is None:
                    ruleset = service.create_ruleset(league, name, doc, based_on=start)
                else:
                    service.update_ruleset(ruleset, name, doc, based_on=ruleset.key)
                return see_other(url_for("house_rules.show", league_id=league.id, ruleset_id=ruleset.id))
            except service.DefinitionRefused as refused:
                db.session.rollback()
                # The field named as the editor shows it ("Level 3: requirement"), not its path (kept for the API).
                error, field = refusals.for_the_editor(refused, doc), _field(refused.path, doc)
            except service.ServiceError as refused:
                db.session.rollback()
                error, field = refused.message, refused.field  # a name already in the menu: field "name"
    status = 422 if error else 200
    return render("house_rules/edit.html", status=status, league=league, ruleset=ruleset, doc=doc, name=name,
                  start=start, error=error, error_field=field, example=editor.worked_example(doc),
                  scoring=editor.example_scoring(editor.example_game(doc)),
                  engine=ENGINES.get(doc.get("engine"), rules.Variant),
                  options=(options := editor.option_entries(doc)), out_option=editor.out_option(doc, options))


def _field(path: str, doc: dict) -> str:
    field = editor.field_of(path)
    if field.startswith("opt-index-"):
        options = editor.option_entries(doc)
        index = int(field.removeprefix("opt-index-"))
        return f"opt-{options[index]['key']}" if index < len(options) else "options"
    return field


@bp.post("/leagues/<int:league_id>/house-rules/<int:ruleset_id>/delete")
@login_required
def delete(league_id: int, ruleset_id: int):
    """Delete a house rule; games played under it keep their snapshot."""
    league, _, ruleset = _ruleset(league_id, ruleset_id, "scorer")
    service.delete_ruleset(ruleset)
    return see_other(url_for("house_rules.index", league_id=league.id))


@bp.post("/leagues/<int:league_id>/house-rules/upload")
@login_required
def upload(league_id: int):
    """A downloaded house rule (.json) kept by this league too."""
    league, membership = require_league(league_id, "scorer")
    error = None
    file = request.files.get("file")
    raw = file.read(MAX_UPLOAD + 1) if file else b""
    try:
        if not raw or len(raw) > MAX_UPLOAD:
            raise ValueError
        data = storable_json(raw)  # NUL or NaN anywhere is refused here, on both databases alike
        if not isinstance(data, dict) or not isinstance(data.get("definition"), dict):
            raise ValueError
    except NotStorable as refused:
        error = gettext(text_messages["unreadable"]) if refused.kind == "text" else gettext(
            "Choose a house rule file (.json) downloaded from Ramo Keeper.")
    except (ValueError, UnicodeDecodeError, RecursionError):
        # RecursionError: brackets nested deeper than the JSON reader goes ("[[[[…" sent as a file).
        error = gettext("Choose a house rule file (.json) downloaded from Ramo Keeper.")
    if error is None:
        based_on = data.get("based_on") if isinstance(data.get("based_on"), str) else None
        try:
            ruleset = service.create_ruleset(league, data.get("name"), data["definition"], based_on)
            return see_other(url_for("house_rules.show", league_id=league.id, ruleset_id=ruleset.id))
        except service.ServiceError as refused:
            db.session.rollback()
            error = refused.message
    return render("house_rules/index.html", status=422, league=league, membership=membership,
                  rulesets=service.rulesets_of(league), starting_points=editor.starting_points(),
                  upload_error=error)
