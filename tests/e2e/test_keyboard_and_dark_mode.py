"""Keyboard and dark mode: links that look like buttons answer Space, and dark mode keeps its contrast."""

import pytest
from playwright.sync_api import expect

from .helpers import axe_violations
from .seating import log_in, seat_game


def test_space_on_a_link_that_looks_like_a_button_follows_it(page, live_server):
    page.goto(live_server + "/")
    play_now = page.get_by_role("button", name="Play now")
    play_now.focus()
    page.keyboard.press("Space")
    expect(page).to_have_url(live_server + "/play")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_game_page_and_the_language_switcher_pass_axe_in_light_and_dark_mode(page, live_server, app, scheme):
    page.emulate_media(color_scheme=scheme)
    game_id, _ = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    for path in ("/", "/rules/ramo"):
        page.goto(live_server + path)
        assert axe_violations(page) == [], (scheme, path)
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    assert axe_violations(page) == [], (scheme, "game page")
    # The outline of a number button reaches 3:1 against the page (WCAG 1.4.11).
    ratio = page.evaluate("""() => {
      const lum = (rgb) => { const c = rgb.match(/\\d+/g).slice(0, 3).map(v => v / 255)
        .map(v => v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
      const span = document.querySelector('.pick-n input:not(:checked) + span');
      const border = getComputedStyle(span).borderTopColor;
      // The page's colour is on <html> (Pico), or the body; a transparent one is the canvas' white.
      const opaque = (el) => { const c = getComputedStyle(el).backgroundColor;
        return /rgba[(].*, 0[)]$/.test(c) || c === 'transparent' ? null : c; };
      const page = opaque(document.body) || opaque(document.documentElement) || 'rgb(255, 255, 255)';
      const [a, b] = [lum(border), lum(page)].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    }""")
    assert ratio >= 3, f"{scheme}: number button outline {ratio:.2f}:1"
