"""The API's sentences follow the request's Accept-Language (en, ko, it; English otherwise), and nothing
else: `details`, codes and field names are the same in every language (docs/API.md, Errors)."""

import pytest

from ramo_keeper.accounts.service import find_user
from ramo_keeper.extensions import db

from .helpers import ramo, result

KO, IT = {"Accept-Language": "ko"}, {"Accept-Language": "it"}


def refusal(response, status: int) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()


@pytest.fixture
def table(api):
    """A league of 지우 and Niccolò at a Ramo game."""
    league, ids = api.league(names=("지우", "Niccolò"))
    game = api.game(league, "ramo", ids)
    return league, ids, game["id"]


def test_a_duplicate_name_is_refused_in_the_readers_language(api, table):
    league, ids, _ = table
    answers = {language: api.post(f"/leagues/{league}/players", {"name": "지우"},
                                  headers={"Accept-Language": language} if language else {})
               for language in (None, "ko", "it")}
    said = {language: refusal(answer, 409) for language, answer in answers.items()}
    assert said[None]["error"] == "지우 is already on the roster."
    assert said["ko"]["error"] == "지우 님은 이미 플레이어 명단에 있습니다."
    assert said["it"]["error"] == "지우 è già nell'elenco dei giocatori."
    # What a script reads stays the same whatever the language.
    assert said[None]["details"] == said["ko"]["details"] == said["it"]["details"]
    assert said["it"]["details"] == {"code": "conflict", "field": "name", "current": {"id": ids[0], "name": "지우"}}


def test_a_broken_rule_is_refused_in_the_readers_language(api, table):
    _, ids, game = table
    body = {"results": [result(ids[0], ramo(low=99)), result(ids[1], {}, went_out=True)]}
    said = {language: refusal(api.post(f"/games/{game}/hands", body, headers=headers), 422)
            for language, headers in (("en", {}), ("ko", KO), ("it", IT))}
    assert said["en"]["error"].startswith("지우 cannot hold 99 low: ")
    assert said["ko"]["error"].startswith("지우 님은 1–9 카드 99장을 가질 수 없습니다.")
    assert said["it"]["error"].startswith("지우 non può avere 99 carte basse: ")
    assert said["en"]["details"] == said["ko"]["details"] == said["it"]["details"]
    assert said["it"]["details"]["code"] == "too_many_of_a_category" and said["it"]["details"]["player_id"] == ids[0]
    assert api.get(f"/games/{game}").get_json()["hands"] == []


def test_a_body_of_the_wrong_type_is_refused_in_the_readers_language(api):
    said = {language: refusal(api.post("/leagues", {"name": 5}, headers=headers), 400)
            for language, headers in (("en", {}), ("ko", KO), ("it", IT))}
    assert said["en"]["error"] == "name must be text."
    assert said["ko"]["error"] == "name은 글자여야 합니다."  # "name" is read 네임: its ㅁ takes 은
    assert said["it"]["error"] == "name deve essere un testo."
    # pydantic's own words stay in details.errors, for scripts.
    assert said["en"]["details"] == said["ko"]["details"] == said["it"]["details"]
    assert said["ko"]["details"]["errors"][0]["loc"] == ["name"]
    assert said["ko"]["details"]["errors"][0]["type"] == "string_type"


def test_a_missing_thing_is_refused_in_the_readers_language(api, table):
    _, _, game = table
    nothing = {language: refusal(api.get("/games/999999", headers=headers), 404)
               for language, headers in (("en", {}), ("ko", KO), ("it", IT))}
    assert nothing["en"]["error"] == "There is nothing here, or it belongs to a league you are not in."
    assert nothing["ko"]["error"] == "여기에는 아무것도 없거나, 참가하지 않은 리그의 페이지입니다."
    assert nothing["it"]["error"] == "Qui non c'è niente, oppure appartiene a una lega di cui non fai parte."
    no_hand = refusal(api.delete(f"/games/{game}/hands/7", headers=IT), 404)
    assert no_hand["details"]["code"] == "not_found"
    assert no_hand["error"] != f"Hand 7 does not exist in game {game}." and "7" in no_hand["error"]


def test_the_apis_own_refusals_are_in_the_readers_language(app, api, table):
    no_token = app.test_client().get("/api/v1/leagues", headers=IT)
    assert refusal(no_token, 401)["error"] == ("Invia un token API valido come 'Authorization: Bearer TOKEN'; "
                                               "lo crea 'flask users token NAME'.")
    assert refusal(api.post("/leagues", data=b"{not json", headers={**KO, "Content-Type": "application/json"}),
                   400)["error"] == "요청 본문이 올바른 JSON이 아닙니다."


@pytest.mark.parametrize("asked", [None, "fr", "de-DE, fr;q=0.8", "*"])
def test_english_when_no_language_we_speak_is_asked_for(api, asked):
    headers = {"Accept-Language": asked} if asked else {}
    assert refusal(api.post("/leagues", {"name": 5}, headers=headers), 400)["error"] == "name must be text."


@pytest.mark.parametrize(("asked", "said"), [("fr-FR, it;q=0.9, ko;q=0.5", "name deve essere un testo."),
                                             ("ko-KR", "name은 글자여야 합니다.")])
def test_the_preferred_language_of_several_is_spoken(api, asked, said):
    assert refusal(api.post("/leagues", {"name": 5}, headers={"Accept-Language": asked}), 400)["error"] == said


def test_the_accounts_language_and_the_cookie_do_not_change_a_scripts_answers(app, api):
    # The owner reads the pages in Italian; their script, asking nothing, keeps reading English.
    with app.app_context():
        find_user("Ann").locale = "it"
        db.session.commit()
    api.client.set_cookie("ramo_language", "ko")
    answer = api.post("/leagues", {"name": 5})
    assert refusal(answer, 400)["error"] == "name must be text."
    assert "Accept-Language" in answer.headers.get("Vary", "")


def test_a_broken_rule_ends_as_a_sentence_of_the_readers_language(api, table):
    """The native read: a Korean rule error stopped at 다 with no full stop. Korean and Italian end it with one
    (once); English keeps the bare clause scripts have always read."""
    _, ids, game = table
    body = {"results": [result(ids[0], ramo(low=99)), result(ids[1], {}, went_out=True)]}
    said = {language: refusal(api.post(f"/games/{game}/hands", body, headers=headers), 422)["error"]
            for language, headers in (("en", {}), ("ko", KO), ("it", IT))}
    assert said["ko"].endswith("다.") and not said["ko"].endswith("..")
    assert said["it"].endswith(".") and not said["it"].endswith("..")
    assert not said["en"].endswith(".")
