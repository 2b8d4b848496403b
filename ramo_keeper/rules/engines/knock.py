"""The knock engine (Manipulation Rummy): knock low; the lowest hand scores the differences.

>>> from ramo_keeper.rules import HandInput, PlayerResult, Seat, new_game, replay
>>> setup = new_game("manipulation", [Seat(1, "A"), Seat(2, "B"), Seat(3, "C")])
>>> hand = HandInput([PlayerResult(1, {"pips": 4}, {"knocked"}), PlayerResult(2, {"pips": 17}),
...                   PlayerResult(3, {"tens": 3})])
>>> [p.total for p in replay(setup, [hand]).players]
[39, 0, 0]
"""

from __future__ import annotations

from ..base import RuleError
from ..variant import Variant


class KnockGame(Variant):
    """A knock within a limit ends the hand; winners score differences, end bonuses at the target."""

    engine = "knock"
    scores_by_cards = "any"  # the target is reached by the cards' points
    required_options = frozenset({"target", "knock_limit", "undercut_bonus", "all_cards_bonus", "game_bonus",
                                  "round_bonus"})
    ends_with = "knocked"
    implied_by_engine = {"went_out": ("knocked",)}
    preview_options = {"undercutBonus": "undercut_bonus", "allCardsBonus": "all_cards_bonus"}

    def _knocked(self, r) -> bool:
        """A knock, or going out, which counts as the knock."""
        return self.marked(r, "knocked")

    def check_hand(self, setup, state, results) -> None:
        """One knocker at most, within the knock limit; with a knocker, a player with no cards is the knocker.

        With no knocker the stock ran out and everyone melded once more, so any number of players
        may hold nothing (docs/RULES.md §4, example 5b).
        """
        limit = setup.options["knock_limit"]
        knockers = [r for r in results if self._knocked(r)]
        if len(knockers) > 1:
            names = tuple(setup.name_of(r.player_id) for r in knockers)
            raise RuleError("several_knocked", knockers[1].player_id, players=names)
        for r in results:
            name, value = setup.name_of(r.player_id), self.hand_value(r.cards, setup.options).value
            if r in knockers and value > limit:
                raise RuleError("knocked_above_limit", r.player_id, player=name, value=value, limit=limit)
            if knockers and value == 0 and r not in knockers:
                raise RuleError("empty_hand_must_knock", r.player_id, player=name)

    def score_hand(self, setup, state, results):
        """Winners score Σ(v(p) − v(w)) + undercut + all-cards; e.g. knock 4 vs 17, 30 -> 13 + 26 = 39."""
        o = setup.options
        values = {r.player_id: self.hand_value(r.cards, o).value for r in results}
        knocker = next((r.player_id for r in results if self._knocked(r)), None)
        low = min(values.values())
        winners = [pid for pid, v in values.items() if v == low]
        if knocker in winners and len(winners) > 1:
            winners.remove(knocker)
        scores = {}
        for w in winners:
            gain = sum(v - low for pid, v in values.items() if pid != w)
            gain += o["undercut_bonus"] if knocker is not None and w != knocker else 0
            scores[w] = gain + (o["all_cards_bonus"] if low == 0 else 0)
        # Only a knocker holding nothing went out; with no knocker nobody ended the hand, even on 0.
        ended = {"knocked", "went_out"} if knocker is not None and values[knocker] == 0 else {"knocked"}
        scored = tuple(
            self.scored(setup, r, scores.get(r.player_id, 0),
                        r.marks - {"knocked", "went_out"} | (ended if r.player_id == knocker else set()))
            for r in results
        )
        return scored, tuple(winners)

    def preview(self, options) -> dict:
        """The knocker is whoever carries the knock, itself or by implication; the bonuses are the options'."""
        return {**super().preview(options), "knockMark": "knocked"}

    def is_over(self, setup, number: int, totals, completed) -> bool:
        """The game ends after a hand in which any running total reaches the target."""
        return any(total >= setup.options["target"] for total in totals.values())

    def end_bonuses(self, setup, totals, rounds_won) -> dict[int, int]:
        """+game_bonus for reaching the target, +round_bonus per hand won; A 168 with 4 wins -> +200."""
        o = setup.options
        return {pid: (o["game_bonus"] if total >= o["target"] else 0) + o["round_bonus"] * rounds_won[pid]
                for pid, total in totals.items()}
