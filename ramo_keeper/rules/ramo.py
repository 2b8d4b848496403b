"""Ramo: eight levels of sets and runs, penalty points, −50 for going out."""

from __future__ import annotations

from .base import CardCategory, Level, Meld, Option, RuleError
from .variant import Variant, first_reached, seats_after


def _melds(sets: int, runs: int) -> tuple[Meld, ...]:
    """The melds of one alternative: ``_melds(1, 1)`` is one set and one run of 3+ cards."""
    return tuple(m for m in (Meld("set", sets, 3), Meld("run", runs, 3)) if m.count)


LEVELS = (
    Level(1, "two sets", (_melds(2, 0),)),
    Level(2, "one set and one run", (_melds(1, 1),)),
    Level(3, "two runs", (_melds(0, 2),)),
    Level(4, "three sets", (_melds(3, 0),)),
    Level(5, "two sets and one run", (_melds(2, 1),)),
    Level(6, "one set and two runs", (_melds(1, 2),)),
    Level(7, "three runs", (_melds(0, 3),)),
    Level(8, "four sets or four runs", (_melds(4, 0), _melds(0, 4))),
)
FINAL_LEVEL = len(LEVELS)
DECKS_BY_PLAYERS = {2: 1, 3: 2, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3}


class Ramo(Variant):
    """Ramo as docs/RULES.md §1 decides it."""

    __slots__ = ()
    key = "ramo"
    name = "Ramo"
    min_players, max_players = 2, 8
    designed_range = (3, 5)
    direction = "counter-clockwise"
    levels = LEVELS
    card_categories = (
        CardCategory("low", "Cards 1–9", 5),
        CardCategory("high", "Cards 10–13", 10),
        CardCategory("special", "Special cards (Wild, Skip, −1, x2, +3, ?)", 20),
    )
    options = (
        Option("progression", "per_player", "choice", ("per_player", "per_round"),
               help="per_player: each player climbs the levels alone; per_round: level k in hand k"),
        Option("winner_rule", "lowest_total", "choice", ("lowest_total", "completers"),
               help="Lowest total wins, or lowest total among those who completed level 8"),
        Option("dealer_rule", "highest_total", "choice", ("highest_total", "highest_hand"),
               help="Highest running total deals next, or highest score in the hand just played"),
        Option("allow_no_winner", True, "bool", help="Allow a hand where nobody goes out (stock ran dry)"),
        Option("out_bonus", -50, "int", minimum=-500, maximum=0, help="Score of the player who went out"),
    )
    scoring_summary = (
        "Going out scores −50; everyone else scores 5 per card 1–9, 10 per card 10–13, 20 per special card.",
        "Laying down moves a player to the next level; the game ends after someone completes level 8.",
        "Lowest total wins; ties are co-winners.",
        "The highest running total deals next; ties go to the first tied player after the dealer.",
    )
    lower_is_better = True
    flags = frozenset({"went_out", "laid_down"})

    def check_option_combination(self, options) -> None:
        """completers needs per_player progression: per_round has no completers."""
        if options["winner_rule"] == "completers" and options["progression"] == "per_round":
            raise RuleError("winner_rule completers needs progression per_player")

    def check_hand(self, setup, state, results) -> None:
        """With allow_no_winner off, somebody must have gone out."""
        if not setup.options["allow_no_winner"] and not any(r.went_out for r in results):
            raise RuleError("Someone must go out in Ramo: this game does not allow a hand without a winner")

    def first_level(self, setup) -> int:
        """Everyone starts at level (contract) 1."""
        return 1

    def score_hand(self, setup, state, results):
        """Out: out_bonus; others 5·low + 10·high + 20·special. A (3,2,1) scores 55; the out player −50."""
        number = state.hand_count + 1
        per_round = setup.options["progression"] == "per_round"
        scored = []
        for r in results:
            laid = r.laid_down or r.went_out
            if per_round:
                before, after, done = number, (number + 1 if number < FINAL_LEVEL else None), False
            else:
                before = state.player(r.player_id).level
                done = laid and before == FINAL_LEVEL
                after = before + 1 if laid and before < FINAL_LEVEL else before
            score = setup.options["out_bonus"] if r.went_out else None
            scored.append(self.scored(setup, r, score, laid_down=laid, level_before=before,
                                      level_after=after, completed=done))
        return tuple(scored), tuple(r.player_id for r in results if r.went_out)

    def is_over(self, setup, number: int, totals, completed) -> bool:
        """per_round: after hand 8; per_player: after the hand in which someone completed level 8."""
        if setup.options["progression"] == "per_round":
            return number >= FINAL_LEVEL
        return any(completed.values())

    def standing_key(self, setup, total: int, completed: bool) -> tuple:
        """With winner_rule completers, completers stand ahead of everyone else, then lowest total."""
        if setup.options["winner_rule"] == "completers":
            return (not completed, total)
        return (total,)

    def next_dealer(self, setup, outcome, totals) -> int:
        """Highest total (or hand score) deals; ties: first tied seat after the dealer, dealer last."""
        if setup.options["dealer_rule"] == "highest_hand":
            values = {r.player_id: r.score for r in outcome.results}
        else:
            values = dict(totals)
        top = max(values.values())
        return first_reached(setup.player_ids, outcome.dealer_id, {p for p, v in values.items() if v == top})

    def deal_layout(self, setup, number: int, dealer_id: int):
        """Decks 1/2/3 by table size; 13 cards to the player after the dealer, 12 to the rest."""
        decks = DECKS_BY_PLAYERS[len(setup.seats)]
        first = seats_after(setup.player_ids, dealer_id)[0]
        plural = "deck" if decks == 1 else "decks"
        cards = {pid: 13 if pid == first else 12 for pid in setup.player_ids}
        return decks, f"{decks} {plural} of 60 Ramo cards", 0, cards
