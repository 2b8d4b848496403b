"""Contract Rummy: seven contracts, one per round, penalty points."""

from __future__ import annotations

from .base import CardCategory, Level, Meld, Option, RuleError
from .variant import Variant


def _melds(groups: int, sequences: int) -> tuple[Meld, ...]:
    """The melds of a contract: groups of 3, sequences of 4+; ``_melds(1, 2)`` for round 6."""
    return tuple(m for m in (Meld("group", groups, 3), Meld("sequence", sequences, 4)) if m.count)


CONTRACTS = (
    Level(1, "two groups", (_melds(2, 0),)),
    Level(2, "one group and one sequence", (_melds(1, 1),)),
    Level(3, "two sequences", (_melds(0, 2),)),
    Level(4, "three groups", (_melds(3, 0),)),
    Level(5, "two groups and one sequence", (_melds(2, 1),)),
    Level(6, "one group and two sequences", (_melds(1, 2),)),
    Level(7, "three sequences, one of them of 5 cards, laid down all at once with no discard",
          ((Meld("sequence", 2, 4), Meld("sequence", 1, 5)),)),
)
LAST_ROUND = len(CONTRACTS)
JOKERS = CardCategory("jokers", "Jokers", 15)


class Contract(Variant):
    """Contract Rummy as docs/RULES.md §2 decides it."""

    __slots__ = ()
    key = "contract"
    name = "Contract Rummy"
    min_players, max_players = 3, 5
    levels = CONTRACTS
    card_categories = (
        CardCategory("pips", "Pips of the 2–9 cards", 1),
        CardCategory("tens", "10s, jacks, queens, kings", 10),
        CardCategory("aces", "Aces", 15),
        JOKERS,
    )
    options = (Option("jokers", True, "bool", help="Add one joker fewer than the number of players"),)
    scoring_summary = (
        "The player who goes out scores 0; everyone else scores pips + 10 per 10/J/Q/K + 15 per ace or joker.",
        "Everyone plays contract k in round k; the game ends after round 7.",
        "Lowest total wins; ties are co-winners.",
        "The deal passes to the next player each round.",
    )
    lower_is_better = True
    flags = frozenset({"went_out", "laid_down"})

    def categories_for(self, options=None):
        """Without the jokers option there is no joker box: ``{"jokers": False}`` -> pips, tens, aces."""
        if options is not None and not options.get("jokers", True):
            return tuple(c for c in self.card_categories if c is not JOKERS)
        return self.card_categories

    def check_hand(self, setup, state, results) -> None:
        """Someone goes out every round; in round 7 nobody else can have laid down."""
        if not any(r.went_out for r in results):
            raise RuleError("Someone must go out in Contract Rummy")
        if state.hand_count + 1 == LAST_ROUND:
            for r in results:
                if r.laid_down and not r.went_out:
                    raise RuleError(f"In round 7 only the player who went out can have laid down, "
                                    f"and {setup.name_of(r.player_id)} did not go out", r.player_id)

    def first_level(self, setup) -> int:
        """Everyone starts at level (contract) 1."""
        return 1

    def score_hand(self, setup, state, results):
        """Out: 0; others pips + 10·tens + 15·aces + 15·jokers, e.g. (16, 1, 0, 1) -> 41."""
        number = state.hand_count + 1
        after = number + 1 if number < LAST_ROUND else None
        scored = tuple(
            self.scored(setup, r, 0 if r.went_out else None, laid_down=r.laid_down or r.went_out,
                        level_before=number, level_after=after)
            for r in results
        )
        return scored, tuple(r.player_id for r in results if r.went_out)

    def is_over(self, setup, number: int, totals, completed) -> bool:
        """The game ends after round 7."""
        return number >= LAST_ROUND

    def deal_layout(self, setup, number: int, dealer_id: int):
        """Two decks plus players − 1 jokers (option); 10 cards in rounds 1–3, 12 in rounds 4–7."""
        jokers = len(setup.seats) - 1 if setup.options["jokers"] else 0
        extra = f" + {jokers} jokers" if jokers > 1 else (" + 1 joker" if jokers else ", no jokers")
        cards = 10 if number <= 3 else 12
        return 2, f"2 decks of 52 cards{extra}", jokers, {pid: cards for pid in setup.player_ids}
