"""Issue 28, Weight: a visitor's first visit of every public page costs at most 45 KB, counted as the app
sends it (gzip), and each page loads only the scripts it uses.

A first visit is a fresh browser (empty cache, no service worker yet) opening the page: the document and
every file the browser fetches for it (style sheets, scripts, icons, the manifest), each weighed as the app
would send it gzip-compressed (flask-compress's level, its types and its smallest size), summed.
"""

import gzip
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask import Response

from ramo_keeper import rules
from ramo_keeper.extensions import COMPRESS_SETTINGS, db
from ramo_keeper.shell.slim_static import slim_css

MOST_BYTES = 45_000
GZIP_LEVEL = 6  # flask-compress's default COMPRESS_LEVEL, which the app keeps
# Each a page of its own that a phone at the table opens, and not one of them needs these.
NOT_ON_READING_PAGES = {"house-rule-editor", "live", "drafts", "outbox", "card-keys", "hand-score", "hand-tabs"}


def sent_size(response) -> int:
    """The bytes the app sends for this answer to a browser that takes gzip."""
    body = response.body()
    kind = (response.headers.get("content-type") or "").split(";")[0].strip()
    if kind in COMPRESS_SETTINGS["COMPRESS_MIMETYPES"] and len(body) >= COMPRESS_SETTINGS["COMPRESS_MIN_SIZE"]:
        return len(gzip.compress(body, GZIP_LEVEL))
    return len(body)


def first_visit(browser, browser_context_args, url: str, cookies: list[dict] = ()) -> dict[str, int]:
    """{path: bytes sent} for everything a fresh browser fetches to show `url`."""
    context = browser.new_context(**browser_context_args)
    context.add_cookies(list(cookies))
    page = context.new_page()
    answers = []
    page.on("response", lambda answer: answers.append(answer))
    try:
        page.goto(url)
        page.wait_for_load_state("networkidle")
        assert answers and answers[0].status == 200, f"{url}: {answers[0].status if answers else 'nothing'}"
        return {urlsplit(answer.url).path: sent_size(answer) for answer in answers if answer.status == 200}
    finally:
        context.close()


@pytest.fixture
def public_pages(app, live_server) -> tuple[dict[str, str], list[dict]]:
    """{name: url} of every page a visitor without an account opens, and a guest's cookies for the guest's
    own pages (a game after Play now, its board); the game has a live link whose phones count their cards."""
    from ramo_keeper.games.drafts.seats import allow_live_counting
    from ramo_keeper.games.service import share
    from ramo_keeper.guests.cookie import remember_guest
    from ramo_keeper.guests.service import create_guest, start_game

    with app.test_request_context():
        guest = create_guest()
        game = start_game(guest, "ramo", ["Sofia", "Bo", "Cy"])
        db.session.flush()
        token = share(game.id)
        allow_live_counting(game.id, True)
        db.session.commit()
        game_id, cookie = game.id, SimpleCookie(remember_guest(Response(), guest).headers["Set-Cookie"])
    pages = {"home": "/", "play now": "/play", "rules": "/rules", "log in": "/login", "register": "/register",
             "offline": "/offline", "live view": f"/live/{token}", "own cards": f"/live/{token}/seat",
             "guest's game": f"/games/{game_id}", "guest's board": f"/games/{game_id}/board"}
    pages.update({f"rules of {key}": f"/rules/{key}" for key in sorted(rules.VARIANTS)})
    cookies = [{"name": name, "value": morsel.value, "url": live_server} for name, morsel in cookie.items()]
    return {name: live_server + path for name, path in pages.items()}, cookies


def test_the_first_visit_of_every_public_page_weighs_at_most_45_kb(
        browser, browser_context_args, live_server, public_pages):
    pages, guest_cookies = public_pages
    weights = {}
    for name, url in pages.items():
        cookies = guest_cookies if name.startswith("guest's") else []
        weights[name] = first_visit(browser, browser_context_args, url, cookies)
    totals = {name: sum(sizes.values()) for name, sizes in weights.items()}
    print("\n".join(f"{name:>22}: {total / 1000:5.1f} KB  {sorted(weights[name].items())}"
                    for name, total in totals.items()))
    assert {name: total for name, total in totals.items() if total > MOST_BYTES} == {}
    # The scripts followed their pages: the hand form's on the game page, the rules and Play now without them.
    for name in ("rules of ramo", "rules", "play now", "home", "log in"):
        assert scripts_in(weights[name]).isdisjoint(NOT_ON_READING_PAGES), (name, sorted(weights[name]))
    # The guest's game is Ramo, which counts cards by kind: no card keys (page_scripts.hand_page).
    assert {"hand-score", "hand-tabs", "live", "outbox"} <= scripts_in(weights["guest's game"])
    assert "card-keys" not in scripts_in(weights["guest's game"])


def scripts_in(paths) -> set[str]:
    """The scripts of static/js a page fetched, alone (outbox.js) or in one file with others (app+outbox.js)."""
    files = [path.rsplit("/", 1)[-1].removesuffix(".js") for path in paths if "/static/js/" in path]
    return {name for file in files for name in file.split("+")}


# Every element's computed style (and its ::before's and ::after's where one is drawn: a pseudo-element whose
# content is "none" draws nothing), as one hash per element, in page order: what is drawn. Pico's custom
# properties are left out: those nothing reads are the ones the trim drops.
STYLES = """() => Array.from(document.querySelectorAll('*')).map(element => {
  let hash = 2166136261, text = '';
  for (const pseudo of [null, '::before', '::after']) {
    const style = getComputedStyle(element, pseudo);
    if (pseudo && style.content === 'none') { text += pseudo + ' none;'; continue; }
    for (let i = 0; i < style.length; i++) {
      const name = style[i];
      if (!name.startsWith('--')) text += name + ':' + style.getPropertyValue(name) + ';';
    }
  }
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return element.tagName + ' ' + text.length + ' ' + hash;
})"""
STATIC = Path(__file__).resolve().parents[2] / "static"
WHOLE_PICO = STATIC / "vendor" / "pico-2.1.1.min.css"


def styles_of(browser, browser_context_args, url: str, cookies, scheme: str, whole_pico: bool) -> list[str]:
    context = browser.new_context(**browser_context_args, color_scheme=scheme)
    context.add_cookies(list(cookies))
    if whole_pico:
        # The page's one style sheet (slim_static.STYLE_SHEET) with the whole Pico in it.
        ours = slim_css((STATIC / "css" / "app.css").read_text(encoding="utf-8"))
        whole = WHOLE_PICO.read_text(encoding="utf-8") + "\n" + ours
        context.route("**/static/css/pico+app.css", lambda route: route.fulfill(body=whole, content_type="text/css"))
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_load_state("networkidle")
        return page.evaluate(STYLES)
    finally:
        context.close()


def test_the_trimmed_pico_styles_every_element_as_the_whole_one_does(browser, browser_context_args, public_pages):
    pages, guest_cookies = public_pages
    for name, schemes in (("guest's game", ("light", "dark")), ("rules of ramo", ("light",)), ("own cards", ("dark",))):
        cookies = guest_cookies if name.startswith("guest's") else []
        for scheme in schemes:
            trimmed = styles_of(browser, browser_context_args, pages[name], cookies, scheme, whole_pico=False)
            whole = styles_of(browser, browser_context_args, pages[name], cookies, scheme, whole_pico=True)
            assert len(trimmed) > 50, name
            differences = [(n, a, b) for n, (a, b) in enumerate(zip(trimmed, whole, strict=True)) if a != b]
            assert differences == [], (name, scheme, differences[:5])
