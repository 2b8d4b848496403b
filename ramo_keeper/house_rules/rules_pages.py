"""Level requirements and scoring in plain words, public, generated from the rule modules' own tables."""

from flask import Blueprint, abort

from .. import rules
from ..text.deal_words import cards_after_dealer, cards_each, cards_in_hands
from ..text.options import option_line, option_words
from ..text.phrases import say
from ..web.rendering import render

bp = Blueprint("rules_pages", __name__)


def _cards_in_words(setup: rules.GameSetup, variant: rules.Variant) -> str:
    """'13 to the player after the dealer, 12 to the others', or '10 each (rounds 1–3), 12 each (rounds 4–7)'."""
    dealer = setup.player_ids[0]
    rounds = len(variant.levels) or 1
    by_round = []
    for number in range(1, rounds + 1):
        cards = variant.deal_layout(setup, number, dealer).cards
        counts = [cards[pid] for pid in setup.player_ids]
        if len(set(counts)) == 1:
            text = cards_each(counts[0])
        else:
            text = cards_after_dealer(counts[1], counts[0])
        if by_round and by_round[-1][0] == text:
            by_round[-1][2] = number
        else:
            by_round.append([text, number, number])
    if len(by_round) == 1:
        return by_round[0][0]
    return "; ".join(cards_in_hands(text, variant.words.hand, first, last) for text, first, last in by_round)


def setup_rows(variant: rules.Variant) -> list[dict]:
    """One row per table size: decks, jokers and cards dealt, straight from the variant's deal layout."""
    rows = []
    for size in range(variant.min_players, variant.max_players + 1):
        setup = rules.new_game(variant, [rules.Seat(i, f"P{i}") for i in range(1, size + 1)])
        layout = variant.deal_layout(setup, 1, setup.player_ids[0])
        rows.append({"players": size, "decks": say(layout.deck), "jokers": layout.jokers,
                     "cards": _cards_in_words(setup, variant)})
    return rows


@bp.get("/rules")
def index():
    """The games this keeper knows."""
    return render("rules/index.html", variants=list(rules.VARIANTS.values()))


@bp.get("/rules/<variant_key>")
def show(variant_key: str):
    """One game's setup, level table, card values and scoring."""
    try:
        variant = rules.get_variant(variant_key)
    except rules.UnknownVariant:
        abort(404)
    options = [dict(option_words(o), line=option_line(option_words(o)))
               for o in variant.options]
    return render("rules/show.html", variant=variant, setup_rows=setup_rows(variant), options=options)
