"""A corrected mis-tap records the hand the scorer meant, by touch and by keyboard.

Ramo (docs/RULES.md §1): low cards 5, high cards 10, specials 20, the player who went out −50.
Bo holds 6 low, 3 high and 1 special: 6×5 + 3×10 + 1×20 = 80. The scorer taps Bo's counts, then
"went out" on Bo by mistake, then on Sofia. Bo must be stored with his 6/3/1, not laid down, and
scored 80; Sofia −50; Cy, who holds nothing and laid down, 0.
"""

from playwright.sync_api import expect

from ramo_keeper.accounts.service import issue_token
from ramo_keeper.extensions import db

from .helpers import count_row, player_panel
from .seating import log_in, seat_game

BO_COUNTS = {"Cards 1–9": "6", "Cards 10–13": "3", "Special cards": "1"}


def _stored_hand(app, game_id: int) -> dict:
    """Hand 1 as the JSON API gives it, by player name, read with the owner's token."""
    from ramo_keeper.models import User

    with app.app_context():
        token = issue_token(db.session.scalar(db.select(User).filter_by(username="Ana")))
        db.session.commit()
    game = app.test_client().get(f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).get_json()
    names = {p["player_id"]: p["name"] for p in game["players"]}
    return {names[r["player_id"]]: r for r in game["hands"][0]["results"]}


def _check(app, game_id: int) -> None:
    hand = _stored_hand(app, game_id)
    assert hand["Bo"]["cards"] == {"low": 6, "high": 3, "special": 1}
    assert hand["Bo"]["laid_down"] is False and hand["Bo"]["went_out"] is False
    assert hand["Bo"]["score"] == 80
    assert hand["Sofia"]["went_out"] is True and hand["Sofia"]["score"] == -50
    assert hand["Cy"]["score"] == 0


def test_went_out_moved_from_bo_to_sofia_by_touch_leaves_bo_as_counted(page, live_server, app):
    game_id, ids = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    bo = player_panel(page, "Bo")
    for category, count in BO_COUNTS.items():
        count_row(bo, category).get_by_role("radio", name=count, exact=True).tap()
    bo.get_by_role("radio", name="Went out").tap()  # the mis-tap
    expect(bo.get_by_role("checkbox", name="Laid down")).to_be_checked()
    player_panel(page, "Sofia").get_by_role("radio", name="Went out").tap()

    for category, count in BO_COUNTS.items():
        expect(count_row(bo, category).get_by_role("radio", name=count, exact=True)).to_be_checked()
    expect(bo.get_by_role("checkbox", name="Laid down")).not_to_be_checked()
    expect(page.locator(f"#value-{ids['Bo']}")).to_contain_text("80")
    player_panel(page, "Cy").get_by_role("checkbox", name="Laid down").tap()
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    _check(app, game_id)


def test_arrowing_through_the_went_out_group_changes_nothing_but_the_choice(page, live_server, app):
    game_id, ids = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    bo = player_panel(page, "Bo")
    for category, count in BO_COUNTS.items():
        count_row(bo, category).get_by_role("radio", name=count, exact=True).click()
    # Cy's count typed into the box, Enter pressed there: it moves on and records nothing.
    cy_box = count_row(player_panel(page, "Cy"), "Cards 1–9") \
        .get_by_role("spinbutton")
    cy_box.fill("12")
    typed_in = cy_box.get_attribute("name")
    cy_box.press("Enter")
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    focused = page.evaluate("document.activeElement && document.activeElement.name")
    # One category's keys at a time (issue 35): Enter shows the next category and its box takes the focus.
    assert focused not in (None, typed_in), "Enter did not move on to the next box"
    count_row(player_panel(page, "Cy"), "Cards 1–9").get_by_role("spinbutton").fill("")
    player_panel(page, "Cy").get_by_role("checkbox", name="Laid down").check()

    # Keyboard: focus the last player's "went out" and arrow back through Bo to Sofia. Arrow keys pass only
    # through radios on show: here every block and row shows, as in the form without the player tabs (issue 35).
    page.evaluate("""() => { document.getElementById('hand-form').classList.remove('tabbed');
      document.querySelectorAll('.by-category').forEach((b) => b.classList.remove('by-category')); }""")
    player_panel(page, "Cy").get_by_role("radio", name="Went out").focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowUp")  # Bo: the mis-step
    expect(bo.get_by_role("radio", name="Went out")).to_be_checked()
    page.keyboard.press("ArrowUp")  # Sofia
    expect(player_panel(page, "Sofia").get_by_role("radio", name="Went out")).to_be_checked()

    for category, count in BO_COUNTS.items():
        expect(count_row(bo, category).get_by_role("radio", name=count, exact=True)).to_be_checked()
    expect(bo.get_by_role("checkbox", name="Laid down")).not_to_be_checked()
    # Cy went out for a moment too: his laid-down tick (set by the scorer before) is still there.
    expect(player_panel(page, "Cy").get_by_role("checkbox", name="Laid down")).to_be_checked()
    page.get_by_role("button", name="Record hand 1").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    _check(app, game_id)

