"""Play now (pick the game, name the players) and moving a guest's games."""

from flask_babel import gettext, ngettext
from flask_babel import lazy_gettext as _l
from wtforms import RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, ValidationError

from .. import rules
from ..text.game_words import game_name
from ..text.validation import NAME_MAX, TextError, clean_name, name_key
from ..web.forms import Form, NumberedFieldList, strip

NAME_FIELDS = 4
MOST_FIELDS = max(v.max_players for v in rules.VARIANTS.values())
NAME_LIMIT = NAME_MAX


class PlayForm(Form):
    variant = RadioField(_l("Game"), validators=[InputRequired(_l("Pick a game."))])
    names = NumberedFieldList(StringField(_l("Player"), filters=strip, validators=[
        Length(max=NAME_LIMIT, message=_l("Names are at most %(limit)d characters.", limit=NAME_LIMIT))]),
        min_entries=NAME_FIELDS, max_entries=MOST_FIELDS)
    most_fields = MOST_FIELDS
    name_limit = NAME_LIMIT

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.variant.choices = [SelectChoice(v.key, game_name(v.name)) for v in rules.VARIANTS.values()]

    @property
    def typed_names(self) -> list[str]:
        return [entry.data for entry in self.names if entry.data]

    def place(self, name: str) -> None:
        """A tapped chip: the name goes into the first empty field (a new one if all are full)."""
        if name_key(name) in {name_key(n) for n in self.typed_names}:
            return
        for entry in self.names:
            if not entry.data:
                entry.data = name
                return
        if len(self.names) < MOST_FIELDS:
            self.names.append_entry(name)

    def place_empty(self) -> None:
        """One more name field, for a bigger table."""
        if len(self.names) < MOST_FIELDS:
            self.names.append_entry()

    def validate_names(self, field):
        names = self.typed_names
        seen = set()
        for name in names:
            try:
                clean_name(name)
            except TextError as error:
                raise ValidationError(error.message) from None
            if name_key(name) in seen:
                raise ValidationError(gettext("%(name)s is typed twice: every player needs their own name.",
                                              name=name))
            seen.add(name_key(name))
        if self.variant.data in rules.VARIANTS:
            variant = rules.get_variant(self.variant.data)
            if not variant.min_players <= len(names) <= variant.max_players:
                raise ValidationError(ngettext(
                    "%(game)s is for %(minimum)d to %(maximum)d players: you named %(num)d.",
                    "%(game)s is for %(minimum)d to %(maximum)d players: you named %(num)d.",
                    len(names), game=game_name(variant.name), minimum=variant.min_players,
                    maximum=variant.max_players))


class MoveForm(Form):
    league = SelectField(_l("Into which league?"), coerce=str, validators=[InputRequired(_l("Pick a league."))])

    NEW = "new"

    def offer(self, leagues) -> None:
        self.league.choices = [SelectChoice(str(league.id), league.name) for league in leagues] + \
                              [SelectChoice(self.NEW, gettext("A new league of my own"))]
