"""League and roster forms."""

from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.fields.choices import SelectChoice

from ..forms import NameForm, strip
from ..text import LONG_NAME_MAX, Name


class PlayerForm(NameForm):
    name = StringField("New player's name", filters=strip, validators=[
        Name("A player's name", empty="A name cannot be empty.")])


class LeagueForm(NameForm):
    name = StringField("League name", filters=strip, validators=[
        Name("A league name", limit=LONG_NAME_MAX, empty="A league needs a name.")])


class RoleForm(FlaskForm):
    role = SelectField("Role", choices=[SelectChoice(role, role.title()) for role in ("owner", "scorer", "viewer")])
