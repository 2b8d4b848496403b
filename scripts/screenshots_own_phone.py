"""Take the README's two own-phone screenshots on a 390×844 phone: `.venv/bin/python scripts/screenshots_own_phone.py`.

A Ramo table of four (Sofia, Bo, Giulia and Ana, who keeps the score): Bo counts his own cards on his
phone (docs/screenshots/seated-phone.png), and Ana's form fills in as Bo, Sofia and Giulia send
theirs (docs/screenshots/scorer-filling-in.png). Seeds a throw-away SQLite database and serves the
app on 127.0.0.1 (PORT, default 18311), like scripts/screenshots.py.
"""

import os
import shutil
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ramo_keeper import create_app  # noqa: E402
from ramo_keeper.extensions import db  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
PASSWORD = "correct horse"


def seed(app) -> tuple[int, str]:
    """Ana's league with Bo and Giulia as members, four players, and a Ramo game with a live link the
    players may count on."""
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.games import service
    from ramo_keeper.games.drafts.seats import allow_live_counting
    from ramo_keeper.leagues.service import add_player, create_league, join

    with app.app_context():
        db.create_all()
        ana = create_user("Ana", PASSWORD)
        league = create_league(ana, "Friday club")
        for name in ("Bo", "Giulia"):
            join(league, create_user(name, PASSWORD)).role = "viewer"
        ids = [add_player(league, name).id for name in ("Sofia", "Bo", "Giulia", "Ana")]
        db.session.flush()
        game = service.create_game(league, ana, "ramo", ids)
        token = service.share(game.id)
        allow_live_counting(game.id, True)
        db.session.commit()
        return game.id, token


def logged_in(browser, base: str, name: str):
    page = browser.new_context(**PHONE).new_page()
    page.goto(base + "/login")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name=name).wait_for()
    return page


def count(page, name: str, counts: dict[str, int], laid: bool = False):
    """Take `name`'s seat and tap the counts in (category label -> count)."""
    panel = page.locator("#seat-panel")
    if not panel.get_by_role("button", name=f"I'm {name}").is_visible():
        panel.get_by_text("Count your own cards on this phone").tap()
    panel.get_by_role("button", name=f"I'm {name}").tap()
    page.get_by_role("heading", name=f"Counting for {name}").wait_for()
    for label, n in counts.items():
        page.locator("#seat-panel").get_by_role("group", name=label).get_by_role("radio", name=str(n), exact=True).tap()
    if laid:
        page.get_by_role("checkbox", name="I laid down").tap()
    page.get_by_text("Sent to the scorer.").wait_for()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    workdir = Path(tempfile.mkdtemp())
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{workdir / 'shots.sqlite3'}", "SECRET_KEY": "screenshots"})
    game_id, token = seed(app)
    server = make_server("127.0.0.1", int(os.environ.get("PORT", "18311")), app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                        args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            scorer = logged_in(browser, base, "Ana")
            scorer.goto(f"{base}/games/{game_id}")
            bo = logged_in(browser, base, "Bo")
            bo.goto(f"{base}/games/{game_id}")
            count(bo, "Bo", {"Cards 1–9": 4, "Cards 10–13": 2}, laid=True)
            bo.evaluate("window.scrollTo(0, 0)")
            bo.screenshot(path=OUT / "seated-phone.png")
            giulia = logged_in(browser, base, "Giulia")
            giulia.goto(f"{base}/games/{game_id}")
            count(giulia, "Giulia", {"Cards 1–9": 2, "Cards 10–13": 1})
            sofia = browser.new_context(**PHONE).new_page()
            sofia.goto(f"{base}/live/{token}")
            count(sofia, "Sofia", {"Cards 1–9": 6, "Cards 10–13": 3})
            scorer.get_by_text("3 of 4 counted").wait_for(timeout=5000)
            scorer.wait_for_timeout(400)
            scorer.locator("#counted-summary").evaluate("e => e.scrollIntoView({block: 'start'})")
            scorer.screenshot(path=OUT / "scorer-filling-in.png")
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(workdir, ignore_errors=True)
    for name in ("seated-phone.png", "scorer-filling-in.png"):
        print((OUT / name).relative_to(ROOT))


if __name__ == "__main__":
    main()
