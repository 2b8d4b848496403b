"""Reads come from stored state: a game costs a small, fixed number of SQL statements, however many hands it has."""

import re

import pytest

from conftest import statements
from ramo_keeper.accounts.service import find_user, issue_token
from ramo_keeper.extensions import db

# The most statements each read may take; the comments say which ones.
GAME_PAGE = 6  # user, game+league+season+seats+players, hands+lines, membership, corrections with their authors,
#                the seats phones hold to count their own cards (drafts/)
API_GAME = 4  # token with its user, version+membership, game+seats+players, hands+lines
API_GAME_UNCHANGED = 2  # token with its user, version+membership: the worker kept the body
BOARD_UNCHANGED = 2  # user, then version and membership in one statement
BOARD = 6  # user, version and membership, game+seats+players, hands+lines, membership, corrections (the play area)
LIVE_UNCHANGED = 1  # version by share token


@pytest.fixture
def game(table):
    """A Rummy game with one hand and a correction (so the page lists an author)."""
    game_id = table.new_game("rummy", ["A", "B", "C"], end="hands", hands=40)
    table.post_hand(game_id, out="A", cards={"B": {"pips": 5}, "C": {"pips": 4}})
    page = table.web.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    corrected = table.hand_data(out="A", cards={"B": {"pips": 6}, "C": {"pips": 4}})
    corrected["expected_version"] = re.search(r'name="expected_version" type="hidden" value="(\d+)"', page).group(1)
    assert table.web.post(f"/games/{game_id}/hands/1", corrected).status_code == 303
    return game_id


def more_hands(table, game_id, count=9):
    for _ in range(count):
        assert table.post_hand(game_id, out="B", cards={"A": {"pips": 5}, "C": {"pips": 4}}).status_code == 303


def test_the_game_page_runs_a_fixed_handful_of_statements_whatever_the_number_of_hands(table, game):
    counts = []
    for _ in range(2):
        response, seen = statements(table.app, lambda: table.web.client.get(f"/games/{game}"))
        assert response.status_code == 200 and "Scoreboard" in response.get_data(as_text=True)
        counts.append(len(seen))
        more_hands(table, game)
    assert counts[0] == counts[1] <= GAME_PAGE, counts


def test_the_api_game_read_runs_a_fixed_handful_of_statements_whatever_the_number_of_hands(table, game):
    with table.app.app_context():
        token = issue_token(find_user("Ana"))
        db.session.commit()
    client = table.app.test_client()
    # The first use notes the token's last use (once an hour, on its own connection); then reads only read.
    assert client.get(f"/api/v1/games/{game}", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    more_hands(table, game)
    changed, unchanged = [], []
    for hands in (10, 19):
        for counts in (changed, unchanged):  # the first read after a write builds the body, the next reuses it
            response, seen = statements(table.app, lambda: client.get(
                f"/api/v1/games/{game}", headers={"Authorization": f"Bearer {token}"}))
            assert response.status_code == 200 and len(response.get_json()["hands"]) == hands
            counts.append(len(seen))
        more_hands(table, game)
    assert changed[0] == changed[1] <= API_GAME, changed
    assert unchanged == [API_GAME_UNCHANGED] * 2, unchanged


def test_the_members_board_answers_an_unchanged_poll_from_one_statement_after_the_login(table, game):
    url = f"/games/{game}/board"
    fragment = {"HX-Request": "true"}
    counts = []
    for _ in range(2):
        response, seen = statements(table.app, lambda: table.web.client.get(url, headers=fragment))
        assert response.status_code == 200
        unchanged, seen_304 = statements(table.app, lambda etag=response.headers["ETag"]: table.web.client.get(
            url, headers={**fragment, "If-None-Match": etag}))
        assert unchanged.status_code == 304
        counts.append((len(seen), len(seen_304)))
        more_hands(table, game)
    assert counts[0] == counts[1], counts
    assert counts[0][0] <= BOARD and counts[0][1] <= BOARD_UNCHANGED, counts


def test_the_live_link_answers_an_unchanged_poll_from_one_statement(table, game):
    table.web.get(f"/games/{game}")
    table.web.post(f"/games/{game}/share")
    link = re.search(r"http://keeper\.test(/live/[\w-]+)", table.web.get(f"/games/{game}").get_data(as_text=True))
    viewer = table.app.test_client()
    etag = viewer.get(link.group(1)).headers["ETag"]
    response, seen = statements(table.app, lambda: viewer.get(link.group(1), headers={"If-None-Match": etag}))
    assert response.status_code == 304 and len(seen) == LIVE_UNCHANGED, seen


def test_a_read_never_replays_the_hands(table, game, monkeypatch):
    from ramo_keeper import rules

    def refuse(*args, **kwargs):
        raise AssertionError("a read replayed the game")

    monkeypatch.setattr(rules, "replay", refuse)
    monkeypatch.setattr(rules, "apply_hand", refuse)
    assert table.web.get(f"/games/{game}").status_code == 200
    assert table.web.get(f"/games/{game}/board").status_code == 200
    assert table.web.get(f"/games/{game}/hands/1/edit").status_code == 200
