"""The league page: one primary action (New game), the rest a plain list; the ratings switch saves on its own."""

import re

from ramo_keeper.extensions import db
from ramo_keeper.models import League

BUTTON_LIKE = re.compile(r'<a [^>]*role="button"[^>]*>(.*?)</a>', re.S)
LINK = re.compile(r'<a [^>]*href="([^"]+)"[^>]*>(.*?)</a>', re.S)


def _main(html: str) -> str:
    return html.split("<main", 1)[1].split("</main>", 1)[0]


def test_new_game_is_the_one_button_and_every_other_place_is_a_link_in_a_list(table):
    html = _main(table.web.get(f"/leagues/{table.league_id}").get_data(as_text=True))
    assert [text.strip() for text in BUTTON_LIKE.findall(html)] == ["New game"]
    listed = html.split('class="league-links"', 1)[1].split("</ul>", 1)[0]
    targets = [href for href, _ in LINK.findall(listed)]
    league = f"/leagues/{table.league_id}"
    assert targets == [f"{league}/games", f"{league}/seasons/{table.season_id}", f"{league}/seasons",
                       f"{league}/players", f"{league}/house-rules", f"{league}/nights"]


def test_a_viewer_sees_no_new_game_and_no_button_at_all(table, new_web):
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.leagues.service import join

    with table.app.app_context():
        join(db.session.get(League, table.league_id), create_user("Vi", "correct horse"), "viewer")
        db.session.commit()
    viewer = new_web()
    viewer.login("Vi")
    html = _main(viewer.get(f"/leagues/{table.league_id}").get_data(as_text=True))
    assert BUTTON_LIKE.findall(html) == [] and 'class="league-links"' in html


def test_the_ratings_switch_sends_itself_and_keeps_a_button_for_a_page_without_scripts(table):
    html = table.web.get(f"/leagues/{table.league_id}").get_data(as_text=True)
    form = re.search(r'<form [^>]*class="ratings-switch">.*?</form>', html, re.S).group(0)
    assert re.search(r'<input [^>]*name="ratings"[^>]*data-autosubmit', form)
    # Without scripts the form still has its submit; with them (html.js) the CSS hides it.
    assert re.search(r'<button type="submit" class="[^"]*\bno-js\b', form)
    table.web.post(f"/leagues/{table.league_id}/ratings/switch", {"ratings": "on"})
    with table.app.app_context():
        assert db.session.get(League, table.league_id).ratings is True
