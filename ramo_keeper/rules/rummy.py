"""Rummy: the player who goes out scores everyone else's cards; highest total wins."""

from __future__ import annotations

from .base import CardCategory, Option, RuleError
from .variant import Variant

CARDS_BY_PLAYERS = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}


class Rummy(Variant):
    """Basic Rummy as docs/RULES.md §3 decides it."""

    __slots__ = ()
    key = "rummy"
    name = "Rummy"
    min_players, max_players = 2, 6
    card_categories = (
        CardCategory("pips", "Pips of the 2–9 cards", 1),
        CardCategory("tens", "10s, jacks, queens, kings", 10),
        CardCategory("aces", "Aces", 1),
    )
    options = (
        Option("ace_value", 1, "choice", (1, 15), help="Aces count 1, or 15 when aces play high or low"),
        Option("end", "target", "choice", ("target", "hands"),
               help="End when a total reaches the target, or after a fixed number of hands"),
        Option("target", 150, "int", minimum=1, maximum=10000, help="Points that end the game"),
        Option("hands", 10, "int", minimum=1, maximum=100, help="Hands in a game when it ends by hands"),
        Option("dealer_rule", "rotate", "choice", ("rotate", "winner_deals"),
               help="The deal passes to the next player, or the hand's winner deals"),
    )
    scoring_summary = (
        "Only the player who goes out scores: the sum of everyone else's cards, doubled if they went rummy.",
        "Pips count their value, 10/J/Q/K 10, aces 1 (or 15 when aces play high or low).",
        "The game ends after the hand in which a total reaches the target (150); highest total wins.",
        "The deal passes to the next player (or, as an option, the hand's winner deals).",
    )
    lower_is_better = False
    flags = frozenset({"went_out", "went_rummy"})

    def categories_for(self, options=None):
        """Aces are worth ``ace_value``: ``{"ace_value": 15}`` -> aces 15 points."""
        ace = (options or {}).get("ace_value", 1)
        return tuple(CardCategory(c.key, c.label, ace) if c.key == "aces" else c for c in self.card_categories)

    def check_hand(self, setup, state, results) -> None:
        """Someone goes out every hand; only that player can have gone rummy."""
        if not any(r.went_out for r in results):
            raise RuleError("Someone must go out in Rummy")
        for r in results:
            if r.went_rummy and not r.went_out:
                raise RuleError(f"{setup.name_of(r.player_id)} went rummy but did not go out: "
                                "only the player who went out can go rummy", r.player_id)

    def score_hand(self, setup, state, results):
        """Out player: sum of the others' values, ×2 for rummy; e.g. 21 + 19 + 34 -> 74."""
        lines = [self.scored(setup, r, 0) for r in results]
        pot = sum(line.value for line in lines)
        out = next(r for r in results if r.went_out)
        gain = pot * 2 if out.went_rummy else pot
        scored = tuple(self.scored(setup, r, gain if r is out else 0) for r in results)
        return scored, (out.player_id,)

    def is_over(self, setup, number: int, totals, completed) -> bool:
        """end=target: a total reached the target; end=hands: the last hand was played."""
        if setup.options["end"] == "hands":
            return number >= setup.options["hands"]
        return any(total >= setup.options["target"] for total in totals.values())

    def next_dealer(self, setup, outcome, totals) -> int:
        """rotate: the next seat; winner_deals: the player who went out."""
        if setup.options["dealer_rule"] == "winner_deals":
            return outcome.winner_ids[0]
        return super().next_dealer(setup, outcome, totals)

    def deal_layout(self, setup, number: int, dealer_id: int):
        """One deck, no jokers; 10 cards for 2 players, 7 for 3–4, 6 for 5–6."""
        cards = CARDS_BY_PLAYERS[len(setup.seats)]
        return 1, "1 deck of 52 cards, no jokers", 0, {pid: cards for pid in setup.player_ids}
