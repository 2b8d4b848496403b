"""No hand lost offline: a hand entered with no connection is kept on the phone (IndexedDB), survives a
reload, and is recorded exactly once when the connection returns; a refusal is shown, never dropped."""

from playwright.sync_api import expect

from ramo_keeper import rules
from ramo_keeper.extensions import db

from .helpers import count_row, open_menu, player_panel
from .seating import hands_recorded, log_in, seat_game


def worker_controls(page) -> None:
    """Wait until the service worker is active and controls this page (a reload hands it over if needed).

    Promises are awaited through page.evaluate: wait_for_function would evaluate a string predicate,
    which the page's Content-Security-Policy (no 'unsafe-eval') refuses.
    """
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("() => navigator.serviceWorker.controller !== null"):
        page.reload()
    assert page.evaluate("() => navigator.serviceWorker.controller !== null"), "no service worker controls the page"


def pick(page, player: str, category: str, count: int) -> None:
    block = player_panel(page, player)
    count_row(block, category).get_by_role("radio", name=str(count), exact=True).tap()


def enter_hand(page) -> None:
    """Sofia goes out (−50); Bo holds three low cards (15); Cy two high cards (20)."""
    player_panel(page, "Sofia").get_by_role("radio", name="Went out").tap()
    pick(page, "Bo", "Cards 1–9", 3)
    pick(page, "Cy", "Cards 10–13", 2)


def record_from_another_phone(app, game_id: int, out_id: int) -> None:
    from ramo_keeper.games import service
    from ramo_keeper.games.stored import load_game

    with app.app_context():
        game = load_game(game_id)
        hand = rules.HandInput(tuple(rules.PlayerResult(s.player_id, {}, {"went_out"} if s.player_id == out_id else ())
                                     for s in game.seats))
        service.record_hand(game_id, None, hand, "other-phone", 1)
        db.session.commit()


def test_a_hand_entered_offline_survives_a_reload_and_is_recorded_exactly_once(page, live_server, app, context):
    game_id, ids = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    worker_controls(page)
    context.set_offline(True)
    enter_hand(page)
    expect(page.locator(f"#value-{ids['Cy']}")).to_have_text("2×10 = 20")  # worked out on the phone, as online
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.locator("#outbox")).to_contain_text("Hand 1: waiting to send.")
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()  # the form moved on
    # The confirmation shows where the scorer is looking: beside the button just tapped, on screen.
    expect(page.locator(".queued-notice")).to_contain_text("hand 1 is waiting to send")
    expect(page.locator(".queued-notice")).to_be_in_viewport()
    assert hands_recorded(app, game_id) == 0

    page.reload()
    # The game was kept on the phone (a signed-in member's own game): it opens, with the hand waiting.
    expect(page.get_by_role("heading", name="No connection")).to_have_count(0)
    expect(page.locator("#outbox")).to_contain_text("Hand 1: waiting to send.")

    context.set_offline(False)
    # Totals −50, 15, 20: Cy has the highest and deals hand 2.
    expect(page.get_by_role("heading", name="Hand 2: Cy deals")).to_be_visible(timeout=15_000)
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["-50", "15", "20"])
    expect(page.locator("#outbox")).to_be_hidden()
    page.reload()
    expect(page.locator(".hand-grid tbody tr")).to_have_count(1)
    assert hands_recorded(app, game_id) == 1


def test_a_hand_someone_else_recorded_meanwhile_is_shown_as_refused_not_dropped(page, live_server, app, context):
    game_id, ids = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    worker_controls(page)
    context.set_offline(True)
    enter_hand(page)
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.locator("#outbox")).to_contain_text("Hand 1: waiting to send.")
    record_from_another_phone(app, game_id, ids["Bo"])

    context.set_offline(False)
    refused = page.locator("#outbox li.refused")
    expect(refused).to_contain_text("Hand 1 was not recorded: Hand 1 was already recorded", timeout=15_000)
    assert hands_recorded(app, game_id) == 1
    page.reload()
    expect(page.locator("#outbox li.refused")).to_be_visible()  # still there after a reload
    page.locator("#outbox").get_by_role("button", name="Dismiss").tap()
    expect(page.locator("#outbox")).to_be_hidden()
    assert hands_recorded(app, game_id) == 1


def test_two_hands_entered_offline_are_sent_in_order(page, live_server, app, context):
    game_id, ids = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    worker_controls(page)
    context.set_offline(True)
    enter_hand(page)
    page.get_by_role("button", name="Record hand 1").tap()
    # Hand 2: Bo goes out (−50), Sofia holds one low card (5), Cy one high card (10).
    player_panel(page, "Bo").get_by_role("radio", name="Went out").tap()
    pick(page, "Sofia", "Cards 1–9", 1)
    pick(page, "Cy", "Cards 10–13", 1)
    page.get_by_role("button", name="Record hand 2").tap()
    # Each with the scores the form showed for it.
    expect(page.locator("#outbox li")).to_have_text(["Hand 1: waiting to send. Sofia -50 · Bo +15 · Cy +20",
                                                     "Hand 2: waiting to send. Sofia +5 · Bo -50 · Cy +10"])
    context.set_offline(False)
    # Sofia −50 + 5 = −45, Bo 15 − 50 = −35, Cy 20 + 10 = 30.
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["-45", "-35", "30"], timeout=15_000)
    expect(page.locator(".hand-grid tbody tr")).to_have_count(2)
    assert hands_recorded(app, game_id) == 2


def test_after_a_reload_with_no_signal_the_game_goes_on_and_its_hand_is_recorded_once(page, live_server, app, context):
    # Issue 20's story: the game page was open, the signal drops, the phone reloads the page. The game
    # is still there (kept on the phone for a signed-in member's own game), the next hand is entered and
    # queued, and recorded exactly once when the signal returns. Totals −50, 15, 20 as above.
    game_id, ids = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    worker_controls(page)
    page.reload()  # the page as the service worker saw it, now kept
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", name="No connection")).to_have_count(0)
    enter_hand(page)
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.locator(".queued-notice")).to_be_in_viewport()
    expect(page.locator("#outbox")).to_contain_text("Hand 1: waiting to send.")
    # The installed app opened with no signal lands on the last game, not on "No connection".
    page.goto(f"{live_server}/")
    # The page it kept goes on after the hand waiting on the phone.
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    expect(page.get_by_role("heading", name="Hand 2: the deal shows once the waiting hands are sent.")).to_be_visible()
    assert hands_recorded(app, game_id) == 0

    context.set_offline(False)
    page.goto(f"{live_server}/games/{game_id}")
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["-50", "15", "20"], timeout=15_000)
    page.reload()
    expect(page.locator(".hand-grid tbody tr")).to_have_count(1)
    assert hands_recorded(app, game_id) == 1
    # Logging out clears what the phone kept.
    open_menu(page)
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    assert page.evaluate("() => caches.has('ramo-games')") is False
