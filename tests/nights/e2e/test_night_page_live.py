"""The night page runs itself in a browser (issue 37, item 3): tables finishing at their own phones show on
the organiser's page without a reload, "Seat round 2" appears once the last has finished, and the round
timer counts down and calls "last hand" at zero (Playwright's clock moves the time: no waiting)."""

import re

import pytest
from playwright.sync_api import expect

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.games.hand_inputs import from_body
from ramo_keeper.games.service import record_hand
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import Night, NightTable, User
from ramo_keeper.nights.service import open_night

ROSTER = ("Ana", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal")
POLL_WAIT_MS = 15_000  # live.js polls every 2 s; a loaded machine answers slowly


@pytest.fixture
def night(app):
    """Eight players at two tables of Rummy games that end after one hand, two rounds."""
    with app.app_context():
        user = create_user("Host", "correct horse")
        league = create_league(user, "Club")
        ids = [add_player(league, name).id for name in ROSTER]
        db.session.flush()
        opened = open_night(league, db.session.get(User, user.id), "Thursday", "rummy", ids, 4, 2,
                            options={"end": "hands", "hands": 1})
        db.session.commit()
        return opened.id


def _finish(app, night_id: int, number: int) -> None:
    """Table `number`'s game played to its end at its own phone (one hand: the first seat goes out)."""
    with app.app_context():
        table = db.session.execute(db.select(NightTable).where(NightTable.night_id == night_id,
                                                               NightTable.table == number)).scalar_one()
        body = {"results": [{"player_id": table.seats[0], "went_out": True}]
                + [{"player_id": p, "cards": {"pips": 5 * (i + 1)}} for i, p in enumerate(table.seats[1:])]}
        record_hand(table.game_id, None, from_body(body))
        db.session.commit()


def _log_in(page, base):
    page.goto(base + "/login")
    page.get_by_label("Name").fill("Host")
    page.get_by_label("Password").fill("correct horse")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Hello, Host")).to_be_visible()


def test_tables_finishing_show_on_the_night_page_and_seat_round_2_appears_without_a_reload(page, live_server, app,
                                                                                            night):
    _log_in(page, live_server)
    page.goto(f"{live_server}/nights/{night}")
    expect(page.get_by_text("Still playing: tables 1, 2.", exact=False)).to_be_visible()
    page.evaluate("window.notReloaded = true")
    _finish(app, night, 1)
    expect(page.get_by_text("Still playing: table 2.", exact=False)).to_be_visible(timeout=POLL_WAIT_MS)
    expect(page.locator("#table-1").get_by_text("Finished")).to_be_visible()
    expect(page.get_by_role("button", name="Seat round 2")).to_have_count(0)
    _finish(app, night, 2)
    expect(page.get_by_role("button", name="Seat round 2")).to_be_visible(timeout=POLL_WAIT_MS)
    expect(page.locator("#night-standings table.standings tbody tr")).to_have_count(8)
    assert page.evaluate("window.notReloaded") is True  # the same page, updated in place
    page.get_by_role("button", name="Seat round 2").click()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()


def test_the_round_timer_counts_down_and_calls_last_hand_at_zero(page, live_server, app, night):
    page.clock.install()
    _log_in(page, live_server)
    page.goto(f"{live_server}/nights/{night}")
    page.get_by_label("Minutes").fill("2")
    page.get_by_role("button", name="Start the timer").click()
    timer = page.locator("#night-live .night-timer")
    # The time flows on as the test runs (a loaded machine is slow), so the count is read as a range.
    expect(timer.locator(".night-timer-left")).to_have_text(re.compile(r"^(2:00|1:[0-5]\d)$"))
    expect(timer.get_by_role("status")).to_have_text("")
    page.clock.run_for("01:00")
    expect(timer.locator(".night-timer-left")).to_have_text(re.compile(r"^(1:00|0:[0-5]\d)$"))
    expect(timer.get_by_role("status")).to_have_text("")
    page.clock.run_for("01:01")
    expect(timer.locator(".night-timer-left")).to_have_text("0:00")
    expect(timer.get_by_role("status")).to_have_text("Last hand")
    expect(page.locator(".night-table")).to_have_count(2)  # nothing ends by itself: both tables still play
    with app.app_context():
        assert db.session.get(Night, night).current_round == 1
