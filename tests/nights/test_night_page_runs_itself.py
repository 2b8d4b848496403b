"""The night page runs itself (issue 37, items 3 and 7), without a browser: its live part is polled like the
board (a bodiless 304 while nothing changed), "Seat round 2" appears in it once the last table finishes, a
late arrival is added to the league and the night in one step, the round timer shows on the board and the
tables' pages and calls "last hand" at zero, and End, Reopen and Abandon work from the page's buttons."""

import re
from datetime import timedelta

import pytest

from conftest import Browser
from ramo_keeper.extensions import db
from ramo_keeper.models import Night, utcnow
from tests.nights.helpers import QUICK, play_places


@pytest.fixture
def night(api, client):
    league, ids = api.league(("Ana", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"))
    night = api.ok("POST", f"/leagues/{league}/nights", {
        "name": "Thursday", "variant": "rummy", "player_ids": ids, "table_size": 4, "rounds": 2, "options": QUICK}, 201)
    browser = Browser(client)
    browser.login("Ann")
    return browser, league, night


def _poll(browser, night_id: int, etag: str | None = None):
    headers = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
    return browser.client.get(f"/nights/{night_id}", headers=headers)


def test_the_live_part_answers_an_unchanged_poll_with_a_bodiless_304_and_a_finished_table_with_seat_round_2(
        api, night):
    browser, _, opened = night
    first = _poll(browser, opened["id"])
    live = first.get_data(as_text=True)
    assert first.status_code == 200
    assert 'id="night-live"' in live and f'data-poll-url="/nights/{opened["id"]}"' in live and "<html" not in live
    unchanged = _poll(browser, opened["id"], first.headers["ETag"])
    assert unchanged.status_code == 304 and unchanged.get_data() == b""
    one, two = opened["round_list"][0]["tables"]
    play_places(api, one, [30, 20, 10, 0])
    moved = _poll(browser, opened["id"], first.headers["ETag"])
    assert moved.status_code == 200 and "Still playing: table 2." in moved.get_data(as_text=True)
    play_places(api, two, [30, 20, 10, 0])
    done = _poll(browser, opened["id"], moved.headers["ETag"]).get_data(as_text=True)
    assert "Seat round 2" in done and "Still playing" not in done


def test_a_late_arrival_joins_the_league_and_the_night_in_one_step(api, night):
    browser, league, opened = night
    refused = browser.post(f"/nights/{opened['id']}/new-player", {"name": "Ivo"})  # round 1 still playing
    assert refused.status_code == 409
    assert "Ivo" not in [p["name"] for p in api.ok("GET", f"/leagues/{league}/players")]  # nothing kept
    for table in opened["round_list"][0]["tables"]:
        play_places(api, table, [30, 20, 10, 0])
    assert browser.post(f"/nights/{opened['id']}/new-player", {"name": "Ivo"}).status_code == 303
    (ivo,) = [p["id"] for p in api.ok("GET", f"/leagues/{league}/players") if p["name"] == "Ivo"]
    assert api.ok("GET", f"/nights/{opened['id']}")["player_ids"] == opened["player_ids"] + [ivo]
    seated = api.ok("POST", f"/nights/{opened['id']}/rounds", status=201)
    assert [len(t["player_ids"]) for t in seated["round_list"][1]["tables"]] == [3, 3, 3]  # 9 at tables of 4


def test_the_round_timer_shows_on_the_board_and_the_tables_pages_and_calls_last_hand_at_zero(app, night):
    browser, _, opened = night
    assert browser.post(f"/nights/{opened['id']}/timer", {"minutes": "20"}).status_code == 303
    browser.post(f"/nights/{opened['id']}/board")
    page = browser.get(f"/nights/{opened['id']}").get_data(as_text=True)
    board = re.search(r"http://keeper\.test(/board/[^\"<]+)", page)[1]
    token = board.removeprefix("/board/")
    for url in (f"/nights/{opened['id']}", board, f"/n/{token}/tables/1"):
        shown = browser.get(url).get_data(as_text=True)
        left = int(re.search(r'data-seconds-left="(\d+)"', shown)[1])
        assert "Round timer" in shown and 19 * 60 <= left <= 20 * 60, url
        assert re.search(r'<script src="[^"]*night-timer[^"]*\.js"', shown), url  # it counts down
    with app.app_context():
        db.session.get(Night, opened["id"]).timer_ends_at = utcnow() - timedelta(seconds=1)
        db.session.commit()
    for url in (f"/nights/{opened['id']}", board, f"/n/{token}/tables/2"):
        shown = browser.get(url).get_data(as_text=True)
        assert 'data-seconds-left="0"' in shown and re.search(r'role="status">\s*Last hand', shown), url
    assert browser.post(f"/nights/{opened['id']}/timer", {"minutes": "0"}).status_code == 422
    assert browser.post(f"/nights/{opened['id']}/timer/stop").status_code == 303
    assert "Round timer</span>" not in browser.get(board).get_data(as_text=True)


def test_end_reopen_and_abandon_from_the_page(api, night):
    browser, _, opened = night
    one, _ = opened["round_list"][0]["tables"]
    assert browser.post(f"/nights/{opened['id']}/tables/2/abandon").status_code == 303
    page = browser.get(f"/nights/{opened['id']}").get_data(as_text=True)
    table_two = page[page.index('id="table-2"'):]
    assert "Abandoned" in table_two[:600] and "Finished" not in table_two[:600]
    assert browser.post(f"/nights/{opened['id']}/end").status_code == 303
    page = browser.get(f"/nights/{opened['id']}").get_data(as_text=True)
    assert "Round 1 is the last: the night was ended." in page and "Reopen the night" in page
    play_places(api, one, [30, 20, 10, 0])
    page = browser.get(f"/nights/{opened['id']}").get_data(as_text=True)
    assert "The night is over." in page and "Seat round 2" not in page
    assert browser.post(f"/nights/{opened['id']}/reopen").status_code == 303
    page = browser.get(f"/nights/{opened['id']}").get_data(as_text=True)
    assert "Seat round 2" in page and "Round 1 of 2" in page
