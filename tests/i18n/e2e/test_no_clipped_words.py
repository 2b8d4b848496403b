"""No word cut off on a 390 px phone in Korean or Italian (issue 38, item 5): the browser half of the sweep.

tests/i18n/test_every_page_words.py reads every page's words without a browser; this opens the pages whose
long words are likeliest to be clipped (each game's title and its grid's columns, the night, the house-rule
editor) and asks the browser which element hides part of its text: one that clips its overflow (or ends it
with an ellipsis) and is narrower than what it holds.
"""

import pytest
from e2e.helpers import no_sideways_scroll

from ..test_every_page_words import build_league

pytestmark = pytest.mark.e2e

CLIPPED = """() => Array.from(document.querySelectorAll("body *")).filter((el) => {
  const style = getComputedStyle(el);
  if (style.display === "none" || style.visibility === "hidden" || el.clientWidth <= 1) return false;
  if (el.closest(".visually-hidden, [hidden], dialog:not([open])")) return false;
  const clips = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
  return clips && el.textContent.trim() && el.scrollWidth > el.clientWidth + 1;
}).map((el) => el.tagName.toLowerCase() + "." + el.className + ": " + el.textContent.trim().slice(0, 60))"""


@pytest.mark.parametrize("locale", ["ko-KR", "it-IT"])
def test_no_text_is_clipped_at_390_px(app, browser, browser_context_args, live_server, locale):
    filled, game_ids = build_league(app, locale[:2])
    context = browser.new_context(**browser_context_args, locale=locale)
    page = context.new_page()
    try:
        page.goto(f"{live_server}/login")
        page.locator("#username").fill("Ana")
        page.locator("#password").fill("correct horse")
        page.locator("#password").press("Enter")
        page.wait_for_url(lambda url: "/login" not in url)
        clipped = {}
        pages = [f"/games/{game_id}" for game_id in game_ids.values()]  # each game's title in the top bar
        pages += [f"/nights/{filled['night_id']}", f"/leagues/{filled['league_id']}/house-rules/new?from=contract"]
        for url in pages:
            page.goto(live_server + url)
            assert "/login" not in page.url
            no_sideways_scroll(page)
            # The game page cuts a level, who deals and the deal's facts to one line, the whole text a tap away
            # (issue 35): the tap is part of reading them, so each is tapped once before the page is read.
            for cut in page.locator(".scoreboard .requirement, .scoreboard .who-line, .table-summary").all():
                if cut.is_visible():
                    cut.click()
            if found := page.evaluate(CLIPPED):
                clipped[url] = found
        assert clipped == {}
    finally:
        context.close()
