"""Manipulation Rummy: knock with 5 or less; the lowest hand scores the differences."""

from __future__ import annotations

from .base import CardCategory, Option, RuleError
from .variant import Variant


def _points(key: str, default: int, help: str, maximum: int = 1000) -> Option:
    """A whole-number points option from 0 up, e.g. ``_points("round_bonus", 25, …)``."""
    return Option(key, default, "int", minimum=0, maximum=maximum, help=help)


class Manipulation(Variant):
    """Manipulation Rummy (Carousel) as docs/RULES.md §4 decides it."""

    __slots__ = ()
    key = "manipulation"
    name = "Manipulation Rummy"
    min_players, max_players = 2, 5
    card_categories = (
        CardCategory("pips", "Pips of the 2–9 cards", 1),
        CardCategory("tens", "10s, jacks, queens, kings", 10),
        CardCategory("aces", "Aces", 1),
        CardCategory("jokers", "Jokers", 25),
    )
    options = (
        Option("target", 150, "int", minimum=1, maximum=10000, help="A running total that ends the game"),
        _points("knock_limit", 5, "Highest hand value a player may knock with", maximum=100),
        _points("undercut_bonus", 10, "Bonus for a winner who did not knock when someone did"),
        _points("all_cards_bonus", 25, "Bonus for winning with no cards left"),
        _points("game_bonus", 100, "End bonus for every player whose total reached the target", 10000),
        _points("round_bonus", 25, "End bonus per hand won"),
    )
    scoring_summary = (
        "The lowest hand wins (a tie goes against the knocker) and scores its difference to every other hand.",
        "+10 for undercutting the knocker, +25 for going out with no cards.",
        "The game ends when a total reaches 150: +100 to each player who reached it, +25 per hand won.",
        "Highest final total wins; the deal passes to the next player.",
    )
    lower_is_better = False
    flags = frozenset({"went_out", "knocked"})

    def check_hand(self, setup, state, results) -> None:
        """One knocker at most, within the knock limit; a player with no cards is the knocker."""
        limit = setup.options["knock_limit"]
        knockers = [r for r in results if r.knocked or r.went_out]
        if len(knockers) > 1:
            names = " and ".join(setup.name_of(r.player_id) for r in knockers)
            both = "both" if len(knockers) == 2 else "all"
            raise RuleError(f"Only one player can knock, but {names} {both} knocked", knockers[1].player_id)
        for r in results:
            name, value = setup.name_of(r.player_id), self.hand_value(r.cards, setup.options).value
            if r in knockers and value > limit:
                raise RuleError(f"{name} knocked holding {value} points; knocking needs {limit} or less",
                                r.player_id)
            if value == 0 and r not in knockers:
                raise RuleError(f"{name} holds no cards, so {name} went out and must be the knocker",
                                r.player_id)

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
            self.scored(setup, r, scores.get(r.player_id, 0), knocked=r.player_id == knocker,
                        went_out=values[r.player_id] == 0)
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
        text = "1 deck of 53 cards (1 joker)" if decks == 1 else "2 decks of 53 cards (2 jokers)"
        return decks, text, decks, {pid: 10 for pid in setup.player_ids}
