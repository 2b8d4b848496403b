"""Play now (pick the game, name the players) and moving a guest's games."""

from flask_wtf import FlaskForm
from wtforms import FieldList, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, ValidationError

from .. import rules
from ..forms import strip
from ..text import NAME_MAX, TextError, clean_name, name_key

NAME_FIELDS = 4
MOST_FIELDS = max(v.max_players for v in rules.VARIANTS.values())
NAME_LIMIT = NAME_MAX


class PlayForm(FlaskForm):
    variant = RadioField("Game", validators=[InputRequired("Pick a game.")])
    names = FieldList(StringField("Player", filters=strip, validators=[
        Length(max=NAME_LIMIT, message=f"Names are at most {NAME_LIMIT} characters.")]),
        min_entries=NAME_FIELDS, max_entries=MOST_FIELDS)
    most_fields = MOST_FIELDS
    name_limit = NAME_LIMIT

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.variant.choices = [SelectChoice(v.key, v.name) for v in rules.VARIANTS.values()]

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
                raise ValidationError(f"{name} is typed twice: every player needs their own name.")
            seen.add(name_key(name))
        if self.variant.data in rules.VARIANTS:
            variant = rules.get_variant(self.variant.data)
            if not variant.min_players <= len(names) <= variant.max_players:
                raise ValidationError(f"{variant.name} is for {variant.min_players} to {variant.max_players} "
                                      f"players: you named {len(names)}.")


class MoveForm(FlaskForm):
    league = SelectField("Into which league?", coerce=str, validators=[InputRequired("Pick a league.")])

    NEW = "new"

    def offer(self, leagues) -> None:
        self.league.choices = [SelectChoice(str(league.id), league.name) for league in leagues] + \
                              [SelectChoice(self.NEW, "A new league of my own")]
