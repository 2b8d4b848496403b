"""Issue 12: every list, league, season and standings read costs the same statements for 1 game as for 25.

Two leagues in one database: "Small" with 1 finished game and 1 in progress, "Big" with 25 of
each. Each read is counted for both, with its own member logged in (or its API token).
"""

import pytest

from .seeding import mark_token_used_recently, recorded_statements, seed

PAGES = {
    "home": lambda s: "/",
    "leagues list": lambda s: "/leagues",
    "league page": lambda s: f"/leagues/{s.league_id}",
    "league games list": lambda s: f"/leagues/{s.league_id}/games",
    "seasons list": lambda s: f"/leagues/{s.league_id}/seasons",
    "season page": lambda s: f"/leagues/{s.league_id}/seasons/{s.season_id}",
    "standings json": lambda s: f"/leagues/{s.league_id}/seasons/{s.season_id}/standings.json",
    "standings csv": lambda s: f"/leagues/{s.league_id}/seasons/{s.season_id}/standings.csv",
    "standings print": lambda s: f"/leagues/{s.league_id}/seasons/{s.season_id}/print",
    "roster": lambda s: f"/leagues/{s.league_id}/players",
}
# A player's statistics page reads their games' results in a few more statements (record, best and
# worst games, head-to-head), still the same number whatever the history.
UNCAPPED_PAGES = {
    "player stats": lambda s: f"/leagues/{s.league_id}/players/{s.player_id}/stats",
}
API_READS = {
    "api leagues": lambda s: "/api/v1/leagues",
    "api players": lambda s: f"/api/v1/leagues/{s.league_id}/players",
    "api standings": lambda s: f"/api/v1/seasons/{s.season_id}/standings",
    "api standings csv": lambda s: f"/api/v1/seasons/{s.season_id}/standings.csv",
}
# What each read needs at most, whatever the history: the user (or token), the membership with
# its league, the page's own rows, and one SELECT ... IN per relation shown in a list.
CEILING = 8


def _small_and_big(app):
    small = seed(app, finished=1, in_progress=1, name="Small")
    big = seed(app, finished=25, in_progress=25, name="Big")
    mark_token_used_recently(app)
    return small, big


@pytest.fixture
def leagues(app, seeded_once):
    return seeded_once("statement counts: Small and Big", lambda: _small_and_big(app))


def count(app, client, url, headers=None) -> int:
    with recorded_statements(app) as statements:
        response = client.get(url, headers=headers or {})
    assert response.status_code == 200, url
    return len(statements)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_page_costs_the_same_statements_for_1_or_25_games(app, leagues, member_of, page):
    small, big = leagues
    counts = [count(app, member_of(s.user_name).client, PAGES[page](s)) for s in (small, big)]
    assert counts[0] == counts[1], counts
    assert counts[1] <= CEILING


@pytest.mark.parametrize("page", sorted(UNCAPPED_PAGES))
def test_player_stats_cost_the_same_statements_for_1_or_25_games(app, leagues, member_of, page):
    small, big = leagues
    counts = [count(app, member_of(s.user_name).client, UNCAPPED_PAGES[page](s)) for s in (small, big)]
    assert counts[0] == counts[1], counts


@pytest.mark.parametrize("read", sorted(API_READS))
def test_api_read_costs_the_same_statements_for_1_or_25_games(app, leagues, read):
    small, big = leagues
    client = app.test_client()
    counts = [count(app, client, API_READS[read](s), {"Authorization": f"Bearer {s.api_token}"})
              for s in (small, big)]
    assert counts[0] == counts[1], counts
    assert counts[1] <= CEILING


def test_home_loads_each_relation_once_not_once_per_game(app, leagues, member_of):
    """The N+1 of the issue: seats, players and results were loaded per listed game."""
    _, big = leagues
    with recorded_statements(app) as statements:
        member_of(big.user_name).client.get("/")
    seat_loads = [s for s in statements if "FROM seat" in s]
    result_loads = [s for s in statements if "FROM game_result" in s]
    assert len(seat_loads) == 2  # one for the games in progress, one for the recent results
    assert len(result_loads) == 1  # winners of the recent results only
