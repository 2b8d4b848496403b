"""Register, log in, log out, change password, API tokens."""

from urllib.parse import urlsplit

from flask import Blueprint, current_app, flash, redirect, request, url_for
from flask_babel import gettext
from flask_login import current_user, login_required, login_user, logout_user

from ..errors import ServiceError
from ..extensions import db
from ..i18n import N_
from ..models import ApiToken
from ..web.forms import EmptyForm
from ..web.rendering import render
from . import login_throttle
from .forms import ChangePasswordForm, LoginForm, RegisterForm
from .service import GUEST_NO_TOKEN, authenticate, create_user, issue_token, revoke_token

MESSAGES = {
    "welcome": N_("Welcome, %(name)s! Create a league or open an invite link."),
    "no_match": N_("That name and password do not match."),
    "logged_out": N_("You are logged out."),
    "logged_out_everywhere": N_("You are logged out on every device, this one included."),
    "wrong_current": N_("That is not your current password."),
    "password_changed": N_("Your password is changed. Other devices must log in again."),
    "token_revoked": N_("Token revoked."),
}


def _too_many(template: str, form, kind: str, retry_after: int):
    body, _ = render(template, form=form, error=login_throttle.message(kind, retry_after))
    return body, 429, {"Retry-After": str(retry_after)}

bp = Blueprint("auth", __name__)


def _safe_next(default: str) -> str:
    target = request.args.get("next", "")
    parts = urlsplit(target)
    return target if target.startswith("/") and not parts.netloc and not target.startswith("//") else default


@bp.route("/register", methods=["GET", "POST"])
def register():
    """Create an account and log in."""
    form = RegisterForm()
    if form.validate_on_submit():
        retry_after = login_throttle.registration_refused()
        if retry_after:
            return _too_many("auth/register.html", form, "register", retry_after)
        try:
            user = create_user(form.username.data, form.password.data)
        except ServiceError as error:
            getattr(form, error.field or "username").errors.append(error.message)
        else:
            login_user(user, remember=True)
            flash(gettext(MESSAGES["welcome"], name=user.username), "success")
            return redirect(_safe_next(url_for("main.index")), 303)
    return render("auth/register.html", form=form, status=422 if form.errors else 200)


@bp.route("/login", methods=["GET", "POST"])
def login():
    """Log in; one message (and one hash) for any failure so names cannot be probed; throttled."""
    form = LoginForm()
    error = None
    if form.validate_on_submit():
        name = form.username.data
        retry_after = login_throttle.login_blocked(name)
        if retry_after:
            return _too_many("auth/login.html", form, "login", retry_after)
        user = authenticate(name, form.password.data)
        if user:
            login_throttle.login_succeeded(name)
            login_user(user, remember=form.remember.data)
            return redirect(_safe_next(url_for("main.index")), 303)
        login_throttle.login_failed(name)
        error = gettext(MESSAGES["no_match"])
    status = 422 if (error or form.errors) else 200
    return render("auth/login.html", form=form, error=error, status=status)


@bp.post("/logout")
def logout():
    """Log out: the session and remember cookies of this account stop working, here and on every device."""
    if EmptyForm().validate_on_submit():
        _end_sessions()
        flash(gettext(MESSAGES["logged_out"]), "info")
    return redirect(url_for("main.index"), 303)


@bp.post("/account/logout-everywhere")
@login_required
def logout_everywhere():
    """End every session of this account (a lost phone, a shared computer)."""
    if EmptyForm().validate_on_submit():
        _end_sessions()
        flash(gettext(MESSAGES["logged_out_everywhere"]), "info")
        return redirect(url_for("main.index"), 303)
    return redirect(url_for("auth.account"), 303)


def _end_sessions() -> None:
    if current_user.is_authenticated:
        current_user.end_sessions()
    logout_user()


def _has_remember_cookie() -> bool:
    return current_app.config.get("REMEMBER_COOKIE_NAME", "remember_token") in request.cookies


@bp.route("/account", methods=["GET", "POST"])
@login_required
def account():
    """Change password; list and revoke API tokens."""
    form = ChangePasswordForm()
    if form.validate_on_submit():
        if not current_user.check_password(form.current.data):
            form.current.errors.append(gettext(MESSAGES["wrong_current"]))
        else:
            current_user.set_password(form.password.data)
            current_user.end_sessions()
            # This device stays logged in under the new generation; every other one is logged out.
            login_user(current_user._get_current_object(), remember=_has_remember_cookie())
            flash(gettext(MESSAGES["password_changed"]), "success")
            return redirect(url_for("auth.account"), 303)
    return _account_page(form, status=422 if form.errors else 200)


def _account_page(form, new_token: str | None = None, status: int = 200):
    tokens = db.session.execute(
        db.select(ApiToken).filter_by(user_id=current_user.id).order_by(ApiToken.created_at.desc())
    ).scalars()
    # A guest sees why there is no token button, instead of a button that can only be refused.
    refusal = gettext(GUEST_NO_TOKEN) if current_user.is_guest else None
    return render("auth/account.html", form=form, tokens=list(tokens), token_form=EmptyForm(),
                  new_token=new_token, token_refusal=refusal, status=status)


@bp.post("/account/tokens")
@login_required
def create_token():
    """Create an API token and show it once."""
    if not EmptyForm().validate_on_submit():
        return redirect(url_for("auth.account"), 303)
    try:
        token = issue_token(current_user)
    except ServiceError:
        db.session.rollback()
        return _account_page(ChangePasswordForm(formdata=None), status=403)
    return _account_page(ChangePasswordForm(formdata=None), new_token=token)


@bp.post("/account/tokens/<int:token_id>/revoke")
@login_required
def revoke(token_id: int):
    """Revoke one of the user's API tokens."""
    if EmptyForm().validate_on_submit() and revoke_token(current_user, token_id):
        flash(gettext(MESSAGES["token_revoked"]), "info")
    return redirect(url_for("auth.account"), 303)
