"""Forms shared by every feature: a name field, and a button-only form that carries the CSRF token."""

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField

from .text import Name

# A stripped name: leading and trailing blanks never make two names different.
strip = [lambda value: value.strip() if isinstance(value, str) else value]


class NameForm(FlaskForm):
    """A league, player or season name."""

    name = StringField(_l("Name"), filters=strip,
                       validators=[Name(_l("A name"), empty=_l("A name cannot be empty."))])


class EmptyForm(FlaskForm):
    """A button-only form: carries the CSRF token."""
