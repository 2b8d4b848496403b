"""WTForms for accounts, leagues and rosters. Game-rule errors come from rules/ as field errors."""

from flask_wtf import FlaskForm
from wtforms import BooleanField, PasswordField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, EqualTo, InputRequired, Length

MIN_PASSWORD = 8

# A stripped name: leading and trailing blanks never make two names different.
strip = [lambda value: value.strip() if isinstance(value, str) else value]


class RegisterForm(FlaskForm):
    username = StringField("Name", filters=strip, validators=[
        DataRequired("Choose a name."), Length(max=40, message="Names are at most 40 characters.")])
    password = PasswordField("Password", validators=[
        InputRequired("Choose a password."),
        Length(min=MIN_PASSWORD, message=f"Use at least {MIN_PASSWORD} characters.")])
    confirm = PasswordField("Repeat password", validators=[
        EqualTo("password", message="The two passwords differ.")])


class LoginForm(FlaskForm):
    username = StringField("Name", filters=strip, validators=[InputRequired("Enter your name.")])
    password = PasswordField("Password", validators=[InputRequired("Enter your password.")])
    remember = BooleanField("Keep me logged in", default=True)


class ChangePasswordForm(FlaskForm):
    current = PasswordField("Current password", validators=[InputRequired("Enter your current password.")])
    password = PasswordField("New password", validators=[
        InputRequired("Choose a new password."),
        Length(min=MIN_PASSWORD, message=f"Use at least {MIN_PASSWORD} characters.")])
    confirm = PasswordField("Repeat new password", validators=[
        EqualTo("password", message="The two passwords differ.")])


class NameForm(FlaskForm):
    """A league, player or season name."""

    name = StringField("Name", filters=strip, validators=[
        DataRequired("A name cannot be empty."), Length(max=40, message="Names are at most 40 characters.")])


class PlayerForm(NameForm):
    name = StringField("New player's name", filters=strip, validators=[
        DataRequired("A name cannot be empty."), Length(max=40, message="Names are at most 40 characters.")])


class LeagueForm(NameForm):
    name = StringField("League name", filters=strip, validators=[
        DataRequired("A league needs a name."), Length(max=80, message="At most 80 characters.")])


class RoleForm(FlaskForm):
    role = SelectField("Role", choices=[SelectChoice(role, role.title()) for role in ("owner", "scorer", "viewer")])


class EmptyForm(FlaskForm):
    """A button-only form: carries the CSRF token."""
