"""The thumb-sized forms of the table: hand entry and new game. Built per game from the rule tables."""

import uuid
from functools import lru_cache

from flask_babel import get_locale, gettext
from flask_babel import lazy_gettext as _l
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, ValidationError

from .. import rules
from ..rules.registry import DEFAULT_GAME, variant_of
from ..text.game_words import category_label, choose_who, game_name, game_word
from ..text.options import choice_words, option_name
from ..text.validation import NAME_MAX, whole_number
from ..variants import is_built_in
from ..web.forms import Form, strip
from .hand_inputs import NOBODY, form_cards, form_data
from .hand_questions import hand_questions

# One player's typed counts; the conversion itself lives in hand_inputs.py.
player_cards = form_cards


class CountField(IntegerField):
    """A card count: empty means 0; anything but a whole number is refused in plain words.

    The hand form posts a count twice, a picked number (radios 0–9) and then a typed one for
    larger counts; the typed number, when given, wins. A single value (the API's pages, old
    forms) reads the same.
    """

    def process_formdata(self, valuelist):
        given = [v.strip() for v in valuelist if v.strip()]
        raw = given[-1] if given else ""
        if raw == "":
            self.data = 0
            return
        self.data = whole_number(raw)
        if self.data is None:
            raise ValueError(gettext("Enter a whole number."))


def count_limit(maximum: int, what: str):
    def check(form, field):
        if field.data is None:
            return
        if field.data < 0:
            raise ValidationError(gettext("Cannot be negative."))
        if field.data > maximum:
            raise ValidationError(gettext("No hand holds that many: %(what)s is at most %(maximum)s.", what=what,
                                          maximum=maximum))
    return check


def _player_choices(setup: rules.GameSetup) -> list[SelectChoice]:
    return [SelectChoice(str(s.player_id), s.name) for s in setup.seats]


def out_choices(setup: rules.GameSetup, variant: rules.Variant) -> list[SelectChoice]:
    """Who ended the hand (the game's out mark); a 'nobody' choice where the rules allow a hand without one."""
    choices = _player_choices(setup)
    if variant.allows_nobody_out(setup.options):
        choices.append(SelectChoice(NOBODY, game_word(variant.words.nobody_out)))
    return choices


def hand_form(setup: rules.GameSetup, prefill: rules.HandInput | None = None, version: int | None = None,
              blank: bool = False, hand_number: int | None = None):
    """A form with one block per player: who went out, the game's marks, and a count per card category."""
    variant = variant_of(setup)
    HandForm = _hand_form_class(variant, setup.seats, tuple(sorted(setup.options.items())),
                                str(get_locale()))
    # blank: a fresh form after a recorded hand, not refilled from the request that recorded it.
    kwargs = {"formdata": None} if blank else {}
    if prefill is not None:
        kwargs["data"] = form_data(variant, prefill)
    form = HandForm(**kwargs)
    if not form.idempotency_key.data:
        form.idempotency_key.data = uuid.uuid4().hex
    if version is not None and not form.expected_version.data:
        form.expected_version.data = str(version)
    if hand_number is not None and not form.hand_number.data:
        form.hand_number.data = str(hand_number)
    form.setup, form.variant = setup, variant
    form.player_errors = {}
    return form


@lru_cache(maxsize=256)
def _hand_form_class(variant: rules.Variant, seats: tuple[rules.Seat, ...], options: tuple, language: str):
    """The form's class for one table, built once per table and language: the game page shows it at each read.

    Its labels and messages are worded when it is built, so the language is part of what it is built for.
    """
    # The Variant, not its key, names the table: two games of one house rule may hold different snapshots.
    setup = rules.GameSetup(variant.key, seats, seats[0].player_id, dict(options), variant)

    class HandForm(Form):
        idempotency_key = HiddenField(validators=[
            Length(max=100, message=gettext("This form is damaged: reload the page."))])
        expected_version = HiddenField(validators=[_undamaged_number])
        hand_number = HiddenField(validators=[_undamaged_number])

    HandForm.went_out = RadioField(
        game_word(variant.words.went_out), choices=out_choices(setup, variant), validate_choice=True,
        validators=[InputRequired(choose_who(variant.words))])
    # The marks the definition declares beyond the out choice: a switch for the player out (went rummy),
    # a box in each player's block (laid down).
    for mark in hand_questions(variant).marks_for_the_player_out:
        setattr(HandForm, mark.field, BooleanField(game_word(mark.question)))
    boxes = {mark.key: game_word(mark.box) for mark in hand_questions(variant).marks_for_each}
    # Each label is looked up once per form, not once per player.
    # A house rule's labels are shown exactly as typed (they are in no catalogue).
    labels = {c.key: category_label(c.label) if is_built_in(variant) else c.label
              for c in variant.categories_for(setup.options)}
    for seat in setup.seats:
        for mark in hand_questions(variant).marks_for_each:
            setattr(HandForm, f"{mark.field}_{seat.player_id}", BooleanField(boxes[mark.key]))
        for category in variant.categories_for(setup.options):
            # The box carries its limit (60 cards, 540 pips) from the rules, for the template and the JS.
            label = labels[category.key]
            setattr(HandForm, f"c_{seat.player_id}_{category.key}", CountField(
                label, validators=[count_limit(category.maximum, label.lower())], default=0,
                render_kw={"max": category.maximum, "data-max": category.maximum}))
    return HandForm


def category_fields(form, player_id: int):
    return [form[f"c_{player_id}_{c.key}"] for c in form.variant.categories_for(form.setup.options)]


def _undamaged_number(form, field):
    """A hidden number the page wrote (version, hand number) comes back as it was: empty or ASCII digits.

    Anything else was changed on the way, and the hand is refused rather than saved unchecked.
    """
    if (field.data or "").strip() and posted_number(field) is None:
        raise ValidationError(gettext("This form is damaged: reload the page."))


def posted_number(field) -> int | None:
    """A hidden number the form carried back (version, hand number), or None if absent or damaged."""
    number = whole_number((field.data or "").strip())
    return number if number is not None and number >= 0 else None



def _player_id(raw: str | None) -> int | None:
    """A posted player id: ASCII digits only, else None."""
    number = whole_number(raw or "")
    return number if number is not None and number > 0 else None


def _season_id(raw: str | None) -> int | None:
    """A posted season id: ASCII digits only, else None (validate_season_id has refused it already)."""
    number = whole_number(raw or "")
    return number if number is not None and number > 0 else None


class OptionNumberField(Field):
    """A number option as typed: an int when it is one, else the text, so the rules can say what is wrong."""

    def _value(self):
        return "" if self.data is None else str(self.data)

    def process_formdata(self, valuelist):
        raw = valuelist[0].strip() if valuelist else ""
        number = whole_number(raw)  # ASCII digits only: "２００" stays text, and the rules refuse it
        self.data = raw if number is None else number


def option_field(option: rules.Option):
    label = option_name(option)
    if option.kind == "bool":
        return BooleanField(label, default=option.default)
    if option.kind == "int":
        return OptionNumberField(label, default=option.default)
    by_text = {str(choice): choice for choice in option.choices}
    return SelectField(label, default=option.default,
                       choices=[SelectChoice(c, choice_words(option, c)) for c in option.choices],
                       coerce=lambda raw, by_text=by_text: by_text.get(str(raw), raw),
                       validate_choice=True)


class NewGameForm(Form):
    """The whole new-game draft; every tap posts it back. Field choices are the league's own."""

    variant = SelectField(_l("Game"), default=DEFAULT_GAME, validate_choice=False)
    options_for = HiddenField()
    seat = SelectMultipleField(_l("Seats, in play order"), coerce=str, validate_choice=False)
    first_dealer_id = SelectField(_l("First dealer"), coerce=str, default="", validate_choice=False)
    season_id = SelectField(_l("Season"), coerce=str, validate_choice=False)
    new_player = StringField(_l("Add a new player"), filters=strip, validators=[
        Length(max=NAME_MAX, message=_l("Names are at most %(max)d characters.", max=NAME_MAX))])

    def validate_variant(self, field):
        if field.data not in self.games:
            raise ValidationError(gettext("There is no game called %(name)r: pick one from the list.",
                                          name=field.data))

    def validate_seat(self, field):
        for raw in field.data or []:
            if _player_id(raw) not in self.players:
                raise ValidationError(gettext("Player %(id)r is not on this league's roster: tap the players "
                                              "below.", id=raw))

    def validate_first_dealer_id(self, field):
        if field.data and _player_id(field.data) not in self.seats:
            raise ValidationError(gettext("Pick the first dealer from the players at the table."))

    def validate_season_id(self, field):
        if field.data and _season_id(field.data) not in {s.id for s in self.seasons}:
            raise ValidationError(gettext("That season is not open in this league: pick one from the list."))

    @property
    def chosen_variant(self) -> rules.Variant:
        return self.games.get(self.variant.data) or self.games[DEFAULT_GAME]

    @property
    def seats(self) -> list[int]:
        """The seated player ids in order (unknown ones are left out; validation reports them)."""
        ids = []
        for raw in self.seat.data or []:
            player_id = _player_id(raw)
            if player_id in self.players and player_id not in ids:
                ids.append(player_id)
        return ids

    @seats.setter
    def seats(self, ids: list[int]) -> None:
        self.seat.data = [str(pid) for pid in ids]

    @property
    def dealer_id(self) -> int | None:
        chosen = _player_id(self.first_dealer_id.data)
        return chosen if chosen in self.seats else (self.seats[0] if self.seats else None)

    @dealer_id.setter
    def dealer_id(self, player_id: int | None) -> None:
        self.first_dealer_id.data = "" if player_id is None else str(player_id)

    @property
    def chosen_season_id(self) -> int | None:
        return _season_id(self.season_id.data)

    @property
    def option_fields(self) -> list:
        """(option, field) for each option of the chosen game, in the rule module's order."""
        return [(option, self[f"opt_{option.key}"]) for option in self.chosen_variant.options]

    @property
    def options(self) -> dict:
        return {option.key: field.data for option, field in self.option_fields}

    def error_field(self, option_key: str | None):
        """Where an error about the new game belongs: under the option it names, else above the form.

        The option comes from the rule error itself: the sentence is worded in the reader's language.
        """
        for option, field in self.option_fields:
            if option.key == option_key:
                return field
        return None


def new_game_form(players: dict, seasons: list, current_season_id: int | None, posted_variant: str | None,
                  house_rules: dict | None = None):
    """The new-game form for this league, with one field per option of the game being set up.

    `house_rules` maps the league's ruleset keys to their Variants: offered after the built-ins.
    """
    games = {**rules.VARIANTS, **(house_rules or {})}
    # "Start a game" from a house rule's page opens on that game.
    form = with_game_options(NewGameForm, games, posted_variant, start_on=posted_variant,
                             season_id=str(current_season_id) if current_season_id else "")
    form.players, form.seasons = players, seasons
    return form


def with_game_options(base: type, games: dict, posted_variant: str | None, start_on: str | None = None, **data):
    """A `base` form (the new game's, the new night's) with one field per option of the game being set up, the
    games to choose from, and, where the game was just switched, that game's own defaults: options posted
    for the other game mean nothing here."""
    key = posted_variant if posted_variant in games else DEFAULT_GAME
    form_class = type(base.__name__, (base,), {f"opt_{option.key}": option_field(option)
                                                for option in games[key].options})
    form = form_class(**data)
    form.games = games
    if not form.is_submitted() and start_on in games:
        form.variant.data = start_on
    form.variant.choices = [SelectChoice(v.key, game_name(v.name)) for v in games.values()]
    if form.is_submitted() and games.get(form.options_for.data) is not form.chosen_variant:
        for option, field in form.option_fields:
            field.data = option.default
    form.options_for.data = form.chosen_variant.key
    return form
