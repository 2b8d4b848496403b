"""A hand played for real on a 390 px phone set to Korean, and on one set to Italian.

The phone's Accept-Language picks the language; the guest "play now" flow starts the game; one hand
is tapped in and recorded; then the switcher at the foot of the page changes the language, and the
next page load keeps it. The words below are typed from translations/ko|it (not read from the page),
and the totals are worked out by hand from docs/RULES.md.
"""

import re

import pytest
from e2e.helpers import axe_violations, no_sideways_scroll, player_panel
from playwright.sync_api import expect

from tests.e2e.helpers import count_row

pytestmark = pytest.mark.e2e


@pytest.fixture
def phone(browser, browser_context_args):
    """A new phone whose browser asks for the given locale (Accept-Language)."""
    contexts = []

    def open_phone(locale: str):
        context = browser.new_context(**browser_context_args, locale=locale)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_phone
    for context in contexts:
        context.close()


def screen_is_fine(page) -> None:
    no_sideways_scroll(page)
    assert axe_violations(page) == []


def speaks(page, lang: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", lang)


def player(page, name: str):
    # Each player's block is a fieldset whose (visually hidden) legend is the name; inside it the
    # went-out and laid-down boxes are named by their word (and the player's name, for screen readers).
    return player_panel(page, name)


def pick(block, category: str, count: int) -> None:
    """One tap on a count 0–9 in a category's row."""
    count_row(block, category, exact=True).get_by_role("radio", name=str(count), exact=True).tap()


def type_count(page, block, category: str, count: int) -> None:
    """A count above 9: tap the box at the end of the row and type it on the number keyboard."""
    count_row(block, category, exact=True).get_by_role("spinbutton").tap()
    page.keyboard.type(str(count))


def start_as_guest(page, *, play_now: str, game: str, names: list[str], player_label: str, start: str) -> None:
    """From the landing page (already open) through "play now" to the first hand form."""
    page.get_by_role("button", name=play_now).tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(play_now)
    screen_is_fine(page)
    page.get_by_label(game, exact=True).tap()
    for number, name in enumerate(names, start=1):
        page.get_by_label(f"{player_label} {number}", exact=True).fill(name)
    page.get_by_role("button", name=start).tap()


def test_a_korean_phone_plays_a_ramo_hand_in_korean_then_switches_to_italian(phone, live_server):
    page = phone("ko-KR")
    page.goto(live_server + "/")
    speaks(page, "ko")
    expect(page.get_by_role("button", name="바로 시작하기")).to_be_visible()
    screen_is_fine(page)

    start_as_guest(page, play_now="바로 시작하기", game="라모", names=["민준", "서연", "지호"],
                   player_label="플레이어", start="게임 시작")
    speaks(page, "ko")
    expect(page.get_by_role("heading", level=1)).to_contain_text("라모")
    expect(page.get_by_role("heading", name="1판 딜러: 민준")).to_be_visible()
    expect(page.get_by_role("button", name="1판 기록")).to_be_visible()
    screen_is_fine(page)

    # Hand 1 (docs/RULES.md §1): 서연 goes out: −50, and has laid down. 민준 holds four 1–9 cards, two
    # 10–13 cards and one special card: 4×5 + 2×10 + 1×20 = 60. 지호 laid down and holds three 1–9
    # cards: 3×5 = 15.
    player(page, "서연").get_by_role("radio", name="나감").tap()
    expect(player(page, "서연").get_by_role("checkbox", name="내려놓음")).to_be_checked()
    minjun = player(page, "민준")
    pick(minjun, "1–9 카드", 4)
    pick(minjun, "10–13 카드", 2)
    pick(minjun, "특수 카드 (와일드, 스킵, −1, x2, +3, ?)", 1)
    expect(minjun.locator("output")).to_have_text(re.compile(r"= 60$"))
    jiho = player(page, "지호")
    jiho.get_by_role("checkbox", name="내려놓음").tap()
    pick(jiho, "1–9 카드", 3)
    expect(jiho.locator("output")).to_have_text(re.compile(r"= 15$"))
    page.get_by_role("button", name="1판 기록").tap()

    # Totals 60 / −50 / 15 in seat order; the highest total, 민준's, deals hand 2.
    expect(page.get_by_role("heading", name="2판 딜러: 민준")).to_be_visible()
    expect(page.get_by_role("button", name="2판 기록")).to_be_visible()
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["60", "-50", "15"])
    scoreboard = page.locator(".scoreboard")
    expect(scoreboard.get_by_role("heading", name="점수판 1판 후")).to_be_visible()
    expect(scoreboard.get_by_role("columnheader")).to_have_text(["플레이어", "합계", "순위", "레벨"])
    # Lowest total ranks first in Ramo; who laid down moves on to level 2.
    for name, total, rank, level in (("민준", "60", "3", "1"), ("서연", "-50", "1", "2"), ("지호", "15", "2", "2")):
        row = scoreboard.locator("tbody tr").filter(has=page.get_by_role("rowheader", name=re.compile(f"^{name}")))
        expect(row.locator("td")).to_have_text([total, rank, level])
    screen_is_fine(page)

    # The switcher: Italian, on the same game page.
    game_url = page.url
    page.get_by_role("button", name="Italiano").tap()
    speaks(page, "it")
    assert page.url == game_url
    expect(page.get_by_role("heading", name="Mano 2: distribuisce 민준")).to_be_visible()
    expect(page.get_by_role("button", name="Registra la mano 2")).to_be_visible()
    expect(player(page, "서연").get_by_role("radio", name="Ha chiuso")).to_be_visible()
    screen_is_fine(page)

    # Remembered: the next page loads speak Italian although the phone still asks for Korean.
    page.reload()
    speaks(page, "it")
    expect(page.get_by_role("button", name="Registra la mano 2")).to_be_visible()
    page.goto(live_server + "/")
    speaks(page, "it")
    expect(page.get_by_role("heading", name="Partite in corso")).to_be_visible()
    expect(page.get_by_role("button", name="Nuova partita")).to_be_visible()
    screen_is_fine(page)


def test_an_italian_phone_plays_a_contract_rummy_hand_in_italian_then_switches_to_english(phone, live_server):
    page = phone("it-IT")
    page.goto(live_server + "/")
    speaks(page, "it")
    expect(page.get_by_role("button", name="Gioca subito")).to_be_visible()
    screen_is_fine(page)

    start_as_guest(page, play_now="Gioca subito", game="Ramino a contratti",
                   names=["Giulia", "Marco", "Sofia"], player_label="Giocatore", start="Inizia la partita")
    speaks(page, "it")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Ramino a contratti")
    expect(page.get_by_role("heading", name="Round 1: distribuisce Giulia")).to_be_visible()
    expect(page.get_by_role("button", name="Registra il round 1")).to_be_visible()
    screen_is_fine(page)

    # Round 1 (docs/RULES.md §2): Marco goes out and scores 0. Giulia laid down and holds a 5, a 7,
    # one king and one ace: 12 + 10 + 15 = 37. Sofia holds an 8 and two jokers: 8 + 2×15 = 38.
    # Each card is one tap on its key (the joker's key in Italian: "Jolly").
    player(page, "Marco").get_by_role("radio", name="Ha chiuso").tap()
    giulia = player(page, "Giulia")
    giulia.get_by_role("checkbox", name="Ha calato").tap()
    for key in ("5", "7", "10 J Q K", "A"):
        giulia.get_by_role("button", name=key, exact=True).tap()
    expect(giulia.locator("output")).to_have_text(re.compile(r"= 37$"))
    sofia = player(page, "Sofia")
    for key in ("8", "Jolly", "Jolly"):
        sofia.get_by_role("button", name=key, exact=True).tap()
    expect(sofia.locator("output")).to_have_text(re.compile(r"= 38$"))
    page.get_by_role("button", name="Registra il round 1").tap()

    # Totals 37 / 0 / 38 in seat order; the deal passes to the next seat, Marco.
    expect(page.get_by_role("heading", name="Round 2: distribuisce Marco")).to_be_visible()
    expect(page.get_by_role("button", name="Registra il round 2")).to_be_visible()
    expect(page.locator(".hand-grid tfoot td strong")).to_have_text(["37", "0", "38"])
    scoreboard = page.locator(".scoreboard")
    expect(scoreboard.get_by_role("heading", name="Punteggi dopo 1 round")).to_be_visible()
    expect(scoreboard.get_by_role("columnheader")).to_have_text(["Giocatore", "Totale", "Pos.", "Contratto"])
    # Lowest total ranks first; everyone plays contract 2 in round 2, made or not.
    for name, total, rank in (("Giulia", "37", "2"), ("Marco", "0", "1"), ("Sofia", "38", "3")):
        row = scoreboard.locator("tbody tr").filter(has=page.get_by_role("rowheader", name=re.compile(f"^{name}")))
        expect(row.locator("td")).to_have_text([total, rank, "2"])
    screen_is_fine(page)

    # The switcher: English, on the same game page.
    game_url = page.url
    page.get_by_role("button", name="English").tap()
    speaks(page, "en")
    assert page.url == game_url
    expect(page.get_by_role("heading", name="Round 2: Marco deals")).to_be_visible()
    expect(page.get_by_role("button", name="Record round 2")).to_be_visible()
    expect(player(page, "Marco").get_by_role("radio", name="Went out")).to_be_visible()
    screen_is_fine(page)

    # Remembered: the next page loads speak English although the phone still asks for Italian.
    page.reload()
    speaks(page, "en")
    expect(page.get_by_role("button", name="Record round 2")).to_be_visible()
    page.goto(live_server + "/")
    speaks(page, "en")
    expect(page.get_by_role("heading", name="Games in progress")).to_be_visible()
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    screen_is_fine(page)
