"""League and roster forms."""

from flask_babel import lazy_gettext as _l
from flask_babel import lazy_ngettext
from wtforms import SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional

from ..text.validation import LONG_NAME_MAX, Name
from ..web.forms import Form, NameForm, WholeNumberField, ascii_int, strip

# A member's role in the player's language; the stored value stays the English key.
ROLE_NAMES = {"owner": _l("owner"), "scorer": _l("scorer"), "viewer": _l("viewer")}


class PlayerForm(NameForm):
    name = StringField(_l("New player's name"), filters=strip, validators=[
        Name(_l("A player's name"), empty=_l("A name cannot be empty."))])


class LeagueForm(NameForm):
    name = StringField(_l("League name"), filters=strip, validators=[
        Name(_l("A league name"), limit=LONG_NAME_MAX, empty=_l("A league needs a name."))])


class RoleForm(Form):
    role = SelectField(_l("Role"), choices=[SelectChoice(role, name) for role, name in ROLE_NAMES.items()])


class InviteForm(Form):
    """A new invite link: who joins as what, for how long, how many times."""

    role = SelectField(_l("Joins as"), default="scorer", choices=[
        SelectChoice("scorer", _l("Scorer (records hands)")), SelectChoice("viewer", _l("Viewer (reads only)"))])
    days = SelectField(_l("Works for"), default="7", coerce=ascii_int, choices=[
        SelectChoice(str(days), lazy_ngettext("%(num)d day", "%(num)d days", days)) for days in (1, 7, 30)])
    max_uses = WholeNumberField(_l("Number of people (empty: no limit)"), validators=[
        Optional(), NumberRange(min=1, max=100, message=_l("From 1 to 100 people, or leave it empty."))])

