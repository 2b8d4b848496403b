"""Leagues: create, switch, members and roles, invite links."""

from flask import Blueprint, abort, flash, redirect, session, url_for
from flask_babel import format_datetime, gettext
from flask_login import current_user, login_required

from ..errors import ServiceError
from ..extensions import db
from ..i18n import N_
from ..models import Membership
from ..web.access import membership_for, require_league
from ..web.forms import EmptyForm
from ..web.pagination import paginate, requested_page
from ..web.rendering import render
from . import service
from .forms import ROLE_NAMES, InviteForm, LeagueForm, RoleForm

MESSAGES = {
    "invite_ready": N_("New invite link ready: people join as %(role)s, until %(expires)s (UTC)."),
    "invite_revoked": N_("The invite link no longer works."),
    "joined": N_("You joined %(league)s."),
    "removed": N_("%(name)s was removed from the league. The invite link was switched off: they knew it."),
    "role_set": N_("New role of %(name)s: %(role)s."),
    "created": N_("League %(league)s created. Add the players next."),
}

bp = Blueprint("leagues", __name__)


@bp.get("/leagues")
@login_required
def index():
    """The user's leagues (a page at a time) and a form to create one."""
    return _index_page(LeagueForm())


def _index_page(form, status=200):
    memberships = paginate(service.memberships_query(current_user), requested_page())
    return render("leagues/index.html", memberships=memberships, form=form, status=status)


@bp.post("/leagues")
@login_required
def create():
    """Create a league; the creator becomes its owner."""
    form = LeagueForm()
    if form.validate_on_submit():
        try:
            league = service.create_league(current_user, form.name.data, unlike_owned=True)
        except ServiceError as error:
            form.name.errors.append(error.message)
        else:
            session["league_id"] = league.id
            flash(gettext(MESSAGES["created"], league=league.name), "success")
            return redirect(url_for("leagues.show", league_id=league.id), 303)
    return _index_page(form, status=422)


@bp.get("/leagues/<int:league_id>")
@login_required
def show(league_id: int):
    """A league's page: roster, games, seasons, members."""
    league, membership = require_league(league_id)
    session["league_id"] = league.id
    return render("leagues/show.html", league=league, membership=membership, members=service.members(league),
                  players=service.roster(league), role_form=RoleForm(), button=EmptyForm(),
                  invite_form=InviteForm(formdata=None))


@bp.post("/leagues/<int:league_id>/invite")
@login_required
def invite(league_id: int):
    """Make a new invite link (the old one stops working)."""
    league, _ = require_league(league_id, "owner")
    form = InviteForm()
    if form.validate_on_submit():
        try:
            invite = service.new_invite(league, current_user, form.role.data, form.days.data, form.max_uses.data)
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(gettext(MESSAGES["invite_ready"], role=ROLE_NAMES[invite.role],
                          expires=format_datetime(invite.expires_at, "short", rebase=False)),
                  "success")
    elif form.errors:
        flash(" ".join(message for messages in form.errors.values() for message in messages), "error")
    return redirect(url_for("leagues.show", league_id=league.id, _anchor="members"), 303)


@bp.post("/leagues/<int:league_id>/invite/revoke")
@login_required
def revoke_invite(league_id: int):
    """Switch the invite link off."""
    league, _ = require_league(league_id, "owner")
    if EmptyForm().validate_on_submit():
        service.revoke_invites(league)
        flash(gettext(MESSAGES["invite_revoked"]), "info")
    return redirect(url_for("leagues.show", league_id=league.id, _anchor="members"), 303)


@bp.route("/join/<token>", methods=["GET", "POST"])
@login_required
def join(token: str):
    """Join a league through its invite link, with the invite's role."""
    invite = service.invite_for(token)
    if invite is None:
        return render("leagues/join.html", league=None, invite=None, form=None, status=404)
    league, form = invite.league, EmptyForm()
    if form.validate_on_submit():
        try:
            service.join_by_invite(invite, current_user)
        except ServiceError:
            db.session.rollback()
            return render("leagues/join.html", league=None, invite=None, form=None, status=404)
        session["league_id"] = league.id
        flash(gettext(MESSAGES["joined"], league=league.name), "success")
        return redirect(url_for("leagues.show", league_id=league.id), 303)
    return render("leagues/join.html", league=league, invite=invite, form=form)


def _member(league, member_id: int) -> Membership:
    membership = db.session.get(Membership, member_id)
    if membership is None or membership.league_id != league.id:
        abort(404)
    return membership


@bp.post("/leagues/<int:league_id>/members/<int:member_id>/role")
@login_required
def change_role(league_id: int, member_id: int):
    """The owner sets a member's role."""
    league, _ = require_league(league_id, "owner")
    member = _member(league, member_id)
    form = RoleForm()
    if form.validate_on_submit():
        try:
            service.change_role(member, form.role.data, by=current_user)
            flash(gettext(MESSAGES["role_set"], name=member.user.username, role=ROLE_NAMES[member.role]), "success")
        except ServiceError as error:
            flash(error.message, "error")
    return _back_to(league)


@bp.post("/leagues/<int:league_id>/members/<int:member_id>/remove")
@login_required
def remove_member(league_id: int, member_id: int):
    """The owner removes a member, or themselves (they leave the league)."""
    league, _ = require_league(league_id, "owner")
    member = _member(league, member_id)
    if EmptyForm().validate_on_submit():
        try:
            name = member.user.username
            service.remove_member(member, by=current_user)
            flash(gettext(MESSAGES["removed"], name=name), "info")
        except ServiceError as error:
            flash(error.message, "error")
    return _back_to(league)


def _back_to(league):
    """The league's members; the list of leagues for someone no longer in it (they left, or another
    owner removed them at the same moment), where the message is shown instead of a 404."""
    if membership_for(league.id) is None:
        return redirect(url_for("leagues.index"), 303)
    return redirect(url_for("leagues.show", league_id=league.id, _anchor="members"), 303)
