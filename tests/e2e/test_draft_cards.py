"""Drafts keep their cards (issue 35, item 5): Bo counts 7, 3 and a king on his own phone, and the
scorer's form shows those three cards, not their sums ("10" and "10 J Q K"); each is removable.

Contract Rummy (docs/RULES.md §0 and §2): the 2–9 cards count their face value, 10s to kings 10 each,
and the player who went out scores 0. Bo's phone says 7 + 3 + 10 = 20; the scorer takes the 3 off
(Bo had laid it down after all): 7 + 10 = 17, and keeps it so when Bo's phone adds an ace later.
Cy holds a 4: 4. Al went out: 0.
"""

import re

from playwright.sync_api import expect

from ramo_keeper.extensions import db

from .helpers import player_panel
from .seating import add_member, hands_recorded, log_in, seat_game
from .test_own_phone_counting import scorer_text

# Within a poll (live.js, every 2 s) on a phone; Playwright's usual wait here, as test_every_phone_live.py says.
WITHIN_A_POLL = 10_000


def test_the_cards_tapped_on_a_players_phone_reach_the_scorer_one_by_one_and_each_comes_off(
        page, live_server, app, browser, browser_context_args):
    game_id, ids = seat_game(app, "contract", ["Al", "Bo", "Cy"], owner="Dee")
    add_member(app, game_id, "Ben", role="viewer")
    log_in(page, live_server, "Dee")
    page.goto(f"{live_server}/games/{game_id}")

    bo = browser.new_context(**browser_context_args).new_page()
    log_in(bo, live_server, "Ben")
    bo.goto(f"{live_server}/games/{game_id}")
    panel = bo.locator("#seat-panel")
    panel.get_by_text("Count your own cards on this phone").tap()
    panel.get_by_role("button", name="I'm Bo").tap()
    expect(bo.get_by_role("heading", name="Counting for Bo")).to_be_visible()
    for key in ("7", "3", "10 J Q K"):
        panel.get_by_role("button", name=key, exact=True).tap()
    expect(panel.locator(".tapped-cards button")).to_have_text(["7", "3", "10 J Q K"])
    expect(bo.locator("[data-draft-value]")).to_have_text("20")
    expect(bo.get_by_text("Sent to the scorer.")).to_be_visible()

    block = player_panel(page, "Bo")  # the scorer's form shows one player's panel at a time: Bo's tab is tapped
    expect(scorer_text(page, "Bo")).to_contain_text("counted by Bo", timeout=WITHIN_A_POLL)
    # The three cards as Bo tapped them, each a chip that takes itself off.
    expect(block.locator(".tapped-cards button")).to_have_text(["7", "3", "10 J Q K"])
    expect(page.locator(f"#value-{ids['Bo']}")).to_have_text("10 + 1×10 = 20")
    block.get_by_role("button", name="Remove 3").tap()
    expect(block.locator(".tapped-cards button")).to_have_text(["7", "10 J Q K"])
    expect(page.locator(f"#value-{ids['Bo']}")).to_have_text("7 + 1×10 = 17")

    # The scorer's own tap wins: Bo taps an ace on his phone after all, and the scorer's form, once its
    # poll has brought that draft (seen as it arrives, not waited for), keeps the scorer's cards.
    # (Read on the way down to the page, before drafts.js may move the fresh block into the form.)
    page.evaluate("""id => { window.draftsSeen = [];
        window.addEventListener("ramo:play-fresh", event => {
          const fresh = event.detail.fresh.querySelector("#player-" + id);
          window.draftsSeen.push(fresh ? fresh.dataset.draft : null); }, true); }""", ids["Bo"])
    version = block.get_attribute("data-draft")
    panel.get_by_role("button", name="A", exact=True).tap()
    expect(panel.locator(".tapped-cards button")).to_have_text(["7", "3", "10 J Q K", "A"])
    page.wait_for_function("v => window.draftsSeen.some(seen => seen && seen !== v)", arg=version,
                           timeout=10_000)
    expect(block.locator(".tapped-cards button")).to_have_text(["7", "10 J Q K"])
    expect(page.locator(f"#value-{ids['Bo']}")).to_have_text("7 + 1×10 = 17")

    player_panel(page, "Al").get_by_role("radio", name="Went out").tap()
    player_panel(page, "Cy").get_by_role("button", name="4", exact=True).tap()
    expect(block.locator(".hand-score")).to_have_text("scores +17")
    # Contract says round (issue 35, item 6); the button adds who went out: "Record round 1: Al out".
    page.get_by_role("button", name=re.compile(r"^Record round 1")).tap()
    expect(page.get_by_role("button", name=re.compile(r"^Record round 2"))).to_be_visible()
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["0", "17", "4"])
    assert hands_recorded(app, game_id) == 1
    with app.app_context():
        from ramo_keeper.models import HandResult

        rows = db.session.execute(db.select(HandResult.player_id, HandResult.cards, HandResult.score)).all()
    by_player = {player_id: (cards, score) for player_id, cards, score in rows}
    assert by_player[ids["Bo"]][1] == 17
    assert {k: v for k, v in by_player[ids["Bo"]][0].items() if v} == {"pips": 7, "tens": 1}
    bo.context.close()
