"""What a stranger holding a live link, and a search engine, get: no session, no index, a real robots.txt.

Plus the page basics external checkers asked for: a meta description, an <h1> on the hand-edit
page, the visible word inside the Edit link's name, and no `pattern` on number inputs.
"""

import re


def share(table, game_id) -> str:
    """Switch the game's live link on, as its owner does, and return its path."""
    table.web.get(f"/games/{game_id}")
    table.web.post(f"/games/{game_id}/share")
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    return re.search(r"http://keeper\.test(/live/[\w-]+)", page).group(1)


def test_a_live_link_is_never_indexed(table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    response = table.app.test_client().get(share(table, game_id))
    assert response.status_code == 200
    assert response.headers["X-Robots-Tag"] == "noindex, nofollow"
    assert '<meta name="robots" content="noindex, nofollow">' in response.get_data(as_text=True)


def test_an_anonymous_live_viewer_gets_no_session_cookie_and_can_still_switch_language(table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    link = share(table, game_id)
    stranger = table.app.test_client()
    response = stranger.get(link)
    assert response.status_code == 200
    assert "Set-Cookie" not in response.headers, response.headers.get("Set-Cookie")
    assert "csrf_token" not in response.get_data(as_text=True)
    switched = stranger.post("/language", data={"locale": "it", "next": link})
    assert switched.status_code == 303 and switched.headers["Location"].endswith(link)
    assert 'lang="it"' in stranger.get(link).get_data(as_text=True)


def test_a_member_on_the_live_link_keeps_the_session_they_have(table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    page = table.web.get(share(table, game_id)).get_data(as_text=True)
    assert "X-CSRFToken" in page  # the member's header for htmx posts is still there


def test_robots_txt_lets_crawlers_read_the_rules_and_nothing_private(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200 and response.mimetype == "text/plain"
    rules = response.get_data(as_text=True).splitlines()
    assert "User-agent: *" in rules and "Allow: /rules" in rules
    for private in ("/live/", "/games/", "/leagues/", "/api/"):
        assert f"Disallow: {private}" in rules


def test_every_page_has_a_meta_description(client):
    for path in ("/", "/rules", "/rules/ramo", "/login"):
        page = client.get(path).get_data(as_text=True)
        assert re.search(r'<meta name="description" content="[^"]{40,}">', page), path


def test_the_hand_edit_page_has_an_h1_and_the_edit_link_is_named_by_its_word(table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    table.post_hand(game_id, out="A", laid=["B"], cards={"C": {"low": 2}})
    game_page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'aria-label="Edit hand 1">Edit</a>' in game_page
    edit_page = table.web.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert re.search(r"<h1[^>]*>Correct hand 1</h1>", edit_page)
    assert "pattern=" not in edit_page and "pattern=" not in game_page
