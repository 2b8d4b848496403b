"""Account forms: register, log in, change password."""

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, PasswordField, StringField
from wtforms.validators import EqualTo, InputRequired

from ..text.validation import Name
from ..web.forms import Form, strip
from .passwords import MIN_PASSWORD, AcceptablePassword

__all__ = ["MIN_PASSWORD", "RegisterForm", "LoginForm", "ChangePasswordForm"]


class RegisterForm(Form):
    username = StringField(_l("Name"), filters=strip, validators=[Name(_l("A name"), empty=_l("Choose a name."))])
    password = PasswordField(_l("Password"), validators=[InputRequired(_l("Choose a password.")), AcceptablePassword()])
    confirm = PasswordField(_l("Repeat password"), validators=[
        EqualTo("password", message=_l("The two passwords differ."))])


class LoginForm(Form):
    username = StringField(_l("Name"), filters=strip, validators=[InputRequired(_l("Enter your name."))])
    password = PasswordField(_l("Password"), validators=[InputRequired(_l("Enter your password."))])
    remember = BooleanField(_l("Keep me logged in"), default=True)


class ChangePasswordForm(Form):
    current = PasswordField(_l("Current password"), validators=[InputRequired(_l("Enter your current password."))])
    password = PasswordField(_l("New password"), validators=[
        InputRequired(_l("Choose a new password.")), AcceptablePassword()])
    confirm = PasswordField(_l("Repeat new password"), validators=[
        EqualTo("password", message=_l("The two passwords differ."))])
