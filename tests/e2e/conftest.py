"""Real-browser tests: Debian's Chromium driven by Playwright against the app served from a thread."""

import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

# Debian's chromium-headless-shell: the same Chromium build as Debian's `chromium`, as the old headless shell
# (no browser window machinery behind the page), which is what Playwright itself runs for headless tests. It
# costs 40% less CPU than `chromium --headless` for the same tests (100 s against 60 s for 24 of them, both
# cores busy all through `make test`; issue 36). The golden images are taken with it. Lighthouse
# (test_lighthouse.py, `make audit`) still drives the full `chromium`, as Chrome's own tools expect.
CHROMIUM = shutil.which("chromium-headless-shell") or "/usr/bin/chromium-headless-shell"

# An assertion waits as long as an action does (10 s, below): on two busy cores a form's POST and the
# redirect after it can take more than Playwright's default 5 s, and a slow answer is not a wrong one.
expect.set_options(timeout=10_000)


# The tests of the service worker itself and of what it keeps. Every other browser test blocks it: each new
# context would install it and fetch its whole store (a dozen pages and files) in the background, work the
# test does not look at, which cost both cores and made slow pages slower (issue 36, a fast suite).
WITH_SERVICE_WORKER = {"test_installable.py", "test_kept_on_the_phone.py", "test_offline.py",
                       "test_offline_reload.py", "test_page_weight.py", "test_scripts_after_boosted_links.py"}


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)
            if item.fspath.basename in WITH_SERVICE_WORKER:
                # A test's own browser_context_args marker, if any, comes first and wins.
                item.add_marker(pytest.mark.browser_context_args(service_workers="allow"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium's headless shell is missing: run `make test` (it installs Debian's "
                    "chromium-headless-shell) or `sudo apt-get install -y chromium-headless-shell`")
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--no-first-run"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # A phone held in one hand: 390 px wide.
    return {**browser_context_args, "viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
            "is_mobile": True, "has_touch": True, "service_workers": "block"}


class _Gate:
    """Counts requests in flight, and refuses new ones once the test is over.

    The browser outlives the server: its page closes after the app's fixture has disposed the
    database pool, and its polls keep arriving on kept-alive connections after shutdown(). A
    request that checked a connection out then would return it to the disposed pool, and the
    connection would be collected still open. So the gate closes, the requests inside finish, and
    only then is the pool disposed.
    """

    def __init__(self, app, held: list["HeldAnswer"]):
        self.app = app
        self.held = held
        self.open = True
        self.in_flight = 0
        self.changed = threading.Condition()

    def __call__(self, environ, start_response):
        with self.changed:
            if not self.open:
                start_response("503 Service Unavailable", [("Content-Type", "text/plain"), ("Connection", "close")])
                return [b"the test is over"]
            self.in_flight += 1
        hold = next((rule for rule in self.held if rule.matches(environ)), None)
        try:
            body = self.app(environ, start_response)
        except BaseException:
            self._leave()
            raise
        return self._finish(body, hold)

    def _finish(self, body, hold: "HeldAnswer | None"):
        try:
            if hold:  # the answer is made; the browser gets none of it (not even its headers) yet
                hold.arrived.set()
                hold.release.wait(hold.at_most)
            yield from body
        finally:
            if hold:
                hold.sent.set()
            if hasattr(body, "close"):
                body.close()
            self._leave()

    def _leave(self):
        with self.changed:
            self.in_flight -= 1
            self.changed.notify_all()

    def close(self, timeout: float = 10) -> None:
        with self.changed:
            self.open = False
            self.changed.wait_for(lambda: self.in_flight == 0, timeout)


@dataclass
class HeldAnswer:
    """Requests whose answers the server makes at once but sends only when the test sets `release`
    (or after `at_most` seconds): a slow network, as slow as the test needs."""

    matches: Callable[[dict], bool]  # on the WSGI environ
    at_most: float = 15
    release: threading.Event = field(default_factory=threading.Event)
    arrived: threading.Event = field(default_factory=threading.Event)  # one is being held
    sent: threading.Event = field(default_factory=threading.Event)  # and has been sent


@pytest.fixture
def held_answers() -> list[HeldAnswer]:
    """Append a HeldAnswer to hold back the live server's answers to the requests it matches."""
    return []


@pytest.fixture
def live_server(app, held_answers):
    app.config.update(SERVER_NAME=None, WTF_CSRF_ENABLED=True)
    gate = _Gate(app, held_answers)
    server = make_server("127.0.0.1", 0, gate, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    for held in held_answers:  # a test that failed before releasing its held answers
        held.release.set()
    gate.close()
    server.shutdown()
    thread.join(5)


@pytest.fixture(autouse=True)
def _fail_fast(page):
    page.set_default_timeout(10_000)
