"""A `mix` night's whole seating printed in advance (nights/cards.py, RULES.md §9): every round, the seated ones
as seated and the rest as planned, which is what the night then seats; and who sits where, round by round."""

import re
from itertools import combinations

import pytest

from conftest import Browser
from tests.nights.helpers import QUICK, play_places

NAMES = ("Ana", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivo")


@pytest.fixture
def league(api, client):
    league, ids = api.league(NAMES)
    browser = Browser(client)
    browser.login("Ann")
    return browser, league, dict(zip(ids, NAMES, strict=True))


def _open(api, league_id, ids, seating="mix", rounds=3):
    return api.ok("POST", f"/leagues/{league_id}/nights", {
        "name": "Thursday", "variant": "rummy", "player_ids": list(ids), "table_size": 3, "rounds": rounds,
        "seating": seating, "options": QUICK}, 201)


def _printed_rounds(text: str) -> list[list[list[str]]]:
    """Each round section's tables, each table's names in order."""
    rounds = []
    for section in text.split('<section class="seating-round"')[1:]:
        section = section.split("</section>")[0]
        tables = section.split('<div class="seating-table">')[1:]
        rounds.append([re.findall(r"<li>([^<]+)</li>", table) for table in tables])
    return rounds


def _index_rows(text: str) -> dict[str, list[str]]:
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th>(.*?)</tr>', text)
    return {name: re.findall(r'<td class="num">([^<]+)</td>', cells) for name, cells in rows}


def test_the_whole_night_is_printed_ahead_and_is_what_the_night_seats(api, league):
    browser, league_id, names = league
    opened = _open(api, league_id, names)
    night_page = browser.get(f"/nights/{opened['id']}").get_data(as_text=True)
    assert f'href="/nights/{opened["id"]}/seating"' in night_page
    page = browser.get(f"/nights/{opened['id']}/seating")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "print.css" in text
    printed = _printed_rounds(text)
    # 9 players at tables of three (§9): 3 tables of 3 in each of the 3 rounds, everyone once a round.
    assert [len(tables) for tables in printed] == [3, 3, 3]
    for tables in printed:
        assert sorted(name for table in tables for name in table) == sorted(NAMES)
    # §9: 9 players at tables of three meet no one twice (AG(2, 3)): no pair shares two printed tables.
    pairs = [frozenset(pair) for tables in printed for table in tables for pair in combinations(table, 2)]
    assert len(pairs) == len(set(pairs)) == 27
    # Round 1 is the round seated, seats in order.
    assert printed[0] == [[names[pid] for pid in table["player_ids"]] for table in opened["round_list"][0]["tables"]]
    # Who sits where: each player's table in each round, as the rounds print them.
    index = _index_rows(text)
    assert sorted(index) == sorted(NAMES)
    for name, tables in index.items():
        assert tables == [str(next(number for number, table in enumerate(r, start=1) if name in table))
                          for r in printed]
    # Played round by round, the night seats what was printed.
    for number in (2, 3):
        night = api.ok("GET", f"/nights/{opened['id']}")
        for table in night["round_list"][-1]["tables"]:
            play_places(api, table, [30, 20, 10])
        seated = api.ok("POST", f"/nights/{opened['id']}/rounds", None, 201)
        assert [[names[pid] for pid in table["player_ids"]] for table in seated["round_list"][-1]["tables"]] \
            == printed[number - 1]
    # Afterwards the page prints the seated rounds as they were.
    assert _printed_rounds(browser.get(f"/nights/{opened['id']}/seating").get_data(as_text=True)) == printed


def test_a_ladder_night_has_no_seating_in_advance(api, league):
    browser, league_id, names = league
    opened = _open(api, league_id, names, seating="ladder")
    assert "/seating" not in browser.get(f"/nights/{opened['id']}").get_data(as_text=True)
    text = browser.get(f"/nights/{opened['id']}/seating").get_data(as_text=True)
    assert "cannot be printed in advance" in text and "seating-round" not in text


def test_only_the_leagues_members_see_the_seating(api, league, app):
    _, league_id, names = league
    opened = _open(api, league_id, names)
    stranger = Browser(app.test_client())
    stranger.register("Mallory")
    assert stranger.get(f"/nights/{opened['id']}/seating").status_code == 404
    assert app.test_client().get(f"/nights/{opened['id']}/seating").status_code in (302, 303, 401)
    assert stranger.get("/nights/999999/seating").status_code == 404
