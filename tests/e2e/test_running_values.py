"""The hand form works out each player's score for the hand on the phone, as it will count, and the
Record button says what it will record. No request is made per tap.

Rummy (docs/RULES.md): the player who goes out scores the others' cards (10s to kings 10, aces 1),
doubled when they went rummy. Ramo: the player who went out scores −50.
"""

from playwright.sync_api import expect

from .helpers import count_row, player_panel
from .seating import hands_recorded, log_in, seat_game


def _pick(block, category: str, count: str) -> None:
    count_row(block, category).get_by_role("radio", name=count, exact=True).tap()


def _keys(block, *keys: str) -> None:
    """One tap per card held, on its key (face-value games enter cards one by one)."""
    for key in keys:
        block.get_by_role("button", name=key, exact=True).tap()


def test_rummy_winner_shows_the_pot_and_record_says_who_went_out_with_no_request_per_tap(page, live_server, app):
    game_id, _ = seat_game(app, "rummy", ["Al", "Bea", "Cal"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    posted = []
    page.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    al, bea, cal = (player_panel(page, name) for name in ("Al", "Bea", "Cal"))
    record = page.locator("#hand-form button[type=submit]")
    expect(record).to_have_text("Record hand 1", use_inner_text=True)
    al.get_by_role("radio", name="Went out").tap()
    expect(record).to_have_text("Record hand 1: Al out", use_inner_text=True)
    # Fast taps, no waiting between them: Bea 1 ten + 1 ace = 11, Cal 2 tens = 20.
    _keys(bea, "10 J Q K", "A")
    _keys(cal, "10 J Q K", "10 J Q K", "10 J Q K")
    cal.get_by_role("button", name="Remove 10 J Q K").first.tap()
    expect(bea.locator(".hand-score")).to_have_text("scores 0")
    expect(al.locator(".hand-score")).to_have_text("scores +31")
    page.get_by_role("switch", name="went rummy").tap()
    expect(al.locator(".hand-score")).to_have_text("scores +62")
    assert posted == [], f"taps made requests: {posted}"
    bea.get_by_role("radio", name="Went out").tap()
    expect(record).to_have_text("Record hand 1: Bea out", use_inner_text=True)
    al.get_by_role("radio", name="Went out").tap()
    record.tap()
    expect(page.locator(".hand-result")).to_contain_text("+62")
    assert hands_recorded(app, game_id) == 1


def test_ramos_out_player_shows_minus_50_not_the_empty_hand(page, live_server, app):
    game_id, _ = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    sofia, bo = player_panel(page, "Sofia"), player_panel(page, "Bo")
    sofia.get_by_role("radio", name="Went out").tap()
    _pick(bo, "Cards 1–9", "6")
    _pick(bo, "Cards 10–13", "3")
    _pick(bo, "Special cards", "1")
    expect(sofia.locator(".hand-score")).to_have_text("scores -50")
    expect(bo.locator(".hand-score")).to_have_text("scores +80")
    expect(page.locator("#hand-form button[type=submit]")).to_have_text("Record hand 1: Sofia out", use_inner_text=True)


def test_manipulation_undercut_is_worked_out_on_the_phone(page, live_server, app):
    # docs/RULES.md (Manipulation): the lowest hand wins the differences; beating the knocker adds the
    # undercut bonus (10); a knock needs 5 points or less. Al knocks holding five aces (5 × 1 = 5); Bea holds
    # three aces (3) and undercuts: she scores 5 − 3 = 2, plus 10 = 12; Al scores 0.
    game_id, _ = seat_game(app, "manipulation", ["Al", "Bea"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    al, bea = player_panel(page, "Al"), player_panel(page, "Bea")
    al.get_by_role("radio", name="Knocked").tap()
    _keys(al, *["A"] * 5)
    _keys(bea, *["A"] * 3)
    expect(bea.locator(".hand-score")).to_have_text("scores +12")
    expect(al.locator(".hand-score")).to_have_text("scores 0")
    record = page.locator("#hand-form button[type=submit]")
    expect(record).to_have_text("Record hand 1: Al knocked", use_inner_text=True)
    record.tap()
    expect(page.locator(".hand-result")).to_contain_text("+12")
