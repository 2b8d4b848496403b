"""Leagues: create, switch, members and roles, invite links."""

from flask import Blueprint, abort, flash, redirect, session, url_for
from flask_login import current_user, login_required

from ..access import require_league
from ..errors import ServiceError
from ..extensions import db
from ..forms import EmptyForm
from ..models import Membership
from ..pagination import paginate, requested_page
from ..rendering import render
from . import service
from .forms import InviteForm, LeagueForm, RoleForm

MESSAGES = {
    "invite_ready": "New invite link ready: it makes people {role}s and works until {expires} (UTC).",
    "invite_revoked": "The invite link no longer works.",
    "joined": "You joined {league}.",
    "removed": "{name} was removed from the league. The invite link was switched off: they knew it.",
    "role_set": "{name} is now {role}.",
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
        league = service.create_league(current_user, form.name.data)
        db.session.commit()
        session["league_id"] = league.id
        flash(f"League {league.name} created. Add the players next.", "success")
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
            db.session.commit()
            flash(MESSAGES["invite_ready"].format(role=invite.role, expires=f"{invite.expires_at:%Y-%m-%d %H:%M}"),
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
        db.session.commit()
        flash(MESSAGES["invite_revoked"], "info")
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
        db.session.commit()
        session["league_id"] = league.id
        flash(MESSAGES["joined"].format(league=league.name), "success")
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
            service.change_role(member, form.role.data)
            db.session.commit()
            flash(MESSAGES["role_set"].format(name=member.user.username, role=member.role), "success")
        except ServiceError as error:
            flash(error.message, "error")
    return redirect(url_for("leagues.show", league_id=league.id, _anchor="members"), 303)


@bp.post("/leagues/<int:league_id>/members/<int:member_id>/remove")
@login_required
def remove_member(league_id: int, member_id: int):
    """The owner removes a member."""
    league, _ = require_league(league_id, "owner")
    member = _member(league, member_id)
    if EmptyForm().validate_on_submit():
        try:
            name = member.user.username
            service.remove_member(member)
            db.session.commit()
            flash(MESSAGES["removed"].format(name=name), "info")
        except ServiceError as error:
            flash(error.message, "error")
    return redirect(url_for("leagues.show", league_id=league.id, _anchor="members"), 303)
