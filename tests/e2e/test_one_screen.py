"""One screen per hand at 390×844: the form for four players fits 1,300 px, the deal and a compact score
strip sit above it with no tap, six players need no sideways scroll, and the form works without JavaScript."""

from playwright.sync_api import expect

from .helpers import count_row, no_sideways_scroll, player_panel
from .seating import hands_recorded, log_in, seat_game

FOUR = ["Sofia", "민준", "Bo", "Giulia"]
SIX_LONG_NAMES = ["Maximiliane", "Bartholomew", "Giulia-Rosa", "민준서", "Konstantinos", "Esperanza"]


# The form for four players fitting its height budget with each block under the Record bar gave way to one
# screen for the whole hand (issue 35): tests/e2e/test_hand_on_one_screen.py.


def test_the_deal_and_the_score_strip_are_on_the_first_screen_without_a_tap(page, live_server, app):
    game_id, _ = seat_game(app, "ramo", FOUR)
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    summary = page.locator(".table-summary")
    expect(summary.get_by_role("heading", name="Hand 1: Sofia deals")).to_be_visible()
    # Ramo at 4 (docs/RULES.md §1): 13 cards to 민준, who plays first after the dealer, 12 to the others.
    expect(summary).to_contain_text("13 cards: 민준")
    expect(summary).to_contain_text("민준 starts")
    for row in page.locator(".scoreboard tbody tr").all():
        expect(row).to_be_in_viewport()


def test_the_deal_line_wraps_instead_of_hiding_the_dealers_name(page, live_server, app):
    game_id, _ = seat_game(app, "ramo", SIX_LONG_NAMES[:4])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    line = page.locator(".deal-line")
    expect(line).to_have_text("Hand 1: Maximiliane deals")
    assert line.evaluate("e => e.scrollWidth <= e.clientWidth"), "the deal line is cut off"


def test_six_players_fit_without_sideways_scroll(page, live_server, app):
    for variant in ("ramo", "rummy"):
        game_id, _ = seat_game(app, variant, SIX_LONG_NAMES, owner=f"Ana-{variant}")
        log_in(page, live_server, f"Ana-{variant}")
        page.goto(f"{live_server}/games/{game_id}")
        expect(page.locator(".player-block")).to_have_count(6)
        no_sideways_scroll(page)
        # One panel at a time (issue 35): each player's, its tab tapped.
        for tab in page.locator(".player-tab").all():
            tab.tap()
            no_sideways_scroll(page)
            box = page.locator(".player-block.current").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        page.context.clear_cookies()


def test_the_form_works_without_javascript(browser, browser_context_args, live_server, app):
    game_id, _ = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    try:
        log_in(page, live_server)
        page.goto(f"{live_server}/games/{game_id}")
        player_panel(page, "Sofia").get_by_role("radio", name="Went out").check()
        bo = player_panel(page, "Bo")
        count_row(bo, "Cards 1–9").get_by_role("radio", name="4", exact=True).check()
        # Without JavaScript the picked 0 stays checked; the typed number wins.
        count_row(player_panel(page, "Cy"), "Cards 10–13") \
            .get_by_role("spinbutton").fill("11")
        page.get_by_role("button", name="Record hand 1").click()
        # Sofia −50, Bo 4×5 = 20, Cy 11×10 = 110.
        expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["-50", "20", "110"])
        assert hands_recorded(app, game_id) == 1
    finally:
        context.close()
