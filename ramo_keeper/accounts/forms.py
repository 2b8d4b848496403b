"""Account forms: register, log in, change password."""

from flask_wtf import FlaskForm
from wtforms import BooleanField, PasswordField, StringField
from wtforms.validators import EqualTo, InputRequired

from ..forms import strip
from ..text import Name
from .passwords import MIN_PASSWORD, AcceptablePassword

__all__ = ["MIN_PASSWORD", "RegisterForm", "LoginForm", "ChangePasswordForm"]


class RegisterForm(FlaskForm):
    username = StringField("Name", filters=strip, validators=[Name("A name", empty="Choose a name.")])
    password = PasswordField("Password", validators=[InputRequired("Choose a password."), AcceptablePassword()])
    confirm = PasswordField("Repeat password", validators=[
        EqualTo("password", message="The two passwords differ.")])


class LoginForm(FlaskForm):
    username = StringField("Name", filters=strip, validators=[InputRequired("Enter your name.")])
    password = PasswordField("Password", validators=[InputRequired("Enter your password.")])
    remember = BooleanField("Keep me logged in", default=True)


class ChangePasswordForm(FlaskForm):
    current = PasswordField("Current password", validators=[InputRequired("Enter your current password.")])
    password = PasswordField("New password", validators=[
        InputRequired("Choose a new password."), AcceptablePassword()])
    confirm = PasswordField("Repeat new password", validators=[
        EqualTo("password", message="The two passwords differ.")])
