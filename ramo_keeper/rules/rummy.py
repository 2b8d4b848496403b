"""Rummy: the player who goes out scores everyone else's cards; highest total wins."""

from __future__ import annotations

from dataclasses import replace

from .base import CardCategory, MeldKind, Option, Phrase, RuleError
from .variant import PIPS, TENS, Variant

CARDS_BY_PLAYERS = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}


class Rummy(Variant):
    """Basic Rummy as docs/RULES.md §3 decides it."""

    __slots__ = ()
    key = "rummy"
    name = "Rummy"
    min_players, max_players = 2, 6
    meld_kinds = (
        MeldKind("group", Phrase("meld_group_of_a_kind", {"smallest": 3, "largest": 4})),
        MeldKind("sequence", Phrase("meld_sequence_ace_low", {"smallest": 3})),
    )
    card_categories = (PIPS, TENS, CardCategory("aces", "Aces", 1))
    options = (
        Option("ace_value", 1, "choice", (1, 15)),
        Option("end", "target", "choice", ("target", "hands")),
        Option("target", 150, "int", minimum=1, maximum=10000),
        Option("hands", 10, "int", minimum=1, maximum=100),
        Option("dealer_rule", "rotate", "choice", ("rotate", "winner_deals")),
    )
    scoring_summary = (
        Phrase("summary_out_takes_the_others"),
        Phrase("summary_ends_at_target_highest_wins", {"target": 150}),
        Phrase("summary_deal_passes_on"),
    )
    lower_is_better = False
    flags = frozenset({"went_out", "went_rummy"})

    def categories_for(self, options=None):
        """Aces are worth ``ace_value``: ``{"ace_value": 15}`` -> aces 15 points."""
        ace = (options or {}).get("ace_value", 1)
        return tuple(replace(c, points=ace) if c.key == "aces" else c for c in self.card_categories)

    def check_hand(self, setup, state, results) -> None:
        """Someone goes out every hand; only that player can have gone rummy."""
        if not any(r.went_out for r in results):
            raise RuleError("someone_must_go_out", game=self.name)
        for r in results:
            if r.went_rummy and not r.went_out:
                raise RuleError("rummy_without_going_out", r.player_id, player=setup.name_of(r.player_id))

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
        deck = Phrase("decks_plus_jokers", {"decks": 1, "cards": 52, "jokers": 0})
        return 1, deck, 0, {pid: cards for pid in setup.player_ids}
