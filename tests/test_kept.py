"""What a worker keeps of a game (worker_cache.py: hands' outcomes, the running-totals chart) equals a fresh build.

Two app instances on one database stand for two gunicorn workers: the reader keeps, the other writes.
"""

import re

from conftest import Browser, statements
from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.games.stored import load_game, read_game, state_of
from ramo_keeper.leagues.service import join, rename_player
from ramo_keeper.models import League, Player


def totals(page: str) -> list[str]:
    """The scoreboard's totals column, in seat order."""
    board = page[page.index('class="scoreboard'):]
    board = board[:board.index("</table>")]
    return re.findall(r'<td class="num total">\s*(-?\d+)', board)


def chart_text(page: str) -> str:
    return re.search(r"<desc[^>]*>([^<]*)</desc>", page).group(1)


def test_pages_follow_writes_made_through_another_worker(table, other_worker):
    game_id = table.new_game("rummy", ["A", "B", "C"], target=100)
    writer = Browser(other_worker().test_client())
    writer.login("Ana")
    # A goes out holding nothing; B holds 9 pips and C 4: the winner takes 9 + 4 = 13.
    assert writer.post(f"/games/{game_id}/hands", table.hand_data(out="A", cards={"B": {"pips": 9}, "C": {
        "pips": 4}})).status_code == 303
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)  # the reader keeps hand 1
    assert totals(page) == ["13", "0", "0"]
    assert "A: 0, 13 (last 13)." in chart_text(page)

    # B goes out; A holds 20 and C 7: B takes 27.
    assert writer.post(f"/games/{game_id}/hands", table.hand_data(out="B", cards={"A": {"pips": 20}, "C": {
        "pips": 7}})).status_code == 303
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert totals(page) == ["13", "27", "0"]
    assert "B: 0, 0, 27 (last 27)." in chart_text(page)

    with other_worker().app_context():
        rename_player(db.session.get(Player, table.id("C")), "Cleo")
        db.session.commit()
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Cleo: 0, 0, 0 (last 0)." in chart_text(page)

    # Undone through the other worker: the reader's next page is back at hand 1.
    assert writer.undo(game_id).status_code == 303
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert totals(page) == ["13", "0", "0"]


def test_a_kept_state_equals_a_replay(table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    table.post_hand(game_id, out="B", laid=["A"], cards={"A": {"low": 3}, "C": {"high": 2}})
    table.post_hand(game_id, out="A", cards={"B": {"low": 9}, "C": {"low": 1, "special": 1}})
    with table.app.test_request_context(f"/games/{game_id}"):
        built = read_game(game_id)[1]  # a GET: the hands are kept now
        kept, seen = statements(table.app, lambda: read_game(game_id)[1])
        assert len(seen) == 1, seen  # the game's head only: the hands came from what the worker kept
        assert kept == built == state_of(load_game(game_id))


def test_a_kept_board_is_kept_apart_for_each_language_and_for_readers_who_may_not_correct(table, new_web):
    game_id = table.new_game("rummy", ["A", "B", "C"], target=100)
    table.post_hand(game_id, out="A", cards={"B": {"pips": 9}, "C": {"pips": 4}})
    with table.app.app_context():
        join(db.session.get(League, table.league_id), create_user("Vi", "correct horse"), "viewer")
        db.session.commit()
    viewer = new_web()
    viewer.login("Vi")
    seen = viewer.get(f"/games/{game_id}", headers={"Accept-Language": "ko"}).get_data(as_text=True)
    assert "판별 점수" in seen and f"/games/{game_id}/hands/1/edit" not in seen  # a viewer corrects nothing
    seen = viewer.get(f"/games/{game_id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Hand by hand" in seen and f"/games/{game_id}/hands/1/edit" not in seen
    own = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Hand by hand" in own and f"/games/{game_id}/hands/1/edit" in own  # the owner's board, in English
    seen = viewer.get(f"/games/{game_id}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "Mano per mano" in seen and f"/games/{game_id}/hands/1/edit" not in seen
