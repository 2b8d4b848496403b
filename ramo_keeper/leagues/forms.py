"""League and roster forms."""

from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Length

from ..forms import NameForm, strip


class PlayerForm(NameForm):
    name = StringField("New player's name", filters=strip, validators=[
        DataRequired("A name cannot be empty."), Length(max=40, message="Names are at most 40 characters.")])


class LeagueForm(NameForm):
    name = StringField("League name", filters=strip, validators=[
        DataRequired("A league needs a name."), Length(max=80, message="At most 80 characters.")])


class RoleForm(FlaskForm):
    role = SelectField("Role", choices=[SelectChoice(role, role.title()) for role in ("owner", "scorer", "viewer")])
