"""The board shows a table's totals once its game has a hand: a table not started has no scores to show."""

import re

from conftest import Browser
from tests.nights.helpers import EIGHT, QUICK, hand


def test_a_table_not_started_shows_no_totals_and_one_with_a_hand_shows_them(api, client):
    league, ids = api.league(EIGHT)
    night = api.ok("POST", f"/leagues/{league}/nights", {
        "name": "Thursday", "variant": "rummy", "player_ids": ids, "table_size": 4, "rounds": 2, "options": QUICK}, 201)
    browser = Browser(client)
    browser.login("Ann")
    assert browser.post(f"/nights/{night['id']}/board").status_code == 303
    page = browser.get(f"/nights/{night['id']}").get_data(as_text=True)
    board = re.search(r"http://keeper\.test(/board/[^\"<]+)", page).group(1)
    first, second = night["round_list"][0]["tables"]
    seats = first["player_ids"]
    api.ok("POST", f"/games/{first['game_id']}/hands", hand(seats[0], 12, seats[1:]), 201)
    text = browser.get(board).get_data(as_text=True)
    tables = text.split('<article class="board-table')[1:]
    totals = [re.findall(r'<span class="num">([^<]*)</span>', table.split("</article>")[0]) for table in tables]
    # Table 1 after one hand: the one who went out scores the 12 pips the first other seat held (§ Rummy).
    assert totals[0] == ["12", "0", "0", "0"]
    assert totals[1] == ["", "", "", ""]
