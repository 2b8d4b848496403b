"""Register, log in, log out, change password, API tokens."""

from urllib.parse import urlsplit

from flask import Blueprint, flash, redirect, request, url_for
from flask_login import current_user, login_required, login_user, logout_user

from ..errors import ServiceError
from ..extensions import db
from ..forms import EmptyForm
from ..models import ApiToken
from ..rendering import render
from .forms import ChangePasswordForm, LoginForm, RegisterForm
from .service import authenticate, create_user, issue_token, revoke_token

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
        try:
            user = create_user(form.username.data, form.password.data)
        except ServiceError as error:
            getattr(form, error.field or "username").errors.append(error.message)
        else:
            db.session.commit()
            login_user(user, remember=True)
            flash(f"Welcome, {user.username}! Create a league or open an invite link.", "success")
            return redirect(_safe_next(url_for("main.index")), 303)
    return render("auth/register.html", form=form, status=422 if form.errors else 200)


@bp.route("/login", methods=["GET", "POST"])
def login():
    """Log in; one message for any failure so names cannot be probed."""
    form = LoginForm()
    error = None
    if form.validate_on_submit():
        user = authenticate(form.username.data, form.password.data)
        if user:
            login_user(user, remember=form.remember.data)
            return redirect(_safe_next(url_for("main.index")), 303)
        error = "That name and password do not match."
    status = 422 if (error or form.errors) else 200
    return render("auth/login.html", form=form, error=error, status=status)


@bp.post("/logout")
def logout():
    """Log out."""
    if EmptyForm().validate_on_submit():
        logout_user()
        flash("You are logged out.", "info")
    return redirect(url_for("main.index"), 303)


@bp.route("/account", methods=["GET", "POST"])
@login_required
def account():
    """Change password; list and revoke API tokens."""
    form = ChangePasswordForm()
    if form.validate_on_submit():
        if not current_user.check_password(form.current.data):
            form.current.errors.append("That is not your current password.")
        else:
            current_user.set_password(form.password.data)
            db.session.commit()
            flash("Your password is changed.", "success")
            return redirect(url_for("auth.account"), 303)
    tokens = db.session.execute(
        db.select(ApiToken).filter_by(user_id=current_user.id).order_by(ApiToken.created_at.desc())
    ).scalars()
    return render("auth/account.html", form=form, tokens=list(tokens), token_form=EmptyForm(),
                  new_token=None, status=422 if form.errors else 200)


@bp.post("/account/tokens")
@login_required
def create_token():
    """Create an API token and show it once."""
    if not EmptyForm().validate_on_submit():
        return redirect(url_for("auth.account"), 303)
    token = issue_token(current_user)
    db.session.commit()
    tokens = db.session.execute(
        db.select(ApiToken).filter_by(user_id=current_user.id).order_by(ApiToken.created_at.desc())
    ).scalars()
    return render("auth/account.html", form=ChangePasswordForm(formdata=None), tokens=list(tokens),
                  token_form=EmptyForm(), new_token=token)


@bp.post("/account/tokens/<int:token_id>/revoke")
@login_required
def revoke(token_id: int):
    """Revoke one of the user's API tokens."""
    if EmptyForm().validate_on_submit() and revoke_token(current_user, token_id):
        db.session.commit()
        flash("Token revoked.", "info")
    return redirect(url_for("auth.account"), 303)
