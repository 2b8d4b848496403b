"""The seated phone's form: one player's counts by category, "I laid down" and "I went out".

The counts go through the hand form's own field and limits (games/forms.py), so a draft is capped
exactly as a recorded hand is.
"""

import json
from functools import lru_cache

from flask_babel import get_locale
from wtforms import BooleanField, HiddenField

from ... import rules
from ...rules.registry import variant_of
from ...text.game_words import category_label, game_word
from ...variants import is_built_in
from ...web.forms import Form
from ..forms import CountField, count_limit, posted_number
from ..hand_questions import hand_questions
from ..out_words import out_mine
from .card_list import BadCardList


def draft_form(setup: rules.GameSetup, draft: dict | None = None, hand_number: int | None = None, blank=False,
               card_list: list | None = None):
    """The form for one seat, filled from the player's draft (the API's Result JSON, and the cards one by one
    when the phone sent them) when there is one."""
    variant = variant_of(setup)
    DraftForm = _draft_form_class(variant, tuple(sorted(setup.options.items())), str(get_locale()))
    kwargs = {"formdata": None} if blank else {}
    if draft is not None:
        kwargs["data"] = {**{f"c_{key}": count for key, count in draft.get("cards", {}).items()},
                          **{mark.key: draft.get(mark.key, False) for mark in hand_questions(variant).marks_for_each},
                          "went_out": draft.get("went_out", False) or draft.get(variant.out_flag, False),
                          "card_list": "" if card_list is None else json.dumps(card_list)}
    form = DraftForm(**kwargs)
    if hand_number is not None and not form.hand_number.data:
        form.hand_number.data = str(hand_number)
    form.setup, form.variant = setup, variant
    form.categories = variant.categories_for(setup.options)
    return form


@lru_cache(maxsize=128)
def _draft_form_class(variant: rules.Variant, options: tuple, language: str):
    class DraftForm(Form):
        hand_number = HiddenField()
        # The cards tapped, one by one (JSON, card_list.py): the card keys (static/js/card-keys.js) write it;
        # without them it stays empty and the draft is its counts.
        card_list = HiddenField()

    # The game's marks (rules/marks.py): the out mark ("I went out", or the knock) and a box for each
    # mark asked of every player ("I laid down").
    DraftForm.went_out = BooleanField(out_mine(variant))
    for mark in hand_questions(variant).marks_for_each:
        setattr(DraftForm, mark.key, BooleanField(game_word(mark.mine)))
    for category in variant.categories_for(dict(options)):
        label = category_label(category.label) if is_built_in(variant) else category.label
        setattr(DraftForm, f"c_{category.key}", CountField(
            label, validators=[count_limit(category.maximum, label.lower())], default=0,
            render_kw={"max": category.maximum, "data-max": category.maximum}))
    return DraftForm


def count_fields(form) -> list:
    return [form[f"c_{c.key}"] for c in form.categories]


def posted_hand(form) -> int | None:
    return posted_number(form.hand_number)


def posted_card_list(form) -> list | None:
    """The cards the phone sent one by one, None when it sent none; what they must be is card_list.py's to say."""
    text = (form.card_list.data or "").strip()
    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        raise BadCardList("card_list", "send the cards as JSON.") from None


def result_of(form, player_id: int) -> dict:
    """The form as the API's `Result` of that player."""
    marks = {mark.key for mark in hand_questions(form.variant).marks_for_each if form[mark.key].data}
    if form.went_out.data:
        marks.add(form.variant.out_flag)
    return {"player_id": player_id, "cards": {f.name[2:]: f.data or 0 for f in count_fields(form)},
            **rules.mark_fields(marks)}
