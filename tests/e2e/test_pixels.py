"""What the eye sees on the hand form, checked from the pixels and the boxes, not from the DOM's colours.

A new player's phone at the table: a guest's game (Play now), 390 px wide in English and 320 px in
Italian, light and dark. Every control with text is photographed and the contrast between its background
and its most distinct colour measured from the pixels; every key is big enough for a thumb; nothing
reaches past the screen's right edge, in English, Korean and Italian, after the toggles are ticked and
eight cards tapped; no hand value is cut off; and Korean wraps between words, never inside one.
"""

import io
import os
from http.cookies import SimpleCookie

import pytest
from flask import Response
from PIL import Image
from playwright.sync_api import expect

from ramo_keeper import rules
from ramo_keeper.extensions import db
from ramo_keeper.guests.cookie import remember_guest
from ramo_keeper.guests.service import create_guest, start_game
from ramo_keeper.i18n import COOKIE as LANGUAGE_COOKIE

GAMES = sorted(rules.VARIANTS)
FOUR = ["Sofia", "민준", "Bo", "Giulia"]
# (width, language, colour scheme): the everyday phone in English, the narrowest in the longest language.
LOOKS = [(390, "en", "light"), (390, "en", "dark"), (320, "it", "light"), (320, "it", "dark")]
# Each game is photographed in two of them, light and dark, 390 and 320 px, English and Italian; the games
# take turns, so each look is photographed on three games (one kind of control looks the same in every game
# that has it). All four on every game: RAMO_EVERY_LOOK=1 (issue 36: each look costs both cores seconds).
EVERY_LOOK = os.environ.get("RAMO_EVERY_LOOK") == "1"


def looks_of(variant: str) -> list[tuple[int, str, str]]:
    if EVERY_LOOK:
        return LOOKS
    return [LOOKS[0], LOOKS[3]] if GAMES.index(variant) % 2 == 0 else [LOOKS[1], LOOKS[2]]


# WCAG 1.4.11: what marks a control reaches 3:1 against what is around it; a blank key is 1:1.
LEAST_CONTRAST = 3
# A thumb's target (Apple's and the 44×44 CSS px).
LEAST_KEY = 44
# Colours of fewer pixels than this share of the photograph (a few anti-aliased edge pixels) are not a label.
FEW_PIXELS = 0.01


def start_as_guest(page, app, live_server, variant: str, language: str) -> int:
    """A guest's game with four players, this browser holding the guest's cookie: what Play now makes."""
    with app.test_request_context():
        guest = create_guest()
        game = start_game(guest, variant, FOUR)
        db.session.commit()
        game_id, cookies = game.id, SimpleCookie(remember_guest(Response(), guest).headers["Set-Cookie"])
    page.context.add_cookies([{"name": key, "value": morsel.value, "url": live_server}
                              for key, morsel in cookies.items()])
    open_form(page, live_server, game_id, language)
    return game_id


def open_form(page, live_server: str, game_id: int, language: str) -> None:
    """The game page in this language (the switcher's cookie), its scripts run (goto waits for load)."""
    page.context.add_cookies([{"name": LANGUAGE_COOKIE, "value": language, "url": live_server}])
    page.goto(f"{live_server}/games/{game_id}")
    expect(page.locator("#hand-form")).to_be_visible()


def tick_and_tap(page, cards: int = 1) -> None:
    """The states a scorer puts the form in: someone went out, every box ticked, and the second player's
    hand filled in: `cards` card keys tapped (the named ones first, for the longest working), or the
    highest count of each row picked."""
    blocks = page.locator("#hand-form .player-block")
    # One panel at a time (issue 35): the boxes of the panels not on show are ticked as a tap would.
    tick = "b => { if (!b.checked) { b.checked = true; b.dispatchEvent(new Event('change', {bubbles: true})); } }"
    blocks.first.locator("input[name=went_out]").evaluate(tick)
    for box in page.locator("#hand-form .player-block input[type=checkbox]").all():
        box.evaluate(tick)
    for switch in page.locator("#hand-form input[role=switch]").all():
        switch.evaluate(tick)
    tabs = page.locator(".player-tab")
    if tabs.count() and tabs.nth(1).is_visible():
        tabs.nth(1).click()
    keys = blocks.nth(1).locator(".card-key")
    for n in range(cards if keys.count() else 0):
        keys.nth(keys.count() - 1 - n % keys.count()).click()
    for row in blocks.nth(1).locator(".pick-row").all():
        if row.is_visible():
            row.locator(".pick-n").last.click()


# How a message names an element: its tag and class, its text, and the player whose block holds it.
NAME = """const name = (e) => { const block = e.closest('.player-block');
  return `${e.tagName.toLowerCase()}.${e.className || e.parentElement.className} "${e.textContent.trim().slice(0, 20)}"`
    + (block ? ` of ${block.querySelector('legend').textContent}` : ''); };"""

# The box where each control's label is drawn, in page coordinates: its visible text's box, or an input's
# content box, kept inside the control's border (the outline is not its label).
LABEL_BOXES = """() => {
  """ + NAME + """
  const shown = (e) => e.checkVisibility({opacityProperty: true, visibilityProperty: true})
    && !e.closest('.visually-hidden');
  const controls = document.querySelectorAll(
    '#hand-form button, #hand-form label, #hand-form input:not([type=hidden]):not([type=radio]):not([type=checkbox])');
  return Array.from(controls).filter(shown).map((control) => {
    const outer = control.getBoundingClientRect(), css = getComputedStyle(control), px = (v) => parseFloat(v) || 0;
    const inner = {left: outer.left + px(css.borderLeftWidth), top: outer.top + px(css.borderTopWidth),
                   right: outer.right - px(css.borderRightWidth), bottom: outer.bottom - px(css.borderBottomWidth)};
    let box = null;
    const grow = (r) => { if (r.width < 1 || r.height < 1) return;
      box = box ? {left: Math.min(box.left, r.left), top: Math.min(box.top, r.top),
                   right: Math.max(box.right, r.right), bottom: Math.max(box.bottom, r.bottom)}
                : {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
    if (control.tagName === 'INPUT') {
      grow({left: inner.left + px(css.paddingLeft), top: inner.top + px(css.paddingTop),
            right: inner.right - px(css.paddingRight), bottom: inner.bottom - px(css.paddingBottom),
            width: 1, height: 1});
    } else {
      const walk = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let text = walk.nextNode(); text; text = walk.nextNode()) {
        if (!text.data.trim() || !shown(text.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        Array.from(range.getClientRects()).forEach(grow);
      }
    }
    if (!box) return null;
    const left = Math.max(box.left, inner.left), right = Math.min(box.right, inner.right);
    const top = Math.max(box.top, inner.top), bottom = Math.min(box.bottom, inner.bottom);
    return {name: name(control), x: left + scrollX, y: top + scrollY, width: right - left, height: bottom - top};
  }).filter((b) => b && b.width > 0 && b.height > 0);
}"""


def luminance(colour: tuple[int, int, int]) -> float:
    linear = [(c / 255 / 12.92) if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def label_contrast(photo: Image.Image) -> float:
    """The WCAG contrast between the most frequent colour (the background) and the most distinct colour
    that covers more than a few pixels (the label): a blank key is 1.00."""
    counts = photo.convert("RGB").getcolors(photo.width * photo.height)
    background = luminance(max(counts)[1])
    ratios = sorted(((max(lum, background) + 0.05) / (min(lum, background) + 0.05), n)
                    for lum, n in ((luminance(colour), n) for n, colour in counts))
    enough, seen = max(4, FEW_PIXELS * photo.width * photo.height), 0
    for ratio, n in reversed(ratios):
        seen += n
        if seen >= enough:
            return ratio
    return 1.0


def faint_labels(page) -> list[str]:
    """Each control whose label does not stand out from its background, from a few photographs of the page."""
    # The sticky Record bar and top bar would cover the keys under them in the photograph: they go back into
    # the flow (where they already hold their place) for the photographs only.
    page.evaluate("for (const bar of document.querySelectorAll('.record-bar, .top-bar')) bar.style.position = 'static'")
    boxes = sorted(page.evaluate(LABEL_BOXES), key=lambda box: box["y"])
    assert len(boxes) > 10, "the form's controls were not found"
    # One photograph per screenful, not one of the whole page: that one lays the page out again at the
    # width of whatever reaches past the screen's edge.
    screen = page.viewport_size["height"]
    faint = []
    while boxes:
        top = max(0, boxes[0]["y"] - 4)
        page.evaluate("(y) => window.scrollTo(0, y)", top)
        top = page.evaluate("scrollY")
        photo = Image.open(io.BytesIO(page.screenshot(animations="disabled", caret="hide")))
        scale = photo.width / page.viewport_size["width"]
        seen = [box for box in boxes if box["y"] + box["height"] <= top + screen]
        assert seen, f"{boxes[0]['name']} is taller than the screen"
        for box in seen:
            left, upper = box["x"] * scale, (box["y"] - top) * scale
            crop = photo.crop((round(left), round(upper), round(left + box["width"] * scale),
                               round(upper + box["height"] * scale)))
            ratio = label_contrast(crop)
            if ratio < LEAST_CONTRAST:
                faint.append(f"{box['name']}: {ratio:.2f}:1")
        boxes = boxes[len(seen):]
    page.evaluate("for (const bar of document.querySelectorAll('.record-bar, .top-bar')) bar.style.position = ''")
    return faint


@pytest.mark.parametrize("variant", GAMES)
def test_every_control_with_text_shows_its_label_in_light_and_dark(page, app, live_server, variant):
    game_id = None
    faint = []
    for width, language, scheme in looks_of(variant):
        page.set_viewport_size({"width": width, "height": 844})
        page.emulate_media(color_scheme=scheme)
        if game_id is None:
            game_id = start_as_guest(page, app, live_server, variant, language)
        else:
            open_form(page, live_server, game_id, language)
        # Untouched, and with a player out, every box ticked and a card tapped (chosen keys look different).
        faint += [f"{width} px {language} {scheme}, untouched: {f}" for f in faint_labels(page)]
        tick_and_tap(page)
        faint += [f"{width} px {language} {scheme}, ticked: {f}" for f in faint_labels(page)]
    assert not faint, f"{len(faint)} labels under {LEAST_CONTRAST}:1 in {variant}:\n" + "\n".join(faint)


# Every key of the form a thumb taps: counts, card keys and the cards tapped, the toggles, Record.
KEYS = ("#hand-form .pick-n span, #hand-form input.pick-number:not([type=hidden]), #hand-form .card-key,"
        " #hand-form .card-chip, #hand-form label.flag, #hand-form label.nobody, #hand-form button[type=submit]")


@pytest.mark.parametrize("variant", GAMES)
def test_every_key_is_at_least_44_px_square_at_390_px(page, app, live_server, variant):
    start_as_guest(page, app, live_server, variant, "en")
    tick_and_tap(page, cards=2)
    sizes = page.evaluate("(keys) => { " + NAME + """
        return Array.from(document.querySelectorAll(keys)).filter((e) => e.checkVisibility())
          .map((e) => { const r = e.getBoundingClientRect(); return [name(e), r.width, r.height]; }); }""", KEYS)
    assert len(sizes) > 10
    small = [f"{name}: {w:.0f}×{h:.0f}" for name, w, h in sizes if min(w, h) < LEAST_KEY - 0.01]
    assert not small, f"{len(small)} of {len(sizes)} keys under {LEAST_KEY}×{LEAST_KEY} px in {variant}:\n" \
        + "\n".join(small)


# What reaches past the screen's edges. What scrolls inside a box of its own (a wide table) is measured by
# that box; the skip link waits off screen on purpose, and screen-reader text is clipped to a pixel.
PAST_THE_EDGE = """(width) => {
  """ + NAME + """
  const scrolls = (e) => e !== document.body && e !== document.documentElement
    && ['auto', 'scroll', 'hidden'].includes(getComputedStyle(e).overflowX);
  const inScrollBox = (e) => { for (let p = e.parentElement; p; p = p.parentElement) if (scrolls(p)) return true;
    return false; };
  return Array.from(document.body.querySelectorAll('*'))
    .filter((e) => e.checkVisibility() && !e.closest('.visually-hidden, .skip-link') && !inScrollBox(e))
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width > 0 && (r.right > width + 0.5 || r.left < -0.5))
    .map(([e, r]) => `${name(e)} from ${Math.round(r.left)} to ${Math.round(r.right)} px`);
}"""

# A player's hand value (its working, the total and the score) shown only in part.
CUT_VALUES = """() => Array.from(document.querySelectorAll('#hand-form .hand-value'))
  .filter((e) => e.checkVisibility() && e.scrollWidth > e.clientWidth + 1)
  .map((e) => `"${e.textContent.trim()}" shows ${e.clientWidth} of ${e.scrollWidth} px`)"""

# Hangul words drawn on more than one line: a word broken in two.
BROKEN_WORDS = """() => {
  const broken = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walk.nextNode(); text; text = walk.nextNode()) {
    const parent = text.parentElement;
    if (!parent.checkVisibility() || parent.closest('.visually-hidden, script, style')) continue;
    for (const word of text.data.matchAll(/[\\uac00-\\ud7a3]+/g)) {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      const lines = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(`"${word[0]}" in "${text.data.trim().slice(0, 40)}"`);
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("variant", GAMES)
def test_nothing_reaches_past_the_edge_at_320_px_in_three_languages_after_the_toggles(page, app, live_server,
                                                                                     variant):
    page.set_viewport_size({"width": 320, "height": 740})
    game_id = None
    problems = []
    for language in ("en", "ko", "it"):
        if game_id is None:
            game_id = start_as_guest(page, app, live_server, variant, language)
        else:
            open_form(page, live_server, game_id, language)
        problems += [f"{language}, untouched: {p}" for p in page.evaluate(PAST_THE_EDGE, 320)]
        tick_and_tap(page, cards=8)
        problems += [f"{language}, ticked: {p}" for p in page.evaluate(PAST_THE_EDGE, 320)]
        problems += [f"{language}: the hand's value is cut off: {v}" for v in page.evaluate(CUT_VALUES)]
        if language == "ko":
            problems += [f"ko: word broken across lines: {w}" for w in page.evaluate(BROKEN_WORDS)]
    assert not problems, f"{variant} at 320 px:\n" + "\n".join(problems)
