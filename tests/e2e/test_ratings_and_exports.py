"""A finished game on a 390 px phone: the rating changes, the "Send to BG Stats" link, the scoresheet download."""

import csv
import io
import json
from urllib.parse import unquote

from api.helpers import Api, result, std
from playwright.sync_api import expect

from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db

from .helpers import axe_violations, no_sideways_scroll


def _finished_rated_game(app) -> int:
    with app.app_context():
        token = issue_token(create_user("Ann", "correct horse"))
        db.session.commit()
    api = Api(app, token)
    league, (al, bo) = api.league(["Al", "Bo"])
    api.ok("PATCH", f"/leagues/{league}", {"ratings": True})
    game = api.game(league, "rummy", [al, bo], options={"end": "hands", "hands": 1})
    api.ok("POST", f"/games/{game['id']}/hands", {"results": [result(al, std(7, 1)), result(bo, {}, went_out=True)]},
           201)
    return game["id"]


def test_a_finished_game_shows_rating_changes_sends_to_bg_stats_and_downloads_its_scoresheet(app, page, live_server):
    game = _finished_rated_game(app)
    page.goto(live_server + "/login")
    page.get_by_label("Name").fill("Ann")
    page.get_by_label("Password").fill("correct horse")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Ann")).to_be_visible()
    page.goto(f"{live_server}/games/{game}")

    changes = page.locator(".rating-changes")
    expect(page.get_by_role("heading", name="Rating changes")).to_be_visible()
    expect(changes.locator("li").nth(0)).to_contain_text("Bo +69 → 1569")
    expect(changes.locator("li").nth(1)).to_contain_text("Al -37 → 1463")

    send = page.get_by_text("Send to BG Stats", exact=True)
    expect(send).to_be_visible()
    href = send.get_attribute("href")
    assert href.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
    data = json.loads(unquote(href.split("?data=", 1)[1]))
    assert data["sourceName"] == "Ramo Keeper"
    assert [(p["name"], p["score"], p["winner"], p["rank"]) for p in data["players"]] == [
        ("Al", 0, False, 2), ("Bo", 17, True, 1)]
    no_sideways_scroll(page)
    assert axe_violations(page) == []

    with page.expect_download() as download_info:
        page.get_by_text("Scoresheet (CSV)", exact=True).click()
    download = download_info.value
    assert download.suggested_filename == f"game-{game}-scoresheet.csv"
    with open(download.path(), encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(io.StringIO(f.read())))
    assert rows[0][:5] == ["hand", "dealer_id", "dealer", "player_id", "player"] and len(rows) == 3
    assert rows[1][-2:] == ["0", "0"] and rows[2][-2:] == ["17", "17"]

    # The league's ratings table and a player's ratings with their chart, on the same phone.
    page.get_by_text("All ratings", exact=True).click()
    expect(page.get_by_role("heading", name="Ratings", level=1)).to_be_visible()
    expect(page.locator(".ratings-table tbody tr").first).to_contain_text("Bo")
    no_sideways_scroll(page)
    assert axe_violations(page) == []
    page.get_by_role("link", name="Bo").click()
    expect(page.get_by_role("heading", name="Ratings")).to_be_visible()
    expect(page.locator(".player-ratings svg")).to_be_visible()
    no_sideways_scroll(page)
    assert axe_violations(page) == []


def test_the_scoresheet_of_a_long_game_prints_on_one_a4_page(app, page, live_server):
    """30 hands of 6 players, printed by Chromium: one A4 page."""
    with app.app_context():
        token = issue_token(create_user("Ann", "correct horse"))
        db.session.commit()
    api = Api(app, token)
    league, ids = api.league(["Al", "Bo", "Cy", "Di", "Ed", "Flo"])
    game = api.game(league, "rummy", ids, options={"end": "hands", "hands": 30})
    for hand in range(30):
        out = ids[hand % 6]
        api.ok("POST", f"/games/{game['id']}/hands", {"results": [
            result(p, {}, went_out=True) if p == out else result(p, std(12, 2, 1)) for p in ids]}, 201)
    page.goto(live_server + "/login")
    page.get_by_label("Name").fill("Ann")
    page.get_by_label("Password").fill("correct horse")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Ann")).to_be_visible()
    page.goto(f"{live_server}/games/{game['id']}/print")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Rummy")
    page.emulate_media(media="print")
    pdf = page.pdf(prefer_css_page_size=True)
    pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    assert pages == 1, f"the scoresheet prints on {pages} pages"
