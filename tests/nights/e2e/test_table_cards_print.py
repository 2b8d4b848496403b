"""The table cards print one table to an A4 page, and nothing spills onto another page."""

import re

from playwright.sync_api import expect

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.nights import service

ROSTER = ("Ana", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivo", "Jo", "Kai", "Lu", "Mo")


def test_a_rounds_table_cards_are_one_a4_page_a_table(page, live_server, app):
    with app.app_context():
        user = create_user("Host", "correct horse")
        league = create_league(user, "Club")
        ids = [add_player(league, name).id for name in ROSTER]
        night = service.open_night(league, user, "Thursday", "rummy", ids, 4, 2, options={"end": "hands", "hands": 3})
        db.session.flush()
        service.share_board(night.id)
        db.session.commit()
        night_id = night.id
    page.goto(live_server + "/login")
    page.get_by_label("Name").fill("Host")
    page.get_by_label("Password").fill("correct horse")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Hello, Host")).to_be_visible()
    page.goto(f"{live_server}/nights/{night_id}")
    page.get_by_role("button", name="Table cards").click()
    # 13 players at tables of four (§9): ⌈13/4⌉ = 4 tables, so four cards and four A4 pages.
    expect(page.locator(".table-card")).to_have_count(4)
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))
    assert pages == 4, pages
