"""The level engine: Ramo, Contract Rummy, Liverpool Rummy and Phase 10, penalty points and a level table.

What differs between them is data: the out score, the progression (each player alone, or level k in
hand k), the finishing order, the dealer rule and whether a hand may end with nobody out. An option
of the same name (Ramo's ``progression``, ``winner_rule``, ``dealer_rule``, ``out_bonus``) wins over
the definition's fixed rule.

>>> from ramo_keeper.rules import HandInput, PlayerResult, Seat, new_game, replay
>>> setup = new_game("ramo", [Seat(1, "Al"), Seat(2, "Bo")])
>>> state = replay(setup, [HandInput([PlayerResult(1, marks={"went_out"}), PlayerResult(2, {"low": 2, "high": 1})])])
>>> [(p.total, p.level) for p in state.players]
[(-50, 2), (20, 1)]
"""

from __future__ import annotations

from ..base import FrozenDict, RuleError
from ..variant import Variant


class LevelGame(Variant):
    """Penalty points for the cards left; a level (contract, phase) to lay down each hand."""

    engine = "levels"
    needs_marks = ("laid_down",)  # a player climbs a level by laying it down
    fact_defaults = FrozenDict({"ranking": "lowest_total", "end": "last_level"})
    plays_levels = True
    scores_out_score = True

    def progression_in(self, options) -> str:
        """``per_player`` (each climbs alone) or ``per_round`` (level k in hand k)."""
        return options.get("progression", self.progression)

    def first_level(self, setup) -> int:
        """Everyone starts at level 1."""
        return 1

    def level_in_hand(self, options, hand_number: int, earlier_lay_downs: int) -> int | None:
        """per_round: level k in hand k; per_player: one level up per lay-down (2 lay-downs -> level 3)."""
        if self.progression_in(options) == "per_round":
            return hand_number
        return 1 + earlier_lay_downs

    def check_hand(self, setup, state, results) -> None:
        """Someone goes out unless the game allows a hand with nobody out; a level laid down all at once
        (Contract's round 7) can only have been laid down by the player who went out."""
        if not self.allows_nobody_out(setup.options) and not any("went_out" in r.marks for r in results):
            code = "someone_must_go_out_here" if "allow_no_winner" in setup.options else "someone_must_go_out"
            raise RuleError(code, game=self.name)
        number = state.hand_count + 1
        per_round = self.progression_in(setup.options) == "per_round"
        for r in results:
            level = number if per_round else state.player(r.player_id).level
            if level and self.levels[min(level, len(self.levels)) - 1].all_at_once \
                    and "laid_down" in r.marks and "went_out" not in r.marks:
                raise RuleError("laid_down_in_last_round_without_going_out", r.player_id, round=number,
                                player=setup.name_of(r.player_id))

    def score_hand(self, setup, state, results):
        """Out: the out score; others their cards. Ramo: a (3,2,1) scores 55, the out player −50.

        A player who laid down moves to the next level (per_player); laying down the last level completes.
        """
        number, final = state.hand_count + 1, len(self.levels)
        per_round = self.progression_in(setup.options) == "per_round"
        out_score = setup.options.get("out_bonus", self.out_score)
        scored = []
        for r in results:
            laid = self.marked(r, "laid_down")
            if per_round:
                before, after, done = number, (number + 1 if number < final else None), False
            else:
                before = state.player(r.player_id).level
                done = laid and before == final
                after = before + 1 if laid and before < final else before
            marks = r.marks | {"laid_down"} if laid else r.marks - {"laid_down"}
            scored.append(self.scored(setup, r, out_score if "went_out" in r.marks else None, marks,
                                      level_before=before, level_after=after, completed=done))
        return tuple(scored), tuple(r.player_id for r in results if "went_out" in r.marks)

    def preview(self, options) -> dict:
        """The out player (the one marked out, not by implication) scores the out score, the others their cards."""
        return {**super().preview(options), "outMark": "went_out",
                "outScore": options.get("out_bonus", self.out_score)}

    def is_over(self, setup, number: int, totals, completed) -> bool:
        """per_round: after the hand of the last level; per_player: after a hand in which someone completed."""
        if self.progression_in(setup.options) == "per_round":
            return number >= len(self.levels)
        return any(completed.values())

    def standing_key(self, setup, total: int, completed: bool, level: int | None = None) -> tuple:
        """``lowest_total``; ``completers`` first then lowest total; ``completers_then_level``: then higher level."""
        ranking = setup.options.get("winner_rule", self.ranking)
        if ranking == "completers":
            return (not completed, total)
        if ranking == "completers_then_level":
            return (not completed, -(level or 0), total)
        return (total,)
