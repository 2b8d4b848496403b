"""Season forms: name, ranking settings, and both together for a new season."""

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange

from ..web.forms import Form, WholeNumberField, strip
from .service import MAX_MIN_GAMES, RANKINGS

RANKING_CHOICES = [SelectChoice(key, _l(label)) for key, label in RANKINGS.items()]


class SeasonNameForm(Form):
    name = StringField(_l("Season name"), filters=strip, validators=[
        DataRequired(_l("A season needs a name.")), Length(max=80, message=_l("At most 80 characters."))])


class SeasonSettingsForm(Form):
    ranking = SelectField(_l("Rank players by"), choices=RANKING_CHOICES, default="points")
    min_games = WholeNumberField(_l("Games needed to be ranked"), default=0, validators=[
        InputRequired(_l("Enter a number of games (0 ranks everyone).")),
        NumberRange(0, MAX_MIN_GAMES, _l("Use a number from 0 to %(max)s.", max=MAX_MIN_GAMES))])


class SeasonForm(SeasonNameForm, SeasonSettingsForm):
    make_current = BooleanField(_l("Make it the current season (new games join it)"), default=True)
