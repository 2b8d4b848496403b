"""The strict Content-Security-Policy breaks nothing: the main screens load and work with no violation."""

from e2e.helpers import count_row, player_panel
from e2e.test_table_flow import register_and_set_up, start_ramo
from playwright.sync_api import expect

SCREENS = ["/", "/leagues", "/leagues/1", "/leagues/1/players", "/leagues/1/games/new", "/games/1",
           "/games/1/hands/1/edit", "/leagues/1/games", "/leagues/1/seasons", "/leagues/1/seasons/1",
           "/leagues/1/seasons/1/print", "/leagues/1/players/1/stats", "/rules", "/rules/ramo", "/account",
           "/login", "/register"]


def _watch_csp(page) -> list[str]:
    violations = []
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    return violations


def _until(page, seen: list) -> None:
    """Wait (up to 10 s) until the page has reported something into `seen`: the browser tells of a dialog or a
    console message when it gets to it, later on a busy machine. A wait, not a measure."""
    for _ in range(100):
        if seen:
            return
        page.wait_for_timeout(100)


def test_the_main_screens_load_and_work_without_a_csp_violation(page, live_server):
    violations = _watch_csp(page)
    register_and_set_up(page, live_server)
    start_ramo(page, live_server)
    player_panel(page, "Cy").get_by_role("radio", name="Went out").check()
    count_row(player_panel(page, "Bo"), "Cards 1–9").get_by_role("spinbutton").fill("3")
    page.get_by_role("button", name="Record hand 1").click()  # htmx swap, indicator, preview
    expect(page.get_by_role("heading", name="Hand 2: Bo deals")).to_be_visible()
    page.get_by_text("Live view for the other phones").click()
    page.get_by_role("button", name="Make a live link").click()
    live = page.get_by_label("Live link")
    expect(live).to_be_visible()
    live.click()  # data-select-all, from page-actions.js
    assert page.evaluate("document.activeElement.selectionEnd - document.activeElement.selectionStart") > 10
    live_url = live.input_value()
    for path in SCREENS:
        page.goto(live_server + path)
        expect(page.locator("main")).to_be_visible()
    page.goto(live_url)
    expect(page.locator("main")).to_be_visible()
    assert violations == []


def test_a_confirm_from_a_data_attribute_still_asks_first(page, live_server):
    violations = _watch_csp(page)
    register_and_set_up(page, live_server)
    page.goto(live_server + "/leagues/1/seasons/1")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.get_by_role("button", name="Close season").click()
    _until(page, asked)
    assert asked and asked[0].startswith("Close Season 1?")
    expect(page.get_by_role("button", name="Close season")).to_be_visible()  # "no" sent nothing
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Close season").click()
    expect(page.get_by_role("button", name="Close season")).to_have_count(0)
    assert violations == []


def test_the_watch_does_see_a_violation(page, live_server):
    """The check above can fail: an inline handler slipped into a page is reported."""
    violations = _watch_csp(page)
    page.goto(live_server + "/rules")
    page.evaluate("""document.body.insertAdjacentHTML('beforeend',
        '<img src="/static/none.png" onerror="document.title = 1">')""")
    _until(page, violations)
    assert any("inline event handler" in text or "script-src" in text for text in violations), violations
