"""Account forms: register, log in, change password."""

from flask_wtf import FlaskForm
from wtforms import BooleanField, PasswordField, StringField
from wtforms.validators import DataRequired, EqualTo, InputRequired, Length

from ..forms import strip

MIN_PASSWORD = 8


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
