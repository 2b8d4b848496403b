"""The thumb-sized forms of the table: hand entry and new game. Built per game from the rule tables."""

import uuid

from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, IntegerField, RadioField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, ValidationError

from .. import rules
from ..text import whole_number
from . import inputs
from .inputs import NOBODY

# One player's typed counts; the conversion itself lives in inputs.py.
player_cards = inputs.form_cards


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
            raise ValueError("Enter a whole number.")


def count_limit(maximum: int, what: str):
    def check(form, field):
        if field.data is None:
            return
        if field.data < 0:
            raise ValidationError("Cannot be negative.")
        if field.data > maximum:
            raise ValidationError(f"No hand holds that many: {what} is at most {maximum}.")
    return check


def _player_choices(setup: rules.GameSetup) -> list[SelectChoice]:
    return [SelectChoice(str(s.player_id), s.name) for s in setup.seats]


def out_choices(setup: rules.GameSetup, variant: rules.Variant) -> list[SelectChoice]:
    """Who went out (or knocked); a 'nobody' choice where the rules allow a hand without one."""
    choices = _player_choices(setup)
    if variant.allows_nobody_out(setup.options):
        choices.append(SelectChoice(NOBODY, variant.words.nobody_out))
    return choices


def hand_form(setup: rules.GameSetup, prefill: rules.HandInput | None = None, version: int | None = None,
              blank: bool = False, hand_number: int | None = None):
    """A form with one block per player: went out, laid down, and a count per card category."""
    variant = rules.get_variant(setup.variant)

    class HandForm(FlaskForm):
        idempotency_key = HiddenField(validators=[Length(max=100, message="This form is damaged: reload the page.")])
        expected_version = HiddenField()
        hand_number = HiddenField()

    HandForm.went_out = RadioField(
        variant.words.went_out, choices=out_choices(setup, variant), validate_choice=True,
        validators=[InputRequired(f"Choose who {variant.words.went_out_verb}.")])
    if "went_rummy" in variant.flags:
        HandForm.went_rummy = BooleanField("The player who went out went rummy (whole hand in one turn)")
    for seat in setup.seats:
        if "laid_down" in variant.flags:
            setattr(HandForm, f"laid_{seat.player_id}", BooleanField(f"{seat.name} laid down"))
        for category in variant.categories_for(setup.options):
            # The box carries its limit (60 cards, 540 pips) from the rules, for the template and the JS.
            setattr(HandForm, f"c_{seat.player_id}_{category.key}", CountField(
                category.label, validators=[count_limit(category.maximum, category.label.lower())], default=0,
                render_kw={"max": category.maximum, "data-max": category.maximum}))

    # blank: a fresh form after a recorded hand, not refilled from the request that recorded it.
    kwargs = {"formdata": None} if blank else {}
    if prefill is not None:
        kwargs["data"] = inputs.form_data(prefill)
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


def category_fields(form, player_id: int):
    return [form[f"c_{player_id}_{c.key}"] for c in form.variant.categories_for(form.setup.options)]


def option_value(option: rules.Option, raw: str | None, present: bool):
    """An option as posted: checkboxes are absent when off; numbers arrive as text."""
    if option.kind == "bool":
        return present
    if option.kind == "int":
        try:
            return int(raw)
        except (TypeError, ValueError):
            return raw
    for choice in option.choices:
        if str(choice) == raw:
            return choice
    return raw


def posted_number(field) -> int | None:
    """A hidden number the form carried back (version, hand number), or None if absent or damaged."""
    number = whole_number((field.data or "").strip())
    return number if number is not None and number >= 0 else None
