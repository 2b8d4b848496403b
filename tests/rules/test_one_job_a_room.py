"""A game is an engine playing a frozen record of its definition's facts; the hand form's questions are the
app's, not the core's (issue 36, "one job a room")."""

import dataclasses

import pytest

from ramo_keeper import rules
from ramo_keeper.rules.facts import GameFacts

# The hand form's questions: what it asks of each player, of the player out, what going out ticks.
FORM_QUESTIONS = ("marks_for_each", "marks_for_the_player_out", "marks_ticked_by_going_out", "out_empties_hand")


@pytest.mark.parametrize("key", list(rules.VARIANTS))
def test_a_games_facts_are_one_frozen_record_with_declared_fields(key):
    variant = rules.get_variant(key)
    assert isinstance(variant.facts, GameFacts) and dataclasses.is_dataclass(variant.facts)
    with pytest.raises(dataclasses.FrozenInstanceError):
        variant.facts.name = "Other"  # type: ignore[misc]
    # Nothing of the document is poured into the engine's own attributes: it holds the record only.
    assert set(vars(variant)) == {"facts"}
    # Every fact reads through the engine as before (variant.levels is variant.facts.levels).
    for field in dataclasses.fields(GameFacts):
        assert getattr(variant, field.name) is getattr(variant.facts, field.name)


def test_a_name_that_is_no_fact_is_no_attribute():
    with pytest.raises(AttributeError):
        rules.get_variant("ramo").no_such_fact  # noqa: B018


def test_the_hand_forms_questions_are_not_the_cores():
    for name in FORM_QUESTIONS:
        assert not hasattr(rules.Variant, name), name
