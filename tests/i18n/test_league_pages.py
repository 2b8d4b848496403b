"""The league page, the join page, home and the account page speak Korean and Italian (issue 10).

Two checks per page: a few characteristic sentences, worded by hand, in each language; and no text the
English page shows (a text node or a visible attribute) is left as it was, beyond player, member and
league names, the brand and the switcher's language names.
"""

import io
import json
from html.parser import HTMLParser

import pytest
from api.helpers import Api

from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.models import League

# Shown as they are in every language: names people typed, the brand, each language in its own words.
NAMES = {"Ana", "Bo", "Carla", "Friday cards", "Ramo Keeper", "English", "한국어", "Italiano"}
# Attributes a person sees or hears (screen readers read aria-label; a confirm dialog shows data-confirm).
VISIBLE_ATTRIBUTES = ("aria-label", "placeholder", "title", "alt", "data-confirm")
# Words Italian borrows from English as they are; Korean borrows none of the page's words.
SAME_IN_ITALIAN = {"Password", "Account", "Token", "Token API"}
# Code a person types as it is: the HTTP header that carries an API token.
CODE = {"Authorization: Bearer …"}


class _VisibleText(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts, self._skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        self.parts += [value.strip() for name, value in attrs if name in VISIBLE_ATTRIBUTES and value]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.parts.append(" ".join(data.split()))


def visible_text(html: str) -> list[str]:
    parser = _VisibleText()
    parser.feed(html)
    return parser.parts


def _words(part: str) -> str:
    """The text without names, the brand and the punctuation around them ("Leagues · Ramo Keeper" -> "Leagues")."""
    for name in sorted(NAMES, key=len, reverse=True):
        part = part.replace(name, " ")
    return part.strip(" ·:‘’…")


def left_in_english(english_html: str, translated_html: str, same=frozenset()) -> list[str]:
    """Text of the English page found unchanged in the translated one, other than names and `same` words."""
    translated = set(visible_text(translated_html))
    return sorted({part for part in visible_text(english_html)
                   if part in translated and part not in CODE and any(c.isalpha() for c in _words(part))
                   and _words(part) not in same})


def page(browser, url, language):
    return browser.get(url, headers={"Accept-Language": language}).get_data(as_text=True)


@pytest.fixture
def league(app, new_web):
    """Ana owns "Friday cards" with players Ana and Bo; Carla joined as a scorer; an invite link works."""
    ana = new_web()
    ana.register("Ana")
    ana.get("/leagues")
    league_id = int(ana.post("/leagues", {"name": "Friday cards"}).headers["Location"].rstrip("/").split("/")[-1])
    for name in ("Ana", "Bo"):
        ana.get(f"/leagues/{league_id}/players")
        ana.post(f"/leagues/{league_id}/players", {"name": name})
    ana.get(f"/leagues/{league_id}")
    ana.post(f"/leagues/{league_id}/invite", {"role": "scorer", "days": "7", "max_uses": "5"})
    with app.app_context():
        token = db.session.get(League, league_id).invite_token
    carla = new_web()
    carla.register("Carla")
    carla.get(f"/join/{token}")
    assert carla.post(f"/join/{token}").status_code == 303
    # A fresh link for the page to show: Carla's join used one of the five uses of the first one.
    ana.post(f"/leagues/{league_id}/invite", {"role": "viewer", "days": "1", "max_uses": "3"})
    with app.app_context():
        token = db.session.get(League, league_id).invite_token
    ana.get(f"/leagues/{league_id}")  # shows (and so clears) the flashes, worded in English for this POST
    return {"id": league_id, "owner": ana, "token": token}


@pytest.mark.parametrize("language, sentences", [
    ("ko", ["<p>내 역할: 소유자</p>", "<h2 id=\"members-heading\">멤버</h2>", "Carla 님의 역할",
            "data-confirm=\"Carla 님을 리그에서 내보낼까요?\"", "<option value=\"scorer\" selected>기록원</option>",
            "역할: 관전자, 사용: 3번 중 0번", "<label for=\"days\">유효 기간</label>", ">7일</option>",
            ">리그</a>", ">로그아웃</button>"]),
    ("it", ["<p>Il tuo ruolo: proprietario.</p>", "<h2 id=\"members-heading\">Membri</h2>", "Ruolo di Carla",
            "data-confirm=\"Rimuovere Carla dalla lega?\"", "<option value=\"scorer\" selected>segnapunti</option>",
            "entra come spettatore, fino al", "usato 0 volte su 3:", ">7 giorni</option>", ">1 giorno</option>",
            ">Leghe</a>", ">Esci</button>"]),
])
def test_the_league_page_in_korean_and_italian(league, language, sentences):
    html = page(league["owner"], f"/leagues/{league['id']}", language)
    for sentence in sentences:
        assert sentence in html
    english = page(league["owner"], f"/leagues/{league['id']}", "en")
    assert "You are owner." in english and "Remove Carla from the league?" in english
    assert left_in_english(english, html, SAME_IN_ITALIAN if language == "it" else frozenset()) == []


@pytest.mark.parametrize("language, sentences", [
    ("ko", ["<h1>‘Friday cards’에 참가</h1>", "관전자로 참가합니다. 게임과 순위표를 볼 수 있습니다."]),
    ("it", ["<h1>Entra in Friday cards</h1>", "Entrerai come spettatore: potrai seguire partite e classifiche."]),
])
def test_the_join_page_in_korean_and_italian(league, new_web, language, sentences):
    bo = new_web()
    bo.register("Bo")
    url = f"/join/{league['token']}"
    html = page(bo, url, language)
    for sentence in sentences:
        assert sentence in html
    assert left_in_english(page(bo, url, "en"), html) == []
    # A link that no longer works says so in the same language.
    gone = page(bo, "/join/no-such-token", language)
    assert {"ko": "이 초대 링크는 쓸 수 없습니다", "it": "Questo link di invito non funziona"}[language] in gone


@pytest.mark.parametrize("language, sentences", [
    ("ko", ["<h1>Ana 님, 안녕하세요</h1>", "진행 중인 게임이 없습니다. 리그에서 게임을 시작하세요.",
            "<h2 id=\"leagues-heading\">내 리그</h2>",
            "Friday cards</a> <small>소유자</small>", "본문으로 건너뛰기"]),
    ("it", ["<h1>Ciao, Ana</h1>", "Nessuna partita in corso. Iniziane una da una lega.",
            "<h2 id=\"leagues-heading\">Le tue leghe</h2>", "Friday cards</a> <small>proprietario</small>",
            "Vai al contenuto"]),
])
def test_the_home_page_in_korean_and_italian(league, language, sentences):
    html = page(league["owner"], "/", language)
    for sentence in sentences:
        assert sentence in html
    assert left_in_english(page(league["owner"], "/", "en"), html) == []


@pytest.mark.parametrize("language, sentences", [
    ("ko", ["<label for=\"current\">현재 비밀번호</label>", "<label for=\"confirm\">새 비밀번호 확인</label>"]),
    ("it", ["<label for=\"current\">Password attuale</label>",
            "<label for=\"confirm\">Ripeti la nuova password</label>"]),
])
def test_the_account_page_in_korean_and_italian(league, language, sentences):
    html = page(league["owner"], "/account", language)
    for sentence in sentences:
        assert sentence in html
    assert left_in_english(page(league["owner"], "/account", "en"), html,
                           SAME_IN_ITALIAN if language == "it" else frozenset()) == []


def test_the_check_finds_english_left_in_a_page():
    english = '<p>Hello</p><p>Friday cards</p><input placeholder="New player"><p>3 · 4</p>'
    translated = '<p>Ciao</p><p>Friday cards</p><input placeholder="New player"><p>3 · 4</p>'
    assert left_in_english(english, translated) == ["New player"]


@pytest.mark.parametrize("language, flash", [
    ("ko", "리그 ‘Carla’s table’을 만들었습니다. 이제 플레이어를 추가하세요."),
    ("it", "Lega Carla’s table creata. Ora aggiungi i giocatori."),
])
def test_league_flashes_and_errors_in_korean_and_italian(new_web, language, flash):
    carla = new_web()
    carla.register("Carla")
    headers = {"Accept-Language": language}
    carla.get("/leagues", headers=headers)
    empty = carla.post("/leagues", {"name": "  "}, headers=headers).get_data(as_text=True)
    assert {"ko": "리그에는 이름이 필요합니다.", "it": "Una lega ha bisogno di un nome."}[language] in empty
    created = carla.post("/leagues", {"name": "Carla’s table"}, headers=headers)
    assert flash in page(carla, created.headers["Location"], language)



@pytest.mark.parametrize("language, message", [
    ("ko", "리그 이름은 최대 80자입니다."),
    ("it", "Il nome della lega può avere al massimo 80 caratteri."),
    ("en", "A league name is at most 80 characters."),
])
def test_the_text_check_words_its_refusal_in_the_page_language(new_web, language, message):
    carla = new_web()
    carla.register("Carla")
    carla.get("/leagues", headers={"Accept-Language": language})
    refused = carla.post("/leagues", {"name": "x" * 81}, headers={"Accept-Language": language})
    assert refused.status_code == 422 and message in refused.get_data(as_text=True)


def test_the_api_says_the_shared_sentences_in_the_asked_language(app):
    # The roster's sentences are the pages' and the API's: the API says them in its Accept-Language.
    with app.app_context():
        token = issue_token(create_user("Ann", "correct horse"))
        db.session.commit()
    api = Api(app, token)
    league_id, _ = api.league(names=("Al",))
    taken = api.post(f"/leagues/{league_id}/players", {"name": "al"}, headers={"Accept-Language": "ko"})
    assert taken.status_code == 409 and taken.get_json()["error"] == "al 님은 이미 플레이어 명단에 있습니다."
    assert api.post(f"/leagues/{league_id}/players", {"name": "al"}).get_json()["error"] == \
        "al is already on the roster."
    long = api.post("/leagues", {"name": "x" * 81}, headers={"Accept-Language": "it"})
    assert long.status_code in (400, 422) and "al massimo 80 caratteri" in long.get_json()["error"]


def _backup(players: int) -> dict:
    return {"format": "ramo-keeper-league-backup", "version": 1, "league": {"name": "Old"},
            "players": [{"id": n, "name": f"P{n}"} for n in range(1, players + 1)],
            "seasons": [{"id": 1, "name": "Spring", "is_current": True}], "games": []}


@pytest.mark.parametrize("language, too_many, twice, unnamed", [
    ("ko", "리그에는 플레이어가 최대 500명까지 있을 수 있습니다. 이 백업에는 그보다 많습니다.",
     "플레이어 3: 이름이 두 번 쓰였습니다.", "플레이어 2, name: 값이 없습니다"),
    ("it", "Una lega può avere al massimo 500 giocatori; questo backup ne ha di più.",
     "Giocatore 3: il suo nome è usato due volte.", "Giocatore 2, name: manca"),
])
def test_a_refused_backup_says_why_in_the_page_language(league, language, too_many, twice, unnamed):
    owner, headers = league["owner"], {"Accept-Language": language}
    owner.get("/leagues")
    created = owner.post("/leagues", {"name": "Restored"})  # a backup goes only into an empty league
    url = created.headers["Location"].rstrip("/") + "/import"
    duplicate = _backup(2)
    duplicate["players"].append({"id": 3, "name": "p1"})  # "p1" is "P1" written otherwise
    nameless = _backup(2)
    del nameless["players"][1]["name"]  # the file's structure is wrong: pydantic's own check refuses it
    for data, expected in ((_backup(501), too_many), (duplicate, twice), (nameless, unnamed)):
        owner.get(url, headers=headers)
        response = owner.post(url, {"file": (io.BytesIO(json.dumps(data).encode()), "backup.json")},
                              headers=headers, content_type="multipart/form-data")
        assert response.status_code in (409, 422) and expected in response.get_data(as_text=True)
