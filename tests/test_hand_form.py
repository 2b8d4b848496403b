"""The quick-pick hand form: picked and typed counts, what the page tells the JavaScript, and the
folded deal card while a hand is entered."""

import re
import uuid

import pytest


def checked_pick(page: str, field: str) -> str | None:
    match = re.search(rf'name="{field}" value="(\d)" checked', page)
    return match.group(1) if match else None


def box_value(page: str, field: str) -> str:
    return re.search(rf'class="pick-number"[^>]*name="{field}"[^>]*\n?\s*value="([^"]*)"', page).group(1)


@pytest.fixture
def ramo(table):
    return table.new_game("ramo", ["A", "B", "C"])


def test_a_typed_number_wins_over_the_picked_one(table, ramo):
    """Without JavaScript both are posted: picks first, the box last."""
    b = table.id("B")
    table.web.get(f"/games/{ramo}")
    data = {"went_out": str(table.id("A")), "idempotency_key": uuid.uuid4().hex,
            f"c_{b}_low": ["0", "12"], f"c_{b}_high": ["3", ""]}
    assert table.web.post(f"/games/{ramo}/hands", data).status_code == 303
    # B: 12×5 + 3×10 = 90; A went out: −50.
    assert table.totals(ramo) == {"A": -50, "B": 90, "C": 0}


def test_every_count_starts_on_a_picked_zero_with_an_empty_box(table, ramo):
    page = table.web.get(f"/games/{ramo}").get_data(as_text=True)
    field = f"c_{table.id('B')}_low"
    assert checked_pick(page, field) == "0" and box_value(page, field) == ""
    assert page.count('type="radio" name="c_') == 3 * 3 * 10


def test_editing_shows_small_counts_picked_and_large_ones_in_the_box(table, ramo):
    table.post_hand(ramo, out="A", cards={"B": {"low": 4}, "C": {"high": 12}})
    page = table.web.get(f"/games/{ramo}/hands/1/edit").get_data(as_text=True)
    b_low, c_high = f"c_{table.id('B')}_low", f"c_{table.id('C')}_high"
    assert checked_pick(page, b_low) == "4" and box_value(page, b_low) == ""
    assert checked_pick(page, c_high) is None and box_value(page, c_high) == "12"


def test_a_refused_hand_keeps_each_count_where_it_was_entered(table, ramo):
    b, c = table.id("B"), table.id("C")
    table.web.get(f"/games/{ramo}")
    data = {"went_out": str(b), "idempotency_key": uuid.uuid4().hex,   # B went out but holds cards
            f"c_{b}_low": ["2", ""], f"c_{c}_high": "7"}
    page = table.web.post(f"/games/{ramo}/hands", data).get_data(as_text=True)
    assert checked_pick(page, f"c_{b}_low") == "2"
    assert checked_pick(page, f"c_{c}_high") is None and box_value(page, f"c_{c}_high") == "7"


@pytest.mark.parametrize("variant, seats, empties, lays_down", [
    ("ramo", ["A", "B", "C"], True, True),
    ("contract", ["A", "B", "C"], True, True),
    ("rummy", ["A", "B"], True, False),
    ("manipulation", ["A", "B"], False, False),   # knocking keeps the cards
])
def test_the_form_says_what_going_out_implies_from_the_variants_flags(table, variant, seats, empties, lays_down):
    game = table.new_game(variant, seats)
    form = re.search(r'<form[^>]*id="hand-form"[^>]*>', table.web.get(f"/games/{game}").get_data(as_text=True),
                     re.S).group(0)
    assert ("data-out-empties-hand" in form) is empties
    assert ("data-out-lays-down" in form) is lays_down


def test_while_entering_the_deal_sits_in_two_lines_above_the_form_for_viewers_the_deal_card(table, ramo, new_web):
    page = table.web.get(f"/games/{ramo}").get_data(as_text=True)
    assert '<h2 class="deal-line">Hand 1: A deals</h2>' in page
    assert page.index('class="deal-facts"') < page.index('id="hand-form"') and 'class="deal-card"' not in page
    table.web.post(f"/games/{ramo}/share")
    link = re.search(r'value="(http[^"]+/live/[^"]+)"', table.web.get(f"/games/{ramo}").get_data(as_text=True))
    live = new_web().get(link.group(1)).get_data(as_text=True)
    assert "board-details" not in live and "Scoreboard" in live


def test_the_game_page_lists_hands_waiting_on_this_phone_for_this_game(table, ramo):
    page = table.web.get(f"/games/{ramo}").get_data(as_text=True)
    outbox = re.search(r'<section id="outbox"[^>]*>', page).group(0)
    assert f'data-game-id="{ramo}"' in outbox and "hidden" in outbox
    assert "waiting to send." in page and "was not recorded:" in page


def test_the_ten_one_tap_counts_check_the_picked_one_and_escape_the_name():
    from ramo_keeper.shell.template_helpers import digit_picks

    row = str(digit_picks('c_1_"low', "7"))
    assert row.count('<label class="pick-n">') == 10
    assert row.count(" checked") == 1 and 'value="7" checked>' in row
    assert 'name="c_1_&#34;low"' in row and 'name="c_1_"low"' not in row
    assert " checked" not in str(digit_picks("c_1_low", None))
