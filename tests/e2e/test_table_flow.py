"""One phone at the table, for real: register, set up, play hands without a page reload."""

import re

from playwright.sync_api import expect

from .helpers import axe_violations, count_row, no_sideways_scroll, player_block, player_panel


def register_and_set_up(page, base):
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
    for name in ("Bo", "Cy", "Di"):
        page.get_by_label("New player's name").fill(name)
        page.get_by_role("button", name="Add player").click()
        expect(page.locator(".player-name", has_text=name)).to_be_visible()


def start_ramo(page, base):
    page.goto(base + "/leagues/1/games/new")
    for name in ("Bo", "Cy", "Di"):
        page.get_by_role("button", name=f"Seat {name}").click()
        expect(page.locator(".seat-name", has_text=name)).to_be_visible()
    page.get_by_role("button", name="Move Di up").click()
    expect(page.locator(".seat-name").nth(1)).to_have_text("Di")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name="Hand 1: Bo deals")).to_be_visible()


def test_a_hand_is_entered_with_quick_picks_and_recorded_without_a_page_reload(page, live_server):
    register_and_set_up(page, live_server)
    start_ramo(page, live_server)
    no_sideways_scroll(page)
    page.evaluate("window.samePage = true")
    bo = player_block(page, 1)
    count_row(bo, "Cards 1–9").get_by_role("radio", name="2", exact=True).click()
    count_row(bo, "Cards 10–13").get_by_role("radio", name="1", exact=True).click()
    expect(page.locator("#value-1")).to_have_text("2×5 + 1×10 = 20")
    player_block(page, 3).get_by_role("radio", name="Went out").check()
    player_block(page, 2).get_by_label("Cards 1–9", exact=True).fill("3")
    expect(page.locator("#value-2")).to_have_text("3×5 = 15")
    page.get_by_role("button", name="Record hand 1").click()
    # Totals: Bo 20, Di −50, Cy 15 → Bo has the highest and deals hand 2.
    expect(page.get_by_role("heading", name="Hand 2: Bo deals")).to_be_visible()
    scoreboard = page.locator(".scoreboard")
    expect(scoreboard).to_contain_text("-50")
    assert page.evaluate("window.samePage") is True, "the page reloaded"
    no_sideways_scroll(page)
    # Undo, still on the same page: the play area carries its own tools.
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo hand 1").click()
    expect(page.get_by_text("Hand 1 was removed.")).to_be_visible()
    expect(page.get_by_role("heading", name="Hand 1: Bo deals")).to_be_visible()
    assert page.evaluate("window.samePage") is True, "the page reloaded"


def test_rule_errors_show_next_to_the_player_and_keep_what_was_typed(page, live_server):
    register_and_set_up(page, live_server)
    start_ramo(page, live_server)
    cy = player_panel(page, "Cy")
    cy.get_by_role("radio", name="Went out").check()
    cy.get_by_label("Cards 1–9", exact=True).fill("2")
    count_row(player_panel(page, "Bo"), "Cards 10–13").get_by_role("spinbutton").fill("4")
    page.get_by_role("button", name="Record hand 1").click()
    expect(player_panel(page, "Cy").locator(".field-error")).to_have_text(
        "Cy went out but still holds 2 cards")
    expect(player_panel(page, "Bo").get_by_label("Cards 10–13", exact=True)).to_have_value("4")


def test_screens_have_no_accessibility_violations(page, live_server):
    register_and_set_up(page, live_server)
    start_ramo(page, live_server)
    player_panel(page, "Cy").get_by_role("radio", name="Went out").check()
    player_panel(page, "Bo").get_by_label("Cards 1–9", exact=True).fill("3")
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.get_by_role("heading", name="Hand 2: Bo deals")).to_be_visible()
    screens = ["/", "/leagues", "/leagues/1", "/leagues/1/players", "/leagues/1/games/new", "/games/1",
               "/games/1/hands/1/edit", "/leagues/1/games", "/leagues/1/seasons", "/leagues/1/seasons/1",
               "/leagues/1/players/1/stats", "/rules", "/rules/ramo", "/rules/manipulation", "/account"]
    for path in screens:
        page.goto(live_server + path)
        no_sideways_scroll(page)
        assert axe_violations(page) == [], path


def test_live_view_follows_the_game_by_polling(page, live_server, context):
    register_and_set_up(page, live_server)
    start_ramo(page, live_server)
    page.get_by_text("Live view for the other phones").click()
    page.get_by_role("button", name="Make a live link").click()
    link = page.get_by_label("Live link").input_value()
    assert re.search(r"/live/[\w-]+$", link)
    other = context.browser.new_page(viewport={"width": 390, "height": 844})
    other.goto(link)
    expect(other.locator(".scoreboard")).to_be_visible()
    player_panel(page, "Cy").get_by_role("radio", name="Went out").check()
    page.get_by_role("button", name="Record hand 1").click()
    # Bo and Di tie on 0; the seat after the dealer Bo is Di, who deals.
    expect(page.get_by_role("heading", name="Hand 2: Di deals")).to_be_visible()
    expect(other.locator(".scoreboard")).to_contain_text("-50", timeout=12_000)
    other.close()


def test_a_dropped_connection_keeps_the_hand_and_sends_it_again_by_itself_once(page, live_server, app):
    register_and_set_up(page, live_server)
    start_ramo(page, live_server)
    player_panel(page, "Cy").get_by_role("radio", name="Went out").check()
    player_panel(page, "Bo").get_by_label("Cards 1–9", exact=True).fill("4")
    dropped = []

    def drop_once(route):
        if not dropped:
            dropped.append(route.request.url)
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/games/1/hands", drop_once)
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#outbox")).to_contain_text("Hand 1: waiting to send.")
    # The phone sends it again by itself, with the same idempotency key: recorded once.
    expect(page.get_by_role("heading", name="Hand 2: Bo deals")).to_be_visible(timeout=15_000)
    expect(page.locator("#outbox")).to_be_hidden()
    assert len(dropped) == 1
    expect(page.locator(".hand-grid tbody tr")).to_have_count(1)
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["20", "0", "-50"])
