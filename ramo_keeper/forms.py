"""Forms shared by every feature: a name field, and a button-only form that carries the CSRF token."""

from flask_wtf import FlaskForm
from wtforms import StringField

from .text import Name

# A stripped name: leading and trailing blanks never make two names different.
strip = [lambda value: value.strip() if isinstance(value, str) else value]


class NameForm(FlaskForm):
    """A league, player or season name."""

    name = StringField("Name", filters=strip, validators=[Name("A name", empty="A name cannot be empty.")])


class EmptyForm(FlaskForm):
    """A button-only form: carries the CSRF token."""
