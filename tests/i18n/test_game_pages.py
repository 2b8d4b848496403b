"""The game screens speak Korean and Italian (issue 10): new game, the game page with its deal card, hand
form, scoreboard and grid, the correction and delete pages, the live view, and the game code's messages.

As for the league pages: a few characteristic words, worded by hand, in each language; the English page's
own words absent; and nothing the English page shows is left as it was, beyond names and numbers.
"""

import re

import pytest
from api.helpers import Api

from conftest import Table
from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.models import Membership, User

from .test_league_pages import visible_text

# Names people typed (players, the league, the season the league started with), the brand, the switcher.
NAMES = {"Ana", "Bo", "Cy", "Friday", "Season 1", "Ramo Keeper", "English", "한국어", "Italiano"}
# The game's Italian name is Ramo too (glossary); in Korean it is 라모, so there it must change.
SAME_NAME_IN = {"ko": set(), "it": {"Ramo"}}


def left_in_english(english_html: str, translated_html: str, language: str) -> list[str]:
    """Text of the English page found unchanged in the translated one, other than names and numbers."""
    names = sorted(NAMES | SAME_NAME_IN[language], key=len, reverse=True)

    def words(part: str) -> str:
        for name in names:
            part = part.replace(name, " ")
        return part

    translated = set(visible_text(translated_html))
    return sorted({part for part in visible_text(english_html)
                   if part in translated and any(c.isalpha() for c in words(part))})


def page(browser, url, language):
    return browser.get(url, headers={"Accept-Language": language}).get_data(as_text=True)


@pytest.fixture
def game(app, web):
    """Ana's league "Friday": a Ramo game of Ana, Bo and Cy with one hand recorded and a live link.

    Ana deals hand 1: Bo goes out (so has laid down); Cy lays down too and holds one low card (5), Ana two
    (10). The highest total deals next, so Ana deals hand 2 as well.
    """
    table = Table(app, web, ["Ana", "Bo", "Cy"])
    game_id = table.new_game("ramo", ["Ana", "Bo", "Cy"])
    assert table.post_hand(game_id, out="Bo", laid=["Bo", "Cy"],
                           cards={"Ana": {"low": 2}, "Cy": {"low": 1}}).status_code == 303
    table.web.post(f"/games/{game_id}/share")
    html = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    link = re.search(r"http://keeper\.test(/live/[\w-]+)", html).group(1)
    return {"table": table, "web": table.web, "id": game_id, "live": link}


@pytest.mark.parametrize("language, words", [
    ("ko", ["<h1>새 게임</h1>", "<label for=\"first_dealer_id\">첫 딜러</label>", ">게임 시작</button>",
            "시즌 없음 (친선 게임)", "Season 1 (현재)", "아직 앉은 사람이 없습니다.", "aria-label=\"Bo 님 앉히기\"",
            "진행 방향: 시계 반대 방향", ">라모 (2–8명)</option>", ">추가하고 앉히기</button>"]),
    ("it", ["<h1>Nuova partita</h1>", "<label for=\"first_dealer_id\">Primo mazziere</label>",
            ">Inizia la partita</button>", "Nessuna stagione (partita amichevole)", "Season 1 (in corso)",
            "Ancora nessuno al tavolo.", "aria-label=\"Fai sedere Bo\"", "A Ramo si gioca in senso antiorario.",
            ">Ramino a contratti (3–5 giocatori)</option>", ">Aggiungi e fai sedere</button>"]),
])
def test_the_new_game_page_in_korean_and_italian(game, language, words):
    url = f"/leagues/{game['table'].league_id}/games/new"
    html = page(game["web"], url, language)
    for word in words:
        assert word in html
    english = page(game["web"], url, "en")
    for word in ("Start the game", "First dealer", "Nobody seated yet.", "No season (a friendly game)"):
        assert word in english and word not in html
    assert left_in_english(english, html, language) == []


@pytest.mark.parametrize("language, words", [
    ("ko", ["점수판 <small>1판 후</small>", "<span data-hand-number>2</span>판 기록</span>", "판별 점수",
            '<span class="visually-hidden">실시간 링크 공유</span>', "<span class=\"badge soft\" data-deal>선</span>",
            "진행 방향: 시계 반대 방향.", "title=\"지난 판에 내려놓음\">1판에 내려놓음</span>", "1판 취소</button>",
            "hx-confirm=\"1판을 지울까요?\"", "aria-label=\"1판 수정\"", "다른 휴대폰용 실시간 보기",
            "실시간 링크 끄기", "이 게임 삭제…", "title=\"딜러: Ana\"", ">합계</th>"]),
    ("it", ["Punteggi <small>dopo 1 mano</small>", "Registra la mano <span data-hand-number>2</span></span>",
            "Mano per mano",
            '<span class="visually-hidden">Condividi il link in diretta</span>',
            "<span class=\"badge soft\" data-deal>inizia</span>",
            "si gioca in senso antiorario.", "title=\"Ha calato nell'ultima mano\">ha calato nella mano 1</span>",
            "Annulla la mano 1</button>", "hx-confirm=\"Rimuovere la mano 1?\"",
            "aria-label=\"Modifica la mano 1\"", "Vista in diretta per gli altri telefoni",
            "Disattiva il link in diretta", "Elimina questa partita…", "title=\"Ha distribuito Ana\"", ">Tot.</th>"]),
])
def test_the_game_page_in_korean_and_italian(game, language, words):
    url = f"/games/{game['id']}"
    html = page(game["web"], url, language)
    for word in words:
        assert word in html
    english = page(game["web"], url, "en")
    for word in ("Record hand", "Scoreboard", "Hand by hand", "Undo hand 1", "Laid down", "Live view for the other "
                 "phones", "Rules and levels", "QR code of the live link"):
        assert word in english and word not in html
    assert left_in_english(english, html, language) == []


@pytest.mark.parametrize("language, words", [
    ("ko", ["<title>1판 수정 · Ramo Keeper</title>", "#1 화면으로 돌아가기", ">1판 저장</button>",
            "저장하면 이 판 뒤의 모든 판을 다시 계산합니다."]),
    ("it", ["<title>Modifica la mano 1 · Ramo Keeper</title>", "Torna a Ramo #1",
            ">Salva la mano 1</button>", "Salvando si ricalcolano tutte le mani successive."]),
])
def test_the_correction_page_in_korean_and_italian(game, language, words):
    url = f"/games/{game['id']}/hands/1/edit"
    html = page(game["web"], url, language)
    for word in words:
        assert word in html
    english = page(game["web"], url, "en")
    for word in ("Save hand 1", "Back to Ramo #1", "Correct hand 1"):
        assert word in english and word not in html
    assert left_in_english(english, html, language) == []


@pytest.mark.parametrize("language, words", [
    ("ko", ["을 삭제할까요?</h1>", "이 게임과 기록된 1판을 모두 지웁니다. 시즌 순위에서도 빠지며",
            "네, 이 게임을 삭제합니다",
            ">게임 삭제</button>", ">그대로 두기</a>"]),
    ("it", ["<h1>Eliminare la partita #", "La partita e la mano registrata (1) vengono eliminate per tutti,",
            "Sì, elimina questa partita",
            ">Elimina la partita</button>", ">Tienila</a>"]),
])
def test_the_delete_page_in_korean_and_italian(game, language, words):
    url = f"/games/{game['id']}/delete"
    html = page(game["web"], url, language)
    for word in words:
        assert word in html
    english = page(game["web"], url, "en")
    for word in ("Delete the game", "Keep it", "It cannot be undone."):
        assert word in english and word not in html
    assert left_in_english(english, html, language) == []


@pytest.mark.parametrize("language, words", [
    ("ko", ["<small>실시간</small>", "판 딜러: <strong>Ana</strong>", "점수판", ">새로 고침</a> · 자동으로 갱신됨"]),
    ("it", ["<small>in diretta</small>", "distribuisce <strong>Ana</strong>.", "Punteggi",
            ">Aggiorna</a> · si aggiorna da sé"]),
])
def test_the_live_view_in_korean_and_italian(game, new_web, language, words):
    viewer = new_web()  # anyone with the link, not logged in
    html = page(viewer, game["live"], language)
    for word in words:
        assert word in html
    english = page(viewer, game["live"], "en")
    for word in ("Refresh", "updates by itself", "Scoreboard"):
        assert word in english and word not in html
    assert left_in_english(english, html, language) == []


def test_a_304_is_never_given_for_a_copy_in_another_language(game, new_web):
    """Same game, same validator: a browser asking in another language gets that language, not 304."""
    viewer = new_web()
    korean = viewer.get(game["live"], headers={"Accept-Language": "ko"})
    etag = korean.headers["ETag"]
    assert "점수판" in korean.get_data(as_text=True)
    unchanged = viewer.get(game["live"], headers={"Accept-Language": "ko", "If-None-Match": etag})
    assert unchanged.status_code == 304
    italian = viewer.get(game["live"], headers={"Accept-Language": "it", "If-None-Match": etag})
    assert italian.status_code == 200 and italian.headers["ETag"] != etag
    assert "Punteggi" in italian.get_data(as_text=True) and "점수판" not in italian.get_data(as_text=True)
    # The switcher's cookie changes the language too, with the browser still asking for Korean.
    viewer.post("/language", {"locale": "it", "next": game["live"]})
    switched = viewer.get(game["live"], headers={"Accept-Language": "ko", "If-None-Match": etag})
    assert switched.status_code == 200 and "Punteggi" in switched.get_data(as_text=True)
    # The members' polled board is validated the same way.
    board = f"/games/{game['id']}/board"
    member = game["web"]
    etag = member.get(board, headers={"Accept-Language": "ko", "HX-Request": "true"}).headers["ETag"]
    assert member.get(board, headers={"Accept-Language": "ko", "HX-Request": "true",
                                      "If-None-Match": etag}).status_code == 304
    other = member.get(board, headers={"Accept-Language": "it", "HX-Request": "true", "If-None-Match": etag})
    assert other.status_code == 200 and "Registra la mano" in other.get_data(as_text=True)


@pytest.mark.parametrize("language, nobody_out, negative, corrected, audit, removed", [
    ("ko", "누가 나갔는지 고르세요.", "음수일 수 없습니다.", "1판을 수정했습니다. 그 뒤의 점수는 다시 계산되었습니다.",
     "Ana 님이 1판을 수정함: 바뀐 플레이어: Ana", "2판을 지웠습니다."),
    ("it", "Scegli chi ha chiuso.", "Non può essere negativo.",
     "Mano 1 corretta; i punteggi successivi sono stati ricalcolati.",
     "Ana ha corretto la mano 1: modificati: Ana", "La mano 2 è stata rimossa."),
])
def test_hand_errors_and_flashes_in_korean_and_italian(game, language, nobody_out, negative, corrected, audit,
                                                       removed):
    table, web, game_id, headers = game["table"], game["web"], game["id"], {"Accept-Language": language}
    web.get(f"/games/{game_id}", headers=headers)
    data = table.hand_data(out="Ana", cards={"Bo": {"low": -1}})
    del data["went_out"]
    refused = web.post(f"/games/{game_id}/hands", data, headers=headers)
    assert refused.status_code == 422
    assert nobody_out in refused.get_data(as_text=True) and negative in refused.get_data(as_text=True)
    # A correction: Ana now held three low cards instead of two.
    web.get(f"/games/{game_id}/hands/1/edit", headers=headers)
    fixed = table.hand_data(out="Bo", laid=["Bo", "Cy"], cards={"Ana": {"low": 3}, "Cy": {"low": 1}})
    assert web.post(f"/games/{game_id}/hands/1", fixed, headers=headers).status_code == 303
    html = page(web, f"/games/{game_id}", language)
    assert corrected in html and audit in html
    # Undo, after a second hand.
    second = table.post_hand(game_id, out="Ana", laid=["Ana"], cards={"Bo": {"low": 1}, "Cy": {"low": 1}})
    assert second.status_code == 303
    assert web.undo(game_id, headers=headers).status_code == 303
    assert removed in page(web, f"/games/{game_id}", language)


@pytest.mark.parametrize("language, dead_link, owner_only", [
    ("ko", "이 실시간 링크는 열 수 없습니다", "게임은 리그 소유자만 삭제할 수 있습니다."),
    ("it", "Questo link in diretta non funziona", "Solo il proprietario della lega può eliminare una partita."),
])
def test_refusals_in_korean_and_italian(game, app, new_web, language, dead_link, owner_only):
    assert dead_link in page(new_web(), "/live/no-such-link", language)
    # A viewer of the league may open the game but not delete it.
    with app.app_context():
        viewer = create_user("Vi", "correct horse")
        db.session.add(Membership(user=viewer, league_id=game["table"].league_id, role="viewer"))
        db.session.commit()
    vi = new_web()
    vi.login("Vi")
    assert owner_only in page(vi, f"/games/{game['id']}/delete", language)


def test_the_api_says_the_game_services_sentences_in_the_asked_language(game, app):
    with app.app_context():
        token = issue_token(db.session.execute(db.select(User).filter_by(username="Ana")).scalar_one())
        db.session.commit()
    api = Api(app, token)
    missing = api.delete(f"/games/{game['id']}/hands/7", headers={"Accept-Language": "ko"})
    assert missing.status_code == 404
    assert missing.get_json()["error"] == f"게임 {game['id']}번에는 7판이 없습니다."
    english = api.delete(f"/games/{game['id']}/hands/7")
    assert english.get_json()["error"] == f"Hand 7 does not exist in game {game['id']}."


def test_every_game_has_its_question_for_a_form_sent_without_who_went_out(app):
    # The hand form asks "Choose who went out." in the game's own words: each built-in states its sentence.
    from ramo_keeper import rules
    from ramo_keeper.text.game_words import choose_who

    with app.test_request_context(headers={"Accept-Language": "it"}):
        questions = {v.words.went_out_verb: choose_who(v.words) for v in rules.VARIANTS.values()}
    assert questions == {"went out": "Scegli chi ha chiuso.", "knocked": "Scegli chi ha bussato."}
