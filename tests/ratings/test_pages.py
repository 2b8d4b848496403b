"""Ratings on the pages: a finished game's changes, the player page, the league table; off leaves no trace."""

import re

from api.helpers import result, std

from ramo_keeper.models import League

from .helpers import one_hand_rummy, switch_ratings

SWITCH = re.compile(r'<form [^>]*class="ratings-switch">.*?</form>', re.S)
TRACES = ("Rating", "rating", "provisional", "/ratings")


def _played_league(api):
    league, (al, bo) = api.league(["Al", "Bo"])
    game = one_hand_rummy(api, league, [al, bo], winner=bo)
    season = api.ok("GET", f"/games/{game['id']}")["season_id"]
    return league, al, bo, game["id"], season


def _pages(league, al, game, season):
    return [f"/leagues/{league}", f"/games/{game}", f"/leagues/{league}/players/{al}/stats",
            f"/leagues/{league}/seasons/{season}", f"/leagues/{league}/games", f"/games/{game}/print"]


def test_ratings_switched_off_leave_no_trace_on_any_page(app, api, web):
    league, al, _, game, season = _played_league(api)
    web.login("Ann")
    for page in _pages(league, al, game, season):
        html = web.get(page).get_data(as_text=True)
        # The owner's league page holds the switch itself, and nothing else about ratings.
        html = SWITCH.sub("", html)
        assert not [t for t in TRACES if t in html], page
    assert web.get(f"/leagues/{league}/ratings").status_code == 404
    # The same pages do show ratings once they are on: the check above looks for the right words.
    switch_ratings(api, league)
    shown = [page for page in _pages(league, al, game, season)
             if [t for t in TRACES if t in SWITCH.sub("", web.get(page).get_data(as_text=True))]]
    assert shown == [f"/leagues/{league}", f"/games/{game}", f"/leagues/{league}/players/{al}/stats"]


def test_off_means_no_rating_words_even_for_a_viewer(app, api, member, new_web):
    league, al, _, game, season = _played_league(api)
    member(league, "Vi", "viewer")
    viewer = new_web()
    viewer.login("Vi")
    for page in _pages(league, al, game, season):
        html = viewer.get(page).get_data(as_text=True)
        assert not [t for t in TRACES if t in html], page
    switch_ratings(api, league)
    assert "Rating changes" in viewer.get(f"/games/{game}").get_data(as_text=True)


def test_a_finished_game_shows_every_players_rating_change(api, web):
    league, al, bo, game, _ = _played_league(api)
    switch_ratings(api, league)
    web.login("Ann")
    html = web.get(f"/games/{game}").get_data(as_text=True)
    assert "Rating changes" in html
    # Bo won: 1500 → 1569 (+69); Al lost: 1500 → 1463 (−37), both provisional.
    assert "<strong>Bo</strong> <span class=\"num\">+69</span> → 1569" in html
    assert "<strong>Al</strong> <span class=\"num\">-37</span> → 1463" in html
    assert html.count("(provisional)") == 2


def test_a_game_in_progress_shows_no_rating_change(api, web):
    league, (al, bo) = api.league(["Al", "Bo"])
    switch_ratings(api, league)
    game = api.game(league, "rummy", [al, bo])
    api.ok("POST", f"/games/{game['id']}/hands", {"results": [result(al, {}, went_out=True), result(bo, std(2))]}, 201)
    web.login("Ann")
    assert "Rating changes" not in web.get(f"/games/{game['id']}").get_data(as_text=True)


def test_the_player_page_and_the_league_table_show_ratings(app, api, web):
    league, al, bo, _, _ = _played_league(api)
    one_hand_rummy(api, league, [al, bo], winner=al)
    switch_ratings(api, league)
    web.login("Ann")
    player = web.get(f"/leagues/{league}/players/{al}/stats").get_data(as_text=True)
    assert 'id="ratings-heading"' in player and "2 rated games" in player
    assert "Rating · Rummy" in player and "<svg" in player  # the chart over time
    table = web.get(f"/leagues/{league}/ratings")
    assert table.status_code == 200
    html = table.get_data(as_text=True)
    assert ">Al</a>" in html and ">Bo</a>" in html
    assert html.count("(provisional)") == 2


def test_the_owner_switches_ratings_on_the_league_page(app, api, web, member, new_web):
    league, *_ = _played_league(api)
    web.login("Ann")
    page = web.get(f"/leagues/{league}")
    assert "Skill ratings for this league" in page.get_data(as_text=True)
    assert web.post(f"/leagues/{league}/ratings/switch", {"ratings": "on"}).status_code == 303
    with app.app_context():
        from ramo_keeper.extensions import db

        assert db.session.get(League, league).ratings is True
    member(league, "Sam", "scorer")
    scorer = new_web()
    scorer.login("Sam")
    assert "Skill ratings for this league" not in scorer.get(f"/leagues/{league}").get_data(as_text=True)
    scorer.get(f"/leagues/{league}")
    assert scorer.post(f"/leagues/{league}/ratings/switch", {}).status_code == 403
    web.get(f"/leagues/{league}")
    web.post(f"/leagues/{league}/ratings/switch", {})
    with app.app_context():
        assert db.session.get(League, league).ratings is False


def test_the_hand_that_ends_the_game_shows_the_rating_changes_at_once(app, table):
    with app.app_context():
        from ramo_keeper.extensions import db

        db.session.get(League, table.league_id).ratings = True
        db.session.commit()
    game = table.new_game("rummy", ["A", "B"], end="hands", hands=1)
    response = table.post_hand(game, htmx=True, out="B", cards={"A": {"pips": 2}})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "Rating changes" in html
    assert "<strong>B</strong> <span class=\"num\">+69</span> → 1569" in html
