"""Manipulation Rummy: knock with 5 or less; the lowest hand scores the differences."""

from __future__ import annotations

from .base import CardCategory, MeldKind, Option, Phrase, RuleError, Words
from .variant import PIPS, TENS, Variant


def _points(key: str, default: int, maximum: int = 1000) -> Option:
    """A whole-number points option from 0 up, e.g. ``_points("round_bonus", 25)``."""
    return Option(key, default, "int", minimum=0, maximum=maximum)


class Manipulation(Variant):
    """Manipulation Rummy (Carousel) as docs/RULES.md §4 decides it."""

    __slots__ = ()
    key = "manipulation"
    name = "Manipulation Rummy"
    min_players, max_players = 2, 5
    meld_kinds = (
        MeldKind("group", Phrase("meld_group_no_duplicates", {"smallest": 3, "largest": 4})),
        MeldKind("sequence", Phrase("meld_sequence_of_one_suit_no_wrap", {"smallest": 3})),
    )
    card_categories = (PIPS, TENS, CardCategory("aces", "Aces", 1), CardCategory("jokers", "Jokers", 25))
    options = (
        Option("target", 150, "int", minimum=1, maximum=10000),
        _points("knock_limit", 5, maximum=100),
        _points("undercut_bonus", 10),
        _points("all_cards_bonus", 25),
        _points("game_bonus", 100, 10000),
        _points("round_bonus", 25),
    )
    scoring_summary = (
        Phrase("summary_lowest_hand_takes_differences"),
        Phrase("summary_undercut_and_all_cards", {"undercut": 10, "all_cards": 25}),
        Phrase("summary_stock_out_melds_once_more"),
        Phrase("summary_ends_at_target_with_bonuses", {"target": 150, "game_bonus": 100, "round_bonus": 25}),
        Phrase("summary_highest_final_total_wins"),
    )
    lower_is_better = False
    flags = frozenset({"went_out", "knocked"})
    out_flag = "knocked"
    words = Words(went_out="Knocked", went_out_verb="knocked", nobody_out="No knock (stock ran out)")
    counts_hands_won = True

    def check_hand(self, setup, state, results) -> None:
        """One knocker at most, within the knock limit; with a knocker, a player with no cards is the knocker.

        With no knocker the stock ran out and everyone melded once more, so any number of players
        may hold nothing (docs/RULES.md §4, example 5b).
        """
        limit = setup.options["knock_limit"]
        knockers = [r for r in results if r.knocked or r.went_out]
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
        knocker = next((r.player_id for r in results if r.knocked or r.went_out), None)
        low = min(values.values())
        winners = [pid for pid, v in values.items() if v == low]
        if knocker in winners and len(winners) > 1:
            winners.remove(knocker)
        scores = {}
        for w in winners:
            gain = sum(v - low for pid, v in values.items() if pid != w)
            gain += o["undercut_bonus"] if knocker is not None and w != knocker else 0
            scores[w] = gain + (o["all_cards_bonus"] if low == 0 else 0)
        scored = tuple(
            # Only a knocker holding nothing went out; with no knocker nobody ended the hand, even on 0.
            self.scored(setup, r, scores.get(r.player_id, 0), knocked=r.player_id == knocker,
                        went_out=r.player_id == knocker and values[r.player_id] == 0)
            for r in results
        )
        return scored, tuple(winners)

    def is_over(self, setup, number: int, totals, completed) -> bool:
        """The game ends after a hand in which any running total reaches the target."""
        return any(total >= setup.options["target"] for total in totals.values())

    def end_bonuses(self, setup, totals, rounds_won) -> dict[int, int]:
        """+game_bonus for reaching the target, +round_bonus per hand won; A 168 with 4 wins -> +200."""
        o = setup.options
        return {pid: (o["game_bonus"] if total >= o["target"] else 0) + o["round_bonus"] * rounds_won[pid]
                for pid, total in totals.items()}

    def deal_layout(self, setup, number: int, dealer_id: int):
        """One 53-card deck (1 joker) for 2 players, two (2 jokers) for 3 or more; 10 cards each."""
        decks = 1 if len(setup.seats) == 2 else 2
        deck = Phrase("decks_jokers_included", {"decks": decks, "cards": 53, "jokers": decks})
        return decks, deck, decks, {pid: 10 for pid in setup.player_ids}
