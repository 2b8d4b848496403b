"""Installable and clean: the manifest with its icons loads, the service worker controls every page,
the rules open offline (member pages never do), and no page logs an error or a 404."""

import struct

from playwright.sync_api import expect

from .helpers import open_menu, player_panel
from .seating import log_in, seat_game

PUBLIC = ["/", "/login", "/register", "/rules", "/rules/ramo", "/rules/contract", "/rules/rummy",
          "/rules/manipulation"]


def member_pages(game_id: int) -> list[str]:
    return ["/", "/leagues", "/leagues/1", "/leagues/1/players", "/leagues/1/games", "/leagues/1/games/new",
            f"/games/{game_id}", f"/games/{game_id}/hands/1/edit", "/leagues/1/seasons", "/account", "/rules"]


def png_size(body: bytes) -> tuple[int, int]:
    assert body[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", body[16:24])


def worker_state(page) -> str:
    """The state of the worker serving this page, once it is past "activating"."""
    return page.evaluate("""async () => {
        const worker = (await navigator.serviceWorker.ready).active;
        if (worker.state === "activating") {
            await new Promise(done => worker.addEventListener("statechange", done));
        }
        return worker.state;
    }""")


def record_a_hand(page):
    player_panel(page, "Cy").get_by_role("radio", name="Went out").tap()
    page.get_by_role("button", name="Record hand 1").tap()
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()


def test_manifest_and_its_icons_load(page, live_server):
    page.goto(live_server + "/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    response = page.request.get(live_server + href)
    assert response.ok
    manifest = response.json()
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes = {}
    for icon in manifest["icons"]:
        body = page.request.get(live_server + icon["src"]).body()
        width, height = png_size(body)
        assert f"{width}x{height}" == icon["sizes"] and icon["type"] == "image/png"
        sizes.setdefault(icon.get("purpose", "any"), set()).add(width)
    assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"]
    touch = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    assert png_size(page.request.get(live_server + touch).body()) == (180, 180)
    favicon = page.request.get(live_server + "/favicon.ico")
    assert favicon.ok and favicon.body()[:4] == b"\x00\x00\x01\x00"  # an ICO file


def test_the_service_worker_is_active_on_every_page(page, live_server, app):
    game_id, _ = seat_game(app, "ramo", ["Bo", "Cy", "Di"])
    for path in PUBLIC:
        page.goto(live_server + path)
        assert worker_state(page) == "activated", path
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    record_a_hand(page)
    for path in member_pages(game_id):
        page.goto(live_server + path)
        assert worker_state(page) == "activated", path
        assert page.evaluate("navigator.serviceWorker.controller !== null"), f"{path} is not controlled"


def test_rules_open_offline_and_of_the_member_pages_only_the_members_own_game_is_kept(page, live_server, app,
                                                                                      context):
    game_id, _ = seat_game(app, "ramo", ["Bo", "Cy", "Di"])
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    assert worker_state(page) == "activated"
    page.reload()  # a page loaded before the worker took control is not seen by it: now it is
    page.goto(f"{live_server}/leagues/1")
    # The worker copies the game page after answering it: wait (10 s at most) for the copy to land.
    # (page.evaluate awaits the promise; wait_for_function would take the promise itself as true.)
    for _ in range(50):
        if page.evaluate("""async (paths) => {
            let found = 0;
            for (const name of await caches.keys()) {
                for (const path of paths) if (await (await caches.open(name)).match(path)) found += 1;
            }
            return found >= paths.length;
        }""", [f"/games/{game_id}", "/__last-game"]):
            break
        page.wait_for_timeout(200)
    kept = page.evaluate("""async () => {
        const urls = [];
        for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        }
        return urls;
    }""")
    assert "/rules/ramo" in kept and "/offline" in kept and "/static/css/pico+app.css" in kept
    # The open game is kept for no signal (issue 20), under its path and as the last game; nothing else.
    assert f"/games/{game_id}" in kept and "/__last-game" in kept
    assert not [u for u in kept if u.startswith(("/leagues", "/api", "/account", "/live"))], kept
    assert [u for u in kept if u.startswith("/games")] == [f"/games/{game_id}"], kept
    context.set_offline(True)
    try:
        page.goto(f"{live_server}/rules/ramo")
        expect(page.get_by_text("four sets or four runs")).to_be_visible()
        page.goto(f"{live_server}/games/{game_id}")
        expect(page.get_by_role("heading", name="Hand 1: Bo deals")).to_be_visible()
        page.goto(f"{live_server}/leagues/1")
        expect(page.get_by_role("heading", name="No connection")).to_be_visible()
        # A link tapped with no connection opens the kept copy too.
        open_menu(page)
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Rules").tap()
        expect(page).to_have_url(f"{live_server}/rules")
        expect(page.get_by_role("link", name="Manipulation Rummy")).to_be_visible()
        # The app opened on its home page with no signal lands on the last game.
        open_menu(page)
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Ramo Keeper").tap()
        expect(page.get_by_role("heading", name="Hand 1: Bo deals")).to_be_visible()
    finally:
        context.set_offline(False)


def test_no_page_logs_an_error_or_a_404(page, live_server, app):
    game_id, _ = seat_game(app, "ramo", ["Bo", "Cy", "Di"])
    problems = []
    page.on("console", lambda message: problems.append(f"console {message.type}: {message.text}")
            if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("response", lambda response: problems.append(f"{response.status} {response.url}")
            if response.status >= 400 else None)
    for path in PUBLIC:
        page.goto(live_server + path)
        page.wait_for_load_state("networkidle")
    log_in(page, live_server)
    page.goto(f"{live_server}/games/{game_id}")
    record_a_hand(page)
    for path in member_pages(game_id) + [f"/games/{game_id}/delete", "/leagues/1/players/1/stats"]:
        page.goto(live_server + path)
        page.wait_for_load_state("networkidle")
    assert problems == []
