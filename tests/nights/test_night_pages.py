"""The night's pages without a browser: who sees and changes what, the board's link and its 304, the exports."""

import csv
import io

import pytest

from conftest import Browser
from tests.nights.helpers import QUICK, play_places


@pytest.fixture
def night(api, client):
    """A night of eight (one named like a formula) opened through the API by Ann, who is logged in on `client`."""
    league, ids = api.league(("=1+1", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"))
    night = api.ok("POST", f"/leagues/{league}/nights", {
        "name": "Thursday", "variant": "rummy", "player_ids": ids, "table_size": 4, "rounds": 2, "options": QUICK}, 201)
    browser = Browser(client)
    browser.login("Ann")
    return browser, league, night


def _board_link(browser, night_id: int) -> str:
    response = browser.post(f"/nights/{night_id}/board")
    assert response.status_code == 303
    page = browser.get(f"/nights/{night_id}").get_data(as_text=True)
    start = page.index("http://keeper.test/board/")
    return page[start:page.index('"', start)].removeprefix("http://keeper.test")


def test_the_night_page_names_the_tables_still_playing_and_refuses_the_next_round(night):
    browser, _, opened = night
    page = browser.get(f"/nights/{opened['id']}").get_data(as_text=True)
    assert "Still playing: tables 1, 2." in page and "Seat round 2" not in page
    refused = browser.post(f"/nights/{opened['id']}/rounds")
    assert refused.status_code == 409 and "still being played at tables 1, 2:" in refused.get_data(as_text=True)


def test_seat_round_two_appears_once_every_table_has_finished(api, night):
    browser, _, opened = night
    for table in opened["round_list"][0]["tables"]:
        play_places(api, table, [30, 20, 10, 0])
    page = browser.get(f"/nights/{opened['id']}").get_data(as_text=True)
    assert "Seat round 2" in page and "Still playing" not in page
    assert browser.post(f"/nights/{opened['id']}/rounds").status_code == 303
    assert api.ok("GET", f"/nights/{opened['id']}")["current_round"] == 2


def test_the_board_is_a_304_while_nothing_changes_and_a_new_body_after_a_hand(api, night, app):
    browser, _, opened = night
    link = _board_link(browser, opened["id"])
    reader = app.test_client()  # a TV: no account, no cookie
    first = reader.get(link)
    assert first.status_code == 200 and "Table 2" in first.get_data(as_text=True)
    assert "Set-Cookie" not in first.headers
    again = reader.get(link, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    play_places(api, opened["round_list"][0]["tables"][0], [30, 20, 10, 0])
    moved = reader.get(link, headers={"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200 and moved.headers["ETag"] != first.headers["ETag"]
    assert "Finished" in moved.get_data(as_text=True)


def test_the_board_speaks_the_readers_language(night, app):
    browser, _, opened = night
    link = _board_link(browser, opened["id"])
    reader = app.test_client()
    english = reader.get(link, headers={"Accept-Language": "en"})
    korean = reader.get(link, headers={"Accept-Language": "ko"})
    assert english.headers["ETag"] != korean.headers["ETag"]
    assert '<html lang="ko"' in korean.get_data(as_text=True)


def test_a_revoked_or_renewed_board_link_is_404(night, app):
    browser, _, opened = night
    old = _board_link(browser, opened["id"])
    new = _board_link(browser, opened["id"])
    reader = app.test_client()
    assert reader.get(old).status_code == 404 and reader.get(new).status_code == 200
    assert browser.post(f"/nights/{opened['id']}/board/stop").status_code == 303
    assert reader.get(new).status_code == 404


def test_the_standings_csv_guards_formulas_and_the_json_and_print_view_read(api, night):
    browser, _, opened = night
    for table in opened["round_list"][0]["tables"]:
        play_places(api, table, [30, 20, 10, 0])
    response = browser.get(f"/nights/{opened['id']}/standings.csv")
    assert response.get_data().startswith(b"\xef\xbb\xbf")  # the byte-order mark Excel needs
    rows = list(csv.reader(io.StringIO(response.get_data().decode("utf-8-sig"))))
    assert rows[0][:3] == ["variant", "rank", "player"] and len(rows) == 9
    assert "'=1+1" in [row[2] for row in rows] and "=1+1" not in [row[2] for row in rows]
    data = browser.get(f"/nights/{opened['id']}/standings.json").get_json()
    assert len(data["tables"][0]["rows"]) == 8
    page = browser.get(f"/nights/{opened['id']}/print").get_data(as_text=True)
    assert "Thursday" in page and "print.css" in page


def test_strangers_get_404_and_viewers_cannot_write(night, app, member):
    _, league, opened = night
    member(league, "Vic", "viewer")
    viewer = Browser(app.test_client())
    viewer.login("Vic")
    page = viewer.get(f"/nights/{opened['id']}").get_data(as_text=True)
    assert "Thursday" in page and "Make a board link" not in page and "End the night" not in page
    for path in ("rounds", "end", "board", "players"):
        assert viewer.post(f"/nights/{opened['id']}/{path}").status_code == 403, path
    assert viewer.get(f"/leagues/{league}/nights/new").status_code == 403
    stranger = Browser(app.test_client())
    stranger.register("Mallory")
    for path in ("", "/standings.csv", "/standings.json", "/print"):
        assert stranger.get(f"/nights/{opened['id']}{path}").status_code == 404, path
    assert stranger.post(f"/nights/{opened['id']}/rounds").status_code == 404
    assert stranger.get(f"/leagues/{league}/nights").status_code == 404


def test_opening_a_night_on_the_page_refuses_bad_input_under_its_field(night):
    browser, league, _ = night
    form = {"action": "open", "name": "Friday", "variant": "rummy", "options_for": "rummy", "players": ["1", "2"],
            "table_size": "9", "rounds": "2", "seating": "mix", "season_id": ""}
    response = browser.post(f"/leagues/{league}/nights/new", form)
    assert response.status_code == 422
    assert "Rummy is played at tables of 2 to 6 players." in response.get_data(as_text=True)
