"""A mix night's whole seating prints one A4 page a round and the index of who sits where, none wider than A4."""

import os
import re
from pathlib import Path

from playwright.sync_api import expect

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.nights import service

# The printable width of an A4 page under print.css's margins (210 mm less 2 × 12 mm), in CSS pixels.
A4_CONTENT_PX = (210 - 2 * 12) / 25.4 * 96
# The printed pages for a person to look at (set NIGHT_SHOTS to a folder); none are compared.
SHOTS = Path(os.environ["NIGHT_SHOTS"]) if os.environ.get("NIGHT_SHOTS") else None


def test_a_night_of_64_over_12_rounds_prints_a_page_a_round_and_two_of_who_sits_where(page, live_server, app):
    with app.app_context():
        user = create_user("Host", "correct horse")
        league = create_league(user, "Club")
        ids = [add_player(league, f"Bartholomew Featherstone {n:02}").id for n in range(1, 65)]
        night = service.open_night(league, user, "Thursday", "rummy", ids, 4, 12, options={"end": "hands", "hands": 3})
        db.session.commit()
        night_id = night.id
    page.goto(live_server + "/login")
    page.get_by_label("Name").fill("Host")
    page.get_by_label("Password").fill("correct horse")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Hello, Host")).to_be_visible()
    page.goto(f"{live_server}/nights/{night_id}")
    page.get_by_role("button", name="Seating of the night").click()
    # 64 players at tables of four (§9): 16 tables a round, 12 rounds.
    expect(page.locator(".seating-round")).to_have_count(12)
    expect(page.locator(".seating-table")).to_have_count(16 * 12)
    page.set_viewport_size({"width": int(A4_CONTENT_PX), "height": 1100})
    page.emulate_media(media="print")
    widest = page.evaluate("Math.max(...Array.from(document.querySelectorAll('.seating-plan *'))"
                           ".map((e) => e.getBoundingClientRect().right))")
    assert widest <= A4_CONTENT_PX, widest
    assert page.evaluate("document.documentElement.scrollWidth") <= int(A4_CONTENT_PX)
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / "seating-64-12.pdf").write_bytes(pdf)
        page.screenshot(path=str(SHOTS / "seating-64-12-print.png"), full_page=True)
    pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))
    # A page a round, then 64 players 32 a page (cards.INDEX_ROWS): 12 + 2.
    assert pages == 14, pages
