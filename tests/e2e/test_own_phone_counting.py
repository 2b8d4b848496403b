"""Everyone counts their own cards (issue 21): three players tap their own counts of docs/RULES.md's
first Ramo hand on their own phones, the scorer's form fills in within 3 s, and the scorer records
the hand with two taps: who went out, and Record. Every phone then shows the result."""

import re

from playwright.sync_api import expect

from ramo_keeper.extensions import db

from .helpers import count_row, show_panel
from .seating import add_member, log_in, seat_game

# On a phone a change shows within 3 s: the page polls every 2 s (live.js PERIOD_MS; the page's own clock checks
# the period in test_polling_is_conditional_and_pauses_while_the_page_is_hidden). Here the wait is Playwright's
# usual one: on a busy test machine an answer can come later, and a late answer is not a wrong one.
WITHIN_A_POLL = 10_000
LOW, HIGH, SPECIAL = "Cards 1–9", "Cards 10–13", "Special cards (Wild, Skip, −1, x2, +3, ?)"


def phone(browser, browser_context_args):
    return browser.new_context(**browser_context_args).new_page()


def tap_count(page, category: str, count: int):
    panel = page.locator("#seat-panel")
    count_row(panel, category, exact=True).get_by_role("radio", name=str(count), exact=True).tap()


def take_seat(page, name: str):
    panel = page.locator("#seat-panel")
    if not panel.get_by_role("button", name=f"I'm {name}").is_visible():
        panel.get_by_text("Count your own cards on this phone").tap()
    panel.get_by_role("button", name=f"I'm {name}").tap()
    expect(page.get_by_role("heading", name=f"Counting for {name}")).to_be_visible()


def scorer_block(page, name: str):
    return show_panel(page, name)


def scorer_text(page, name: str):
    """The player's block, shown or not: what it says (a block counted on a phone may be off the panel)."""
    return page.locator(".player-block").filter(has=page.locator("legend", has_text=re.compile(f"^{re.escape(name)}$")))


def test_three_players_count_their_own_cards_and_the_scorer_records_with_two_taps(
        page, live_server, app, browser, browser_context_args):
    # docs/RULES.md §1, worked example, hand 1 (A B C D in seat order, A deals): D goes out; A laid
    # down and holds (3 low, 2 high, 1 special) = 15 + 20 + 20 = 55; B holds 5 low = 25; C holds
    # 1 high + 2 special = 10 + 40 = 50; D scores −50. Here Al, Bo, Cy and Di, and Di keeps the score.
    game_id, ids = seat_game(app, "ramo", ["Al", "Bo", "Cy", "Di"], owner="Dee")
    add_member(app, game_id, "Ann", role="viewer")
    add_member(app, game_id, "Ben", role="scorer")
    with app.app_context():
        from ramo_keeper.games import service

        token = service.share(game_id)
        db.session.commit()

    cy = phone(browser, browser_context_args)
    cy.goto(f"{live_server}/live/{token}")
    expect(cy.locator(".scoreboard")).to_be_visible()
    expect(cy.get_by_role("button", name="I'm Cy")).to_have_count(0)  # not until the scorer allows it

    log_in(page, live_server, "Dee")
    page.goto(f"{live_server}/games/{game_id}")
    # The scorer lets the live link's phones count (before the hand: not one of the hand's taps), and
    # the phone already on the live link offers the seats at its next poll.
    page.get_by_role("button", name="Let phones on the live link count their own cards").tap()
    expect(page.get_by_text("Phones on the live link may count their own cards.")).to_be_visible()
    expect(cy.get_by_role("button", name="I'm Cy")).to_be_visible(timeout=WITHIN_A_POLL)

    al = phone(browser, browser_context_args)
    log_in(al, live_server, "Ann")
    al.goto(f"{live_server}/games/{game_id}")
    bo = phone(browser, browser_context_args)
    log_in(bo, live_server, "Ben")
    bo.goto(f"{live_server}/games/{game_id}")

    take_seat(al, "Al")
    take_seat(bo, "Bo")
    take_seat(cy, "Cy")
    # A seat is one phone's: Bo's phone is told who holds Al's seat.
    expect(bo.locator("#seat-panel")).not_to_contain_text("I'm Al")

    scorer_taps = 0
    tap_count(al, LOW, 3)
    tap_count(al, HIGH, 2)
    tap_count(al, SPECIAL, 1)
    al.get_by_role("checkbox", name="I laid down").tap()
    expect(al.locator("[data-draft-value]")).to_have_text("55")
    expect(al.get_by_text("Sent to the scorer.")).to_be_visible()
    expect(scorer_text(page, "Al")).to_contain_text("counted by Al", timeout=WITHIN_A_POLL)

    tap_count(bo, LOW, 5)
    expect(bo.get_by_text("Sent to the scorer.")).to_be_visible()
    expect(scorer_text(page, "Bo")).to_contain_text("counted by Bo", timeout=WITHIN_A_POLL)

    tap_count(cy, HIGH, 1)
    tap_count(cy, SPECIAL, 2)
    expect(cy.locator("[data-draft-value]")).to_have_text("50")
    expect(cy.get_by_text("Sent to the scorer.")).to_be_visible()
    expect(scorer_text(page, "Cy")).to_contain_text("counted by Cy", timeout=WITHIN_A_POLL)
    expect(page.get_by_text("3 of 4 counted")).to_be_visible()

    # The scorer's form shows each player's own count, worked out on the phone.
    expect(page.locator(f"#player-{ids['Al']} .hand-score")).to_have_text("scores +55")
    expect(page.locator(f"#player-{ids['Bo']} .hand-score")).to_have_text("scores +25")
    expect(page.locator(f"#player-{ids['Cy']} .hand-score")).to_have_text("scores +50")
    expect(scorer_block(page, "Al").get_by_role("checkbox", name="Laid down")).to_be_checked()

    scorer_block(page, "Di").get_by_role("radio", name="Went out").tap()
    scorer_taps += 1
    page.get_by_role("button", name="Record hand 1").tap()
    scorer_taps += 1
    assert scorer_taps <= 2
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["55", "25", "50", "-50"])

    # Every player's phone shows the result, and a fresh entry for hand 2.
    expect(al.get_by_text("Hand 1 recorded: Al scored 55, total 55.")).to_be_visible(timeout=WITHIN_A_POLL)
    expect(bo.get_by_text("Hand 1 recorded: Bo scored 25, total 25.")).to_be_visible(timeout=WITHIN_A_POLL)
    expect(cy.get_by_text("Hand 1 recorded: Cy scored 50, total 50.")).to_be_visible(timeout=WITHIN_A_POLL)
    expect(cy.get_by_text("Your cards in hand 2")).to_be_visible()
    expect(cy.locator(".hand-grid tfoot td strong")).to_have_text(["55", "25", "50", "-50"], timeout=WITHIN_A_POLL)

    with app.app_context():
        from ramo_keeper.models import AuditEntry, HandDraft

        assert db.session.scalar(db.select(db.func.count()).select_from(HandDraft)) == 0
        audit = db.session.execute(db.select(AuditEntry).filter_by(game_id=game_id, action="counted")).scalar_one()
        by_player = {entry["player_id"]: entry["via"] for entry in audit.after["counted_by"]}
        assert by_player == {ids["Al"]: "member", ids["Bo"]: "member", ids["Cy"]: "live link"}
    for other in (al, bo, cy):
        other.context.close()


def test_the_scorers_own_tap_wins_over_a_players_draft(page, live_server, app, browser, browser_context_args):
    # Ramo, three players (docs/RULES.md §1): Al goes out (−50); the scorer taps 4 low cards for Bo
    # (4×5 = 20) although Bo's phone says 5; Cy's phone says 1 high card (10).
    game_id, ids = seat_game(app, "ramo", ["Al", "Bo", "Cy"], owner="Dee")
    add_member(app, game_id, "Ben", role="viewer")
    add_member(app, game_id, "Cat", role="viewer")
    log_in(page, live_server, "Dee")
    page.goto(f"{live_server}/games/{game_id}")
    count_row(scorer_block(page, "Bo"), LOW).get_by_role("radio", name="4", exact=True).tap()

    bo = phone(browser, browser_context_args)
    log_in(bo, live_server, "Ben")
    bo.goto(f"{live_server}/games/{game_id}")
    take_seat(bo, "Bo")
    tap_count(bo, LOW, 5)
    expect(bo.get_by_text("Sent to the scorer.")).to_be_visible()
    cy = phone(browser, browser_context_args)
    log_in(cy, live_server, "Cat")
    cy.goto(f"{live_server}/games/{game_id}")
    take_seat(cy, "Cy")
    tap_count(cy, HIGH, 1)
    expect(cy.get_by_text("Sent to the scorer.")).to_be_visible()

    expect(scorer_text(page, "Cy")).to_contain_text("counted by Cy", timeout=WITHIN_A_POLL)
    expect(page.get_by_text("2 of 3 counted")).to_be_visible()
    expect(count_row(scorer_block(page, "Cy"), HIGH).get_by_role("radio", name="1", exact=True)
           ).to_be_checked()
    # Bo's block is the scorer's: it keeps the 4 the scorer tapped.
    expect(scorer_text(page, "Bo")).not_to_contain_text("counted by Bo")
    expect(count_row(scorer_block(page, "Bo"), LOW).get_by_role("radio", name="4", exact=True)
           ).to_be_checked()

    scorer_block(page, "Al").get_by_role("radio", name="Went out").tap()
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["-50", "20", "10"])
    expect(bo.get_by_text("Hand 1 recorded: Bo scored 20, total 20.")).to_be_visible(timeout=WITHIN_A_POLL)
    with app.app_context():
        from ramo_keeper.models import AuditEntry

        audit = db.session.execute(db.select(AuditEntry).filter_by(game_id=game_id, action="counted")).scalar_one()
        assert [entry["player_id"] for entry in audit.after["counted_by"]] == [ids["Cy"]]
    for other in (bo, cy):
        other.context.close()
