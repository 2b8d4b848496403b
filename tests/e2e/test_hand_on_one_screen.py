"""A hand on one screen (issue 35): from the top of the game page, every control of the hand form and the
Record button are on screen and tappable where they stand, and every player's total is on screen, with no
scroll: at 390×844 for every game with four players and for Rummy and Phase 10 with six, and at 375×667 with
four. Two hands are played first, so the scoreboard holds places, levels and badges."""

import os

import pytest

from ramo_keeper import rules
from ramo_keeper.extensions import db

from .seating import log_in, seat_game

SHOTS = os.environ.get("RAMO_SHOTS")  # a folder: photograph each panel there, to look at
FOUR = ["Sofia", "민준", "Bo", "Giulia"]
SIX = ["Maximiliane", "Bartholomew", "Giulia-Rosa", "민준서", "Konstantinos", "Esperanza"]


def play_two_hands(app, game_id: int, ids: dict[str, int], variant_key: str) -> None:
    """Two hands recorded the way the table would: a different player out each time (with the marks going
    out implies), every other player holding two cards of the game's first category."""
    from ramo_keeper.games import service
    from ramo_keeper.models import Game

    variant = rules.VARIANTS[variant_key]
    with app.app_context():
        game = db.session.get(Game, game_id)
        first = variant.categories_for(game.options)[0].key
        players = list(ids.values())
        for number in (1, 2):
            out = players[number - 1]
            results = []
            for pid in players:
                if pid == out:
                    marks = {variant.out_mark.key: True, **{m.key: True for m in variant.marks_ticked_by_going_out}}
                    results.append(rules.PlayerResult(pid, {}, rules.marks_in(marks)))
                else:
                    results.append(rules.PlayerResult(pid, {first: 2}, frozenset()))
            service.record_hand(game_id, None, rules.HandInput(tuple(results)), f"seed-{number}", number)
            db.session.commit()


# Every control of the hand form a scorer may need, as the phone shows it: each one's centre must be on
# screen and be the element found there (nothing under the Record bar, nothing below the fold).
OFF_SCREEN = """() => {
  const form = document.getElementById("hand-form");
  const controls = Array.from(form.querySelectorAll("button, input:not([type=hidden]), select, textarea, label.flag, label.nobody, .pick-n span"))
    .filter((e) => e.checkVisibility() && !e.closest(".visually-hidden"));
  const problems = [];
  for (const e of controls) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const name = (e.textContent || e.getAttribute("aria-label") || e.name || e.tagName).trim().slice(0, 30);
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) { problems.push(name + " off screen at y=" + Math.round(y)); continue; }
    // The radio of a count key lies over its number: either is the key. Its foot is checked too: a key
    // half under the Record bar is not one a thumb can trust.
    const same = (found) => found && (found === e || e.contains(found) || found.contains(e) || (found.closest("label") && found.closest("label") === e.closest("label")));
    const centre = document.elementFromPoint(x, y), foot = document.elementFromPoint(x, r.bottom - 3);
    if (!same(centre)) problems.push(name + " covered by " + (centre ? centre.className || centre.tagName : "nothing"));
    else if (r.bottom > innerHeight || !same(foot)) problems.push(name + " cut at its foot by " + (foot ? foot.className || foot.tagName : "the screen's edge"));
  }
  return {count: controls.length, problems: problems};
}"""

TOTALS_ON_SCREEN = """() => Array.from(document.querySelectorAll(".scoreboard td.total")).map((e) => {
  const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; })"""


def check_one_screen(page, live_server, app, variant: str, names: list[str], size: dict, owner: str = "Ana") -> None:
    game_id, ids = seat_game(app, variant, names, owner=owner)
    play_two_hands(app, game_id, ids, variant)
    page.set_viewport_size(size)
    log_in(page, live_server, owner)
    page.goto(f"{live_server}/games/{game_id}")
    page.wait_for_selector("#hand-form")
    page.wait_for_load_state("load")
    page.evaluate("window.scrollTo(0, 0)")
    # Every player's panel in turn, as the scorer moves through them with the tabs (a page without tabs
    # is checked once, as it stands).
    tabs = page.locator(".player-tab:visible")
    for index in range(max(tabs.count(), 1)):
        if tabs.count():
            tabs.nth(index).tap()
        page.evaluate("window.scrollTo(0, 0)")
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/{variant}-{len(names)}-{size['width']}-{index}.png")
        found = page.evaluate(OFF_SCREEN)
        assert found["count"] >= 8, f"{variant}: only {found['count']} controls found"
        assert not found["problems"], f"{variant} at {size}, panel {index + 1}: {found['problems']}"
    assert page.evaluate("document.scrollingElement.scrollTop") == 0, "the page scrolled"
    totals = page.evaluate(TOTALS_ON_SCREEN)
    assert len(totals) == len(names) and all(totals), f"{variant}: a total is off screen: {totals}"


@pytest.mark.parametrize("variant", sorted(rules.VARIANTS))
def test_four_players_hand_fits_one_390_screen(page, live_server, app, variant):
    check_one_screen(page, live_server, app, variant, FOUR, {"width": 390, "height": 844})


@pytest.mark.parametrize("variant", ["rummy", "phase10"])
def test_six_players_hand_fits_one_390_screen(page, live_server, app, variant):
    check_one_screen(page, live_server, app, variant, SIX, {"width": 390, "height": 844})


@pytest.mark.parametrize("variant", sorted(rules.VARIANTS))
def test_four_players_hand_fits_one_375_by_667_screen(page, live_server, app, variant):
    check_one_screen(page, live_server, app, variant, FOUR, {"width": 375, "height": 667})
