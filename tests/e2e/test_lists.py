"""A long list on a phone: pages of 20 with previous/next links, compressed, at 390 px."""

import re

from playwright.sync_api import expect

from tests.perf.seeding import PASSWORD, seed

from .helpers import axe_violations, no_sideways_scroll


def test_a_league_with_many_games_pages_through_them_on_a_phone(app, live_server, page):
    seeded = seed(app, finished=5, in_progress=25, hands_in_progress=1)
    page.goto(live_server + "/login")
    page.get_by_label("Name").fill(seeded.user_name)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name=re.compile("Hello"))).to_be_visible()

    response = page.goto(f"{live_server}/leagues/{seeded.league_id}/games")
    assert response.headers.get("content-encoding") == "br"
    games = page.locator("#game-list li")
    expect(games).to_have_count(20)
    no_sideways_scroll(page)
    assert axe_violations(page) == []

    page.get_by_role("link", name="Next →").click()
    expect(page).to_have_url(re.compile(r"\?page=2$"))
    expect(games).to_have_count(10)
    expect(page.get_by_role("link", name="Next →")).to_have_count(0)
    no_sideways_scroll(page)

    page.get_by_role("link", name="← Previous").click()
    expect(page).to_have_url(re.compile(r"\?page=1$"))
    expect(games).to_have_count(20)
