"""Count rows offer only what a hand can hold: no 0–9 plus a 10+ box for a kind of card the decks
hold fewer than ten of, and the server refuses a count above it in the table's words.

Every number is worked out from docs/RULES.md, not from the definitions: Rummy is one 52-card deck
(4 aces); Contract two decks (8 aces) plus one joker fewer than the players (at most 4, at 5 players);
Manipulation two 53-card decks for 3–5 players (1 joker each: 2); Phase 10 one 108-card deck with
4 Skips and 8 Wilds.
"""

import re

import pytest


def row(page: str, player_id: int, key: str) -> tuple[list[str], str | None]:
    """A count row's one-tap numbers and the type of its box (None when it has none)."""
    field = f"c_{player_id}_{key}"
    numbers = re.findall(rf'type="radio" name="{field}" value="(\d+)"', page)
    box = re.search(rf'<input type="(\w+)" class="pick-number"[^>]*name="{field}"', page)
    return numbers, box.group(1) if box else None


def upto(n: int) -> list[str]:
    return [str(i) for i in range(n + 1)]


@pytest.mark.parametrize("variant, rows", [
    ("rummy", {"aces": 4, "tens": 16}),
    ("contract", {"aces": 8, "jokers": 4, "tens": 32}),
    ("manipulation", {"aces": 8, "jokers": 2, "tens": 32}),
    ("phase10", {"skip": 4, "wild": 8, "high": 24}),
])
def test_a_row_offers_zero_to_what_the_decks_hold_and_a_box_only_past_nine(table, variant, rows):
    game = table.new_game(variant, ["A", "B", "C"])
    page = table.web.get(f"/games/{game}").get_data(as_text=True)
    for key, most in rows.items():
        numbers, box = row(page, table.id("B"), key)
        if most <= 9:
            assert (numbers, box) == (upto(most), "hidden"), key
        else:
            assert (numbers, box) == (upto(9), "number"), key
            assert re.search(rf'max="{most}"[^>]*name="c_{table.id("B")}_{key}"', page), key


def test_a_picked_count_on_a_short_row_is_recorded(table):
    """Rummy, 3 players: A goes out and takes what the others hold; B holds 3 aces (3×1), C 2 tens (2×10)."""
    game = table.new_game("rummy", ["A", "B", "C"])
    response = table.post_hand(game, out="A", cards={"B": {"aces": 3}, "C": {"tens": 2}})
    assert response.status_code == 303
    assert table.totals(game) == {"A": 23, "B": 0, "C": 0}


@pytest.mark.parametrize("variant, category, count, most", [
    ("rummy", "aces", 5, 4),
    ("phase10", "skip", 5, 4),
    ("phase10", "wild", 9, 8),
    ("contract", "jokers", 5, 4),
])
def test_the_server_refuses_more_than_the_decks_hold_with_a_form_error(table, variant, category, count, most):
    game = table.new_game(variant, ["A", "B", "C"])
    response = table.post_hand(game, out="A", cards={"B": {category: count}})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    error = rf'<small class="field-error"[^>]*>No hand holds that many: [^<]* is at most {most}\.</small>'
    assert re.search(error, page)
    assert table.state(game).hand_count == 0
