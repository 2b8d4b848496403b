"""A hand on one screen (issue 35): from the top of the game page, every control of the hand form and the
Record button are on screen and tappable where they stand, and every player's total is on screen, with no
scroll: at 390×844 for every game with four players and for Rummy and Phase 10 with six, and at 375×667 with
four. Two hands are played first, so the scoreboard holds places, levels and badges."""

import os
import re

import pytest
from playwright.sync_api import expect

from ramo_keeper import rules
from ramo_keeper.extensions import db
from ramo_keeper.games.hand_questions import hand_questions

from .helpers import count_row
from .seating import hands_recorded, log_in, seat_game
from .test_hand_in_taps import panel

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
                    ticked = hand_questions(variant).marks_ticked_by_going_out
                    marks = {variant.out_mark.key: True, **{m.key: True for m in ticked}}
                    results.append(rules.PlayerResult(pid, {}, rules.marks_in(marks)))
                else:
                    results.append(rules.PlayerResult(pid, {first: 2}, frozenset()))
            service.record_hand(game_id, None, rules.HandInput(tuple(results)), f"seed-{number}", number)
            db.session.commit()


# Every control of the hand form a scorer may need, as the phone shows it: each one's centre must be on
# screen and be the element found there (nothing under the Record bar, nothing below the fold).
OFF_SCREEN = """() => {
  const form = document.getElementById("hand-form");
  const wanted = "button, input:not([type=hidden]), select, textarea, label.flag, label.nobody, .pick-n span";
  const controls = Array.from(form.querySelectorAll(wanted))
    .filter((e) => e.checkVisibility() && !e.closest(".visually-hidden"));
  const problems = [];
  for (const e of controls) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const name = (e.textContent || e.getAttribute("aria-label") || e.name || e.tagName).trim().slice(0, 30);
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) {
      problems.push(name + " off screen at y=" + Math.round(y));
      continue;
    }
    // The radio of a count key lies over its number: either is the key. Its foot is checked too: a key
    // half under the Record bar is not one a thumb can trust.
    const same = (found) => found && (found === e || e.contains(found) || found.contains(e)
      || (found.closest("label") && found.closest("label") === e.closest("label")));
    const centre = document.elementFromPoint(x, y), foot = document.elementFromPoint(x, r.bottom - 3);
    const what = (found) => found ? found.className || found.tagName : "the screen's edge";
    if (!same(centre)) problems.push(name + " covered by " + what(centre));
    else if (r.bottom > innerHeight || !same(foot)) problems.push(name + " cut at its foot by " + what(foot));
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


CARD_KEY_GAMES = sorted(key for key, v in rules.VARIANTS.items() if any(c.face_value for c in v.categories_for({})))


@pytest.mark.parametrize("variant", CARD_KEY_GAMES)
def test_the_edit_form_of_a_past_hand_is_the_hand_form_with_card_keys(page, live_server, app, variant):
    """Issue 35: correcting a hand uses the same form, under the game's top bar: the tabs, one panel, and
    card keys where the game counts its cards by face value, the counts recorded standing as cards;
    no typed field."""
    game_id, ids = seat_game(app, variant, FOUR)
    play_two_hands(app, game_id, ids, variant)
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}/hands/1/edit")
    expect(page.locator("header.top-bar")).to_be_visible()
    expect(page.locator(".player-tab")).to_have_count(4)
    # Hand 1: Sofia went out, 민준 held two cards' worth of the first category (play_two_hands).
    minjun = panel(page, None, "민준")
    expect(minjun.locator(".card-key").first).to_be_visible()
    expect(minjun.locator(".tapped-cards button")).to_have_count(1)
    expect(page.locator("#hand-form input[type=number]:visible, #hand-form input[type=text]:visible")).to_have_count(0)
    # A card taken back and another tapped: the correction saves the new count.
    minjun.locator(".tapped-cards button").first.tap()
    minjun.get_by_role("button", name="5", exact=True).tap()
    page.get_by_role("button", name=re.compile(r"^Save (hand|round) 1")).tap()
    expect(page.locator(".flash-success")).to_be_visible()
    assert stored_cards(app, game_id, 1, ids["민준"]) == {first_category(variant): 5}


def first_category(variant: str) -> str:
    return rules.VARIANTS[variant].categories_for({})[0].key


def stored_cards(app, game_id: int, number: int, player_id: int) -> dict:
    from ramo_keeper.models import Hand, HandResult

    with app.app_context():
        hand = db.session.scalar(db.select(Hand).filter_by(game_id=game_id, number=number))
        result = db.session.scalar(db.select(HandResult).filter_by(hand_id=hand.id, player_id=player_id))
        return {key: count for key, count in result.cards.items() if count}


def test_a_refused_record_shows_its_reason_on_the_players_panel_and_keeps_the_taps(page, live_server, app):
    """Issue 35: Bo went out and then a count was tapped for him; the server refuses the hand. The form comes
    back on Bo's panel with the reason on screen, Bo's tab marked, and every tap kept."""
    game_id, ids = seat_game(app, "ramo", FOUR)
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    giulia = panel(page, None, "Giulia")
    count_row(giulia, "Cards 1–9").get_by_role("radio", name="4", exact=True).tap()
    bo = panel(page, None, "Bo")
    bo.get_by_role("radio", name="Went out").tap()
    bo = panel(page, None, "Bo")
    count_row(bo, "Cards 1–9").get_by_role("radio", name="3", exact=True).tap()
    panel(page, None, "Sofia")
    page.get_by_role("button", name=re.compile(r"^Record hand 1")).tap()
    reason = page.locator(f"#errors-{ids['Bo']}")
    expect(reason).to_be_visible()
    expect(reason).to_be_in_viewport()
    expect(page.locator(f'.player-tab[data-tab-for="{ids["Bo"]}"]')).to_have_class(re.compile("has-error"))
    expect(page.locator(f'.player-tab[data-tab-for="{ids["Bo"]}"]')).to_have_attribute("aria-pressed", "true")
    assert hands_recorded(app, game_id) == 0
    # Everything tapped is still there: Bo out with his 3, Giulia's 4.
    expect(page.locator(f'input[name="went_out"][value="{ids["Bo"]}"]')).to_be_checked()
    bo = page.get_by_role("group", name="Bo", exact=True)
    expect(count_row(bo, "Cards 1–9").get_by_role("radio", name="3", exact=True)).to_be_checked()
    giulia = panel(page, None, "Giulia")
    expect(count_row(giulia, "Cards 1–9").get_by_role("radio", name="4", exact=True)).to_be_checked()
