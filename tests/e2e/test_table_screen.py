"""The table screen people look at (issue "What the eye sees"): a top bar of at most 56 px, totals in
large figures read across the table, each seat's colour and initial the same on every view of the game,
and a finished game that shows the winner once, the last hand's points, and Rematch first.

Rummy (docs/RULES.md): the player who goes out scores what the others hold; a ten counts 10, an ace 1,
so Bo going out against Sofia's 10 J Q K + A and nothing else scores +11.
"""

import re

from playwright.sync_api import expect

from ramo_keeper.extensions import db

from .helpers import no_sideways_scroll, show_panel
from .seating import log_in, seat_game

FOUR = ["Sofia", "민준", "Bo", "Giulia"]
# Code points drawn as emoji by default (Unicode's Emoji_Presentation: the pictographs and flags from
# U+1F000, and those of the older symbol blocks), and the selector that asks for an emoji: a phone without
# an emoji font draws a box. Text symbols a game uses as its marks (★ went out) are not among them.
EMOJI = re.compile("[\U0001F000-\U0001FAFF\uFE0F\u231A\u231B\u23E9-\u23EC\u23F0\u23F3\u25FD\u25FE"
                   "\u2614\u2615\u2648-\u2653\u267F\u2693\u26A1\u26AA\u26AB\u26BD\u26BE\u26C4\u26C5"
                   "\u26CE\u26D4\u26EA\u26F2\u26F3\u26F5\u26FA\u26FD\u2705\u270A\u270B\u2728\u274C"
                   "\u274E\u2753-\u2755\u2757\u2795-\u2797\u27B0\u27BF\u2B1B\u2B1C\u2B50\u2B55]")


def _share(app, game_id: int) -> str:
    from ramo_keeper.games import service

    with app.app_context():
        token = service.share(game_id)
        db.session.commit()
    return token


def _marks(scope, names, row_of) -> dict[str, tuple[str, str]]:
    """Each player's seat mark in `scope`: (colour, initial) as the browser draws them."""
    found = {}
    for name in names:
        mark = row_of(scope, name).locator(".seat-mark")
        expect(mark).to_have_count(1)
        found[name] = tuple(mark.evaluate(
            "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e, '::before').content]"))
    return found


def _row(scope, name):
    # The row header's name is the player's name, then the badges (deals next, winner…).
    return scope.locator("tbody tr").filter(has=scope.page.get_by_role("rowheader", name=re.compile(rf"^{name}(\s|$)")))


def _block(scope, name):
    # One panel at a time (issue 35): the player's tab is tapped first.
    return show_panel(scope, name)


def test_the_top_bar_is_56px_at_most_and_the_scoreboard_starts_right_under_the_deal(page, live_server, app):
    game_id, _ = seat_game(app, "ramo", FOUR)
    log_in(page, live_server)
    for width in (390, 320):
        page.set_viewport_size({"width": width, "height": 844})
        page.goto(f"{live_server}/games/{game_id}")
        bar = page.locator("body > header")
        expect(bar).to_have_count(1)
        assert bar.bounding_box()["height"] <= 56, f"the top bar is {bar.bounding_box()['height']:.0f} px at {width} px"
        # The game and its number, Share and the menu all sit in the bar.
        expect(bar.get_by_role("heading", level=1)).to_have_text(re.compile(rf"Ramo\s+#{game_id}"))
        expect(bar.get_by_role("button", name="Share the live link")).to_be_in_viewport()
        first_row = page.locator(".scoreboard tbody tr").first.bounding_box()
        assert first_row["y"] <= 280, f"the first scoreboard row starts {first_row['y']:.0f} px down at {width} px"
        width_used = page.evaluate("document.documentElement.scrollWidth")
        assert width_used <= width, f"the game page scrolls sideways at {width} px"
    # The menu is behind one button, and opens without leaving the page.
    menu = page.locator('body > header summary[aria-label="Main menu"]')
    menu.tap()
    expect(page.get_by_role("navigation", name="Main").get_by_role("button", name="Log out")).to_be_visible()


def test_every_total_is_at_least_28px_in_tabular_figures(page, live_server, app):
    game_id, _ = seat_game(app, "ramo", FOUR)
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    totals = page.locator(".scoreboard td.total")
    expect(totals).to_have_count(4)
    looks = ("cells => cells.map(c => [parseFloat(getComputedStyle(c).fontSize),"
             " getComputedStyle(c).fontVariantNumeric])")
    for size, figures in totals.evaluate_all(looks):
        assert size >= 28 and "tabular-nums" in figures, (size, figures)


def test_each_seat_has_one_colour_and_initial_on_the_scoreboard_form_result_and_live_view(
        page, live_server, app, browser, browser_context_args):
    game_id, _ = seat_game(app, "ramo", FOUR)
    token = _share(app, game_id)
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    board = _marks(page.locator(".scoreboard"), FOUR, _row)
    form = _marks(page.locator("#hand-form"), FOUR, _block)
    assert form == board
    # Four seats, four colours, each with the player's initial (colour is never the only cue).
    assert len({colour for colour, _ in board.values()}) == 4
    assert {name: initial for name, (_, initial) in board.items()} == {
        "Sofia": '"S"', "민준": '"민"', "Bo": '"B"', "Giulia": '"G"'}
    # The player's block on the form carries the colour along its edge too.
    for name, (colour, _) in board.items():
        assert _block(page, name).evaluate("e => getComputedStyle(e).borderLeftColor") == colour

    _block(page, "Sofia").get_by_role("radio", name="Went out").tap()
    page.get_by_role("button", name="Record hand 1").tap()
    result = page.locator(".hand-result")
    expect(result).to_be_visible()
    assert _marks(result, FOUR, _row) == board

    viewer = browser.new_context(**browser_context_args).new_page()
    try:
        viewer.goto(f"{live_server}/live/{token}")
        assert _marks(viewer.locator(".scoreboard"), FOUR, _row) == board
    finally:
        viewer.context.close()


def test_the_last_hand_ends_on_one_winner_moment_with_its_points_and_rematch_first(page, live_server, app):
    game_id, _ = seat_game(app, "rummy", ["Sofia", "Bo", "Cy"], end="hands", hands=1)
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    _block(page, "Bo").get_by_role("radio", name="Went out").tap()
    sofia = _block(page, "Sofia")
    for key in ("10 J Q K", "A"):
        sofia.get_by_role("button", name=key, exact=True).tap()
    page.get_by_role("button", name="Record hand 1").tap()

    # Right after Record (an htmx swap, no reload): the winner, and the hand that ended the game.
    result = page.locator(".result")
    expect(result.get_by_role("heading", name="Bo wins!")).to_be_visible()
    for name, points, total in (("Bo", "+11", "11"), ("Sofia", "0", "0"), ("Cy", "0", "0")):
        expect(_row(result, name).locator("td").nth(0)).to_have_text(points)
        expect(_row(result, name).locator("td.total")).to_have_text(total)
    for shown in (page, _reloaded(page)):
        play = shown.locator("#play")
        # The final order once: one standings table, the winner first; no second list of places.
        expect(play.locator(".scoreboard table")).to_have_count(1)
        expect(play.locator("ol")).to_have_count(0)
        expect(play.locator(".scoreboard tbody th").first).to_have_text(re.compile(r"^\s*Bo\b"))
        # Rematch is the first thing to tap in the play area, and on the first screen.
        first = play.locator("button, [role=button], a[href]").first
        expect(first).to_have_text("Rematch")
        expect(first).to_be_in_viewport()
        # The ratings and the exports come after it.
        rematch_y = first.bounding_box()["y"]
        assert shown.locator("#send-to-bgstats").bounding_box()["y"] > rematch_y
        no_sideways_scroll(shown)


def _reloaded(page):
    page.reload()
    return page


def test_no_game_page_shows_an_emoji(page, live_server, app, browser, browser_context_args):
    game_id, _ = seat_game(app, "rummy", ["Sofia", "Bo"], end="hands", hands=1)
    token = _share(app, game_id)
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    assert not EMOJI.findall(page.content())
    _block(page, "Bo").get_by_role("radio", name="Went out").tap()
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    for url in (f"/games/{game_id}", f"/live/{token}"):
        page.goto(live_server + url)
        expect(page.locator("#result-heading")).to_be_visible()
        assert not EMOJI.findall(page.content()), f"{url} shows {EMOJI.findall(page.content())}"
