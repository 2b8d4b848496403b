"""Play now, the welcome page and "Save to an account" speak Korean and Italian (issue 10).

As for the league pages: a few characteristic sentences per page, worded by hand, in each language; and
no text the English page shows (a text node or a visible attribute) is left as it was, beyond the names
people typed, the brand and the switcher's language names. Flashes and form errors follow the page.
"""

import re

import pytest
from guests.helpers import game_id_of, play_now, record

from .test_league_pages import VISIBLE_ATTRIBUTES, page, visible_text

# Shown as they are in every language: names people typed, the brand, each language in its own words.
NAMES = {"Al", "Bo", "Cy", "Ana", "Friday", "Ramo Keeper", "English", "한국어", "Italiano"}
# Words Italian borrows from English as they are, and the games whose names Italian keeps.
SAME_IN_ITALIAN = {"Password", "Ramo", "Phase 10"}
# The listed games are drawn by games/_macros.html, which the games pages' own pass translates.
GAME_LIST = re.compile(r'<ul class="card-list">.*?</ul>', re.S)


def _words(part: str) -> str:
    for name in sorted(NAMES, key=len, reverse=True):
        part = part.replace(name, " ")
    return part.strip(" ·:‘’+…")


def left_in_english(english_html: str, translated_html: str, same=frozenset()) -> list[str]:
    """Text of the English page found unchanged in the translated one, other than names and `same` words."""
    english_html, translated_html = GAME_LIST.sub("", english_html), GAME_LIST.sub("", translated_html)
    translated = set(visible_text(translated_html))
    return sorted({part for part in visible_text(english_html)
                   if part in translated and any(c.isalpha() for c in _words(part)) and _words(part) not in same})


def _same(language: str) -> frozenset:
    return frozenset(SAME_IN_ITALIAN) if language == "it" else frozenset()


@pytest.fixture
def guest(app, web):
    """A guest who played Rummy with Al, Bo and Cy and recorded one hand."""
    game_id = game_id_of(play_now(web, "rummy", ["Al", "Bo", "Cy"]))
    record(web, app, game_id, "Al", {"Bo": {"pips": 20}, "Cy": {"tens": 3}})
    return web


@pytest.mark.parametrize("language, sentences", [
    ("ko", ["실제 카드로 즐기는 라모, 콘트랙트 러미, 러미, 매니퓰레이션 러미, 페이즈 10, 리버풀 러미 점수 기록기.",
            ">바로 시작하기</a>", "가입할 필요 없습니다.", "나눠 줄 카드 수까지 Ramo Keeper가 계산합니다.",
            ">계정 만들기</a>"]),
    ("it", ["Il segnapunti per giocare a Ramo, Ramino a contratti, Ramino, Ramino a manipolazione, Phase 10 e "
            "Ramino Liverpool con le carte vere.", ">Gioca subito</a>", "Nessuna registrazione: scegli il gioco",
            "Ramo Keeper fa i conti:", ">Crea un account</a>"]),
])
def test_the_welcome_page_for_a_visitor(client, language, sentences):
    html = page(client, "/", language)
    for sentence in sentences:
        assert sentence in html
    english = page(client, "/", "en")
    assert "No sign-up needed" in english and "Play now" in english
    assert "No sign-up needed" not in html and "Play now" not in html
    assert left_in_english(english, html, _same(language)) == []


@pytest.mark.parametrize("language, sentences", [
    ("ko", [">새 게임</a>", "진행 중인 게임", "이 게임들은 이 휴대폰에만 있습니다.", ">계정에 저장하세요</a>"]),
    ("it", [">Nuova partita</a>", "Partite in corso", "Queste partite sono solo su questo telefono.",
            ">Salvale in un account</a>"]),
])
def test_the_welcome_page_for_a_guest(guest, language, sentences):
    html = page(guest, "/", language)
    for sentence in sentences:
        assert sentence in html
    english = page(guest, "/", "en")
    assert "These games live on this phone only." in english and "live on this phone" not in html
    assert left_in_english(english, html, _same(language)) == []


@pytest.mark.parametrize("language, sentences", [
    ("ko", ["<h1>바로 시작하기</h1>", "<strong>게임</strong>", "<strong>플레이어 (앉은 순서대로)</strong>",
            "첫 번째 플레이어가 첫 딜러입니다.", "aria-label=\"전에 함께한 플레이어\"", "aria-label=\"Bo 추가\"",
            ">플레이어 2</label>", "콘트랙트 러미</label>", ">플레이어 한 명 더</button>", ">게임 시작</button>"]),
    ("it", ["<h1>Gioca subito</h1>", "<strong>Gioco</strong>", "<strong>Giocatori, nell'ordine in cui siedono",
            "il primo giocatore distribuisce per primo.", "aria-label=\"Giocatori delle partite precedenti\"",
            "aria-label=\"Aggiungi Bo\"", ">Giocatore 2</label>", "Ramino a contratti</label>",
            ">Un giocatore in più</button>", ">Inizia la partita</button>"]),
])
def test_the_play_page_after_a_hand(guest, language, sentences):
    html = page(guest, "/play", language)
    for sentence in sentences:
        assert sentence in html
    english = page(guest, "/play", "en")
    assert "Players, in seat order" in english and 'aria-label="Add Bo"' in english
    for words in ("Players, in seat order", "Add Bo", "One more player", "Start the game", "Contract Rummy"):
        assert words not in html
    assert left_in_english(english, html, _same(language)) == []


@pytest.mark.parametrize("language, twice, count", [
    ("ko", "al 님이 두 번 입력되었습니다. 플레이어마다 다른 이름이 필요합니다.",
     "콘트랙트 러미 게임에는 플레이어 3–5명이 필요한데, 입력한 이름은 2명입니다."),
    ("it", "al è scritto due volte: ogni giocatore ha bisogno di un nome tutto suo.",
     "Ramino a contratti si gioca da 3 a 5 giocatori: hai scritto 2 nomi."),
])
def test_the_play_form_refuses_in_the_page_language(web, language, twice, count):
    headers = {"headers": {"Accept-Language": language}}
    refused = play_now(web, "ramo", ["Al", "al"], **headers)  # the second one is the name typed twice
    assert refused.status_code == 422 and twice in refused.get_data(as_text=True)
    # Contract Rummy is for 3 to 5 players (docs/RULES.md).
    refused = play_now(web, "contract", ["Al", "Bo"], **headers)
    assert refused.status_code == 422 and count in refused.get_data(as_text=True)


@pytest.mark.parametrize("language, sentences", [
    ("ko", ["<h1>계정에 저장</h1>", "지금은 게임 1개가 이 휴대폰에만 저장되어 있습니다.", "이대로 계정 만들기",
            "<label for=\"password\">비밀번호</label>", "<small>8자 이상.</small>", ">새 계정으로 저장</button>",
            "이미 계정이 있습니다", ">로그인하고 내 게임 옮기기</a>"]),
    ("it", ["<h1>Salva in un account</h1>", "Per ora questo telefono conserva 1 partita. Salvala",
            "Crea un account con le tue partite", "<small>Almeno 8 caratteri.</small>",
            ">Salva come nuovo account</button>", "Ho già un account", ">Accedi e sposta le mie partite</a>"]),
])
def test_the_save_page(guest, language, sentences):
    html = page(guest, "/guest/save", language)
    for sentence in sentences:
        assert sentence in html
    english = page(guest, "/guest/save", "en")
    assert "This phone keeps your 1 game for now." in english and "Make this an account" not in html
    assert left_in_english(english, html, _same(language)) == []


@pytest.mark.parametrize("language, flash, name_taken", [
    ("ko", "저장했습니다. 이제 Bea 님의 계정이며, 모든 게임이 그대로 있습니다.",
     "이름 ‘ana’는 이미 쓰이고 있습니다."),
    ("it", "Salvato: ora sei Bea, con tutte le tue partite.", "Il nome ana è già in uso."),
])
def test_keeping_the_guest_answers_in_the_page_language(guest, new_web, language, flash, name_taken):
    new_web().register("Ana")
    headers = {"Accept-Language": language}
    guest.get("/guest/save", headers=headers)
    taken = guest.post("/guest/keep", {"username": "ana", "password": "correct horse", "confirm": "correct horse"},
                       headers=headers)
    assert taken.status_code == 422 and name_taken in taken.get_data(as_text=True)
    kept = guest.post("/guest/keep", {"username": "Bea", "password": "correct horse", "confirm": "correct horse"},
                      headers=headers)
    assert kept.status_code == 303
    assert flash in page(guest, kept.headers["Location"], language)


@pytest.fixture
def ana(new_web):
    """Ana has an account with her league Friday."""
    ana = new_web()
    ana.register("Ana")
    ana.get("/leagues")
    assert ana.post("/leagues", {"name": "Friday"}).status_code == 303


@pytest.mark.parametrize("language, sentences, flash", [
    ("ko", ["<h1>게스트 게임 옮기기</h1>", "이 휴대폰에 게스트로 플레이한 게임이 1개 있습니다.",
            "“(게스트)” 표시가 붙은 별도의 시즌", "<label for=\"league\">어느 리그로 옮길까요?</label>",
            ">내 새 리그</option>", ">게임 옮기기</button>"],
     "게임 1개를 ‘Friday’ 리그로 옮겼습니다."),
    ("it", ["<h1>Sposta le tue partite da ospite</h1>", "Questo telefono contiene 1 partita giocata come ospite.",
            "stagioni a sé, contrassegnate «(da ospite)»", "<label for=\"league\">In quale lega?</label>",
            ">Una nuova lega tutta mia</option>", ">Sposta le partite</button>"],
     "1 partita spostata in Friday."),
])
def test_the_move_page_and_its_flash(app, guest, ana, language, sentences, flash):
    guest.login("Ana")
    html = page(guest, "/guest/save", language)
    for sentence in sentences:
        assert sentence in html
    english = page(guest, "/guest/save", "en")
    assert "Move your guest games" in english and "A new league of my own" in english
    assert left_in_english(english, html, _same(language)) == []
    league_id = re.search(r'<option value="(\d+)">Friday</option>', html).group(1)
    moved = guest.post("/guest/move", {"league": league_id}, headers={"Accept-Language": language})
    assert moved.status_code == 303
    assert flash in page(guest, moved.headers["Location"], language)


@pytest.mark.parametrize("language, play, save", [
    ("ko", "계정이 있으니 내 리그 중 한 곳에서 새 게임을 시작하세요.",
     "이 휴대폰에는 게스트 게임이 없습니다. 플레이하는 게임은 모두 계정에 저장됩니다."),
    ("it", "Hai un account: inizia una nuova partita da una delle tue leghe.",
     "Su questo telefono non ci sono partite da ospite: tutto ciò che giochi viene salvato nel tuo account."),
])
def test_an_account_is_sent_to_its_leagues_in_the_page_language(web, language, play, save):
    web.register("Ana")
    assert play in page(web, "/play", language)
    html = page(web, "/guest/save", language)
    assert save in html and {"ko": ">내 리그</a>", "it": ">Le tue leghe</a>"}[language] in html
    assert left_in_english(page(web, "/guest/save", "en"), html) == []


def test_a_guests_moved_season_is_marked_in_the_movers_language(app, guest, ana):
    from ramo_keeper.extensions import db
    from ramo_keeper.models import Season

    guest.login("Ana")
    guest.get("/guest/save", headers={"Accept-Language": "it"})
    assert guest.post("/guest/move", {"league": "new"}, headers={"Accept-Language": "it"}).status_code == 303
    with app.app_context():
        names = set(db.session.execute(db.select(Season.name)).scalars())
    # The guest's league was made in English (no Accept-Language), so its season is "Season 1".
    assert "Season 1 (da ospite)" in names


def test_the_check_sees_attributes_too():
    assert "aria-label" in VISIBLE_ATTRIBUTES
    english = '<button aria-label="Add Bo">+ Bo</button><p>Start</p>'
    assert left_in_english(english, '<button aria-label="Aggiungi Bo">+ Bo</button><p>Start</p>') == ["Start"]
    assert left_in_english(english, '<button aria-label="Add Bo">+ Bo</button><p>Inizia</p>') == ["Add Bo"]
