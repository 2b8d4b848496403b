"""Forms shared by every feature: a name field, and a button-only form that carries the CSRF token."""

from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import DataRequired, Length

# A stripped name: leading and trailing blanks never make two names different.
strip = [lambda value: value.strip() if isinstance(value, str) else value]


class NameForm(FlaskForm):
    """A league, player or season name."""

    name = StringField("Name", filters=strip, validators=[
        DataRequired("A name cannot be empty."), Length(max=40, message="Names are at most 40 characters.")])


class EmptyForm(FlaskForm):
    """A button-only form: carries the CSRF token."""
