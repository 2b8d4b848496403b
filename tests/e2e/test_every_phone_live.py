"""Every phone at the table stays live: phone A records a hand, and phone B's game page and a live view
show it within 3 s, while the hand phone B had half typed stays as it was."""

from playwright.sync_api import expect

from .helpers import player_panel
from .seating import add_member, log_in, seat_game

WITHIN_3_S = 3_000


def phone(browser, browser_context_args):
    return browser.new_context(**browser_context_args).new_page()


def pick(page, player: str, category: str, count: int):
    group = player_panel(page, player).get_by_role("group", name=category)
    return group.get_by_role("radio", name=str(count), exact=True)


def test_a_hand_from_phone_a_reaches_phone_b_and_the_live_view_and_leaves_b_typing(
        page, live_server, app, browser, browser_context_args):
    game_id, _ = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    add_member(app, game_id, "Bea")
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    page.get_by_text("Live view for the other phones").tap()
    page.get_by_role("button", name="Make a live link").tap()
    link = page.get_by_label("Live link").input_value()

    phone_b = phone(browser, browser_context_args)
    log_in(phone_b, live_server, "Bea")
    phone_b.goto(f"{live_server}/games/{game_id}")
    viewer = phone(browser, browser_context_args)
    viewer.goto(link)
    expect(viewer.locator(".scoreboard")).to_be_visible()
    # B starts on the same hand: Bo holds 3 low cards.
    pick(phone_b, "Bo", "Cards 1–9", 3).tap()

    player_panel(page, "Sofia").get_by_role("radio", name="Went out").tap()
    pick(page, "Cy", "Cards 10–13", 2).tap()
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()

    # Sofia −50, Bo 0, Cy 20: every phone shows it within 3 s.
    expect(phone_b.locator(".hand-grid tfoot td strong")).to_have_text(["-50", "0", "20"], timeout=WITHIN_3_S)
    expect(viewer.locator(".hand-grid tfoot td strong")).to_have_text(["-50", "0", "20"], timeout=WITHIN_3_S)
    expect(phone_b.get_by_role("heading", name="Hand 2: Cy deals")).to_be_visible()
    # B's half-typed hand is untouched, and B is told at once, before sending it.
    expect(pick(phone_b, "Bo", "Cards 1–9", 3)).to_be_checked()
    expect(phone_b.get_by_role("button", name="Record hand 1")).to_be_visible()
    expect(phone_b.get_by_text("Someone else recorded this hand first.")).to_be_visible()
    phone_b.get_by_role("button", name="Load the new hand").tap()
    expect(phone_b.get_by_role("button", name="Record hand 2")).to_be_visible()
    expect(pick(phone_b, "Bo", "Cards 1–9", 0)).to_be_checked()
    phone_b.context.close()
    viewer.context.close()


def test_an_untouched_form_moves_on_to_the_next_hand_by_itself(page, live_server, app, browser, browser_context_args):
    game_id, ids = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    add_member(app, game_id, "Bea")
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    phone_b = phone(browser, browser_context_args)
    log_in(phone_b, live_server, "Bea")
    phone_b.goto(f"{live_server}/games/{game_id}")
    player_panel(page, "Bo").get_by_role("radio", name="Went out").tap()
    page.get_by_role("button", name="Record hand 1").tap()
    expect(phone_b.get_by_role("button", name="Record hand 2")).to_be_visible(timeout=WITHIN_3_S)
    expect(phone_b.get_by_text("Someone else recorded this hand first.")).to_be_hidden()
    phone_b.context.close()


def test_polling_is_conditional_and_pauses_while_the_page_is_hidden(page, live_server, app):
    game_id, _ = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in(page, live_server)
    polls = []
    page.on("response", lambda r: polls.append(r.status) if r.url.endswith(f"/games/{game_id}/board") else None)
    page.goto(f"{live_server}/games/{game_id}")
    page.wait_for_timeout(4_500)
    assert 304 in polls, polls  # nothing changed: the server answers without a body
    assert 1 <= len(polls) <= 3, polls  # every 2 s, not more often
    page.evaluate("""() => {
        Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    polls.clear()
    page.wait_for_timeout(4_500)
    assert polls == []
    page.evaluate("""() => {
        Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    page.wait_for_timeout(500)
    assert polls[:1] == [304] and set(polls) == {304}  # back at once on showing
