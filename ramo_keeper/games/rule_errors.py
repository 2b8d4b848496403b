"""A broken rule of the game as the app's error: the one place rule errors become ServiceErrors.

Below the game's service and the drafts alike (both check entries by the rules), so neither imports
the other for it.
"""

from collections.abc import Callable
from typing import TypeVar

from flask_babel import pgettext

from .. import rules
from ..errors import ServiceError
from ..text.rule_errors import rule_message

T = TypeVar("T")


class RuleBroken(ServiceError):
    """A rule of the game is broken; `player_id` says whose entry, when one is to blame."""

    def __init__(self, error: rules.RuleError):
        # Ended as the reader's language ends a sentence: English keeps the bare clause its scripts know
        # ("지우 cannot hold 99 low: …"), Korean and Italian end theirs with a full stop (a native read: a
        # Korean sentence that stops at 다 without one reads unfinished).
        sentence = pgettext("a rule error shown whole", "%(problem)s", problem=rule_message(error))
        super().__init__(sentence, details={"code": error.code, "player_id": error.player_id,
                                                       "hand": error.hand_number})
        self.player_id = error.player_id
        self.option = error.params.get("option")  # the new-game form shows the error under that option


def by_the_rules(compute: Callable[[], T]) -> T:
    """Run a rules computation; a broken rule becomes RuleBroken (the one place rule errors are translated)."""
    try:
        return compute()
    except rules.RuleError as error:
        raise RuleBroken(error) from None
