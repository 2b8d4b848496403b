"""The open-a-night form: the players present (tapped from the roster), the game and its options, the tables."""

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from wtforms import RadioField, SelectField, SelectMultipleField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length

from .. import rules
from ..games.forms import with_game_options
from ..rules.registry import DEFAULT_GAME
from ..text.validation import LONG_NAME_MAX, NAME_MAX, whole_number
from ..web.forms import Form, WholeNumberField, strip

SEATING_CHOICES = [SelectChoice("mix", _l("Mix: meet new opponents each round")),
                   SelectChoice("ladder", _l("Ladder: seat by the night's standings"))]


def picked_ids(raw_values, roster_ids) -> list[int]:
    """The posted player ids that are on the roster, each once, in the order posted."""
    ids: list[int] = []
    for raw in raw_values or []:
        number = whole_number(str(raw))
        if number in roster_ids and number not in ids:
            ids.append(number)
    return ids


class NightForm(Form):
    name = StringField(_l("Name of the night"), filters=strip,
                       validators=[Length(max=LONG_NAME_MAX, message=_l("At most %(max)d characters.",
                                                                        max=LONG_NAME_MAX))])
    variant = SelectField(_l("Game"), default=DEFAULT_GAME, validate_choice=False)
    options_for = StringField()
    players = SelectMultipleField(_l("Players present"), coerce=str, validate_choice=False)
    new_player = StringField(_l("Add a new player"), filters=strip, validators=[
        Length(max=NAME_MAX, message=_l("Names are at most %(max)d characters.", max=NAME_MAX))])
    table_size = WholeNumberField(_l("Players at a table"), default=4)
    rounds = WholeNumberField(_l("Rounds"), default=3)
    seating = RadioField(_l("Seating"), choices=SEATING_CHOICES, default="mix", validate_choice=False)
    season_id = SelectField(_l("Season"), coerce=str, validate_choice=False)

    @property
    def chosen_variant(self) -> rules.Variant:
        return self.games.get(self.variant.data) or self.games[DEFAULT_GAME]

    @property
    def picked(self) -> list[int]:
        return picked_ids(self.players.data, self.roster)

    @property
    def option_fields(self) -> list:
        return [(option, self[f"opt_{option.key}"]) for option in self.chosen_variant.options]

    @property
    def options(self) -> dict:
        return {option.key: field.data for option, field in self.option_fields}

    @property
    def chosen_season_id(self) -> int | None:
        number = whole_number(self.season_id.data or "")
        return number if number in {s.id for s in self.seasons} else None

    def field_for(self, error) -> object:
        """Where a refusal of the service belongs on the page."""
        if error.field == "options" and getattr(error, "option", None):
            return self._fields.get(f"opt_{error.option}")
        return {"player_ids": self.players, "players": self.players, "table_size": self.table_size,
                "rounds": self.rounds, "seating": self.seating, "variant": self.variant,
                "season_id": self.season_id, "name": self.name}.get(error.field)


def night_form(roster: dict, seasons: list, current_season_id: int | None, posted_variant: str | None,
               house_rules: dict) -> NightForm:
    """The form for this league, with one field per option of the game chosen (as the new-game form)."""
    form = with_game_options(NightForm, {**rules.VARIANTS, **house_rules}, posted_variant,
                             season_id=str(current_season_id) if current_season_id else "")
    form.roster, form.seasons = roster, seasons
    if not form.name.data and not form.is_submitted():
        form.name.data = gettext("Club night")
    return form
