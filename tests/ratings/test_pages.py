"""Ratings on the pages: a finished game's changes, the player page, the league table; off leaves no trace."""

import re

from api.helpers import result, std

from ramo_keeper.extensions import db
from ramo_keeper.models import Game, League

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


# Long runs of letters and digits (CSRF tokens, live-link tokens, asset hashes) are not words a person reads,
# and could hold a rating's digits by chance: they are cut before looking for numbers.
TOKENS = re.compile(r"[A-Za-z0-9_=.-]{16,}")
CHANGE = re.compile(r'<strong>([^<]+)</strong> <span class="num">([+-]\d+)</span> → (\d+)')


def _league_pages(table, games: list[int], live_token: str) -> list[str]:
    """Every page of the league a member can open (the app's GET routes under /leagues/{id}, /games/{id}, /live)."""
    league, season = f"/leagues/{table.league_id}", f"/leagues/{table.league_id}/seasons/{table.season_id}"
    pages = ["/", "/leagues", league, f"{league}/games", f"{league}/games/new", f"{league}/players",
             f"{league}/seasons", f"{league}/house-rules", f"{league}/import", season, f"{season}/print",
             f"{season}/standings.csv", f"{season}/standings.json", f"/live/{live_token}", f"/live/{live_token}/seat"]
    pages += [f"{league}/players/{player}/stats" for player in table.players.values()]
    for game in games:
        pages += [f"/games/{game}", f"/games/{game}/board", f"/games/{game}/print", f"/games/{game}/hands/1/edit",
                  f"/games/{game}/delete", f"/games/{game}/seat"]
    return pages


def _traces(html: str, numbers: set[str]) -> list[str]:
    """The rating words and shown rating numbers (ratings, signed changes) a page still holds."""
    text = TOKENS.sub("", SWITCH.sub("", html))
    return [t for t in TRACES if t in text] + [n for n in sorted(numbers)
                                               if re.search(rf"(?<![\w+-]){re.escape(n)}(?!\d)", text)]


def test_ratings_switched_on_then_off_again_leave_no_trace_on_any_page(app, table, make_api):
    ana = make_api("Ana")  # the table's owner, through the API
    a, b, c = table.id("A"), table.id("B"), table.id("C")
    ana.ok("PATCH", f"/leagues/{table.league_id}", {"ratings": True})
    first = table.new_game("rummy", ["A", "B"], end="hands", hands=1)
    table.post_hand(first, out="B", cards={"A": {"pips": 2}})
    second = table.new_game("rummy", ["A", "B", "C"], end="hands", hands=1)
    table.post_hand(second, out="C", cards={"A": {"pips": 2}, "B": {"pips": 3}})
    last = table.new_game("rummy", ["A", "D"], end="hands", hands=1)  # ended by htmx once ratings are off
    table.web.get(f"/games/{first}")
    assert table.web.post(f"/games/{first}/share").status_code == 303
    with app.app_context():
        live_token = db.session.get(Game, first).share_token

    # On: the ratings and changes shown, read off the pages and the API, are the numbers to look for later.
    shown = {str(row["rating"]) for t in ana.ok("GET", f"/leagues/{table.league_id}/ratings")["tables"]
             for row in t["rows"]}
    changes = [m for game in (first, second) for m in CHANGE.findall(table.web.get(f"/games/{game}").get_data(
        as_text=True))]
    # Game 1: B beat A (+69 → 1569, −37 → 1463, docs/EXPORTS.md §3); game 2 has A, B and C.
    assert ("B", "+69", "1569") in changes and ("A", "-37", "1463") in changes and len(changes) == 5
    numbers = shown | {after for *_, after in changes} | {delta for _, delta, _ in changes}
    on = [page for page in _league_pages(table, [first, second], live_token)
          if _traces(table.web.get(page).get_data(as_text=True), numbers)]
    assert on == [f"/leagues/{table.league_id}", f"/live/{live_token}",
                  *(f"/leagues/{table.league_id}/players/{p}/stats" for p in (a, b, c)),
                  f"/games/{first}", f"/games/{first}/board", f"/games/{second}", f"/games/{second}/board"]

    # Off again, by the owner's switch on the league page.
    table.web.get(f"/leagues/{table.league_id}")
    assert table.web.post(f"/leagues/{table.league_id}/ratings/switch", {}).status_code == 303
    ending = table.post_hand(last, htmx=True, out="D", cards={"A": {"pips": 2}})  # the answer that ends a game
    assert ending.status_code == 200 and table.state(last).finished
    assert _traces(ending.get_data(as_text=True), numbers) == []
    for page in _league_pages(table, [first, second, last], live_token):
        response = table.web.get(page)
        assert response.status_code == 200, page
        assert _traces(response.get_data(as_text=True), numbers) == [], page
    assert table.web.get(f"/leagues/{table.league_id}/ratings").status_code == 404
    assert ana.get(f"/leagues/{table.league_id}/ratings").status_code == 404


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
