"""The winner-takes engine (Rummy): the player who goes out scores everyone else's cards.

>>> from ramo_keeper.rules import HandInput, PlayerResult, Seat, new_game, replay
>>> setup = new_game("rummy", [Seat(1, "Al"), Seat(2, "Bo")])
>>> hand = HandInput([PlayerResult(1, marks={"went_out"}), PlayerResult(2, {"pips": 10, "tens": 1, "aces": 1})])
>>> [p.total for p in replay(setup, [hand]).players]
[21, 0]
"""

from __future__ import annotations

from ..base import RuleError
from ..variant import Variant


class WinnerTakesGame(Variant):
    """Only the player out scores: the others' card values, multiplied by a mark such as went_rummy."""

    engine = "winner_takes"
    scores_by_cards = "positive"  # the target is reached by the cards' points
    required_options = frozenset({"target"})

    def check_hand(self, setup, state, results) -> None:
        """Someone goes out every hand (a mark that requires going out, went_rummy, is checked for every
        engine by ``validate_hand``)."""
        if not any("went_out" in r.marks for r in results):
            raise RuleError("someone_must_go_out", game=self.name)

    def score_hand(self, setup, state, results):
        """Out player: sum of the others' values, e.g. 21 + 19 + 34 -> 74 (×2 for rummy: ``scored`` multiplies)."""
        valued = tuple(self.scored(setup, r, 0) for r in results)  # the others score 0, whatever their marks
        pot = sum(line.value for line in valued)
        out = next(n for n, r in enumerate(results) if "went_out" in r.marks)
        scored = valued[:out] + (self.scored(setup, results[out], pot),) + valued[out + 1:]
        return scored, (results[out].player_id,)

    def preview(self, options) -> dict:
        """The player marked out takes the pot, times the factor of each mark they carry."""
        return {**super().preview(options), "outMark": "went_out"}

    def is_over(self, setup, number: int, totals, completed) -> bool:
        """end=target: a total reached the target; end=hands: the last hand was played."""
        if setup.options.get("end", self.end) == "hands":
            return number >= setup.options["hands"]
        return any(total >= setup.options["target"] for total in totals.values())
