"""League and roster forms."""

from flask_wtf import FlaskForm
from wtforms import IntegerField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional

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


class InviteForm(FlaskForm):
    """A new invite link: who joins as what, for how long, how many times."""

    role = SelectField("Joins as", default="scorer", choices=[
        SelectChoice("scorer", "Scorer (records hands)"), SelectChoice("viewer", "Viewer (reads only)")])
    days = SelectField("Works for", default="7", coerce=int, choices=[
        SelectChoice("1", "1 day"), SelectChoice("7", "7 days"), SelectChoice("30", "30 days")])
    max_uses = IntegerField("Number of people (empty: no limit)", validators=[
        Optional(), NumberRange(min=1, max=100, message="From 1 to 100 people, or leave it empty.")])
