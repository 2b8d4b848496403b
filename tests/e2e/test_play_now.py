"""Play now on a phone, for real: from a fresh browser to a recorded hand with no sign-up, counting taps."""

from playwright.sync_api import expect

from .helpers import axe_violations, no_sideways_scroll, open_menu, player_panel

MOST_TAPS = 6


class Thumb:
    """Every tap goes through here, so the test can count them. Typing a name is not a tap."""

    def __init__(self):
        self.taps = 0

    def tap(self, locator) -> None:
        self.taps += 1
        locator.click()


def test_from_a_fresh_browser_to_a_recorded_hand_in_at_most_six_taps_plus_the_names(page, live_server):
    thumb = Thumb()
    page.goto(live_server + "/")
    assert page.context.cookies() == [] or all(c["name"] != "ramo_guest" for c in page.context.cookies())
    thumb.tap(page.get_by_role("button", name="Play now"))
    expect(page.get_by_role("heading", name="Play now")).to_be_visible()
    no_sideways_scroll(page)
    assert axe_violations(page) == []
    thumb.tap(page.get_by_label("Rummy", exact=True))
    thumb.tap(page.get_by_label("Player 1"))
    # The names are typed in one go: Enter moves to the next box.
    page.keyboard.type("Al")
    page.keyboard.press("Enter")
    page.keyboard.type("Bo")
    page.keyboard.press("Enter")
    page.keyboard.type("Cy")
    expect(page.get_by_label("Player 3")).to_have_value("Cy")
    thumb.tap(page.get_by_role("button", name="Start the game"))

    # The first hand form: Al deals hand 1 of Rummy.
    expect(page.get_by_role("heading", name="Hand 1: Al deals")).to_be_visible()
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    assert thumb.taps <= MOST_TAPS, f"{thumb.taps} taps to the first hand form"
    assert thumb.taps == 4
    guest_cookie = next(c for c in page.context.cookies() if c["name"] == "ramo_guest")
    assert guest_cookie["httpOnly"] and guest_cookie["sameSite"] == "Lax"
    no_sideways_scroll(page)

    # Rummy: Al goes out and scores the others' cards: 12 pips + 2 tens (20) = 32.
    player_panel(page, "Al").get_by_role("radio", name="Went out").check()
    # Each card held is one tap on its key: Bo a 5 and a 7, Cy two kings.
    for name, keys in (("Bo", ("5", "7")), ("Cy", ("10 J Q K", "10 J Q K"))):
        for key in keys:
            player_panel(page, name).get_by_role("button", name=key, exact=True).tap()
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.get_by_role("heading", name="Hand 2: Bo deals")).to_be_visible()
    expect(page.locator(".scoreboard")).to_contain_text("32")
    assert axe_violations(page) == []


def test_a_returning_phone_taps_its_names_as_chips(page, live_server):
    page.goto(live_server + "/play")
    page.get_by_label("Player 1").fill("Di")
    page.get_by_label("Player 2").fill("Ed")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()

    thumb = Thumb()
    page.goto(live_server + "/")
    open_menu(page)
    expect(page.get_by_role("navigation").get_by_role("link", name="Save to an account")).to_be_visible()
    page.locator("body > header details.top-menu summary").click()  # closed again, off the New game button
    thumb.tap(page.get_by_role("button", name="New game"))
    # Mark the new page only once it has loaded: marked any earlier, the mark lands on the page being left.
    expect(page.get_by_role("button", name="Add Ed")).to_be_visible()
    page.wait_for_load_state("load")
    page.evaluate("window.samePage = true")
    thumb.tap(page.get_by_role("button", name="Add Ed"))
    expect(page.get_by_label("Player 1")).to_have_value("Ed")
    thumb.tap(page.get_by_role("button", name="Add Di"))
    expect(page.get_by_label("Player 2")).to_have_value("Di")
    assert page.evaluate("window.samePage") is True, "a chip tap reloaded the page"
    no_sideways_scroll(page)
    thumb.tap(page.get_by_role("button", name="Start the game"))
    expect(page.get_by_role("heading", name="Hand 1: Ed deals")).to_be_visible()
    assert thumb.taps == 4 <= MOST_TAPS


def test_chips_tapped_faster_than_the_network_answers_keep_every_name(page, live_server):
    """On a slow connection two chips and Start are tapped before any answer: every name is kept.
    (A chip once posted the form and waited: the second tap and Start were made from the form as it
    stood, and the game started short of a name, or not at all.)"""
    page.goto(live_server + "/play")
    page.get_by_label("Player 1").fill("Di")
    page.get_by_label("Player 2").fill("Ed")
    page.get_by_label("Player 3").fill("Fa")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    page.goto(live_server + "/play")
    expect(page.get_by_role("button", name="Add Fa")).to_be_visible()
    page.route("**/play", lambda route: (page.wait_for_timeout(600), route.continue_()))
    page.get_by_label("Player 1").fill("Ed")
    page.get_by_role("button", name="Add Ed").click()  # already typed: the chip only goes away
    page.get_by_role("button", name="Add Fa").click()
    page.get_by_role("button", name="Add Di").click()
    expect(page.get_by_role("group", name="Players from before")).to_be_hidden()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name="Hand 1: Ed deals")).to_be_visible()
    names = page.get_by_role("region", name="Scoreboard").inner_text()
    assert all(name in names for name in ("Ed", "Fa", "Di"))


def test_saving_the_guest_as_an_account(page, live_server):
    page.goto(live_server + "/play")
    page.get_by_label("Player 1").fill("Al")
    page.get_by_label("Player 2").fill("Bo")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    open_menu(page)
    page.get_by_role("navigation").get_by_role("link", name="Save to an account").click()
    no_sideways_scroll(page)
    assert axe_violations(page) == []
    page.get_by_label("Name").fill("Ana")
    page.get_by_label("Password", exact=True).fill("correct horse")
    page.get_by_label("Repeat password").fill("correct horse")
    page.get_by_role("button", name="Save as a new account").click()
    expect(page.get_by_text("Saved: you are Ana now")).to_be_visible()
    assert all(c["name"] != "ramo_guest" for c in page.context.cookies())
    expect(page.get_by_text("Games in progress")).to_be_visible()


def test_after_saving_to_an_account_the_same_table_is_two_taps_from_home(page, live_server):
    # Issue 35, item 10: the guest's games saved to an account, the next game is not league → New game →
    # game → four chips → Start, but Quick game → Start, the last table already named.
    page.goto(live_server + "/play")
    page.get_by_label("Phase 10", exact=True).check()
    for number, name in enumerate(("Al", "Bo", "Cy"), start=1):
        page.get_by_label(f"Player {number}").fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    page.goto(live_server + "/guest/save")
    page.get_by_label("Name").fill("Ana")
    page.get_by_label("Password", exact=True).fill("correct horse")
    page.get_by_label("Repeat password").fill("correct horse")
    page.get_by_role("button", name="Save as a new account").click()
    expect(page.get_by_role("heading", name="Hello, Ana")).to_be_visible()

    thumb = Thumb()
    thumb.tap(page.get_by_role("button", name="Quick game"))
    expect(page.get_by_role("heading", name="Quick game")).to_be_visible()
    no_sideways_scroll(page)
    expect(page.get_by_label("Phase 10", exact=True)).to_be_checked()
    for number, name in enumerate(("Al", "Bo", "Cy"), start=1):
        expect(page.get_by_label(f"Player {number}")).to_have_value(name)
    thumb.tap(page.get_by_role("button", name="Start the game"))
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    expect(page.locator("h1")).to_contain_text("Phase 10")
    assert thumb.taps == 2
