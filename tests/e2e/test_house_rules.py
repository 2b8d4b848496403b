"""A house rule made on the editor at 390 px, a game played under it, its rules page and standings table."""

import re

from playwright.sync_api import expect

from .helpers import axe_violations, count_row, no_sideways_scroll, player_block


def register_with_players(page, base):
    page.goto(base + "/register")
    page.get_by_label("Name").fill("Ana")
    page.get_by_label("Password", exact=True).fill("correct horse")
    page.get_by_label("Repeat password").fill("correct horse")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_text("Hello, Ana")).to_be_visible()
    page.goto(base + "/leagues")
    page.get_by_label("League name").fill("Friday")
    page.get_by_role("button", name="Create league").click()
    expect(page.get_by_text("You are owner.")).to_be_visible()
    page.get_by_text("Manage players").click()
    for name in ("Sofia", "Bo"):
        page.get_by_label("New player's name").fill(name)
        page.get_by_role("button", name="Add player").click()
        expect(page.locator(".player-name", has_text=name)).to_be_visible()


# Bo's cards in the editor's example, each category named by its label (RULES.md §8).
RAMO_HELD = "2 × Cards 1–9, 1 × Cards 10–13, 1 × Special cards (Wild, Skip, −1, x2, +3, ?)"


def make_nonnas_ramo(page, base):
    """RULES.md §8: low 3, high 7, special 15, a joker category worth 50, out −30, five levels."""
    page.goto(base + "/leagues/1")
    page.get_by_role("link", name="House rules").click()
    page.get_by_label("Start from").select_option("ramo")
    page.get_by_role("button", name="Open the editor").click()
    expect(page.get_by_role("heading", name="New house rule")).to_be_visible()
    no_sideways_scroll(page)
    example = page.locator("#worked-example")
    expect(example).to_have_text(f"Sofia goes out: −50; Bo holds {RAMO_HELD}: 40")
    page.get_by_label("Name").fill("Nonna's Ramo")
    page.locator("#cat-0-points").fill("3")
    page.locator("#cat-1-points").fill("7")
    expect(example).to_have_text(f"Sofia goes out: −50; Bo holds {RAMO_HELD}: 33")
    page.locator("#cat-2-points").fill("15")
    page.locator("#opt-out_bonus").fill("-30")
    expect(example).to_have_text(f"Sofia goes out: −30; Bo holds {RAMO_HELD}: 28")
    for level in (6, 7, 8):
        page.get_by_role("listitem").filter(has=page.get_by_label(f"Level {level}: requirement")).get_by_label(
            "Remove this level").check()
    page.get_by_label("Level 1: requirement").fill("two sets, Nonna's way")
    page.get_by_role("button", name="Add a category").click()
    page.locator("#cat-3-key").fill("joker")
    page.locator("#cat-3-label").fill("Jokers")
    page.locator("#cat-3-points").fill("50")
    expect(example).to_have_text("Sofia goes out: −30; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, 1 × Jokers: 63")
    expect(page.get_by_label("Level 6: requirement")).to_have_count(0)
    no_sideways_scroll(page)
    assert axe_violations(page) == []
    # A bad field is named and nothing is saved.
    page.locator("#cat-1-points").fill("900")
    page.get_by_role("button", name="Save the house rule").click()
    expect(page.locator("#cat-1-points-error")).to_have_text(
        "Card category 2: Points each must be from -500 to 500.")
    page.locator("#cat-1-points").fill("7")
    page.get_by_role("button", name="Save the house rule").click()
    expect(page.get_by_role("heading", name="Nonna's Ramo")).to_be_visible()


def test_a_house_rule_is_made_played_and_ranked_on_a_phone(page, live_server):
    register_with_players(page, live_server)
    make_nonnas_ramo(page, live_server)
    # Its own page of level requirements, inside the league.
    levels = page.locator("table.levels tbody tr")
    expect(levels).to_have_count(5)
    expect(levels.first).to_contain_text("two sets, Nonna's way")
    expect(page.get_by_role("cell", name="Jokers")).to_be_visible()
    no_sideways_scroll(page)
    page.get_by_role("button", name="Start a game").click()
    expect(page.locator("#variant")).to_have_value(re.compile(r"^house-"))
    for name in ("Sofia", "Bo"):
        page.get_by_role("button", name=f"Seat {name}").click()
        expect(page.locator(".seat-name", has_text=name)).to_be_visible()
    page.get_by_role("button", name="Start the game").click()
    sofia, bo = player_block(page, 1), player_block(page, 2)
    expect(page.locator(".player-tab").first).to_be_visible()  # the form wears its tabs (hand-tabs.js)
    # Hand 1 as in §8: Sofia goes out (−30); Bo holds 2 low, 1 high, 1 joker (63).
    expect(count_row(bo, "Jokers")).to_be_visible()
    sofia.get_by_role("radio", name="Went out").check()
    count_row(bo, "Cards 1–9").get_by_role("radio", name="2", exact=True).click()
    count_row(bo, "Cards 10–13").get_by_role("radio", name="1", exact=True).click()
    count_row(bo, "Jokers").get_by_role("radio", name="1", exact=True).click()
    expect(page.locator("#value-2")).to_have_text("2×3 + 1×7 + 1×50 = 63")
    page.get_by_role("button", name="Record hand 1").click()
    # Sofia goes out four more times (Bo holds one low card each time): level 5 is the last.
    for number in range(2, 6):
        expect(page.get_by_role("button", name=f"Record hand {number}")).to_be_visible()
        player_block(page, 1).get_by_role("radio", name="Went out").check()
        count_row(player_block(page, 2), "Cards 1–9").get_by_role(
            "radio", name="1", exact=True).click()
        page.get_by_role("button", name=f"Record hand {number}").click()
    expect(page.locator(".scoreboard")).to_contain_text("-150")
    expect(page.locator(".scoreboard")).to_contain_text("75")
    no_sideways_scroll(page)
    # The season's standings give the house rule a table of its own.
    page.goto(live_server + "/leagues/1/seasons/1")
    expect(page.get_by_role("heading", name="Nonna's Ramo")).to_be_visible()
    no_sideways_scroll(page)
