"""Undo removes the hand its page named, or nothing ("No data lost, round two", item 1).

Each phone below keeps the Undo form of the page it last read and posts exactly what that form holds,
as a browser (or htmx, which posts the form's fields) does: a page left open while another phone
records a hand, two phones tapping the same Undo, and an old cached page whose form names no hand.
"""

import pytest

from conftest import undo_fields
from ramo_keeper.extensions import db
from ramo_keeper.models import Game

HANDS = [dict(out="D", laid=["A"], cards={"A": {"low": 3}, "B": {"low": 5}, "C": {"high": 1}}),
         dict(out="A", laid=["B"], cards={"B": {"low": 4}, "C": {"low": 2}, "D": {"low": 6}}),
         dict(out="B", laid=["C"], cards={"A": {"low": 1}, "C": {"high": 1}, "D": {"low": 2}})]
HAND_4 = dict(out="C", cards={"A": {"low": 4}, "B": {"low": 1}, "D": {"high": 1}})


@pytest.fixture
def ramo(table):
    game = table.new_game("ramo", ["A", "B", "C", "D"])
    for hand in HANDS:
        table.post_hand(game, **hand)
    return game


def undo_form_of(web, game_id: int) -> dict:
    page = web.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Undo hand 3" in page
    return undo_fields(page)


def said(web, response, htmx: bool) -> str:
    """What the phone shows after the Undo: the swapped play area, or the page the redirect opens."""
    if htmx:
        return response.get_data(as_text=True)
    assert response.status_code == 303
    return web.get(response.headers["Location"]).get_data(as_text=True)


def hands_of(table, game_id: int) -> list:
    return [hand.results for hand in table.state(game_id).hands]


@pytest.mark.parametrize("htmx", [False, True])
def test_a_page_left_open_while_another_phone_records_a_hand_undoes_nothing(table, ramo, htmx):
    stale = undo_form_of(table.web, ramo)
    table.post_hand(ramo, **HAND_4)
    before = hands_of(table, ramo)
    response = table.web.post(f"/games/{ramo}/undo", stale, htmx=htmx)
    page = said(table.web, response, htmx)
    assert "Hand 4 was recorded meanwhile: nothing was undone." in page
    assert hands_of(table, ramo) == before and len(before) == 4
    if htmx:
        assert response.status_code == 409 and "Undo hand 4" in page  # the play area as it is now


@pytest.mark.parametrize("htmx", [False, True])
def test_two_phones_tapping_the_same_undo_remove_one_hand(table, ramo, new_web, htmx):
    other = new_web()
    other.login("Ana")
    first, second = undo_form_of(table.web, ramo), undo_form_of(other, ramo)
    kept = hands_of(table, ramo)[:2]
    assert "Hand 3 was removed." in said(table.web, table.web.post(f"/games/{ramo}/undo", first, htmx=htmx), htmx)
    response = other.post(f"/games/{ramo}/undo", second, htmx=htmx)
    page = said(other, response, htmx)
    assert "Hand 3 was already removed, perhaps from another phone: nothing was undone." in page
    assert hands_of(table, ramo) == kept
    if htmx:
        assert response.status_code == 409 and "Undo hand 2" in page


@pytest.mark.parametrize("htmx", [False, True])
def test_the_same_hand_number_recorded_again_is_not_undone_from_the_older_page(table, ramo, new_web, htmx):
    stale = undo_form_of(table.web, ramo)
    other = new_web()
    other.login("Ana")
    assert other.post(f"/games/{ramo}/undo", undo_form_of(other, ramo)).status_code == 303
    table.post_hand(ramo, **HAND_4)  # a new hand 3
    before = hands_of(table, ramo)
    page = said(table.web, table.web.post(f"/games/{ramo}/undo", stale, htmx=htmx), htmx)
    assert "The game changed meanwhile: nothing was undone. Check hand 3, then undo it again if needed." in page
    assert hands_of(table, ramo) == before


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("damage", [
    {},                                                  # an old cached page: only the CSRF token
    {"hand_number": "3"},
    {"expected_version": "4"},
    {"hand_number": "３", "expected_version": "4"},       # full-width digit
    {"hand_number": "3", "expected_version": "-1"},
])
def test_an_undo_form_without_its_hand_removes_nothing(table, ramo, htmx, damage):
    table.web.get(f"/games/{ramo}")
    before = hands_of(table, ramo)
    page = said(table.web, table.web.post(f"/games/{ramo}/undo", damage, htmx=htmx), htmx)
    assert "This Undo button came from an older copy of the page, so nothing was undone" in page
    assert hands_of(table, ramo) == before and len(before) == 3


def test_the_undo_form_names_the_hand_and_version_the_page_shows(table, ramo):
    fields = undo_form_of(table.web, ramo)
    assert (fields["hand_number"], fields["expected_version"]) == ("3", str(version_of(table, ramo)))
    # Right after Record, the Undo beside the hand's result names the new hand the same way.
    page = table.post_hand(ramo, htmx=True, **HAND_4).get_data(as_text=True)
    assert 'class="hand-result"' in page
    fields = undo_fields(page)
    assert (fields["hand_number"], fields["expected_version"]) == ("4", str(version_of(table, ramo)))


def version_of(table, game_id: int) -> int:
    with table.app.app_context():
        return db.session.get(Game, game_id).version
