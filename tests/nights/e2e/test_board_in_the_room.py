"""The board for the room at 1920×1080, light and dark (RULES.md §9, issue 37): it follows the tables without
a reload, never scrolls, keeps names and totals at 28 px or more, pages through a night that does not fit
one screen, and announces a newly seated round."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.games.hand_inputs import from_body
from ramo_keeper.games.service import record_hand
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import Night
from ramo_keeper.nights import service

# Screenshots for a person to look at (set NIGHT_SHOTS to a folder); none are compared.
SHOTS = Path(os.environ["NIGHT_SHOTS"]) if os.environ.get("NIGHT_SHOTS") else None
ONE_HAND = {"end": "hands", "hands": 1}


def _night(app, players: int) -> tuple[int, str]:
    """A Rummy night of `players` at tables of four (one hand a game), round 1 seated; its board's link."""
    with app.app_context():
        user = create_user(f"Host{players}", "correct horse")
        league = create_league(user, "Club")
        ids = [add_player(league, f"Player {number:02}").id for number in range(1, players + 1)]
        db.session.flush()
        night = service.open_night(league, user, "Thursday", "rummy", ids, table_size=4, rounds=3,
                                   options=ONE_HAND)
        db.session.flush()
        token = service.share_board(night.id)
        db.session.commit()
        return night.id, token


def _play_a_hand(app, night_id: int, table_number: int) -> None:
    """One hand at a table of the current round (behind the scenes): the first seat goes out."""
    with app.app_context():
        night = db.session.get(Night, night_id)
        table = next(t for t in service.current_tables(night) if t.table == table_number)
        body = {"results": [{"player_id": table.seats[0], "went_out": True}]
                + [{"player_id": p, "cards": {"pips": 5 * (i + 1)}} for i, p in enumerate(table.seats[1:])]}
        record_hand(table.game_id, None, from_body(body))
        db.session.commit()


# What one page of the board shows: its number, the visible tables' numbers and standings' names, the
# bottom edge of each, and the type size of every name and total shown.
VISIBLE = """() => {
  const board = document.getElementById("night-board");
  const seen = (e) => e.offsetParent !== null;
  const tables = Array.from(board.querySelectorAll(".board-table")).filter(seen);
  const rows = Array.from(board.querySelectorAll(".board-ranking li")).filter(seen);
  const texts = Array.from(board.querySelectorAll(".board-table li span, .board-ranking li span")).filter(seen);
  return {
    page: board.dataset.page,
    tables: tables.map((t) => t.querySelector("h2").firstChild.textContent.trim().split(" ").pop()),
    rows: rows.map((r) => r.querySelector(".name").textContent.trim()),
    bottoms: tables.concat(rows).map((e) => e.getBoundingClientRect().bottom),
    sizes: texts.map((e) => parseFloat(getComputedStyle(e).fontSize)),
  };
}"""


def _screen(browser, scheme):
    return browser.new_context(viewport={"width": 1920, "height": 1080}, color_scheme=scheme)


def _never_scrolls(screen) -> None:
    width, height = screen.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert width <= 1920 and height <= 1080, (width, height)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_board_shows_a_hand_within_three_seconds_and_announces_the_next_round(browser, live_server, app, scheme):
    night_id, token = _night(app, 8)
    tv = _screen(browser, scheme)
    try:
        screen = tv.new_page()
        screen.goto(f"{live_server}/board/{token}")
        tables = screen.locator(".board-table")
        expect(tables).to_have_count(2)
        expect(tables.nth(0).locator("h2")).to_contain_text("Not started")
        _play_a_hand(app, night_id, 1)
        # The board polls every 2 s (live.js, as every live page: the page's own clock checks the period in
        # tests/e2e/test_every_phone_live.py), so the hand is there within 3 s, without a reload. The waits here
        # are Playwright's usual ones: on two busy cores an answer can come later, and a late answer is not a
        # wrong one.
        expect(tables.nth(0).locator("h2")).to_contain_text("Finished")
        expect(screen.locator(".board-ranking li")).to_have_count(4)
        _play_a_hand(app, night_id, 2)
        expect(screen.locator(".board-ranking li")).to_have_count(8)
        expect(screen.locator(".board-announce")).to_be_hidden()
        with app.app_context():
            service.seat_next_round(night_id, None)
            db.session.commit()
        expect(screen.get_by_text("Round 2 seated: find your table")).to_be_visible()
        _never_scrolls(screen)
        assert screen.evaluate("window.scrollY") == 0
        if SHOTS is not None:
            SHOTS.mkdir(parents=True, exist_ok=True)
            screen.screenshot(path=str(SHOTS / f"board-8-round-2-{scheme}.png"))
    finally:
        tv.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_night_of_64_pages_through_every_table_and_standing_at_28_px_and_never_scrolls(browser, live_server, app,
                                                                                          scheme):
    night_id, token = _night(app, 64)
    for number in range(1, 17):  # every table's game finished: 16 tables, 64 rows of standings
        _play_a_hand(app, night_id, number)
    tv = _screen(browser, scheme)
    try:
        screen = tv.new_page()
        screen.goto(f"{live_server}/board/{token}")
        board = screen.locator("#night-board")
        expect(screen.locator(".board-table")).to_have_count(16)
        expect(screen.locator(".board-ranking li")).to_have_count(64)
        pages = int(board.get_attribute("data-pages"))
        assert pages >= 2  # 64 players at 28 px do not fit one screen
        expect(screen.locator(".board-page")).to_have_text(f"Page 1 of {pages}")
        # The pages turn by themselves (every 10 s)...
        expect(board).to_have_attribute("data-page", "2", timeout=15000)
        seen_pages, seen_tables, seen_rows = set(), set(), set()
        for _ in range(2 * pages):
            shown = screen.evaluate(VISIBLE)
            _never_scrolls(screen)
            assert all(bottom <= 1080 for bottom in shown["bottoms"]), shown["bottoms"]
            assert min(shown["sizes"]) >= 28, shown["sizes"]
            seen_pages.add(shown["page"])
            seen_tables.update(shown["tables"])
            seen_rows.update(shown["rows"])
            if SHOTS is not None:
                SHOTS.mkdir(parents=True, exist_ok=True)
                screen.screenshot(path=str(SHOTS / f"board-64-page-{shown['page']}-{scheme}.png"))
            if len(seen_pages) == pages:
                break
            screen.evaluate("document.dispatchEvent(new CustomEvent('ramo:board-turn'))")  # ...or at once
        assert seen_pages == {str(n) for n in range(1, pages + 1)}
        assert seen_tables == {str(n) for n in range(1, 17)}
        assert seen_rows == {f"Player {n:02}" for n in range(1, 65)}
    finally:
        tv.close()
