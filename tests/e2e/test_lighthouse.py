"""Lighthouse's accessibility score is 100 on the hand forms of all six games, light and dark.

Two checks. Lighthouse's accessibility category is axe-core run with Lighthouse's own options (its gatherer,
core/gather/gatherers/accessibility.js: the wcag2a and wcag2aa rules, some switched on or off); a page
scores 100 when none of them finds a violation. So every hand form, light and dark, is checked with those
options in the suite's own browser (one page, twelve looks, seconds), and Lighthouse itself runs twice in
`make test` (each mode once, on the forms with the most kinds of control), to show that the two agree. All
twelve Lighthouse runs: `RAMO_LIGHTHOUSE_ALL=1` or `make audit` (issue 36: each Lighthouse run costs both
cores about 20 s).

The pinned Lighthouse (`make test` and `make audit` install lighthouse@12.8.2 from the npm registry into
the git-ignored .audit/; this test installs it there too when it is missing) runs its accessibility
category only, on Debian's Chromium, against one seeded server for the module
(scripts/lighthouse_audit.py: a member's game page of each game, at the fewest players it takes, where a
player's boxes sit at the foot of the first screen under the sticky Record bar). Marked slow. Without npm
it cannot be installed, and the test says so as it skips.

The database does not change what Lighthouse measures: on the PostgreSQL half of CI it is skipped.
"""

import logging
import os
import re
import shutil
import subprocess  # nosec B404: installs and runs the pinned Lighthouse
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from ramo_keeper import create_app, rules
from scripts import lighthouse_audit
from scripts.screenshots import seed

from .helpers import AXE

ROOT = Path(__file__).resolve().parent.parent.parent
VERSION = re.search(r"^LIGHTHOUSE_VERSION := (\S+)$", (ROOT / "Makefile").read_text(), re.M).group(1)

pytestmark = [
    pytest.mark.slow,
    # Its own group, not the Playwright tests' "browser" one: Lighthouse starts its own Chromium and scores
    # what the page is, not how fast it answers, so its five minutes run beside the browser tests instead of
    # adding to their one-at-a-time queue.
    pytest.mark.xdist_group("lighthouse"),
    pytest.mark.skipif(os.environ.get("DATABASE_URL", "").startswith("postgres"),
                       reason="Lighthouse runs on SQLite only: the database does not change the page"),
]


@pytest.fixture(scope="module")
def lighthouse() -> Path:
    binary = lighthouse_audit.LIGHTHOUSE
    installed = ROOT / ".audit" / f"lighthouse-{VERSION}"
    if binary.exists() and (installed.exists() or "LIGHTHOUSE" in os.environ):
        return binary
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip(f"LIGHTHOUSE NOT RUN: npm is missing, so lighthouse@{VERSION} cannot be installed into .audit/ "
                    "(install Node.js and npm, then `make test`)")
    installed.parent.mkdir(exist_ok=True)
    subprocess.run([npm, "install", "-E", "--no-audit", "--no-fund", "--prefix", ".", f"lighthouse@{VERSION}"],  # nosec B603
                   cwd=installed.parent, check=True, timeout=600, capture_output=True)
    installed.touch()
    return binary


@pytest.fixture(scope="module")
def hand_forms(tmp_path_factory, lighthouse):
    """One server on a seeded SQLite file: each game's hand form, and the member's cookie."""
    workdir = tmp_path_factory.mktemp("lighthouse")
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{workdir / 'audit.sqlite3'}", "SECRET_KEY": "audit",
                      "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000"})
    games = lighthouse_audit.new_games(app, seed(app))
    member = {"Cookie": lighthouse_audit.session_cookie(app, "Ana", "correct horse")}
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    yield workdir, [(f"hand form ({key})", f"{base}/games/{games[key]}", member) for key in sorted(games)]
    server.shutdown()
    thread.join(5)
    with app.app_context():
        from ramo_keeper.extensions import db

        db.engine.dispose()


# Lighthouse's options for axe.run, as its accessibility gatherer passes them (lighthouse 12.8.2).
LIGHTHOUSE_AXE_RULES = {
    "accesskeys": True, "area-alt": False, "aria-allowed-role": True, "aria-braille-equivalent": False,
    "aria-conditional-attr": True, "aria-deprecated-role": True, "aria-dialog-name": True,
    "aria-prohibited-attr": True, "aria-roledescription": False, "aria-treeitem-name": True, "aria-text": True,
    "audio-caption": False, "blink": False, "duplicate-id": False, "empty-heading": True,
    "frame-focusable-content": False, "frame-title-unique": False, "heading-order": True,
    "html-xml-lang-mismatch": True, "identical-links-same-purpose": True, "image-redundant-alt": True,
    "input-button-name": True, "label-content-name-mismatch": True, "landmark-one-main": True,
    "link-in-text-block": True, "marquee": False, "meta-viewport": True, "nested-interactive": False,
    "no-autoplay-audio": False, "role-img-alt": False, "scrollable-region-focusable": False, "select-name": True,
    "server-side-image-map": False, "skip-link": True, "summary-name": False, "svg-img-alt": False,
    "tabindex": True, "table-duplicate-name": True, "table-fake-caption": True, "target-size": True,
    "td-has-header": True,
}
# The two Lighthouse runs of `make test`: each mode once, on a form with card keys and the went-rummy switch,
# and on one with counts, skips and wilds.
SAMPLED = {("hand form (rummy)", "light"), ("hand form (phase10)", "dark")}


def test_lighthouses_own_gatherer_options_find_nothing_on_any_hand_form_light_or_dark(page, app, live_server):
    from .seating import log_in, seat_game

    game_id, _ = seat_game(app, "ramo", ["Sofia", "Bo", "Cy", "Di"])
    games = lighthouse_audit.new_games(app, game_id)
    assert sorted(games) == sorted(rules.VARIANTS)
    log_in(page, live_server)
    found = []
    for key, game in sorted(games.items()):
        for scheme in ("light", "dark"):
            # Set before the page loads, as Lighthouse's Chromium has it: no colour is caught mid-transition.
            page.emulate_media(color_scheme=scheme)
            page.goto(f"{live_server}/games/{game}")
            page.evaluate(AXE.read_text(encoding="utf-8"))
            result = page.evaluate(
                "rules => axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}, rules})",
                {rule: {"enabled": on} for rule, on in LIGHTHOUSE_AXE_RULES.items()})
            assert len(result["passes"]) > 10, "axe did not check the page"
            found += [(key, scheme, v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
    assert found == []


def test_every_games_hand_form_scores_100_for_accessibility_light_and_dark(hand_forms):
    workdir, pages = hand_forms
    assert len(pages) == len(rules.VARIANTS) == 6
    every_run = os.environ.get("RAMO_LIGHTHOUSE_ALL") == "1"
    rows, failures = lighthouse_audit.audit(pages, workdir, None if every_run else SAMPLED)
    assert len(rows) == (12 if every_run else len(SAMPLED))
    below = [row for row in rows if row[2] < 100]
    assert not below and not failures, (lighthouse_audit.table_of(rows) + "\n" + "\n".join(failures))
