"""Right after Record the screen shows what the hand did: each player's points, new total and place,
with no tap and no scroll, Undo beside it and the next hand's form one tap away.

Ramo (docs/RULES.md §1): low cards 5, high 10, specials 20, the player who went out −50.
Sofia goes out; Bo holds 6 low, 3 high, 1 special = 80; Cy holds nothing and laid down = 0.
Totals −50 / 80 / 0, places 1 / 3 / 2 (lowest first).
"""

from playwright.sync_api import expect

from .helpers import count_row, player_panel
from .seating import log_in, seat_game


def test_each_players_new_total_is_on_the_first_screen_right_after_record(page, live_server, app):
    game_id, _ = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    player_panel(page, "Sofia").get_by_role("radio", name="Went out").tap()
    bo = player_panel(page, "Bo")
    for category, count in {"Cards 1–9": "6", "Cards 10–13": "3", "Special cards": "1"}.items():
        count_row(bo, category).get_by_role("radio", name=count, exact=True).tap()
    player_panel(page, "Cy").get_by_role("checkbox", name="Laid down").tap()
    page.get_by_role("button", name="Record hand 1").tap()

    result = page.locator(".hand-result")
    expect(result.get_by_role("heading", name="Hand 1 recorded")).to_be_visible()
    height = page.viewport_size["height"]
    for name, points, total, place in (("Sofia", "-50", "-50", "1"), ("Bo", "+80", "80", "3"), ("Cy", "0", "0", "2")):
        row = result.locator("tbody tr").filter(has=page.get_by_role("rowheader", name=name))
        expect(row.locator("td")).to_have_text([points, total, place])
        box = row.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= height, f"{name}'s new total is off the first screen"
    undo = result.get_by_role("button", name="Undo hand 1")
    box = undo.bounding_box()
    assert box["y"] + box["height"] <= height and box["height"] >= 44
    # The deal of the next hand is said once; the next hand's form is one tap away.
    expect(page.get_by_text("Hand 2: Bo deals", exact=True)).to_have_count(1)
    result.get_by_role("button", name="Enter hand 2").tap()
    expect(page.get_by_role("button", name="Record hand 2")).to_be_in_viewport()
