"""The facts of a game's definition document, read once into a frozen record with declared fields.

``rules/definition.py`` reads a valid document into ``GameFacts``; an engine (``rules/variant.py``) scores
a game from them and adds nothing to them. What each fact means is in docs/GAMES.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from .base import CardCategory, Level, MeldKind, Option, Phrase, Words
from .marks import Mark

if TYPE_CHECKING:
    from .deal_table import DealTable


@dataclass(frozen=True)
class OptionRule:
    """Two options that exclude each other: ``option`` at ``value`` needs ``needs`` at ``needed``."""

    option: str
    value: object
    needs: str
    needed: object


@dataclass(frozen=True)
class GameFacts:
    """One definition's facts, read from its document and never changed (RULES.md: Ramo's player out scores −50).

    >>> from ramo_keeper.rules import get_variant
    >>> ramo = get_variant("ramo").facts
    >>> ramo.name, ramo.out_score, ramo.lower_is_better
    ('Ramo', -50, True)
    """

    key: str
    name: str
    min_players: int
    max_players: int
    designed_range: tuple[int, int] | None
    direction: str
    levels: tuple[Level, ...]
    meld_kinds: tuple[MeldKind, ...]
    card_categories: tuple[CardCategory, ...]
    options: tuple[Option, ...]
    option_rules: tuple[OptionRule, ...]
    scoring_summary: tuple[Phrase, ...]
    ranking: str
    lower_is_better: bool
    flags: frozenset[str]
    # The marks the definition declares, in its order (rules/marks.py): the app loops over these.
    marks: tuple[Mark, ...]
    # What a mark brings with it: {"went_out": {"laid_down"}} where going out means having laid down.
    implies: Mapping[str, frozenset[str]]
    requires: Mapping[str, str]
    multiplies: Mapping[str, int]
    # The result flag the "out" choice on the hand form sets: "went_out", or "knocked" (Manipulation).
    out_flag: str
    words: Words
    # Hands won is a number the table needs to see (Manipulation pays a bonus per hand won).
    counts_hands_won: bool
    nobody_out: bool
    out_score: int
    progression: str
    end: str
    dealer_rule: str
    deal_table: DealTable
    # The game's BoardGameGeek id where the definition names one (BG Stats' `bggId`), else None.
    bgg_id: int | None
    # The name the rule text the game was written from gives it, by language code, where it differs from the
    # name players use ({"ko": "조작 러미"}: seed 004's word, which players read as "rigging"); the rules page
    # of that language names it once.
    source_names: Mapping[str, str]
    # Kept as text, so no caller can change the game through the dict ``Variant.definition()`` hands out.
    definition_json: str


FACT_NAMES = frozenset(f.name for f in fields(GameFacts))
