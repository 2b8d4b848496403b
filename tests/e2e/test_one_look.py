"""Issue 35, item 8: one look everywhere. Every page opens with the game's kind of top bar (at most 56 px,
sticky, 44 px targets, the account and Log out within a thumb's reach) and its first heading right under
it; no page scrolls sideways at 390 or 320 px; the tokens' colours read in light and dark.

Before, the other pages opened with a 122 px stock header and their first heading at y=126–255.
"""

import pytest
from playwright.sync_api import expect

from ramo_keeper.extensions import db

from .helpers import axe_violations, open_menu
from .seating import log_in, seat_game

MOST_BAR = 56
# The bar (56 px at most) and a line's spacing: the first heading starts here or higher.
HIGHEST_HEADING = 80

# Where the bar, the page's first heading and the page's width are, as drawn.
MEASURE = """() => {
  const bar = document.querySelector('body > header'), heading = document.querySelector('main h1');
  const box = bar.getBoundingClientRect();
  return {bar: box.height, barTop: box.top, position: getComputedStyle(bar).position,
          heading: heading ? heading.getBoundingClientRect().top : null, width: document.documentElement.scrollWidth,
          targets: Array.from(bar.querySelectorAll(
              ':scope > a, :scope > details > summary, :scope > div > a, :scope > div > button'))
            .map(e => { const r = e.getBoundingClientRect();
                        return [e.textContent.trim() || e.getAttribute('aria-label'), r.width, r.height]; })};
}"""


@pytest.fixture
def member_pages(app, page, live_server) -> dict[str, str]:
    """{kind of page: url} of everything a member opens around the game, Ana logged in."""
    from ramo_keeper.models import Game, Season

    game_id, ids = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    with app.app_context():
        league = db.session.get(Game, game_id).league_id
        season = db.session.execute(db.select(Season.id).filter_by(league_id=league)).scalar()
    log_in(page, live_server)
    base = f"{live_server}/leagues/{league}"
    return {"home": f"{live_server}/", "play": f"{live_server}/play", "league": base,
            "seasons": f"{base}/seasons", "standings": f"{base}/seasons/{season}",
            "stats": f"{base}/players/{ids['Bo']}/stats", "house rules": f"{base}/house-rules",
            "club nights": f"{base}/nights", "account": f"{live_server}/account",
            "error": f"{live_server}/leagues/{league + 1000}", "rules": f"{live_server}/rules/ramo"}


def looks_alike(page, name: str, width: int) -> None:
    shown = page.evaluate(MEASURE)
    assert shown["bar"] <= MOST_BAR, f"{name} at {width} px: a bar of {shown['bar']} px"
    assert shown["heading"] is not None and shown["heading"] <= HIGHEST_HEADING, \
        f"{name} at {width} px: the first heading starts at y={shown['heading']}"
    assert shown["width"] <= width, f"{name} scrolls sideways at {width} px: {shown['width']} px wide"
    assert shown["position"] == "sticky", name
    small = [(label, w, h) for label, w, h in shown["targets"] if w < 44 or h < 44]
    assert small == [], f"{name} at {width} px: targets under 44 px in the bar"


def test_every_page_opens_with_the_bar_and_its_heading_under_it(page, member_pages, live_server):
    for width in (390, 320):
        page.set_viewport_size({"width": width, "height": 844})
        for name, url in member_pages.items():
            page.goto(url)
            looks_alike(page, name, width)
    # The bar stays while the page scrolls.
    page.goto(member_pages["standings"])
    page.mouse.wheel(0, 600)
    expect(page.locator("body > header")).to_be_in_viewport()
    assert page.evaluate("document.querySelector('body > header').getBoundingClientRect().top") == 0
    # A visitor's pages too.
    open_menu(page)
    page.get_by_role("button", name="Log out").click()
    for name, path in (("welcome", "/"), ("play now", "/play"), ("log in", "/login"), ("rules", "/rules")):
        page.goto(live_server + path)
        looks_alike(page, name, 320)


def test_the_account_and_log_out_are_a_thumb_away_and_in_line(page, member_pages):
    page.goto(member_pages["league"])
    account = page.locator("body > header").get_by_role("link", name="Ana")
    expect(account).to_be_visible()
    box = account.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44 and box["y"] + box["height"] <= MOST_BAR
    open_menu(page)
    menu = page.get_by_role("navigation", name="Main")
    log_out = menu.get_by_role("button", name="Log out")
    expect(log_out).to_be_visible()
    # "Log out" (a button in a form) sits as its neighbours (links) do: the same height and left edge, and
    # its words the same way down its row.
    rows = page.evaluate("""() => Array.from(document.querySelectorAll('body > header nav li')).map(li => {
        const control = li.querySelector('a, button'), box = control.getBoundingClientRect();
        const words = document.createRange(); words.selectNodeContents(control);
        const text = words.getBoundingClientRect();
        return [control.textContent.trim(), box.left, box.height, Math.round(text.top - box.top)]; })""")
    assert [label for label, *_ in rows][-1] == "Log out"
    neighbours = rows[1:]  # the first, the app's name, is in bold
    assert len({(left, height, down) for _, left, height, down in neighbours}) == 1, rows
    assert rows[0][2] >= 44


def test_open_a_night_has_room_around_its_words(page, member_pages):
    page.goto(member_pages["club nights"])
    button = page.get_by_role("button", name="Open a night")
    room = button.evaluate("""b => { const words = document.createRange(); words.selectNodeContents(b);
        const text = words.getBoundingClientRect(), box = b.getBoundingClientRect();
        return [text.left - box.left, box.right - text.right]; }""")
    assert min(room) >= 12, f"the button's words touch its edges: {room}"


def test_every_page_reads_in_light_and_dark(page, member_pages):
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for name, url in member_pages.items():
            page.goto(url)
            assert axe_violations(page) == [], (name, scheme)
