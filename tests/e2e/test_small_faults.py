"""Issue 35, item 7: the small faults seen on a phone, each looked for where the eye would find it.

Manipulation's empty form previews no score before anything is tapped; at 320 px the seat circles show
whole, the game's title keeps its number and the hand-by-hand table's Edit column is not cut (Korean 수정,
Italian Modifica); Rummy's went-rummy switch sits beside Went out.
"""

import pytest
from playwright.sync_api import expect

from ramo_keeper.i18n import COOKIE as LANGUAGE_COOKIE

from .seating import log_in, seat_game
from .test_hand_in_taps import panel
from .test_hand_on_one_screen import play_two_hands

# Whether an element is drawn whole: inside the screen and every box around it that clips, and the element
# found at its centre is it (or inside it).
WHOLE = """(e) => {
  const r = e.getBoundingClientRect();
  if (!r.width || !r.height || r.left < -0.5 || r.right > innerWidth + 0.5 || r.top < -0.5
      || r.bottom > innerHeight + 0.5)
    return `${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.top)}–${Math.round(r.bottom)} off screen`;
  for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
    const style = getComputedStyle(p);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    const q = p.getBoundingClientRect();
    if (r.left < q.left - 0.5 || r.right > q.right + 0.5 || r.top < q.top - 0.5 || r.bottom > q.bottom + 0.5)
      return `cut by ${p.tagName.toLowerCase()}.${p.className}`;
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!hit || !(hit === e || e.contains(hit))) return `under ${hit && hit.tagName}.${hit && hit.className}`;
  if (e.scrollWidth > e.clientWidth + 1) return `text cut: ${e.clientWidth} of ${e.scrollWidth} px`;
  return "";
}"""


def test_manipulations_empty_form_previews_no_score_before_anything_is_tapped(page, live_server, app):
    # Manipulation Rummy scores the player with the lowest hand (docs/RULES.md): with nothing tapped every
    # hand is 0, and the old form showed everyone winning +25. Nothing is a score until something is tapped.
    game_id, ids = seat_game(app, "manipulation", ["Lena", "Omar", "Pia"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    expect(page.locator(".player-tab")).to_have_count(3)
    for name in ("Lena", "Omar", "Pia"):
        panel(page, None, name)
    expect(page.locator(".player-tab .tab-score")).to_have_text(["—", "—", "—"])
    assert page.locator("#hand-form .hand-score").all_text_contents() == ["", "", ""]
    assert "+25" not in page.locator("#hand-form").inner_text()
    # The first card tapped makes a hand: Omar holds a 9 (9 points), the others 0.
    panel(page, None, "Omar").get_by_role("button", name="9", exact=True).tap()
    expect(page.locator(f"#value-{ids['Omar']}")).to_have_text("9")


@pytest.mark.parametrize("language, edit_word", [("en", "Edit"), ("ko", "수정"), ("it", "Modifica")])
def test_at_320_px_the_seat_circles_the_title_number_and_the_edit_column_show_whole(page, live_server, app,
                                                                                   language, edit_word):
    page.set_viewport_size({"width": 320, "height": 640})
    names = ["Maximiliane", "Bartholomew", "Giulia-Rosa", "Konstantinos"]
    game_id, ids = seat_game(app, "manipulation", names)
    play_two_hands(app, game_id, ids, "manipulation")
    log_in(page, live_server)
    page.context.add_cookies([{"name": LANGUAGE_COOKIE, "value": language, "url": live_server}])
    page.goto(f"{live_server}/games/{game_id}")
    problems = []
    marks = page.locator(".scoreboard .seat-mark")
    expect(marks).to_have_count(4)
    for n in range(4):
        problems += [f"seat circle {n + 1}: {p}" for p in [marks.nth(n).evaluate(WHOLE)] if p]
    number = page.locator(".top-title .game-number")
    expect(number).to_have_text(f"#{game_id}")
    problems += [f"game number: {p}" for p in [number.evaluate(WHOLE)] if p]
    grid = page.locator(".hand-grid")
    grid.scroll_into_view_if_needed()
    edits = grid.locator(".edit-cell a")
    expect(edits).to_have_count(2)
    for n in range(2):
        edit = edits.nth(n)
        edit.scroll_into_view_if_needed()
        expect(edit).to_contain_text(edit_word)
        problems += [f"edit link {n + 1}: {p}" for p in [edit.evaluate(WHOLE)] if p]
    assert problems == []


def test_rummys_went_rummy_switch_sits_beside_went_out(page, live_server, app):
    game_id, _ = seat_game(app, "rummy", ["Al", "Bea", "Cal", "Dot"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    block = panel(page, None, "Bea")
    went_out = block.get_by_role("radio", name="Went out")
    switch = page.get_by_role("switch", name="went rummy")
    expect(switch).to_be_visible()
    # In the picked player's row of toggles, right under (or beside) Went out: no other control between.
    assert switch.evaluate("(s, out) => s.closest('.player-flags') === out.closest('.player-flags')",
                           went_out.element_handle())
    out_box, switch_box = went_out.locator("xpath=..").bounding_box(), switch.locator("xpath=..").bounding_box()
    assert switch_box["y"] - (out_box["y"] + out_box["height"]) < 12
    # It follows the panel: on Cal's panel it sits with Cal's Went out.
    cal = panel(page, None, "Cal")
    assert switch.evaluate("(s, out) => s.closest('.player-flags') === out.closest('.player-flags')",
                           cal.get_by_role("radio", name="Went out").element_handle())
