"""A club night on a phone at 390 px, for real: open it, play round 1 on the tables' own pages, seat round 2,
read the standings; and the board for the room at 1920×1080, light and dark."""

import os
import re
from pathlib import Path

import pytest
from e2e.helpers import no_sideways_scroll, player_panel
from playwright.sync_api import expect

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.games.hand_inputs import from_body
from ramo_keeper.games.service import record_hand
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import NightTable

ROSTER = ("Ana", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivo")
# Screenshots for a person to look at (set NIGHT_SHOTS to a folder); none are compared.
SHOTS = Path(os.environ["NIGHT_SHOTS"]) if os.environ.get("NIGHT_SHOTS") else None


def _shot(page, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.fixture
def club(app):
    with app.app_context():
        user = create_user("Host", "correct horse")
        league = create_league(user, "Club")
        for name in ROSTER:
            add_player(league, name)
        db.session.commit()
        return league.id


def _log_in(page, base):
    page.goto(base + "/login")
    page.get_by_label("Name").fill("Host")
    page.get_by_label("Password").fill("correct horse")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Hello, Host")).to_be_visible()


def _open_night(page, base, league_id):
    page.goto(f"{base}/leagues/{league_id}")
    page.get_by_role("link", name="Club nights").click()
    page.get_by_role("button", name="Open a night").click()
    for name in ROSTER:
        page.locator(".night-pick", has_text=name).locator("input").check()
    page.get_by_label("Add a new player").fill("Jo")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator(".night-pick", has_text="Jo").locator("input")).to_be_checked()
    expect(page.get_by_text("10 players picked")).to_be_visible()
    page.get_by_label("Game").select_option("rummy")
    page.get_by_role("button", name="Show this game's options").click()
    expect(page.get_by_label("End of the game")).to_be_attached()  # Rummy's options, once the page is back
    page.get_by_text("Options", exact=True).click()
    page.get_by_label("End of the game").select_option("hands")
    page.get_by_label("Number of hands").fill("1")
    page.get_by_label("Players at a table").fill("4")
    page.get_by_label("Rounds").fill("2")
    page.get_by_label("Name of the night").fill("Thursday")
    no_sideways_scroll(page)
    _shot(page, "open-night-390")
    page.get_by_role("button", name="Open the night and seat round 1").click()
    expect(page.get_by_role("heading", name="Thursday")).to_be_visible()


def test_a_night_of_ten_is_opened_played_and_seated_again_on_a_phone(page, live_server, club):
    _log_in(page, live_server)
    _open_night(page, live_server, club)
    night_url = page.url
    tables = page.locator(".night-table")
    expect(tables).to_have_count(3)  # 10 players at tables of 4: 4, 3, 3
    expect(page.locator(".night-seats li")).to_have_count(10)
    expect(page.get_by_text("Still playing: tables 1, 2, 3.", exact=False)).to_be_visible()
    expect(page.get_by_role("button", name="Seat round 2")).to_have_count(0)
    no_sideways_scroll(page)
    _shot(page, "night-round-1-390")
    for number in (1, 2, 3):
        seats = tables.nth(number - 1).locator(".night-seats li .night-seat-name").all_inner_texts()
        page.get_by_role("button", name=f"Open the game of table {number}").click()
        # The first seat deals first; one hand ends these games: the first seat goes out, and the second
        # holds a 7, so the first seat wins and the rest share second place.
        expect(page.get_by_role("heading", name=f"Hand 1: {seats[0]} deals")).to_be_visible()
        # One player's panel at a time (issue 35); Rummy's went-rummy switch sits beside Went out.
        player_panel(page, seats[0]).get_by_role("radio", name="Went out").check()
        player_panel(page, seats[1]).get_by_role("button", name="7", exact=True).tap()
        page.get_by_role("button", name=re.compile(r"^Record hand 1")).click()
        expect(page.locator(".result, .game-result").first).to_be_visible()
        page.goto(night_url)
    expect(page.get_by_text("Still playing")).to_have_count(0)
    page.get_by_role("button", name="Seat round 2").click()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    expect(page.locator(".night-table")).to_have_count(3)
    standings = page.locator("#night-standings table.standings tbody tr")
    expect(standings).to_have_count(10)
    # Three tables each had one winner: 100 points, ranked first to third; the others shared second place:
    # 67 at the table of 4 (round(100·2/3)), 50 at the tables of 3 (round(100·1/2)).
    points = [int(text) for text in standings.locator("td strong").all_inner_texts()]
    assert points == [100, 100, 100, 67, 67, 67, 50, 50, 50, 50], points
    no_sideways_scroll(page)
    _shot(page, "night-round-2-390")
    page.set_viewport_size({"width": 320, "height": 700})
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 320, f"the night page scrolls sideways at 320 px: {width}px"


def _finish_table_one(app) -> None:
    """Table 1's game played to its end behind the scenes (one hand: the first seat goes out)."""
    with app.app_context():
        table = db.session.execute(db.select(NightTable).order_by(NightTable.id)).scalars().first()
        others = table.seats[1:]
        body = {"results": [{"player_id": table.seats[0], "went_out": True}]
                + [{"player_id": p, "cards": {"pips": 5 * (i + 1)}} for i, p in enumerate(others)]}
        record_hand(table.game_id, None, from_body(body))
        db.session.commit()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_board_fills_a_landscape_screen_and_goes_away_with_its_link(browser, page, live_server, app, club,
                                                                       scheme):
    _log_in(page, live_server)
    _open_night(page, live_server, club)
    _finish_table_one(app)
    page.reload()
    page.get_by_role("button", name="Make a board link").click()
    board_url = page.locator("section[aria-labelledby=board-heading] a.break").inner_text()
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}, color_scheme=scheme, locale="it-IT")
    try:
        screen = tv.new_page()
        screen.goto(board_url)
        expect(screen.locator(".board-table")).to_have_count(3)
        expect(screen.locator(".board-table.is-finished")).to_have_count(1)
        expect(screen.locator(".board-ranking li")).to_have_count(4)
        board = screen.locator("#night-board")
        box = board.bounding_box()
        assert box["width"] >= 1800, box
        assert screen.evaluate("document.documentElement.scrollWidth") <= 1920
        # Readable from across a room: the players' names are large.
        size = float(screen.locator(".board-table li").first.evaluate("e => getComputedStyle(e).fontSize")[:-2])
        assert size >= 28, size
        _shot(screen, f"board-1920-{scheme}")
        page.get_by_role("button", name="Switch the link off").click()
        expect(page.get_by_role("button", name="Make a board link")).to_be_visible()
        assert screen.goto(board_url).status == 404
    finally:
        tv.close()
