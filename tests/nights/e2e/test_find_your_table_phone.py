"""Find your table on a phone at 390 px, for real: a visitor without an account opens the board's code,
taps their name and lands on their table's game, live; once the board's link is switched off, it is gone."""

from e2e.helpers import axe_violations, no_sideways_scroll
from playwright.sync_api import expect

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.games.hand_inputs import from_body
from ramo_keeper.games.service import record_hand
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import Night
from ramo_keeper.nights import service

ROSTER = ("Ana", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal")


def _night_with_a_board(app) -> tuple[int, str]:
    with app.app_context():
        user = create_user("Host", "correct horse")
        league = create_league(user, "Club")
        ids = [add_player(league, name).id for name in ROSTER]
        night = service.open_night(league, user, "Thursday", "rummy", ids, 4, 2, options={"end": "hands", "hands": 3})
        db.session.flush()
        token = service.share_board(night.id)
        db.session.commit()
        return night.id, token


def _cys_table(app, night_id: int):
    with app.app_context():
        night = db.session.get(Night, night_id)
        cy = next(row.player_id for row in night.players if row.player.name == "Cy")
        table = next(t for t in night.tables if cy in t.seats)
        return cy, table.table, table.seats.index(cy) + 1, table.game_id, list(table.seats)


def test_a_visitor_scans_the_boards_code_picks_a_name_and_follows_the_table_live(page, live_server, app):
    night_id, token = _night_with_a_board(app)
    cy, number, seat, game_id, seats = _cys_table(app, night_id)
    # The board on the room's screen shows the code and its short link; the phone opens what they say.
    page.goto(f"{live_server}/board/{token}")
    short = page.locator(".board-find strong").inner_text()
    assert short.endswith(f"/n/{token}"), short
    page.goto("http://" + short)
    expect(page.get_by_role("heading", name="Find your table")).to_be_visible()
    no_sideways_scroll(page)
    assert axe_violations(page) == []
    page.get_by_role("link", name="Cy", exact=True).click()
    expect(page.get_by_text(f"Round 1: table {number}, seat {seat}")).to_be_visible()
    expect(page.locator("#live-board")).to_be_visible()
    no_sideways_scroll(page)
    assert axe_violations(page) == []
    assert "/login" not in page.url
    # A hand at Cy's table shows up on the phone by itself (the live link's polling).
    with app.app_context():
        body = {"results": [{"player_id": seats[0], "went_out": True}]
                + [{"player_id": p, "cards": {"pips": 7}} for p in seats[1:]]}
        record_hand(game_id, None, from_body(body))
        db.session.commit()
    expect(page.locator("#live-board .deal-line")).to_contain_text("Hand 2", timeout=10_000)
    # The board's link switched off: the page is gone.
    with app.app_context():
        service.stop_board(night_id)
        db.session.commit()
    response = page.goto(page.url)
    assert response.status == 404
