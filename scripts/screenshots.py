"""Take the README's screenshots on a 390×844 phone: `.venv/bin/python scripts/screenshots.py`.

Seeds a throw-away SQLite database with a Ramo table, serves the app on 127.0.0.1 (PORT, default
18310) and drives Debian's Chromium with Playwright. The pictures land in docs/screenshots/. The hand
entry is taken twice: in English, and on a phone set to Korean (Debian's fonts-nanum draws the Hangul).
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

from ramo_keeper import create_app, rules  # noqa: E402
from ramo_keeper.extensions import db  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}

# The words a phone taps, in the language its browser asks for (translations/ko for Korean).
WORDS = {
    "en-US": {"name": "Name", "password": "Password", "log_in": "Log in", "went_out": "Went out",
              "laid_down": "Laid down", "low": "Cards 1–9", "high": "Cards 10–13"},
    "ko-KR": {"name": "이름", "password": "비밀번호", "log_in": "로그인", "went_out": "나감",
              "laid_down": "내려놓음", "low": "1–9 카드", "high": "10–13 카드"},
}


def seed(app) -> int:
    """Ana's league, four players, a Ramo game with two hands played and a live link."""
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.games import service
    from ramo_keeper.leagues.service import add_player, create_league

    with app.app_context():
        db.create_all()
        ana = create_user("Ana", "correct horse")
        league = create_league(ana, "Friday club")
        ids = [add_player(league, name).id for name in ("Sofia", "민준", "Bo", "Giulia")]
        db.session.flush()
        game = service.create_game(league, ana, "ramo", ids)
        hands = [
            {ids[0]: ({}, True, True), ids[1]: ({"low": 4, "high": 1}, False, True),
             ids[2]: ({"low": 6, "high": 3, "special": 1}, False, False),
             ids[3]: ({"low": 2, "special": 1}, False, True)},
            {ids[0]: ({"low": 3}, False, False), ids[1]: ({}, True, True),
             ids[2]: ({"low": 2, "high": 1}, False, True), ids[3]: ({"high": 2}, False, False)},
        ]
        for number, hand in enumerate(hands, start=1):
            results = tuple(rules.PlayerResult(pid, cards, rules.marks_in({"went_out": out, "laid_down": laid}))
                            for pid, (cards, out, laid) in hand.items())
            service.record_hand(game.id, ana, rules.HandInput(results), f"seed-{number}", number)
        service.share(game.id)
        db.session.commit()
        return game.id


def half_a_hand(browser, base: str, game_id: int, locale: str):
    """Ana's phone, its browser set to `locale`, with half a hand tapped in: Giulia went out, 민준 laid
    down, Bo holds 5 low and 2 high cards."""
    words = WORDS[locale]
    page = browser.new_context(**PHONE, locale=locale).new_page()
    page.goto(base + "/login")
    page.get_by_label(words["name"]).fill("Ana")
    page.get_by_label(words["password"]).fill("correct horse")
    page.get_by_role("button", name=words["log_in"]).click()
    page.get_by_role("link", name="Ana").wait_for()
    page.goto(f"{base}/games/{game_id}")

    def panel(name: str):
        """The player's panel of the one-screen form: their tab tapped first (issue 35)."""
        page.locator(".player-tab").filter(has=page.locator(".tab-name", has_text=name)).tap()
        return page.get_by_role("group", name=name, exact=True)

    panel("Giulia").get_by_role("radio", name=words["went_out"]).tap()
    panel("민준").get_by_role("checkbox", name=words["laid_down"]).tap()
    bo = panel("Bo")
    # A count moves on to the next category: 5 of the low cards, then 2 of the high ones.
    bo.get_by_role("group", name=words["low"]).get_by_role("radio", name="5", exact=True).tap()
    bo.get_by_role("group", name=words["high"]).get_by_role("radio", name="2", exact=True).tap()
    page.wait_for_timeout(400)
    return page


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    workdir = Path(tempfile.mkdtemp())
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{workdir / 'shots.sqlite3'}", "SECRET_KEY": "screenshots"})
    game_id = seed(app)
    server = make_server("127.0.0.1", int(os.environ.get("PORT", "18310")), app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                        args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            korean = half_a_hand(browser, base, game_id, "ko-KR")
            korean.screenshot(path=OUT / "hand-entry-ko.png")
            korean.context.close()
            page = half_a_hand(browser, base, game_id, "en-US")
            page.screenshot(path=OUT / "hand-entry.png")
            # The first screen: the deal and the score strip, nothing behind a tap.
            page.screenshot(path=OUT / "deal-and-scores.png")
            page.locator("#hand-form button[type=submit]").tap()
            page.locator(".hand-result").wait_for()
            page.wait_for_timeout(400)
            page.screenshot(path=OUT / "hand-result.png")
            live = page.get_by_label("Live link").input_value()
            viewer = browser.new_context(**PHONE).new_page()
            viewer.goto(live)
            viewer.screenshot(path=OUT / "live-view.png")
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(workdir, ignore_errors=True)
    for path in sorted(OUT.glob("*.png")):
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
