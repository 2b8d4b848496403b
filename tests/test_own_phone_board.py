"""Drafts reach the scorer's form at the 2 s poll and nothing else (issue 21): the scorer's board moves
with a draft, a viewer's board and the live link stay a bodiless 304, and no total changes."""

import re

from ramo_keeper.extensions import db
from ramo_keeper.models import Membership

FRAGMENT = {"HX-Request": "true"}


def test_a_draft_fills_the_scorers_form_and_leaves_every_other_board_as_it_was(app, table, new_web):
    from ramo_keeper.accounts.service import create_user

    game = table.new_game("ramo", ["A", "B", "C"])
    with app.app_context():
        user = create_user("Vi", "correct horse")
        db.session.add(Membership(user_id=user.id, league_id=table.league_id, role="viewer"))
        db.session.commit()
    viewer = new_web()
    viewer.login("Vi")
    table.web.get(f"/games/{game}")
    table.web.post(f"/games/{game}/share")
    link = re.search(r"http://keeper\.test(/live/[\w-]+)", table.web.get(f"/games/{game}").get_data(as_text=True))[1]
    stranger = app.test_client()

    scorer_board = table.web.get(f"/games/{game}/board", headers=FRAGMENT)
    viewer_board = viewer.get(f"/games/{game}/board", headers=FRAGMENT)
    live_board = stranger.get(link, headers=FRAGMENT)
    assert "counted by" not in scorer_board.get_data(as_text=True)

    viewer.get(f"/games/{game}")
    assert viewer.post(f"/games/{game}/seat", {"player_id": str(table.id("B"))}).status_code == 303
    assert viewer.post(f"/games/{game}/draft", {"hand_number": "1", "c_low": "5", "laid_down": "y"}).status_code == 303

    again = table.web.get(f"/games/{game}/board",
                          headers={**FRAGMENT, "If-None-Match": scorer_board.headers["ETag"]})
    body = again.get_data(as_text=True)
    assert again.status_code == 200 and "counted by B" in body and "1 of 3 counted" in body
    block = body.split(f'id="player-{table.id("B")}"', 1)[1].split("</fieldset>\n", 1)[0]
    bo = table.id("B")
    assert f'name="c_{bo}_low" value="5" checked' in block
    assert f'name="laid_{bo}" id="laid_{bo}" value="y" checked' in block
    # Nothing else moved: the viewer's board and the live link answer 304, and every total is 0.
    assert viewer.get(f"/games/{game}/board", headers={
        **FRAGMENT, "If-None-Match": viewer_board.headers["ETag"]}).status_code == 304
    assert stranger.get(link, headers={**FRAGMENT, "If-None-Match": live_board.headers["ETag"]}).status_code == 304
    assert table.totals(game) == {"A": 0, "B": 0, "C": 0}
    # An unchanged scorer's board is a 304 again.
    assert table.web.get(f"/games/{game}/board", headers={
        **FRAGMENT, "If-None-Match": again.headers["ETag"]}).status_code == 304
