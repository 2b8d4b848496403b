"""Contract Rummy: seven contracts, one per round, penalty points."""

from __future__ import annotations

from .base import CardCategory, Level, Meld, MeldKind, Option, Phrase, RuleError, Words
from .variant import PIPS, TENS, Variant


def _melds(groups: int, sequences: int) -> tuple[Meld, ...]:
    """The melds of a contract: groups of 3, sequences of 4+; ``_melds(1, 2)`` for round 6."""
    return tuple(m for m in (Meld("group", groups, 3), Meld("sequence", sequences, 4)) if m.count)


CONTRACTS = (
    Level(1, (_melds(2, 0),), lengths_stated=True),  # two groups of three
    Level(2, (_melds(1, 1),), lengths_stated=True),  # one group of three and a sequence of four
    Level(3, (_melds(0, 2),), lengths_stated=True),
    Level(4, (_melds(3, 0),), lengths_stated=True),
    Level(5, (_melds(2, 1),), lengths_stated=True),
    Level(6, (_melds(1, 2),), lengths_stated=True),
    Level(7, ((Meld("sequence", 2, 4), Meld("sequence", 1, 5)),), lengths_stated=True, all_at_once=True),
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
    meld_kinds = (
        MeldKind("group", Phrase("meld_group_of_one_rank", {"size": 3})),
        MeldKind("sequence", Phrase("meld_sequence_no_wrap", {"smallest": 4})),
        MeldKind("sequence", Phrase("meld_long_run_never_split", {"length": 8})),
    )
    card_categories = (PIPS, TENS, CardCategory("aces", "Aces", 15), JOKERS)
    options = (Option("jokers", True, "bool"),)
    scoring_summary = (
        Phrase("summary_out_scores_others_pay", {"out_score": 0}),
        Phrase("summary_level_per_round", {"level": "contract", "rounds": LAST_ROUND}),
        Phrase("summary_lowest_total_wins"),
        Phrase("summary_deal_passes_on"),
    )
    lower_is_better = True
    flags = frozenset({"went_out", "laid_down"})
    words = Words(level="contract", levels="contracts", hand="round")

    def level_in_hand(self, options, hand_number: int, earlier_lay_downs: int) -> int | None:
        """Everyone plays contract k in round k, whatever they laid down before."""
        return hand_number

    def categories_for(self, options=None):
        """Without the jokers option there is no joker box: ``{"jokers": False}`` -> pips, tens, aces."""
        if options is not None and not options.get("jokers", True):
            return tuple(c for c in self.card_categories if c is not JOKERS)
        return self.card_categories

    def check_hand(self, setup, state, results) -> None:
        """Someone goes out every round; in round 7 nobody else can have laid down."""
        if not any(r.went_out for r in results):
            raise RuleError("someone_must_go_out", game=self.name)
        if state.hand_count + 1 == LAST_ROUND:
            for r in results:
                if r.laid_down and not r.went_out:
                    raise RuleError("laid_down_in_last_round_without_going_out", r.player_id, round=LAST_ROUND,
                                    player=setup.name_of(r.player_id))

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
        cards = 10 if number <= 3 else 12
        deck = Phrase("decks_plus_jokers", {"decks": 2, "cards": 52, "jokers": jokers})
        return 2, deck, jokers, {pid: cards for pid in setup.player_ids}
