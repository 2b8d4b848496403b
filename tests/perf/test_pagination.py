"""Issue 12: lists come a page at a time, in a stable order, with plain next/previous links."""

import re

import pytest

from ramo_keeper.web.pagination import PAGE_SIZE

from .seeding import recorded_statements, seed

GAME_LINK = re.compile(r'href="/games/(\d+)"')


def listed_ids(html: str) -> list[int]:
    return [int(n) for n in GAME_LINK.findall(html)]


def link(html: str, rel: str) -> str | None:
    match = re.search(rf'<a href="([^"]+)" rel="{rel}"', html)
    return match.group(1).replace("&amp;", "&") if match else None


@pytest.fixture
def busy(app, seeded_once):
    # 5 finished games and PAGE_SIZE + 5 in progress: the league list spans two pages.
    return seeded_once("pagination: a busy league",
                       lambda: seed(app, finished=5, in_progress=PAGE_SIZE + 5, hands_in_progress=1))


def test_league_games_come_in_pages_with_working_next_and_previous_links(busy, member_of):
    client = member_of(busy.user_name).client
    first = client.get(f"/leagues/{busy.league_id}/games").get_data(as_text=True)
    assert len(listed_ids(first)) == PAGE_SIZE
    assert link(first, "prev") is None
    second_url = link(first, "next")
    assert second_url == f"/leagues/{busy.league_id}/games?page=2"
    second = client.get(second_url).get_data(as_text=True)
    assert len(listed_ids(second)) == 10 and link(second, "next") is None
    assert link(second, "prev") == f"/leagues/{busy.league_id}/games?page=1"
    # Every game exactly once across the pages; those in progress before the finished ones.
    everything = listed_ids(first) + listed_ids(second)
    assert len(set(everything)) == PAGE_SIZE + 10
    assert everything.index(busy.finished_game_id) >= PAGE_SIZE + 5


def test_the_order_is_stable_when_games_share_a_timestamp(app, busy, member_of):
    from ramo_keeper.extensions import db
    from ramo_keeper.models import Game, utcnow

    with app.app_context():
        moment = utcnow()
        db.session.execute(db.update(Game).values(updated_at=moment))
        db.session.commit()
    client = member_of(busy.user_name).client
    reads = [listed_ids(client.get(f"/leagues/{busy.league_id}/games?page={n}").get_data(as_text=True))
             for n in (1, 2, 1, 2)]
    assert reads[0] == reads[2] and reads[1] == reads[3]
    assert not set(reads[0]) & set(reads[1])


def test_a_later_page_costs_what_the_first_costs(app, busy, member_of):
    client = member_of(busy.user_name).client
    counts = []
    for n in (1, 2):
        with recorded_statements(app) as statements:
            client.get(f"/leagues/{busy.league_id}/games?page={n}")
        counts.append(len(statements))
    assert counts[0] == counts[1]


def test_home_pages_the_games_in_progress(busy, member_of):
    client = member_of(busy.user_name).client
    home = client.get("/").get_data(as_text=True)
    playing = home.split('id="recent-heading"')[0]
    assert len(listed_ids(playing)) == PAGE_SIZE
    assert link(home, "next") == "/?page=2"
    rest = client.get("/?page=2").get_data(as_text=True).split('id="recent-heading"')[0]
    assert len(listed_ids(rest)) == 5


@pytest.mark.parametrize("page", ["0", "-1", "abc", "99999999"])
def test_an_unusable_page_number_shows_the_first_page(busy, member_of, page):
    client = member_of(busy.user_name).client
    response = client.get(f"/leagues/{busy.league_id}/games?page={page}")
    assert response.status_code == 200
    assert len(listed_ids(response.get_data(as_text=True))) == PAGE_SIZE


def test_a_page_past_the_end_says_so_and_links_back(busy, member_of):
    client = member_of(busy.user_name).client
    html = client.get(f"/leagues/{busy.league_id}/games?page=7").get_data(as_text=True)
    assert listed_ids(html) == [] and "No more games" in html
    assert f'href="/leagues/{busy.league_id}/games"' in html


def test_a_targeted_htmx_request_gets_the_list_fragment(busy, member_of):
    client = member_of(busy.user_name).client
    fragment = client.get(f"/leagues/{busy.league_id}/games?page=2", headers={"HX-Request": "true"})
    body = fragment.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="game-list">') and "<html" not in body
    assert len(listed_ids(body)) == 10


def test_seasons_list_is_paged_newest_first(app, member_of):
    from ramo_keeper.extensions import db
    from ramo_keeper.models import League, Season

    seeded = seed(app, finished=0)
    with app.app_context():
        league = db.session.get(League, seeded.league_id)
        for n in range(PAGE_SIZE):
            db.session.add(Season(league=league, name=f"Extra {n}"))
        db.session.commit()
    season_link = re.compile(rf'href="/leagues/{seeded.league_id}/seasons/(\d+)"')
    client = member_of(seeded.user_name).client
    first = client.get(f"/leagues/{seeded.league_id}/seasons").get_data(as_text=True)
    assert len(season_link.findall(first)) == PAGE_SIZE and "Season 1" not in first
    assert link(first, "next") == f"/leagues/{seeded.league_id}/seasons?page=2"
    second = client.get(f"/leagues/{seeded.league_id}/seasons?page=2").get_data(as_text=True)
    # PAGE_SIZE + 1 seasons: the oldest, the league's first, is alone on page 2.
    assert season_link.findall(second) == [str(seeded.season_id)] and "Season 1" in second


def test_leagues_list_is_paged_by_name(app, member_of):
    from ramo_keeper.accounts.service import find_user
    from ramo_keeper.extensions import db
    from ramo_keeper.leagues.service import create_league

    seeded = seed(app, finished=0, name="Zed")  # "Zed's club" sorts after every "Club NN"
    with app.app_context():
        user = find_user("Zed")
        for n in range(PAGE_SIZE):
            create_league(user, f"Club {n:02d}")
        db.session.commit()
    league_link = re.compile(r'href="/leagues/(\d+)"')
    client = member_of("Zed").client
    first = client.get("/leagues").get_data(as_text=True)
    assert len(league_link.findall(first)) == PAGE_SIZE and "Zed&#39;s club" not in first
    second = client.get(link(first, "next")).get_data(as_text=True)
    assert league_link.findall(second) == [str(seeded.league_id)]
