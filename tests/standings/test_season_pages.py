"""Season pages: who may do what, PRG with 303, field errors that keep what was typed, current and closed."""

import pytest

from ramo_keeper.accounts.service import create_user
from ramo_keeper.errors import Conflict
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league, join
from ramo_keeper.models import Season
from ramo_keeper.seasons.service import close, create_season, reopen, set_current

from .builders import PER_ROUND, build_spring, empty_ramo_hands, play


@pytest.fixture
def people(world, new_web):
    """The owner, a scorer Sam and a viewer Vi, each logged in with their own browser."""
    join(world.league, create_user("Sam", "correct horse"))
    join(world.league, create_user("Vi", "correct horse")).role = "viewer"
    db.session.commit()
    browsers = {}
    for name in ("Owner", "Sam", "Vi"):
        browsers[name] = new_web()
        browsers[name].login(name)
    return browsers


def seasons_url(world, *rest):
    return "/".join([f"/leagues/{world.league.id}/seasons", *map(str, rest)])


def current_names(league_id):
    db.session.expire_all()
    return [s.name for s in db.session.execute(db.select(Season).filter_by(league_id=league_id,
                                                                           is_current=True)).scalars()]


def test_a_scorer_starts_a_season_and_lands_on_it(world, people):
    sam = people["Sam"]
    sam.get(seasons_url(world))
    response = sam.post(seasons_url(world), {"name": "Summer", "ranking": "wins", "min_games": "2",
                                             "make_current": "y"})
    assert response.status_code == 303, response.get_data(as_text=True)
    season = db.session.execute(db.select(Season).filter_by(name="Summer")).scalar_one()
    assert response.headers["Location"].endswith(seasons_url(world, season.id))
    assert (season.ranking, season.min_games) == ("wins", 2)
    assert current_names(world.league.id) == ["Summer"]


def test_field_errors_sit_next_to_the_fields_and_keep_the_typed_input(world, people):
    sam = people["Sam"]
    sam.get(seasons_url(world))
    response = sam.post(seasons_url(world), {"name": "Autumn", "ranking": "average", "min_games": "-3"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'value="Autumn"' in html and 'selected value="average"' in html
    assert 'class="field-error" id="min_games-error"' in html
    duplicate = sam.post(seasons_url(world), {"name": "season 1", "ranking": "points", "min_games": "0"})
    assert duplicate.status_code == 422 and "already a season called Season 1" in duplicate.get_data(as_text=True)


def test_rename_and_settings(world, people):
    season = build_spring(world)
    owner = people["Owner"]
    owner.get(seasons_url(world, season.id))
    assert owner.post(seasons_url(world, season.id, "rename"), {"name": "Spring 2025"}).status_code == 303
    bad = owner.post(seasons_url(world, season.id, "rename"), {"name": "Season 1"})
    assert bad.status_code == 422 and 'value="Season 1"' in bad.get_data(as_text=True)
    assert owner.post(seasons_url(world, season.id, "settings"), {"ranking": "average", "min_games": "3"}
                      ).status_code == 303
    db.session.expire_all()
    season = db.session.get(Season, season.id)
    assert (season.name, season.ranking, season.min_games) == ("Spring 2025", "average", 3)
    html = owner.get(seasons_url(world, season.id)).get_data(as_text=True)
    assert "Not ranked yet (fewer than 3 games)" in html


def test_exactly_one_season_is_current(world, people):
    spring = build_spring(world)
    owner = people["Owner"]
    owner.get(seasons_url(world, spring.id))
    assert owner.post(seasons_url(world, spring.id, "current")).status_code == 303
    assert current_names(world.league.id) == ["Spring"]
    set_current(world.league.seasons[0])
    assert current_names(world.league.id) == ["Season 1"]


def test_closing_is_for_the_owner_and_waits_for_unfinished_games(world, people):
    spring = build_spring(world)
    sam, owner = people["Sam"], people["Owner"]
    sam.get(seasons_url(world, spring.id))
    assert sam.post(seasons_url(world, spring.id, "close")).status_code == 403
    play(world.league, world.user, "ramo", [world.Ana, world.Bo], empty_ramo_hands(1), spring, PER_ROUND)
    owner.get(seasons_url(world, spring.id))
    refused = owner.post(seasons_url(world, spring.id, "close"), follow_redirects=True)
    assert "1 game is still being played in Spring" in refused.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(Season, spring.id).closed is False


def test_a_closed_season_can_be_reopened_but_not_made_current(world):
    season = create_season(world.league, "Winter", make_current=True)
    close(season)
    assert season.closed and not season.is_current
    with pytest.raises(Conflict):
        set_current(season)
    reopen(season)
    set_current(season)
    assert season.is_current


def test_viewers_read_but_see_no_forms(world, people):
    spring = build_spring(world)
    vi = people["Vi"]
    html = vi.get(seasons_url(world, spring.id)).get_data(as_text=True)
    assert "Manage the season" not in html and "Bo" in html
    assert vi.post(seasons_url(world), {"name": "Mine"}).status_code == 403
    assert "Only the league's owner can import" in vi.get(f"/leagues/{world.league.id}/import").get_data(as_text=True)


def test_seasons_of_another_league_are_not_found(world, people):
    other = create_league(world.user, "Other")
    db.session.commit()
    foreign = other.seasons[0].id
    owner = people["Owner"]
    assert owner.get(seasons_url(world, foreign)).status_code == 404
    assert owner.get(seasons_url(world, foreign, "standings.csv")).status_code == 404
    assert owner.get(f"/leagues/{world.league.id}/players/999999/stats").status_code == 404
    assert owner.get(f"/leagues/{world.league.id}/players/{world.Ana.id}/stats?season={foreign}").status_code == 404
