"""Which language a page speaks: Accept-Language, then the switcher's cookie, then a member's saved choice."""

import re

import pytest
from standings.builders import OUT, RUMMY_2, World, play, std

from ramo_keeper.extensions import db
from ramo_keeper.models import User

KO, IT = {"Accept-Language": "ko"}, {"Accept-Language": "it"}


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.get_data(as_text=True)).group(1)


def text(response) -> str:
    return response.get_data(as_text=True)


@pytest.mark.parametrize("header, lang, heading", [
    ("ko", "ko", "<h1>로그인</h1>"),
    ("it", "it", "<h1>Accedi</h1>"),
    ("ko-KR,ko;q=0.9,en-US;q=0.8", "ko", "<h1>로그인</h1>"),
    ("it-IT,it;q=0.9", "it", "<h1>Accedi</h1>"),
    ("fr-FR,fr;q=0.9,it;q=0.5", "it", "<h1>Accedi</h1>"),
    ("fr, de", "en", "<h1>Log in</h1>"),
    (None, "en", "<h1>Log in</h1>"),
])
def test_the_browser_language_picks_the_page_language_and_html_lang(client, header, lang, heading):
    response = client.get("/login", headers={"Accept-Language": header} if header else {})
    assert html_lang(response) == lang
    assert heading in text(response)
    assert "Accept-Language" in response.headers["Vary"]


def test_register_page_in_korean_and_italian(client):
    assert "<h1>계정 만들기</h1>" in text(client.get("/register", headers=KO))
    page = text(client.get("/register", headers=IT))
    assert "<h1>Crea un account</h1>" in page and "Almeno 8 caratteri." in page


def test_error_pages_and_the_api_speak_the_asked_language(client):
    page = client.get("/no-such-page", headers=KO)
    assert page.status_code == 404 and html_lang(page) == "ko"
    assert "찾을 수 없음" in text(page) and "여기에는 아무것도 없거나" in text(page)
    api = client.get("/api/no-such-thing", headers=KO)
    assert api.status_code == 404
    assert api.get_json() == {"error": "여기에는 아무것도 없거나, 참가하지 않은 리그의 페이지입니다.",
                              "details": {"code": "not_found"}}
    english = client.get("/api/no-such-thing")
    assert english.get_json()["error"] == "There is nothing here, or it belongs to a league you are not in."


def test_the_login_redirect_message_is_translated(client):
    response = client.get("/account", headers=IT, follow_redirects=True)
    assert "Accedi per vedere questa pagina." in text(response)


def test_a_visitor_switches_language_and_the_cookie_remembers_it(new_web):
    visitor = new_web()
    visitor.get("/login", headers=KO)
    response = visitor.post("/language", {"locale": "it", "next": "/login?next=%2Faccount"}, headers=KO)
    assert response.status_code == 303 and response.headers["Location"] == "/login?next=%2Faccount"
    assert "ramo_language=it" in response.headers["Set-Cookie"]
    # The browser still asks for Korean, but the choice made with the switcher wins.
    page = visitor.get("/login", headers=KO)
    assert html_lang(page) == "it" and "<h1>Accedi</h1>" in text(page)
    assert 'value="it" lang="it" class="small" aria-current="true"' in text(page)


def test_the_switcher_is_on_every_page_and_comes_back_to_it(client):
    page = text(client.get("/register?next=%2Fleagues", headers=IT))
    assert 'action="/language"' in page and 'name="next" value="/register?next=%2Fleagues"' in page
    assert '<legend>Lingua</legend>' in page
    for name in ("English", "한국어", "Italiano"):
        assert f">{name}</button>" in page  # each language in its own words


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "/\\evil.example", "", None])
def test_the_switcher_never_sends_anyone_off_site(new_web, target):
    visitor = new_web()
    visitor.get("/login")
    data = {"locale": "ko"} | ({"next": target} if target is not None else {})
    response = visitor.post("/language", data)
    assert response.status_code == 303 and response.headers["Location"] == "/"


def test_an_unknown_language_changes_nothing(new_web):
    visitor = new_web()
    visitor.get("/login")
    response = visitor.post("/language", {"locale": "fr", "next": "/login"})
    assert response.status_code == 303 and "Set-Cookie" not in response.headers
    assert html_lang(visitor.get("/login", headers=IT)) == "it"


def test_a_members_switch_needs_the_csrf_token_a_visitors_only_sets_this_devices_cookie(client, new_web):
    """A member's choice is written to the account, so a forged post must fail; a visitor's only sets a
    cookie on this device (the live link's viewers have no session, so no token to send)."""
    visitor = client.post("/language", data={"locale": "ko", "next": "/"})
    assert visitor.status_code == 303 and "ramo_language=ko" in visitor.headers["Set-Cookie"]
    member = new_web()
    member.register("Mina")
    forged = member.client.post("/language", data={"locale": "ko", "next": "/"})
    assert forged.status_code == 400
    assert "ramo_language" not in forged.headers.get("Set-Cookie", "")


def test_a_members_choice_is_saved_in_the_account_and_survives_a_new_session(app, new_web):
    phone = new_web()
    phone.register("Mina")
    phone.post("/language", {"locale": "ko", "next": "/account"})
    with app.app_context():
        assert db.session.execute(db.select(User.locale).filter_by(username="Mina")).scalar_one() == "ko"
    # Another device: no cookie, a browser set to Italian; once logged in the account's choice wins.
    tablet = new_web()
    assert html_lang(tablet.get("/login", headers=IT)) == "it"
    tablet.login("Mina")
    page = tablet.get("/account", headers=IT)
    assert html_lang(page) == "ko" and "비밀번호 바꾸기" in text(page)
    # The member's saved choice also beats a cookie left on a shared device by someone else.
    shared = new_web()
    shared.get("/login")
    shared.post("/language", {"locale": "it", "next": "/login"})
    shared.login("Mina")
    assert html_lang(shared.get("/account")) == "ko"


@pytest.fixture
def rummy_league(app):
    """Ana and Bo play one two-hand Rummy game in the league's current season.

    Hand 1: Bo goes out and takes Ana's 9 pips (+9). Hand 2: Ana goes out and takes Bo's 3 pips (+3).
    Totals Bo 9, Ana 3: Bo is first; per hand Bo 9/2 = 4.50, Ana 3/2 = 1.50.
    """
    with app.app_context():
        world = World(names=("Ana", "Bo"))
        season = world.league.seasons[0]
        play(world.league, world.user, "rummy", [world.Ana, world.Bo],
             [{world.Bo: OUT, world.Ana: std(9)}, {world.Ana: OUT, world.Bo: std(3)}], season, RUMMY_2)
        return {"league": world.league.id, "season": season.id, "Ana": world.Ana.id}


def test_standings_numbers_follow_the_locale_and_names_stay_as_typed(new_web, rummy_league):
    owner = new_web()
    owner.login("Owner")
    url = f"/leagues/{rummy_league['league']}/seasons/{rummy_league['season']}"
    english, italian, korean = (text(owner.get(url, headers={"Accept-Language": lang})) for lang in ("en", "it", "ko"))
    assert "<td class=\"num\">4.50</td>" in english and "<td class=\"num\">1.50</td>" in english
    assert "<td class=\"num\">4,50</td>" in italian and "<td class=\"num\">1,50</td>" in italian
    assert "<td class=\"num\">4.50</td>" in korean
    assert ">Per mano</abbr>" in italian and ">판당</abbr>" in korean
    for page in (italian, korean):
        assert ">Ana</a>" in page and ">Bo</a>" in page


def test_plural_forms_in_italian_and_english(app, new_web, rummy_league):
    owner = new_web()
    owner.login("Owner")
    url = f"/leagues/{rummy_league['league']}/seasons/{rummy_league['season']}"
    from ramo_keeper.models import Season

    for games, italian, english in (
        (1, "serve 1 partita dello stesso gioco", "need 1 game of a kind"),
        (2, "servono 2 partite dello stesso gioco", "need 2 games of a kind"),
    ):
        with app.app_context():
            db.session.get(Season, rummy_league["season"]).min_games = games
            db.session.commit()
        assert italian in text(owner.get(url, headers=IT))
        assert english in text(owner.get(url, headers={"Accept-Language": "en"}))
    # With 2 needed and 1 played, both players are listed apart, under a plural heading.
    assert "Non ancora in classifica (meno di 2 partite)" in text(owner.get(url, headers=IT))


def test_flash_and_field_errors_are_translated(new_web, rummy_league):
    owner = new_web()
    owner.login("Owner")
    url = f"/leagues/{rummy_league['league']}/seasons"
    owner.get(url, headers=KO)
    empty = owner.post(url, {"name": "", "ranking": "points", "min_games": "0"}, headers=IT)
    assert empty.status_code == 422 and "La stagione deve avere un nome." in text(empty)
    created = owner.post(url, {"name": "Autunno", "ranking": "points", "min_games": "0"}, headers=KO)
    assert created.status_code == 303
    assert "시즌 ‘Autunno’를 만들었습니다." in text(owner.get(created.headers["Location"], headers=KO))


def test_player_statistics_in_korean(new_web, rummy_league):
    owner = new_web()
    owner.login("Owner")
    page = text(owner.get(f"/leagues/{rummy_league['league']}/players/{rummy_league['Ana']}/stats", headers=KO))
    assert "<h2 id=\"record-heading\">전적</h2>" in page and "상대 전적" in page
    assert "2명 중 2위" in page  # Ana finished second of two
