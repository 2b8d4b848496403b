"""Golden screenshots: the screens people look at, photographed and compared with tests/golden/screens/.

One seeded table (fixed names, hands and dates, a fixed live link), one server and Chromium's phone at
390 px (and 320 px for the narrowest): the game, the hand form half filled in, the hand's result, a
finished game, the league, the house-rule editor and the live view, each light and dark in English;
the game and the hand form also in Korean and Italian. Animations are stopped and the caret hidden.
A screenshot that differs from its golden image more than anti-aliasing does fails, naming the actual
image and a diff written beside the test's temporary files (tests/golden/compare.py says how close is
close enough). `make golden` takes the golden images again, on purpose (GOLDEN_UPDATE=1).

The database does not change the pixels: on the PostgreSQL half of CI these are skipped.
"""

import logging
import os
import re
import threading
from dataclasses import dataclass
from datetime import datetime
from io import BytesIO
from pathlib import Path

import pytest
from golden.compare import mismatch
from PIL import Image
from playwright.sync_api import expect
from werkzeug.serving import make_server

from ramo_keeper import create_app, rules
from ramo_keeper.extensions import db
from ramo_keeper.i18n import COOKIE as LANGUAGE_COOKIE

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "screens"
UPDATE = os.environ.get("GOLDEN_UPDATE") == "1"
PASSWORD = "correct horse"
# Every date the pages print is this one, whenever the test runs.
FIXED_TIME = datetime(2026, 6, 5, 19, 30)
TIMESTAMPS = {"created_at", "updated_at", "finished_at", "taken_at", "last_seen_at", "last_used_at"}

pytestmark = pytest.mark.skipif(os.environ.get("DATABASE_URL", "").startswith("postgres"),
                                reason="the golden screenshots run on SQLite only: the database draws no pixels")

FOUR = ["Sofia", "민준", "Bo", "Giulia"]
# Ramo's first two hands (low, high, special cards; went out; laid down), as in the README's screenshots.
RAMO_HANDS = [
    [({}, True, True), ({"low": 4, "high": 1}, False, True), ({"low": 6, "high": 3, "special": 1}, False, False),
     ({"low": 2, "special": 1}, False, True)],
    [({"low": 3}, False, False), ({}, True, True), ({"low": 2, "high": 1}, False, True),
     ({"high": 2}, False, False)],
]
# Rummy to three hands: who went out, and what the others held (pips, tens, aces).
RUMMY_HANDS = [("Bo", {"Sofia": {"pips": 12, "tens": 1}, "Cy": {"aces": 1}}),
               ("Sofia", {"Bo": {"pips": 5}, "Cy": {"tens": 2, "aces": 1}}),
               ("Bo", {"Sofia": {"pips": 3}, "Cy": {"pips": 7, "tens": 1}})]


@dataclass
class Table:
    base: str
    cookie: str
    league_id: int
    games: dict[str, int]  # one game per scene that needs one: a scene that taps never changes another's
    live: str


def _ramo_game(league, ana, ids: list[int], key: str, hands: list) -> int:
    from ramo_keeper.games import service

    game = service.create_game(league, ana, "ramo", ids)
    for number, hand in enumerate(hands, start=1):
        results = tuple(rules.PlayerResult(pid, cards, rules.marks_in({"went_out": out, "laid_down": laid}))
                        for pid, (cards, out, laid) in zip(ids, hand, strict=True))
        service.record_hand(game.id, ana, rules.HandInput(results), f"{key}-{number}", number)
    return game.id


def _finished_rummy(league, ana, ids: dict[str, int]) -> int:
    from ramo_keeper.games import service

    game = service.create_game(league, ana, "rummy", list(ids.values()), options={"end": "hands", "hands": 3})
    for number, (out, held) in enumerate(RUMMY_HANDS, start=1):
        results = tuple(rules.PlayerResult(pid, held.get(name, {}), rules.marks_in({"went_out": name == out}))
                        for name, pid in ids.items())
        service.record_hand(game.id, ana, rules.HandInput(results), f"rummy-{number}", number)
    return game.id


def seed(app) -> tuple[int, dict[str, int], str]:
    """Ana's league: Ramo games of four with two hands played and a finished Rummy game of three; every
    timestamp set to FIXED_TIME and the live link to a fixed token."""
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.leagues.service import add_player, create_league
    from ramo_keeper.models import Game

    with app.app_context():
        db.create_all()
        ana = create_user("Ana", PASSWORD)
        league = create_league(ana, "Friday club")
        ids = [add_player(league, name).id for name in [*FOUR, "Cy"]]
        db.session.flush()
        four = ids[:4]
        games = {key: _ramo_game(league, ana, four, key, RAMO_HANDS)
                 for key in ("game", "hand-form", "hand-form-ko", "hand-form-it", "hand-form-320", "result")}
        games["finished"] = _finished_rummy(league, ana, {"Sofia": ids[0], "Bo": ids[2], "Cy": ids[4]})
        live = "golden-live-link"
        db.session.get(Game, games["game"]).share_token = live
        db.session.flush()
        for table in db.metadata.sorted_tables:
            for column in table.columns:
                if column.name in TIMESTAMPS:
                    db.session.execute(table.update().where(column.isnot(None)).values({column.name: FIXED_TIME}))
        db.session.commit()
        return league.id, games, live


def _session_cookie(app) -> str:
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    client.post("/login", data={"csrf_token": token, "username": "Ana", "password": PASSWORD})
    return client.get_cookie("session").value


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("golden") / "golden.sqlite3"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "golden",
                      "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000"})
    league_id, games, live = seed(app)
    cookie = _session_cookie(app)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Table(f"http://127.0.0.1:{server.server_port}", cookie, league_id, games, live)
    server.shutdown()
    thread.join(5)
    with app.app_context():
        db.engine.dispose()


def _phone(browser, table: Table, language: str = "en", width: int = 390, member: bool = True):
    context = browser.new_context(viewport={"width": width, "height": 844}, device_scale_factor=1,
                                  is_mobile=True, has_touch=True, locale=language, reduced_motion="reduce",
                                  timezone_id="UTC")
    cookies = [{"name": LANGUAGE_COOKIE, "value": language, "url": table.base}]
    if member:
        cookies.append({"name": "session", "value": table.cookie, "url": table.base})
    context.add_cookies(cookies)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def _settled(page) -> None:
    """Wait until nothing more is drawn: the network quiet, the fonts loaded, two frames painted."""
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready.then(() => new Promise("
                  "r => requestAnimationFrame(() => requestAnimationFrame(r))))")


def _half_a_hand(page) -> None:
    """Giulia went out, 민준 laid down, Bo holds 5 low and 2 high cards; scrolled to Bo's block with the
    Record bar at the foot of the screen."""
    blocks, tabs = page.locator("#hand-form .player-block"), page.locator(".player-tab")
    # One panel at a time (issue 35): each player's tab first.
    tabs.nth(3).tap()
    blocks.nth(3).locator("input[name=went_out]").tap()
    tabs.nth(1).tap()
    blocks.nth(1).locator("input[type=checkbox]").first.tap()
    tabs.nth(2).tap()
    bo = blocks.nth(2)
    bo.locator(".pick").nth(0).locator(".pick-row label", has_text=re.compile("^5$")).tap()
    bo.locator(".pick").nth(1).locator(".pick-row label", has_text=re.compile("^2$")).tap()
    expect(tabs.nth(2).locator(".tab-score")).to_have_text(re.compile(r"\d"))


def _record(page) -> None:
    _half_a_hand(page)
    page.locator("#hand-form button[type=submit]").tap()
    page.locator(".hand-result").wait_for()
    page.evaluate("window.scrollTo(0, 0)")


# name: (url, what to do on the page, language, width, colour schemes, a member's phone)
SCENES = {
    "game": ("game", None, "en", 390, ("light", "dark"), True),
    "game-ko": ("game", None, "ko", 390, ("light",), True),
    "game-it": ("game", None, "it", 390, ("light",), True),
    "game-320": ("game", None, "en", 320, ("dark",), True),
    "hand-form": ("hand-form", _half_a_hand, "en", 390, ("light", "dark"), True),
    "hand-form-ko": ("hand-form-ko", _half_a_hand, "ko", 390, ("light",), True),
    "hand-form-it": ("hand-form-it", _half_a_hand, "it", 390, ("light",), True),
    "hand-form-320": ("hand-form-320", _half_a_hand, "it", 320, ("light",), True),
    "result": ("result", _record, "en", 390, ("light", "dark"), True),
    "finished": ("finished", None, "en", 390, ("light", "dark"), True),
    "league": ("league", None, "en", 390, ("light", "dark"), True),
    "house-rule": ("house-rule", None, "en", 390, ("light", "dark"), True),
    "live": ("live", None, "en", 390, ("light", "dark"), False),
}


def _url(table: Table, target: str) -> str:
    if target == "league":
        return f"{table.base}/leagues/{table.league_id}"
    if target == "house-rule":
        return f"{table.base}/leagues/{table.league_id}/house-rules/new?from=ramo"
    if target == "live":
        return f"{table.base}/live/{table.live}"
    return f"{table.base}/games/{table.games[target]}"


@pytest.mark.parametrize("scene", SCENES)
def test_the_screen_looks_as_its_golden_image(scene, table, browser, tmp_path):
    target, act, language, width, schemes, member = SCENES[scene]
    page = _phone(browser, table, language, width, member)
    try:
        page.emulate_media(color_scheme=schemes[0])
        page.goto(_url(table, target))
        if act:
            act(page)
        problems = []
        for scheme in schemes:  # the same page, drawn again in the other scheme: no second visit
            page.emulate_media(color_scheme=scheme)
            _settled(page)
            shot = Image.open(BytesIO(page.screenshot(animations="disabled", caret="hide", scale="css")))
            golden = GOLDEN / f"{scene}-{scheme}.png"
            if UPDATE or not golden.exists():
                if not UPDATE:
                    problems.append(f"{golden} is missing: `make golden` takes it")
                    continue
                GOLDEN.mkdir(parents=True, exist_ok=True)
                shot.save(golden, optimize=True)
            elif message := mismatch(golden, shot, tmp_path):
                problems.append(message)
        assert not problems, "\n".join(problems)
    finally:
        page.context.close()


# --- The board for the room (RULES.md §9, issue 37): a TV at 1920×1080, light and dark ----------------------

ROOM_NAMES = ["Sofia", "민준", "Bo", "Giulia", "Aleksandra Wiśniewska", "Tomás", "Yuki", "Hal",
              "Margherita", "서연", "Olu", "Ines", "Kwame", "Lena", "Piotr", "Chiara", "Dmitri", "Ana",
              "Jae-won", "Fatima", "Noor", "Ravi", "Elif", "Matteo", "Zoe", "Arjun", "Camille", "Ivo",
              "Greta", "Hiroshi", "Lucia", "Omar", "Priya", "Sven", "Tariq", "Valentina", "Wen", "Yara",
              "Bartholomew Featherstone", "Chen", "Dario", "Esther", "Finn", "Gaia", "Hana", "Ilse", "Jonas",
              "Kofi", "Lars", "Mei", "Nadia", "Oskar", "Paola", "Quentin", "Rosa", "Stefan", "Tuva",
              "Ugo", "Vera", "Wiktor", "Xavier", "지우", "Zainab", "Amara"]
ROOM_SIZES = (8, 24, 64)


def _room_hand(game_id: int, seats: list[int], number: int) -> None:
    """One hand of Rummy: the seat whose turn it is goes out, the others hold a few pips (fixed)."""
    from ramo_keeper.games.hand_inputs import from_body
    from ramo_keeper.games.service import record_hand

    out = seats[(number - 1) % len(seats)]
    body = {"results": [{"player_id": out, "went_out": True}]
            + [{"player_id": p, "cards": {"pips": 3 + (7 * i + 5 * number) % 23}}
               for i, p in enumerate(seat for seat in seats if seat != out)]}
    record_hand(game_id, None, from_body(body), f"room-{game_id}-{number}", number)


def seed_room(app) -> dict[int, str]:
    """Three Rummy nights of three hands a game at tables of four, round 1 seated: of 8, 24 and 64 players.
    In each, the first half of the tables has finished, the next tables are one or two hands in, the
    last has not started. Every board's link is fixed; every timestamp is FIXED_TIME."""
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.leagues.service import add_player, create_league
    from ramo_keeper.models import Night
    from ramo_keeper.nights import service

    boards = {}
    with app.app_context():
        db.create_all()
        host = create_user("Ana", PASSWORD)
        league = create_league(host, "Friday club")
        ids = [add_player(league, name).id for name in ROOM_NAMES]
        db.session.flush()
        for players in ROOM_SIZES:
            night = service.open_night(league, host, f"Friday, {players} players", "rummy", ids[:players], 4, 4,
                                       options={"end": "hands", "hands": 3})
            db.session.flush()
            tables = service.current_tables(night)
            for index, table in enumerate(tables):
                hands = 3 if index < len(tables) // 2 else (0 if index == len(tables) - 1 else 1 + index % 2)
                for number in range(1, hands + 1):
                    _room_hand(table.game_id, list(table.seats), number)
            db.session.get(Night, night.id).board_token = boards[players] = f"golden-board-{players}"
            db.session.flush()
        for table in db.metadata.sorted_tables:
            for column in table.columns:
                if column.name in TIMESTAMPS:
                    db.session.execute(table.update().where(column.isnot(None)).values({column.name: FIXED_TIME}))
        db.session.commit()
    return boards


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    path = tmp_path_factory.mktemp("golden-room") / "room.sqlite3"
    # A fixed public address: the board's find-your-table code and link do not carry the test server's port.
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "golden",
                      "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000", "PUBLIC_URL": "https://ramo.example.org"})
    boards = seed_room(app)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", boards
    server.shutdown()
    thread.join(5)
    with app.app_context():
        db.engine.dispose()


@pytest.mark.parametrize("players", ROOM_SIZES)
def test_the_board_for_the_room_looks_as_its_golden_image(players, room, browser, tmp_path):
    base, boards = room
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, device_scale_factor=1,
                                  locale="en", reduced_motion="reduce", timezone_id="UTC")
    context.add_cookies([{"name": LANGUAGE_COOKIE, "value": "en", "url": base}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        problems = []
        page.goto(f"{base}/board/{boards[players]}")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            _settled(page)
            # A night that pages (every 10 s) is photographed on its first page.
            while page.locator("#night-board").get_attribute("data-page") != "1":
                page.evaluate("document.dispatchEvent(new CustomEvent('ramo:board-turn'))")
            shot = Image.open(BytesIO(page.screenshot(animations="disabled", caret="hide", scale="css")))
            golden = GOLDEN / f"board-{players}-{scheme}.png"
            if UPDATE:
                shot.save(golden, optimize=True)
            elif not golden.exists():
                problems.append(f"{golden} is missing: `make golden` takes it")
            elif message := mismatch(golden, shot, tmp_path):
                problems.append(message)
        assert not problems, "\n".join(problems)
    finally:
        context.close()
