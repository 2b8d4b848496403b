"""The hand form's questions for a game: which marks it asks of every player, which of the player out, and
what the out choice ticks. They are read from the game's marks (``rules.marks.form_questions``); the core
scores marks, the form asks for them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .. import rules
from ..rules.marks import Mark, form_questions


@dataclass(frozen=True)
class HandQuestions:
    """What the hand form (and a phone's own-count panel) asks for ``variant``."""

    variant: rules.Variant

    @cached_property
    def _asked(self) -> tuple[tuple[Mark, ...], tuple[Mark, ...]]:
        v = self.variant
        return form_questions(v.marks, v.implies, v.out_flag)

    @property
    def marks_for_each(self) -> tuple[Mark, ...]:
        """Marks the hand form asks of every player (Ramo's laid down)."""
        return self._asked[0]

    @property
    def marks_for_the_player_out(self) -> tuple[Mark, ...]:
        """Marks asked once, of the player out: Rummy's went rummy."""
        return self._asked[1]

    @property
    def marks_ticked_by_going_out(self) -> tuple[Mark, ...]:
        """Marks asked of every player that going out implies: the form ticks them for the player out
        (Ramo's laid down)."""
        return tuple(m for m in self.marks_for_each if m.key in self.variant.out_mark.implies)

    @property
    def out_empties_hand(self) -> bool:
        """Whether the out choice means holding nothing: it marks going out (not Manipulation's knock)."""
        return self.variant.out_flag == "went_out"


def hand_questions(variant: rules.Variant) -> HandQuestions:
    """The questions the hand form asks for ``variant``."""
    return HandQuestions(variant)
