"""A round's table cards to print (nights/cards.py): each table's number, its players in seat order and its code."""

import re

import pytest

from conftest import Browser
from tests.nights.helpers import QUICK

NAMES = ("Ana", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivo")


@pytest.fixture
def night(api, client):
    league, ids = api.league(NAMES)
    night = api.ok("POST", f"/leagues/{league}/nights", {
        "name": "Thursday", "variant": "rummy", "player_ids": ids, "table_size": 4, "rounds": 2, "options": QUICK}, 201)
    browser = Browser(client)
    browser.login("Ann")
    return browser, dict(zip(ids, NAMES, strict=True)), night


def test_the_cards_name_every_table_its_seats_in_order_and_its_code(night):
    browser, names, opened = night
    assert f'href="/nights/{opened["id"]}/cards"' in browser.get(f"/nights/{opened['id']}").get_data(as_text=True)
    page = browser.get(f"/nights/{opened['id']}/cards")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    cards = text.split('<article class="table-card">')[1:]
    tables = opened["round_list"][0]["tables"]  # 9 at tables of four: 3 tables (3, 3, 3)
    assert len(cards) == len(tables) == 3
    for card, table in zip(cards, tables, strict=True):
        assert f"Table {table['table']}</h1>" in card
        listed = re.findall(r"<li>([^<]+)</li>", card)
        assert listed == [names[pid] for pid in table["player_ids"]]
        assert f"<title>QR code of table {table['table']}&#39;s game</title>" in card or \
            f"<title>QR code of table {table['table']}'s game</title>" in card
    assert "print.css" in text


def test_with_a_board_link_each_card_opens_its_table_for_anyone(night, app):
    browser, _, opened = night
    assert browser.post(f"/nights/{opened['id']}/board").status_code == 303
    text = browser.get(f"/nights/{opened['id']}/cards").get_data(as_text=True)
    links = re.findall(r'<p class="table-card-link">http://keeper\.test(/n/[^<]+)</p>', text)
    assert [link.rsplit("/", 1)[1] for link in links] == ["1", "2", "3"]
    assert all(app.test_client().get(link).status_code == 200 for link in links)


def test_only_the_leagues_members_see_the_cards(night, app):
    _, _, opened = night
    stranger = Browser(app.test_client())
    stranger.register("Mallory")
    assert stranger.get(f"/nights/{opened['id']}/cards").status_code == 404
    assert app.test_client().get(f"/nights/{opened['id']}/cards").status_code in (302, 303, 401)
