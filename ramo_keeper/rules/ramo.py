"""Ramo: eight levels of sets and runs, penalty points, −50 for going out."""

from __future__ import annotations

from .base import CardCategory, Level, Meld, MeldKind, Option, Phrase, RuleError, Words
from .variant import Variant, first_reached, seats_after


def _melds(sets: int, runs: int) -> tuple[Meld, ...]:
    """The melds of one alternative: ``_melds(1, 1)`` is one set and one run of 3+ cards."""
    return tuple(m for m in (Meld("set", sets, 3), Meld("run", runs, 3)) if m.count)


LEVELS = (
    Level(1, (_melds(2, 0),)),  # two sets
    Level(2, (_melds(1, 1),)),  # one set and one run
    Level(3, (_melds(0, 2),)),  # two runs
    Level(4, (_melds(3, 0),)),  # three sets
    Level(5, (_melds(2, 1),)),  # two sets and one run
    Level(6, (_melds(1, 2),)),  # one set and two runs
    Level(7, (_melds(0, 3),)),  # three runs
    Level(8, (_melds(4, 0), _melds(0, 4))),  # four sets or four runs
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
    meld_kinds = (
        MeldKind("set", Phrase("meld_set_of_colours", {"smallest": 3, "largest": 4})),
        MeldKind("run", Phrase("meld_run_of_one_colour_wrapping", {"smallest": 3, "wrap": "12-13-1"})),
    )
    card_categories = (
        CardCategory("low", "Cards 1–9", 5),
        CardCategory("high", "Cards 10–13", 10),
        CardCategory("special", "Special cards (Wild, Skip, −1, x2, +3, ?)", 20),
    )
    options = (
        Option("progression", "per_player", "choice", ("per_player", "per_round")),
        Option("winner_rule", "lowest_total", "choice", ("lowest_total", "completers")),
        Option("dealer_rule", "highest_total", "choice", ("highest_total", "highest_hand")),
        Option("allow_no_winner", True, "bool"),
        Option("out_bonus", -50, "int", minimum=-500, maximum=0),
    )
    scoring_summary = (
        Phrase("summary_out_scores_others_pay", {"out_score": -50}),
        Phrase("summary_levels_climb", {"level": "level", "final": FINAL_LEVEL}),
        Phrase("summary_lowest_total_wins"),
        Phrase("summary_highest_total_deals"),
    )
    lower_is_better = True
    flags = frozenset({"went_out", "laid_down"})
    words = Words(nobody_out="Nobody (stock ran dry)")

    def allows_nobody_out(self, options) -> bool:
        """Only with allow_no_winner on (the default) may a hand end with nobody out."""
        return bool(options.get("allow_no_winner"))

    def level_in_hand(self, options, hand_number: int, earlier_lay_downs: int) -> int | None:
        """per_round: level k in hand k; per_player: one level up per lay-down (2 lay-downs -> level 3)."""
        if options.get("progression") == "per_round":
            return hand_number
        return 1 + earlier_lay_downs

    def check_option_combination(self, options) -> None:
        """completers needs per_player progression: per_round has no completers."""
        if options["winner_rule"] == "completers" and options["progression"] == "per_round":
            raise RuleError("options_exclude_each_other", option="winner_rule", value="completers",
                            needs="progression", needed="per_player")

    def check_hand(self, setup, state, results) -> None:
        """With allow_no_winner off, somebody must have gone out."""
        if not setup.options["allow_no_winner"] and not any(r.went_out for r in results):
            raise RuleError("someone_must_go_out_here", game=self.name)

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

    def standing_key(self, setup, total: int, completed: bool, level: int | None = None) -> tuple:
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
        cards = {pid: 13 if pid == first else 12 for pid in setup.player_ids}
        return decks, Phrase("decks_of_game_cards", {"decks": decks, "cards": 60, "game": self.name}), 0, cards
