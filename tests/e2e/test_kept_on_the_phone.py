"""What the phone keeps of a game for no signal (issue 20): the games of whoever records on this phone,
a signed-in member's or a Play-now guest's (issue 35), and nothing once they log out (or, for a guest, once
an account logs in on the phone). Reopened with no signal, any other game is "No connection".
"""

from playwright.sync_api import expect

from .conftest import HeldAnswer
from .helpers import open_menu
from .seating import log_in, seat_game
from .test_offline import enter_hand, worker_controls

# Every URL in every cache of Cache Storage that holds a game page.
KEPT_GAMES = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) urls.push(request.url);
  }
  return urls.filter(u => u.includes('/games/') || u.endsWith('/__last-game'));
}"""

def CACHED_PAGES_WITH(text: str) -> str:  # noqa: N802 (a script, as WEB_STORAGE_WITH below)
    """The URLs of every response in Cache Storage whose body holds `text`."""
    return f"""async () => {{
      const found = [];
      for (const name of await caches.keys()) {{
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {{
          const response = await cache.match(request);
          if ((await response.text()).includes({text!r})) found.push(request.url);
        }}
      }}
      return found;
    }}"""


def pages_kept_with(page, text: str) -> list[str]:
    """CACHED_PAGES_WITH, once the service worker has had up to 10 s to refresh its copies."""
    for _ in range(20):
        found = page.evaluate(CACHED_PAGES_WITH(text))
        if not found:
            break
        page.wait_for_timeout(500)
    return found


def WEB_STORAGE_WITH(text: str) -> str:  # noqa: N802 (a script, named as the constants above)
    """The keys of localStorage and sessionStorage whose value holds `text` (a player's name)."""
    return f"""() => [localStorage, sessionStorage].flatMap(store => Object.keys(store)
      .filter(key => (store.getItem(key) || '').includes({text!r})))"""


def kept_game_after_a_signal_drop(page, url: str) -> bool:
    """Reopen `url` with no signal: is the game there, or the offline page?"""
    page.context.set_offline(True)
    try:
        page.goto(url)
        offline = page.get_by_role("heading", name="No connection")
        game = page.get_by_role("button", name="Record hand 2")
        expect(offline.or_(game)).to_be_visible()
        kept = game.is_visible()
    except BaseException:
        page.context.set_offline(False)
        raise
    if kept:
        page.context.set_offline(False)
    else:
        # The offline page reloads itself when the signal returns. Let that reload land, or it races
        # the test's next page (or the browser closing at the end of the test).
        with page.expect_navigation():
            page.context.set_offline(False)
        expect(offline).to_have_count(0)
    return kept


def settle(page, shown: str = "<span data-hand-number>2</span>") -> None:
    """The page asks the service worker for a fresh copy after a hand: wait until the kept game shows `shown`
    (by default, the form of hand 2). Up to 30 s: on two busy cores the worker's install, a dozen pages and
    files, can come first; it returns as soon as the copy is there."""
    path = page.evaluate("() => location.pathname")
    for _ in range(120):
        if any(url.endswith(path) for url in page.evaluate(CACHED_PAGES_WITH(shown))):
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the worker kept no copy of {path} showing {shown!r}")


def last_keep_settled(page) -> None:
    """The service worker is done with the last copy it was asked to keep, kept or dropped (sw.js's lastKeep)."""
    workers = page.context.service_workers
    assert workers, "no service worker runs for this page"
    workers[-1].evaluate("() => self.lastKeep")


def test_a_guests_game_is_kept_until_an_account_logs_in_on_the_phone(page, live_server, app):
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.extensions import db

    with app.app_context():
        create_user("Ana", "correct horse")
        db.session.commit()
    page.goto(live_server + "/play")
    page.get_by_label("Ramo", exact=True).check()
    for number, name in enumerate(("Sofia", "Bo", "Cy"), start=1):
        page.get_by_label(f"Player {number}").fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("button", name="Record hand 1")).to_be_attached()
    game_url = page.url
    worker_controls(page)
    page.reload()
    enter_hand(page)
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.get_by_role("button", name="Record hand 2")).to_be_attached()
    settle(page)
    # Kept as a member's game is (issue 35): the guest plays on with no signal.
    assert {u.rsplit("/", 1)[-1] for u in page.evaluate(KEPT_GAMES)} == {"__last-game", game_url.rsplit("/", 1)[-1]}
    assert kept_game_after_a_signal_drop(page, game_url) is True
    # htmx's boosted links keep no copy of a guest's pages in sessionStorage for Back.
    page.goto(game_url)
    open_menu(page)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Rules", exact=True).click()
    expect(page.get_by_role("heading", name="Rules and levels")).to_be_visible()
    assert page.evaluate(WEB_STORAGE_WITH("Sofia")) == []

    # An account logging in on this phone: the guest's game is no longer kept for it.
    open_menu(page)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Log in").click()
    page.get_by_label("Name").fill("Ana")
    page.get_by_label("Password").fill("correct horse")
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("body > header").get_by_role("link", name="Ana")).to_be_visible()
    assert page.evaluate(KEPT_GAMES) == []
    assert kept_game_after_a_signal_drop(page, live_server + "/") is False


def test_logging_out_clears_the_members_kept_game(page, live_server, app):
    game_id, _ = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    game_url = f"{live_server}/games/{game_id}"
    log_in(page, live_server)
    page.goto(game_url)
    worker_controls(page)
    page.reload()
    enter_hand(page)
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.get_by_role("button", name="Record hand 2")).to_be_attached()
    settle(page)
    # Kept while Ana is logged in: the game's page and the last game opened.
    assert {u.rsplit("/", 1)[-1] for u in page.evaluate(KEPT_GAMES)} == {"__last-game", str(game_id)}
    assert kept_game_after_a_signal_drop(page, game_url) is True

    page.goto(game_url)
    # A boosted link: htmx keeps a copy of the game in sessionStorage for Back.
    open_menu(page)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Rules", exact=True).click()
    expect(page).to_have_url(f"{live_server}/rules")
    page.go_back()
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    # The rules and the offline page were kept as Ana saw them: her name in the menu.
    page.goto(live_server + "/rules")
    ana_in_the_menu = ">Ana</a>"
    assert pages_kept_with(page, ana_in_the_menu)
    open_menu(page)
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    assert page.evaluate(KEPT_GAMES) == []
    assert page.evaluate(WEB_STORAGE_WITH("Sofia")) == []
    assert kept_game_after_a_signal_drop(page, game_url) is False
    assert kept_game_after_a_signal_drop(page, live_server + "/") is False
    # Nothing kept on the phone names her any more, and the rules still open with no signal.
    assert pages_kept_with(page, ana_in_the_menu) == []
    page.context.set_offline(True)
    try:
        page.goto(live_server + "/rules")
        expect(page.get_by_role("heading", name="Rules and levels")).to_be_visible()
        open_menu(page)
        expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Log in")).to_be_visible()
    finally:
        page.context.set_offline(False)


def the_workers_copy_of(path: str):
    """The service worker's own fetch of a game page (its copy for no signal), not the page's load."""
    return lambda environ: (environ["PATH_INFO"] == path and environ["REQUEST_METHOD"] == "GET"
                            and environ.get("HTTP_SEC_FETCH_DEST") == "empty"
                            and "HTTP_HX_REQUEST" not in environ)


def test_a_copy_still_on_its_way_at_logout_is_not_kept(page, live_server, app, held_answers):
    # The worker fetches a fresh copy of the game after each hand. On a slow network that copy can
    # arrive after the member has logged out; it must not put the game back on the phone.
    game_id, _ = seat_game(app, "ramo", ["Sofia", "Bo", "Cy"])
    game_path = f"/games/{game_id}"
    log_in(page, live_server)
    page.goto(live_server + game_path)
    worker_controls(page)
    page.reload()
    expect(page.get_by_role("button", name="Record hand 1")).to_be_visible()
    late_copy = HeldAnswer(the_workers_copy_of(game_path))
    held_answers.append(late_copy)
    page.evaluate("(path) => navigator.serviceWorker.controller.postMessage({type: 'keep-game', path})",
                  game_path)
    assert late_copy.arrived.wait(10), "the worker did not ask for a fresh copy"

    open_menu(page)
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    late_copy.release.set()  # the copy, made while she was logged in, reaches the phone now
    assert late_copy.sent.wait(10)
    last_keep_settled(page)  # the worker has handled the late copy: had it kept it, it would show now

    assert page.evaluate(KEPT_GAMES) == []
    assert kept_game_after_a_signal_drop(page, live_server + "/") is False
    assert kept_game_after_a_signal_drop(page, live_server + game_path) is False
