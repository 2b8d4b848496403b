"""The deal as data: decks, jokers and cards by table size, cards by hand, an extra card for the starter."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .base import DealLayout, GameSetup, Phrase, Seat  # noqa: F401 (Seat: the doctest)


@dataclass(frozen=True)
class TableSize:
    """One row of a deal table: from ``fewest`` to ``most`` players, this many decks, jokers and cards."""

    fewest: int
    most: int
    decks: int
    jokers: int
    cards: int


@dataclass(frozen=True)
class HandRange:
    """Hands ``first`` to ``last`` deal ``cards`` each whatever the table size (Contract: 10 in rounds 1–3)."""

    first: int
    last: int
    cards: int


@dataclass(frozen=True)
class DealTable:
    """A definition's ``deal``: how every hand is dealt, read by ``Variant.deal_layout``.

    ``deck``: the phrase that describes the decks ("decks_plus_jokers") and the cards in one deck;
    ``starter_extra``: cards more for the player after the dealer (Ramo's 13th card);
    ``jokers_option``: a boolean option without which no jokers are added (Contract's ``jokers``).
    """

    deck_phrase: str
    deck_cards: int
    sizes: tuple[TableSize, ...]
    by_hand: tuple[HandRange, ...] = ()
    starter_extra: int = 0
    jokers_option: str | None = None

    def layout(self, setup: GameSetup, game_name: str, number: int, dealer_id: int) -> DealLayout:
        """The deal of hand ``number``.

        >>> table = DealTable("decks_plus_jokers", 52, (TableSize(3, 5, 2, 2, 10),), (HandRange(4, 7, 12),))
        >>> setup = GameSetup("contract", [Seat(1, "Al"), Seat(2, "Bo"), Seat(3, "Cy")], 1, {"jokers": True})
        >>> layout = table.layout(setup, "Contract Rummy", 4, 1)
        >>> layout.decks, layout.jokers, dict(layout.cards)
        (2, 2, {1: 12, 2: 12, 3: 12})
        """
        ids = setup.player_ids
        size = next(row for row in self.sizes if row.fewest <= len(ids) <= row.most)
        jokers = size.jokers
        if self.jokers_option and not setup.options.get(self.jokers_option, True):
            jokers = 0
        each = next((r.cards for r in self.by_hand if r.first <= number <= r.last), size.cards)
        starter = ids[(ids.index(dealer_id) + 1) % len(ids)]
        cards = {pid: each + (self.starter_extra if pid == starter else 0) for pid in ids}
        return DealLayout(size.decks, self._deck(size.decks, jokers, game_name), jokers, cards)

    def _deck(self, decks: int, jokers: int, game_name: str) -> Phrase:
        """The phrase naming the decks: a game's own cards are named by the game, standard decks by jokers."""
        params: dict[str, object] = {"decks": decks, "cards": self.deck_cards}
        if self.deck_phrase == "decks_of_game_cards":
            params["game"] = game_name
        else:
            params["jokers"] = jokers
        return Phrase(self.deck_phrase, params)


def read_deal(deal: Mapping) -> DealTable:
    """A DealTable from a validated definition's ``deal`` object."""
    sizes = tuple(TableSize(row["players"][0], row["players"][1], row["decks"], row.get("jokers", 0), row["cards"])
                  for row in deal["by_players"])
    by_hand = tuple(HandRange(r["hands"][0], r["hands"][1], r["cards"]) for r in deal.get("by_hand", ()))
    return DealTable(deal["deck"]["phrase"], deal["deck"]["cards"], sizes, by_hand, deal.get("starter_extra", 0),
                     deal.get("jokers_option"))
