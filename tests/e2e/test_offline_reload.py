"""Offline, a reload opens the game kept on the phone, and the page is built from the hands waiting on
it: the next hand number after them, a key of its own, their totals shown as waiting. Each hand is then
recorded exactly once and in order when the signal returns (issue "No data lost, round two", item 4).
"""

import re

from playwright.sync_api import expect

from .conftest import HeldAnswer
from .helpers import player_panel
from .seating import PASSWORD, hands_recorded, log_in, seat_game
from .test_kept_on_the_phone import CACHED_PAGES_WITH, the_workers_copy_of
from .test_offline import enter_hand, pick, record_from_another_phone, worker_controls

# The hands waiting in the outbox (static/js/outbox.js), oldest first: their numbers and keys.
QUEUED = """async () => {
  const db = await new Promise((ok, fail) => {
    const r = indexedDB.open('ramo-keeper'); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
  const items = await new Promise((ok) => {
    const r = db.transaction('outbox').objectStore('outbox').getAll(); r.onsuccess = () => ok(r.result); });
  db.close();
  return items.sort((a, b) => a.id - b.id).map(i => {
    const posted = new URLSearchParams(i.body);
    return [i.handNumber, posted.get('hand_number'), i.key, posted.get('idempotency_key')];
  });
}"""


def enter_second_hand(page) -> None:
    """Bo goes out (−50); Sofia holds one low card (5), Cy one high card (10)."""
    player_panel(page, "Bo").get_by_role("radio", name="Went out").tap()
    pick(page, "Sofia", "Cards 1–9", 1)
    pick(page, "Cy", "Cards 10–13", 1)


def queued_once_each_in_order(page) -> None:
    """Hands 1 and 2 wait with those numbers (in the body the server checks) and two different keys."""
    (first, first_posted, first_key, first_key_posted), (second, second_posted, second_key, second_key_posted) = \
        page.evaluate(QUEUED)
    assert (first, first_posted, second, second_posted) == (1, "1", 2, "2")
    assert first_key == first_key_posted and second_key == second_key_posted and first_key != second_key


def scores(*numbers: str) -> list:
    """A grid row's cells: each score, then perhaps a mark (the player out laid down)."""
    return [re.compile(rf"^{n}(\s|$)") for n in numbers]


def both_hands_recorded_in_order(page, app, game_id: int) -> None:
    # Sofia −50 + 5 = −45, Bo 15 − 50 = −35, Cy 20 + 10 = 30.
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["-45", "-35", "30"], timeout=15_000)
    rows = page.locator(".hand-grid tbody tr")
    expect(rows).to_have_count(2)
    # Hand 1 as typed first (Sofia out), hand 2 as typed second (Bo out): the cells start with the scores.
    expect(rows.nth(0).locator("td.num")).to_have_text(scores("-50", "15", "20"))
    expect(rows.nth(1).locator("td.num")).to_have_text(scores("5", "-50", "10"))
    expect(page.locator("#outbox")).to_be_hidden()
    assert hands_recorded(app, game_id) == 2


def kept_copy_shows(page, text: str) -> None:
    """Wait (up to 30 s) until the service worker's copy of the game holds `text`. The worker keeps it after
    its install has stored a dozen pages and files: on two cores busy with the whole suite on PostgreSQL that
    once took more than 10 s. A wait, not a measure: it returns as soon as the copy is there."""
    for _ in range(120):
        if any("/games/" in url for url in page.evaluate(CACHED_PAGES_WITH(text))):
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the game kept on the phone never showed {text!r}")


def opens_hand_1_with_no_signal(page, context) -> None:
    """A reload with no signal opens the game kept on the phone at hand 1, not "No connection"."""
    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", name="No connection")).to_have_count(0)
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    context.set_offline(False)


def test_record_reload_record(page, live_server, app, context):
    game_id, ids = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    worker_controls(page)
    context.set_offline(True)
    enter_hand(page)
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.locator("#outbox")).to_contain_text("Hand 1: waiting to send.")

    page.reload()
    # The copy kept from before hand 1 was typed goes on after it: hand 2, its totals shown as waiting.
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    expect(page.get_by_role("button", name="Record hand 1")).to_have_count(0)
    expect(page.locator("#outbox li")).to_have_text(["Hand 1: waiting to send. Sofia -50 · Bo +15 · Cy +20"])
    totals = page.locator("#outbox .outbox-totals")
    expect(totals).to_have_text("Totals with the waiting hands: Sofia -50 · Bo 15 · Cy 20")
    # The deal shown was hand 1's, already played: the heading says which hand is next instead.
    expect(page.get_by_role("heading", name="Hand 2: the deal shows once the waiting hands are sent.")).to_be_visible()
    expect(page.get_by_role("heading", name="Hand 1: Sofia deals")).to_be_hidden()
    expect(page.locator(".scoreboard").get_by_text("deals", exact=True)).to_be_hidden()
    enter_second_hand(page)
    page.get_by_role("button", name="Record hand 2").tap()
    expect(page.locator("#outbox li")).to_contain_text(["Hand 1: waiting to send.", "Hand 2: waiting to send."])
    expect(totals).to_have_text("Totals with the waiting hands: Sofia -45 · Bo -35 · Cy 30")
    expect(page.get_by_role("button", name="Record hand 3")).to_be_visible()
    queued_once_each_in_order(page)
    assert hands_recorded(app, game_id) == 0

    context.set_offline(False)
    both_hands_recorded_in_order(page, app, game_id)
    expect(page.get_by_role("heading", name="Hand 3: Cy deals")).to_be_visible()
    expect(page.locator(".scoreboard").get_by_text("deals", exact=True)).to_be_visible()
    expect(page.locator(".taken-notice")).to_be_hidden()

    # The copy kept on the phone follows the hands sent from the outbox: a later reload with no signal
    # offers hand 3, not hand 1 again.
    kept_copy_shows(page, 'data-next-hand="3"')
    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("button", name="Record hand 3")).to_be_visible()
    expect(page.locator("#outbox")).to_be_hidden()
    context.set_offline(False)


def log_in_without_opening_a_page(context, base: str) -> None:
    """Ana's session cookie is on the phone, but the browser has loaded no page of the app yet."""
    login = context.request.get(base + "/login")
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', login.text()).group(1)
    answer = context.request.post(base + "/login", form={"csrf_token": token, "username": "Ana", "password": PASSWORD})
    assert answer.ok and "Log out" in answer.text()


def test_reload_first_when_the_game_was_the_phones_very_first_page(page, live_server, app, context):
    game_id, ids = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in_without_opening_a_page(context, live_server)
    page.goto(f"{live_server}/games/{game_id}")  # the service worker installs while this page shows
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    kept_copy_shows(page, 'data-next-hand="1"')

    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", name="No connection")).to_have_count(0)
    enter_hand(page)
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.locator("#outbox li")).to_have_count(1)
    enter_second_hand(page)
    page.get_by_role("button", name="Record hand 2").tap()
    expect(page.locator("#outbox li")).to_have_count(2)
    page.reload()
    expect(page.locator("#outbox li")).to_contain_text(["Hand 1: waiting to send.", "Hand 2: waiting to send."])
    expect(page.get_by_role("button", name="Record hand 3")).to_be_visible()
    queued_once_each_in_order(page)

    context.set_offline(False)
    both_hands_recorded_in_order(page, app, game_id)


def game_version(app, game_id: int) -> int:
    from ramo_keeper.extensions import db
    from ramo_keeper.models import Game

    with app.app_context():
        return db.session.get(Game, game_id).version


def test_a_refusal_says_what_happened_and_the_hands_behind_it_keep_their_numbers(page, live_server, app, context):
    game_id, ids = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    worker_controls(page)
    context.set_offline(True)
    enter_hand(page)
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    enter_second_hand(page)
    page.get_by_role("button", name="Record hand 2").tap()
    expect(page.locator("#outbox li")).to_have_count(2)
    page.reload()
    # Meanwhile another phone records hand 1 (Bo out: Sofia 0, Bo −50, Cy 0).
    record_from_another_phone(app, game_id, ids["Bo"])
    # Hand 3 is being typed here when the signal returns.
    player_panel(page, "Sofia").get_by_role("radio", name="Went out").tap()

    context.set_offline(False)
    # The server's own reason, nothing else from its answer (not the form's hidden notices).
    expect(page.locator("#outbox li.refused [data-message]")).to_have_text(
        "Hand 1 was already recorded, perhaps from another phone: check the scoreboard before entering it again.",
        timeout=15_000)
    expect(page.locator("#outbox li.waiting")).to_contain_text("Hand 2: waiting to send.")
    # The board follows the other phone's hand (a poll); the server being one hand behind this form is
    # hand 2, waiting here: no one else "recorded this hand first".
    expect(page.locator(f'#play[data-version="{game_version(app, game_id)}"]')).to_be_attached()
    expect(page.locator(".taken-notice")).to_be_hidden()
    expect(page.get_by_role("button", name="Record hand 3: Sofia out")).to_be_visible()
    assert hands_recorded(app, game_id) == 1

    # Dismissed, hand 1 is dropped by the reader; hand 2 follows the other phone's hand 1, as hand 2.
    page.locator("#outbox li.refused").get_by_role("button", name="Dismiss").tap()
    expect(page.locator("#outbox")).to_be_hidden(timeout=15_000)
    rows = page.locator(".hand-grid tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(1).locator("td.num")).to_have_text(scores("5", "-50", "10"))
    assert hands_recorded(app, game_id) == 2


def test_a_game_opened_by_a_link_opens_after_a_reload_with_no_signal(page, live_server, app, context):
    # htmx's boosted link fetches the page itself: the service worker never sees it load as a page.
    from ramo_keeper.extensions import db
    from ramo_keeper.models import Game

    game_id, _ = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    with app.app_context():
        league_id = db.session.get(Game, game_id).league_id
    log_in(page, live_server)
    page.goto(f"{live_server}/leagues/{league_id}/games")
    worker_controls(page)
    page.get_by_role("link", name=f"Ramo #{game_id}").click()
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    expect(page).to_have_url(f"{live_server}/games/{game_id}")
    kept_copy_shows(page, 'data-next-hand="1"')
    opens_hand_1_with_no_signal(page, context)


def test_a_guest_records_offline_reloads_and_goes_on(page, live_server, app, context):
    # Issue 35, item 9: a Play-now guest's game is kept on the phone as a member's is. Before, its reload
    # with no signal opened "No connection" and the second hand could not be entered.
    page.goto(live_server + "/play")
    page.get_by_label("Ramo", exact=True).check()
    for number, name in enumerate(("Sofia", "Bo", "Cy"), start=1):
        page.get_by_label(f"Player {number}").fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    game_id = int(page.url.rsplit("/", 1)[-1])
    worker_controls(page)
    kept_copy_shows(page, 'data-next-hand="1"')

    context.set_offline(True)
    enter_hand(page)
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.locator("#outbox")).to_contain_text("Hand 1: waiting to send.")
    page.reload()
    expect(page.get_by_role("heading", name="No connection")).to_have_count(0)
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    enter_second_hand(page)
    page.get_by_role("button", name="Record hand 2").tap()
    expect(page.locator("#outbox li")).to_contain_text(["Hand 1: waiting to send.", "Hand 2: waiting to send."])
    queued_once_each_in_order(page)
    assert hands_recorded(app, game_id) == 0

    context.set_offline(False)
    both_hands_recorded_in_order(page, app, game_id)


def the_workers_store(path: str):
    """The service worker's own fetch of `path` while it installs (cache.addAll), not a page's load."""
    return lambda environ: (environ["PATH_INFO"] == path and environ.get("HTTP_SEC_FETCH_DEST") == "empty")


def test_a_game_the_worker_took_over_while_it_loaded_is_kept(page, live_server, app, context, held_answers):
    # The phone's very first visit: the worker installs (it fetches its store) while the guest starts the game.
    # It finished as the game page loaded: the page was fetched without it, yet by the time the page's scripts
    # ran the worker controlled it (clients.claim). The page took that as "the worker loaded me, so it kept
    # me", asked for no copy, and a reload with no signal opened "No connection" (seen on CI, two busy cores).
    install = HeldAnswer(the_workers_store("/offline"), at_most=30)
    held_answers.append(install)
    page.goto(live_server + "/play")
    assert install.arrived.wait(10), "the worker did not start its install"
    page.get_by_label("Ramo", exact=True).check()
    for number, name in enumerate(("Sofia", "Bo", "Cy"), start=1):
        page.get_by_label(f"Player {number}").fill(name)
    # The game page's scripts are held in the browser (a route; routing also keeps them out of its HTTP cache,
    # where the worker's install may have put them): the page's DOMContentLoaded waits for them.
    scripts, holding = [], [True]
    page.route("**/*.js", lambda route: scripts.append(route) if holding else route.continue_())
    page.get_by_role("button", name="Start the game").click()
    for _ in range(40):
        if scripts:
            break
        page.wait_for_timeout(250)
    else:
        raise AssertionError("the game page asked for no script")
    # The game page is there, its scripts not run yet: the worker finishes its install and takes the page over.
    install.release.set()
    for _ in range(120):
        if page.evaluate("() => navigator.serviceWorker.controller !== null"):
            break
        page.wait_for_timeout(250)
    else:
        raise AssertionError("the worker never took over the game page")
    holding.clear()
    for script in scripts:
        script.continue_()
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    game_id = int(page.url.rsplit("/", 1)[-1])
    kept_copy_shows(page, 'data-next-hand="1"')
    opens_hand_1_with_no_signal(page, context)

    # A page the worker did fetch (and keep) asks for no second copy: one fetch of the game per load (the
    # worker's fetch for the page itself is a navigation; a copy asked for by the page is not).
    copies = []
    asked_copy = the_workers_copy_of(f"/games/{game_id}")
    held_answers.append(HeldAnswer(lambda environ: bool(
        asked_copy(environ) and environ.get("HTTP_SEC_FETCH_MODE") != "navigate" and copies.append(environ))))
    page.reload()
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    page.wait_for_timeout(500)
    assert copies == []
