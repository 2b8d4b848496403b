"""Find your table (docs/RULES.md §9): the board's code opens the night's public pages on any phone, no account;
a table's own code opens its live game; switching the board's link off closes them all."""

import re

import pytest

from conftest import Browser
from tests.nights.helpers import QUICK, hand, play_places

NAMES = ("Ana", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture
def night(api, client):
    league, ids = api.league(NAMES)
    night = api.ok("POST", f"/leagues/{league}/nights", {
        "name": "Thursday", "variant": "rummy", "player_ids": ids, "table_size": 4, "rounds": 2, "options": QUICK}, 201)
    browser = Browser(client)
    browser.login("Ann")
    assert browser.post(f"/nights/{night['id']}/board").status_code == 303
    page = browser.get(f"/nights/{night['id']}").get_data(as_text=True)
    token = re.search(r"http://keeper\.test/board/([A-Za-z0-9_-]+)", page).group(1)
    return browser, dict(zip(ids, NAMES, strict=True)), night, token


def test_the_board_shows_one_code_and_short_link_for_every_phone(night, app):
    _, _, _, token = night
    board = app.test_client().get(f"/board/{token}").get_data(as_text=True)
    assert f"keeper.test/n/{token}" in board and "<title>QR code: find your table</title>" in board


def test_a_visitor_picks_a_name_and_sees_table_seat_and_the_live_game(night, app):
    _, names, opened, token = night
    phone = app.test_client()  # no account, no cookie
    listing = phone.get(f"/n/{token}")
    assert listing.status_code == 200 and "Set-Cookie" not in listing.headers
    text = listing.get_data(as_text=True)
    for player_id, name in names.items():
        assert f'href="/n/{token}/players/{player_id}">{name}</a>' in text
    # Cy's table and seat, read from the API's round list (seats in order, counted from 1).
    cy = next(pid for pid, name in names.items() if name == "Cy")
    table = next(t for t in opened["round_list"][0]["tables"] if cy in t["player_ids"])
    mine = phone.get(f"/n/{token}/players/{cy}").get_data(as_text=True)
    seat = table["player_ids"].index(cy) + 1
    assert f"Round 1: table {table['table']}, seat {seat}" in mine
    assert 'id="live-board"' in mine
    for player_id in table["player_ids"]:
        assert names[player_id] in mine


def test_a_tables_own_code_opens_its_live_game_for_a_visitor(night, app):
    browser, names, opened, token = night
    page = browser.get(f"/nights/{opened['id']}").get_data(as_text=True)
    assert f"http://keeper.test/n/{token}/tables/2" in page  # table 2's code, not the members' game page
    shown = app.test_client().get(f"/n/{token}/tables/2")
    assert shown.status_code == 200
    text = shown.get_data(as_text=True)
    assert 'id="live-board"' in text
    for player_id in opened["round_list"][0]["tables"][1]["player_ids"]:
        assert names[player_id] in text
    assert app.test_client().get(f"/n/{token}/tables/3").status_code == 404  # two tables in round 1


def test_a_tables_page_is_a_304_until_a_hand_is_recorded_there(api, night, app):
    _, _, opened, token = night
    phone = app.test_client()
    first = phone.get(f"/n/{token}/tables/1", headers={"HX-Request": "true"})
    again = phone.get(f"/n/{token}/tables/1", headers={"HX-Request": "true", "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    seats = opened["round_list"][0]["tables"][0]["player_ids"]
    api.ok("POST", f"/games/{opened['round_list'][0]['tables'][0]['game_id']}/hands",
           hand(seats[0], 12, seats[1:]), 201)
    moved = phone.get(f"/n/{token}/tables/1", headers={"HX-Request": "true", "If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200 and 'id="room-table"' in moved.get_data(as_text=True)


def test_switching_the_board_off_or_renewing_it_closes_these_pages(night, app):
    browser, names, opened, token = night
    player_id = next(iter(names))
    pages = (f"/n/{token}", f"/n/{token}/players/{player_id}", f"/n/{token}/tables/1")
    phone = app.test_client()
    assert all(phone.get(path).status_code == 200 for path in pages)
    assert browser.post(f"/nights/{opened['id']}/board").status_code == 303  # a new link: the old one is gone
    assert [phone.get(path).status_code for path in pages] == [404, 404, 404]
    renewed = re.search(r"http://keeper\.test/board/([A-Za-z0-9_-]+)",
                        browser.get(f"/nights/{opened['id']}").get_data(as_text=True)).group(1)
    assert phone.get(f"/n/{renewed}").status_code == 200
    assert browser.post(f"/nights/{opened['id']}/board/stop").status_code == 303
    assert phone.get(f"/n/{renewed}").status_code == 404
    assert phone.get(f"/n/{renewed}/tables/1").status_code == 404
    # A player who is not in the night has no page.
    assert phone.get(f"/n/{token}/players/999999").status_code == 404


def test_a_late_arrival_has_no_table_until_the_next_round_is_seated(api, night, app):
    _, names, opened, token = night
    late = api.ok("POST", f"/leagues/{opened['league_id']}/players", {"name": "Ivo"}, 201)["id"]
    for table in opened["round_list"][0]["tables"]:
        play_places(api, table, [30, 20, 10, 0])
    api.ok("PATCH", f"/nights/{opened['id']}", {"player_ids": [*names, late]})
    phone = app.test_client()
    waiting = phone.get(f"/n/{token}/players/{late}").get_data(as_text=True)
    assert "You have no table in round 1." in waiting and 'id="live-board"' not in waiting
    seated = api.ok("POST", f"/nights/{opened['id']}/rounds", status=201)
    table = next(t for t in seated["round_list"][1]["tables"] if late in t["player_ids"])
    now = phone.get(f"/n/{token}/players/{late}").get_data(as_text=True)
    assert f"Round 2: table {table['table']}, seat {table['player_ids'].index(late) + 1}" in now
