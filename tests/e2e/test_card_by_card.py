"""No mental arithmetic: in a face-value game each card held is one tap on its rank, the cards tapped
are shown, a tap on one removes it, and the form posts the same counts (the 2–9 cards as their sum).

Contract Rummy (docs/RULES.md): 2–9 cards count their face value, 10s to kings 10, aces 15, jokers 15;
the player who went out scores 0.
"""

from playwright.sync_api import expect

from .helpers import player_panel
from .seating import hands_recorded, log_in, seat_game


def test_cards_are_tapped_one_by_one_shown_removable_and_summed_with_no_typed_field(page, live_server, app):
    game_id, ids = seat_game(app, "contract", ["Ana", "Ben", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    taps = 0
    ana, ben, cy = (player_panel(page, name) for name in ("Ana", "Ben", "Cy"))
    ana.get_by_role("radio", name="Went out").tap()
    taps += 1
    # Ben holds a 5, a 7 and a king: 5 + 7 + 10 = 22, three taps.
    for key in ("5", "7", "10 J Q K"):
        ben.get_by_role("button", name=key, exact=True).tap()
        taps += 1
    expect(page.locator(f"#value-{ids['Ben']}")).to_have_text("12 + 1×10 = 22")
    expect(ben.locator(".tapped-cards button")).to_have_text(["5", "7", "10 J Q K"])
    # A mis-tap (a 9 for a 3) is removed by tapping it, then the right card tapped.
    cy.get_by_role("button", name="9", exact=True).tap()
    cy.get_by_role("button", name="Remove 9").tap()
    for key in ("3", "A", "Joker"):
        cy.get_by_role("button", name=key, exact=True).tap()
    # Cy: 3 + an ace 15 + a joker 15 = 33.
    expect(page.locator(f"#value-{ids['Cy']}")).to_have_text("3 + 1×15 + 1×15 = 33")
    # No typed field anywhere: the count boxes are out of sight.
    expect(page.locator("#hand-form .pick-number:visible")).to_have_count(0)
    page.get_by_role("button", name="Record round 1").tap()
    taps += 1
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["0", "22", "33"])
    assert hands_recorded(app, game_id) == 1
    # Ben: one tap per card held (3), with going out and Record: 5 taps for Ana and Ben.
    assert taps == 5


def test_a_key_stops_at_what_the_decks_hold(page, live_server, app):
    # Rummy is one 52-card deck (docs/RULES.md §3): four aces. Al goes out and scores the others' cards,
    # aces 1 each. Bo taps A five times: the fifth tap changes nothing, so Al scores 4.
    game_id, ids = seat_game(app, "rummy", ["Al", "Bo", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    player_panel(page, "Al").get_by_role("radio", name="Went out").tap()
    bo = player_panel(page, "Bo")
    for _ in range(5):
        bo.get_by_role("button", name="A", exact=True).tap()
    expect(bo.locator(".tapped-cards button")).to_have_text(["A"] * 4)
    expect(page.locator(f"#value-{ids['Bo']}")).to_have_text("4×1 = 4")
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["4", "0", "0"])
    assert hands_recorded(app, game_id) == 1
