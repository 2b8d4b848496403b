"""The read-only live link: public, conditional polling, stops when the game ends."""

import re
from urllib.parse import urlsplit

from sqlalchemy import event

from ramo_keeper.extensions import db


def share(table, game_id) -> str:
    table.web.get(f"/games/{game_id}")
    table.web.post(f"/games/{game_id}/share")
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    return re.search(r'http://keeper\.test(/live/[\w-]+)', page).group(1)


def test_live_link_is_public_read_only_and_has_a_qr_code(table, client):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    link = share(table, game_id)
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert "<svg" in page and "QR code of the live link" in page
    anonymous = table.app.test_client()
    response = anonymous.get(link)
    body = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Scoreboard" in body and 'id="hand-form"' not in body and "Undo" not in body


def test_polling_is_conditional_an_unchanged_game_costs_a_304_and_one_query(table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    link = share(table, game_id)
    viewer = table.app.test_client()
    page = viewer.get(link)
    assert f'data-poll-url="{urlsplit(link).path}"' in page.get_data(as_text=True)
    first = viewer.get(link, headers={"HX-Request": "true"})
    etag = first.headers["ETag"]
    # The fragment and the full page are different bodies: one's validator never answers for the other.
    assert viewer.get(link, headers={"If-None-Match": etag}).status_code == 200
    statements = []
    with table.app.app_context():
        listener = lambda *args: statements.append(args[2])  # noqa: E731
        event.listen(db.engine, "before_cursor_execute", listener)
        try:
            again = viewer.get(link, headers={"If-None-Match": etag, "HX-Request": "true"})
        finally:
            event.remove(db.engine, "before_cursor_execute", listener)
    assert again.status_code == 304 and again.data == b""
    assert len(statements) == 1
    table.post_hand(game_id, out="A", cards={"B": {"low": 1}, "C": {"low": 2}})
    changed = viewer.get(link, headers={"If-None-Match": etag, "HX-Request": "true"})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert changed.get_data(as_text=True).lstrip().startswith('<div id="live-board"')


def test_polling_stops_when_the_game_is_finished(table):
    game_id = table.new_game("rummy", ["A", "B"], end="hands", hands=1)
    link = share(table, game_id)
    table.post_hand(game_id, out="A", cards={"B": {"pips": 9}})
    body = table.app.test_client().get(link).get_data(as_text=True)
    assert "data-poll-url" not in body and "A wins!" in body


def test_revoked_live_link_stops_working(table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    link = share(table, game_id)
    table.web.post(f"/games/{game_id}/share/revoke")
    response = table.app.test_client().get(link)
    assert response.status_code == 404
    assert "This live link does not work" in response.get_data(as_text=True)


def test_game_page_keeps_the_screen_awake_only_during_play(table):
    game_id = table.new_game("rummy", ["A", "B"], end="hands", hands=1)
    assert "data-keep-awake" in table.web.get(f"/games/{game_id}").get_data(as_text=True)
    table.post_hand(game_id, out="A", cards={"B": {"pips": 9}})
    assert "data-keep-awake" not in table.web.get(f"/games/{game_id}").get_data(as_text=True)


def test_members_board_fragment_is_conditional_too(table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    first = table.web.get(f"/games/{game_id}/board", headers={"HX-Request": "true"})
    assert first.status_code == 200
    again = table.web.get(f"/games/{game_id}/board",
                          headers={"If-None-Match": first.headers["ETag"], "HX-Request": "true"})
    assert again.status_code == 304


def test_a_live_link_made_or_switched_off_reaches_the_other_phones_polling_the_board(table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    first = table.web.get(f"/games/{game_id}/board", headers={"HX-Request": "true"})
    assert "/live/" not in first.get_data(as_text=True)
    table.web.post(f"/games/{game_id}/share")
    shared = table.web.get(f"/games/{game_id}/board",
                           headers={"If-None-Match": first.headers["ETag"], "HX-Request": "true"})
    assert shared.status_code == 200 and "http://keeper.test/live/" in shared.get_data(as_text=True)
    table.web.post(f"/games/{game_id}/share/revoke")
    off = table.web.get(f"/games/{game_id}/board",
                        headers={"If-None-Match": shared.headers["ETag"], "HX-Request": "true"})
    assert off.status_code == 200 and "/live/" not in off.get_data(as_text=True)


def test_members_board_is_the_play_area_and_moves_on_with_each_hand(table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    first = table.web.get(f"/games/{game_id}/board", headers={"HX-Request": "true"})
    body = first.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="play"') and 'data-next-hand="1"' in body
    assert 'id="hand-form"' in body and f'data-poll-url="/games/{game_id}/board"' in body
    table.post_hand(game_id, out="A", cards={"B": {"low": 1}, "C": {"low": 2}})
    changed = table.web.get(f"/games/{game_id}/board",
                            headers={"If-None-Match": first.headers["ETag"], "HX-Request": "true"})
    assert changed.status_code == 200 and 'data-next-hand="2"' in changed.get_data(as_text=True)
