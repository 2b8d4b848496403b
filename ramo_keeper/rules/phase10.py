"""Phase 10: ten phases each player climbs alone, penalty points, one player out per hand."""

from __future__ import annotations

from .base import CardCategory, Level, Meld, MeldKind, Phrase, RuleError, Words
from .variant import Variant


def _phase(number: int, *melds: tuple[str, int, int]) -> Level:
    """A phase: its melds as (kind, how many, cards each), e.g. ``_phase(2, ("set", 1, 3), ("run", 1, 4))``."""
    return Level(number, (tuple(Meld(kind, count, length) for kind, count, length in melds),), lengths_stated=True)


PHASES = (
    _phase(1, ("set", 2, 3)),
    _phase(2, ("set", 1, 3), ("run", 1, 4)),
    _phase(3, ("set", 1, 4), ("run", 1, 4)),
    _phase(4, ("run", 1, 7)),
    _phase(5, ("run", 1, 8)),
    _phase(6, ("run", 1, 9)),
    _phase(7, ("set", 2, 4)),
    _phase(8, ("colour", 1, 7)),
    _phase(9, ("set", 1, 5), ("set", 1, 2)),
    _phase(10, ("set", 1, 5), ("set", 1, 3)),
)
LAST_PHASE = len(PHASES)


class Phase10(Variant):
    """Phase 10 as docs/RULES.md §6 decides it."""

    __slots__ = ()
    key = "phase10"
    name = "Phase 10"
    min_players, max_players = 2, 6
    levels = PHASES
    meld_kinds = (
        MeldKind("set", Phrase("meld_set_any_colours")),
        MeldKind("run", Phrase("meld_run_any_colours", {"top": 12})),
        MeldKind("colour", Phrase("meld_one_colour")),
        MeldKind("wild", Phrase("meld_wilds_and_skips", {"level": "phase"})),
    )
    card_categories = (
        CardCategory("low", "Cards 1–9", 5),
        CardCategory("high", "Cards 10–12", 10),
        CardCategory("skip", "Skips", 15),
        CardCategory("wild", "Wilds", 25),
    )
    scoring_summary = (
        Phrase("summary_one_out_scores_zero"),
        Phrase("summary_levels_climb", {"level": "phase", "final": LAST_PHASE}),
        Phrase("summary_completers_lowest_total_wins", {"level": "phase", "final": LAST_PHASE}),
        Phrase("summary_finishing_order_completers", {"level": "phase"}),
        Phrase("summary_deal_passes_on"),
    )
    lower_is_better = True
    flags = frozenset({"went_out", "laid_down"})
    words = Words(level="phase", levels="phases")

    def check_hand(self, setup, state, results) -> None:
        """Exactly one player goes out each hand: the stock is reshuffled, so a hand always ends that way."""
        if not any(r.went_out for r in results):
            raise RuleError("someone_must_go_out", game=self.name)

    def first_level(self, setup) -> int:
        """Everyone starts at phase 1."""
        return 1

    def score_hand(self, setup, state, results):
        """Out: 0 and laid down; others 5·low + 10·high + 15·skip + 25·wild, e.g. (3, 2, 1, 0) -> 50.

        A player who laid down moves to the next phase; laying down phase 10 completes.
        """
        scored = []
        for r in results:
            laid = r.laid_down or r.went_out
            before = state.player(r.player_id).level
            done = laid and before == LAST_PHASE
            after = before + 1 if laid and before < LAST_PHASE else before
            scored.append(self.scored(setup, r, 0 if r.went_out else None, laid_down=laid, level_before=before,
                                      level_after=after, completed=done))
        return tuple(scored), tuple(r.player_id for r in results if r.went_out)

    def is_over(self, setup, number: int, totals, completed) -> bool:
        """The game ends after the hand in which any player completes phase 10."""
        return any(completed.values())

    def standing_key(self, setup, total: int, completed: bool, level: int | None = None) -> tuple:
        """Completers first, then the higher phase reached, then the lower total (equal on all three: shared)."""
        return (not completed, -(level or 0), total)

    def deal_layout(self, setup, number: int, dealer_id: int):
        """One 108-card deck (96 numbers, 8 Wild, 4 Skip); 10 cards each."""
        deck = Phrase("decks_of_game_cards", {"decks": 1, "cards": 108, "game": self.name})
        return 1, deck, 0, {pid: 10 for pid in setup.player_ids}
