"""Real-browser tests: Debian's Chromium driven by Playwright against the app served from a thread."""

import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: run `make test` (it installs Debian's chromium) "
                    "or `sudo apt-get install -y chromium`")
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--no-first-run"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # A phone held in one hand: 390 px wide.
    return {**browser_context_args, "viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
            "is_mobile": True, "has_touch": True}


@pytest.fixture
def live_server(app):
    app.config.update(SERVER_NAME=None, WTF_CSRF_ENABLED=True)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(autouse=True)
def _fail_fast(page):
    page.set_default_timeout(10_000)
