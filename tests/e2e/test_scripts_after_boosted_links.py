"""Issue 28, Weight: a page loads only its own scripts, and they still arrive and start once when the page
is reached by a boosted link or form (htmx swaps the body in and drops the new head: app.js loads them)."""

import re
from http.cookies import SimpleCookie

import pytest
from flask import Response
from playwright.sync_api import expect

from ramo_keeper.extensions import db

from .helpers import open_menu, player_panel
from .seating import log_in, seat_game

# How many of the page's script files hold this script (each file lists its scripts in data-scripts).
COPIES_OF = ("name => Array.from(document.querySelectorAll('script[data-scripts]'))"
             ".filter(s => s.dataset.scripts.split(' ').includes(name)).length")


def copies(page, name: str) -> int:
    return page.evaluate(COPIES_OF, name)


def guest_with_a_game(app, page, live_server) -> int:
    from ramo_keeper.guests.cookie import remember_guest
    from ramo_keeper.guests.service import create_guest, start_game

    with app.test_request_context():
        guest = create_guest()
        game = start_game(guest, "rummy", ["Sofia", "Bo", "Cy"])  # its 2–9 are counted by face: card keys
        db.session.commit()
        game_id, cookie = game.id, SimpleCookie(remember_guest(Response(), guest).headers["Set-Cookie"])
    page.context.add_cookies([{"name": name, "value": morsel.value, "url": live_server}
                              for name, morsel in cookie.items()])
    return game_id


def test_the_hand_forms_card_keys_and_running_values_work_after_a_boosted_link(page, live_server, app):
    game_id = guest_with_a_game(app, page, live_server)
    page.goto(live_server + "/rules/rummy")
    assert copies(page, "card-keys") == 0 and copies(page, "hand-score") == 0
    # Two boosted links: to the home page (the guest's games in progress), then to the game.
    open_menu(page)  # the way home is in the menu of every page's bar
    page.locator("details.top-menu").get_by_role("link", name="Ramo Keeper").click()
    expect(page).to_have_url(live_server + "/")
    page.get_by_role("link", name=f"#{game_id}").click()
    expect(page).to_have_url(f"{live_server}/games/{game_id}")
    hand_form_ready(page)
    bo = player_panel(page, "Bo")
    for key in ("5", "7"):
        bo.get_by_role("button", name=key, exact=True).click()
    # One chip per tap (the keys' handlers are bound once) and the running value worked out on the phone.
    expect(bo.locator(".card-chip")).to_have_count(2)
    expect(bo.locator(".hand-value output")).to_have_text("12")
    assert copies(page, "card-keys") == 1 and copies(page, "hand-score") == 1

    # Away and back by boosted links: the scripts are not loaded again and the keys still bind once.
    open_menu(page)
    page.get_by_role("link", name="Rules").first.click()
    expect(page).to_have_url(re.compile(r"/rules"))
    page.goto(live_server + "/")  # a whole page again, then the game by a boosted link once more
    page.get_by_role("link", name=f"#{game_id}").click()
    expect(page).to_have_url(f"{live_server}/games/{game_id}")
    hand_form_ready(page)
    # A guest's game is not kept for Back (hx-history="false"): the address changes at once, and htmx asks the
    # server for the page and swaps it in when it comes. The form is there once its player tabs are.
    to_the_rules_and_back(page, f"{live_server}/games/{game_id}")
    bo = player_panel(page, "Bo")
    bo.get_by_role("button", name="9", exact=True).click()
    expect(bo.locator(".card-chip")).to_have_count(1)
    expect(bo.locator(".hand-value output")).to_have_text("9")
    assert copies(page, "card-keys") == 1 and copies(page, "live") == 1
    player_panel(page, "Sofia").get_by_role("radio", name="Went out").check()
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.get_by_role("heading", name="Hand 2: Bo deals")).to_be_visible()


def hand_form_ready(page) -> None:
    """Wait for the game page's hand form with its player tabs on: hand-tabs.js has run. A boosted link swaps the
    page in before app.js has fetched the scripts it lacks, and Back to a guest's game changes the address
    before htmx has the page from the server."""
    expect(page.locator("#hand-form.tabbed .player-tab")).not_to_have_count(0)
    expect(page.locator("#hand-form.tabbed .player-tab").first).to_be_visible()


def to_the_rules_and_back(page, game_url: str) -> None:
    """The Rules link of the menu (a boosted link), then the browser's Back, to the game's hand form ready."""
    open_menu(page)
    page.get_by_role("link", name="Rules").first.click()
    expect(page).to_have_url(re.compile(r"/rules"))
    page.go_back()
    expect(page).to_have_url(game_url)
    hand_form_ready(page)


def test_back_to_a_members_game_keeps_what_was_tapped_in_the_hand_form(page, live_server, app):
    # A member's game is kept by htmx for Back as HTML: the card chips and tabs came back, the taps under them did
    # not, so the form showed Bo's 5 and 7 over a hand of nothing and would have recorded nothing for him.
    game_id, _ = seat_game(app, "rummy", ["Sofia", "Bo", "Cy"])  # 2–9 count by face: 5 + 7 = 12 points
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    bo = player_panel(page, "Bo")
    for key in ("5", "7"):
        bo.get_by_role("button", name=key, exact=True).click()
    expect(bo.locator(".hand-value output")).to_have_text("12")
    to_the_rules_and_back(page, f"{live_server}/games/{game_id}")
    bo = player_panel(page, "Bo")
    expect(bo.locator(".card-chip")).to_have_text(["5", "7"])
    expect(bo.locator(".hand-value output")).to_have_text("12")
    bo.get_by_role("button", name="9", exact=True).click()
    expect(bo.locator(".hand-value output")).to_have_text("21")


def test_the_house_rule_editors_example_follows_the_fields_after_a_boosted_form(page, live_server, app):
    seat_game(app, "ramo", ["Sofia", "Bo"])
    log_in(page, live_server)
    page.goto(live_server + "/leagues/1/house-rules")
    assert copies(page, "house-rule-editor") == 0
    page.get_by_label("Start from").select_option("ramo")
    page.get_by_role("button", name="Open the editor").click()  # a boosted GET form
    expect(page.get_by_role("heading", name="New house rule")).to_be_visible()
    example = page.locator("#worked-example")
    expect(example).to_have_text(
        "Sofia goes out: −50; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, "
        "1 × Special cards (Wild, Skip, −1, x2, +3, ?): 40")
    page.locator("#cat-0-points").fill("3")
    page.locator("#cat-1-points").fill("7")
    expect(example).to_have_text(
        "Sofia goes out: −50; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, "
        "1 × Special cards (Wild, Skip, −1, x2, +3, ?): 33")
    assert copies(page, "house-rule-editor") == 1


# The service worker would answer the script from its store, where the page's routes do not see it.
@pytest.mark.browser_context_args(service_workers="block")
def test_the_house_rule_editors_example_catches_up_with_what_was_typed_before_its_script_arrived(
        page, live_server, app):
    # After a boosted form the editor's script is fetched by app.js: on a slow phone the scorer types before it
    # runs. The example must then say what the fields say, not what the server wrote for the untouched form.
    seat_game(app, "ramo", ["Sofia", "Bo"])
    log_in(page, live_server)
    page.goto(live_server + "/leagues/1/house-rules")
    held = []
    page.route(re.compile(r"house-rule-editor[^/]*\.js"), lambda route: held.append(route))
    page.get_by_label("Start from").select_option("ramo")
    page.get_by_role("button", name="Open the editor").click()
    expect(page.get_by_role("heading", name="New house rule")).to_be_visible()
    for _ in range(200):  # route handlers run while Playwright waits: wait until app.js has asked for it
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the editor's script was not fetched"
    page.locator("#cat-0-points").fill("3")
    page.locator("#cat-1-points").fill("7")
    example = page.locator("#worked-example")
    expect(example).to_contain_text(": 40")  # the server's sentence: no script has run yet
    held[0].continue_()
    expect(example).to_have_text(
        "Sofia goes out: −50; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, "
        "1 × Special cards (Wild, Skip, −1, x2, +3, ?): 33")
