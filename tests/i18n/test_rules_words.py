"""The rules' words in Korean and Italian: the rules pages, rule errors on the hand page and in the API.

Expected sentences are written here by hand from the glossary in translations/README.md, not copied
from the catalogues' output.
"""

import re
import uuid

import pytest
from markupsafe import escape

from ramo_keeper import rules
from ramo_keeper.accounts.service import find_user, issue_token
from ramo_keeper.extensions import db

KO, IT, EN = {"Accept-Language": "ko"}, {"Accept-Language": "it"}, {"Accept-Language": "en"}
# English words the rules pages used to show; none may be left in the page body once translated.
ENGLISH_WORDS = re.compile(r"\b(players?|cards?|each|set|sets|runs?|group|sequence|level|contract|round|hand|"
                           r"decks?|jokers?|Usually|Options|Scoring|Setup|Melds|Requirement|the|and|or|of|"
                           r"clockwise|Rules|All games|Rummy)\b")


def main_text(response) -> str:
    """The visible words of <main>, tags dropped."""
    page = response.get_data(as_text=True)
    main = re.search(r"<main.*?</main>", page, re.S).group(0)
    return " ".join(re.sub(r"<[^>]+>", " ", main).split())


@pytest.mark.parametrize("headers", [KO, IT], ids=["ko", "it"])
@pytest.mark.parametrize("path", ["/rules"] + [f"/rules/{key}" for key in rules.VARIANTS])
def test_the_rules_pages_leave_no_english_word(client, headers, path):
    words = main_text(client.get(path, headers=headers))
    # The one English word allowed is the brand's game name Phase 10 (its Italian players keep it too),
    # and Italian players count Contract Rummy's deals in rounds, as seed 003 does (docs/GLOSSARY.md).
    found = ENGLISH_WORDS.findall(words.replace("Phase 10", ""))
    assert [word for word in found if not (headers == IT and word == "round")] == []


def test_the_rules_index_in_korean_and_italian(client):
    korean = main_text(client.get("/rules", headers=KO))
    assert "규칙과 레벨" in korean and "라모 2–8명 · 레벨 8개" in korean and "콘트랙트 러미 3–5명 · 계약 7개" in korean
    italian = main_text(client.get("/rules", headers=IT))
    # Italian players call Contract Rummy by its Italian name.
    assert "Ramino a contratti 3–5 giocatori · 7 contratti" in italian and "Ramino 2–6 giocatori" in italian


def test_ramo_in_korean_calls_a_run_a_run_never_points_conceded(client):
    words = main_text(client.get("/rules/ramo", headers=KO))
    assert "실점" not in words
    # Level 2 is one set and one run; level 8 four sets or four runs (docs/RULES.md).
    assert "<td>세트 1개, 런 1개</td>" in client.get("/rules/ramo", headers=KO).get_data(as_text=True)
    assert "세트 4개 또는 런 4개" in words
    assert "진행 방향: 시계 반대 방향." in words
    assert "딜러 다음 플레이어에게 13장, 나머지에게 12장" in words
    assert "나간 플레이어는 -50점, 나머지는 손에 남은 카드의 점수를 받습니다." in words


def test_contract_rummy_in_italian(client):
    words = main_text(client.get("/rules/contract", headers=IT))
    assert "<h1>Ramino a contratti</h1>" in client.get("/rules/contract", headers=IT).get_data(as_text=True)
    assert "un tris e una scala di quattro" in words
    assert "tre scale: due di quattro e una di cinque, calate tutte insieme senza scartare" in words
    # Three players: two decks and two jokers; 10 cards in rounds 1-3, 12 in rounds 4-7.
    assert "2 mazzi da 52 carte + 2 jolly" in words
    assert "10 a testa nei round 1–3; 12 a testa nei round 4–7" in words
    assert "Si gioca in senso orario." in words


def test_manipulation_options_and_scoring_in_italian_and_korean(client):
    italian = main_text(client.get("/rules/manipulation", headers=IT))
    assert ("Limite per bussare Valore massimo della mano con cui si può bussare. Predefinito: 5 (da 0 a 100)."
            in italian)
    assert "1 mazzo da 53 carte (1 jolly)" in italian and "2 mazzi da 53 carte (2 jolly)" in italian
    korean = main_text(client.get("/rules/manipulation", headers=KO))
    assert "노크한 사람을 언더컷하면 +10, 카드 없이 이기면 +25입니다." in korean


def test_english_is_unchanged(client):
    words = main_text(client.get("/rules/contract", headers=EN))
    assert "a group of three and a sequence of four" in words
    assert "three sequences: two of four and one of five, laid down all at once with no discard" in words
    assert "10 each in rounds 1–3; 12 each in rounds 4–7" in words


def _post_hand(table, game_id, headers, **hand):
    table.web.get(f"/games/{game_id}", headers=headers)
    return table.web.post(f"/games/{game_id}/hands", table.hand_data(**hand), headers=headers)


@pytest.mark.parametrize("headers, sentence", [
    (KO, "B 님은 나갔지만 아직 카드 2장이 남아 있습니다"),
    (IT, "B ha chiuso ma ha ancora 2 carte"),
    (EN, "B went out but still holds 2 cards"),
], ids=["ko", "it", "en"])
def test_a_rule_error_next_to_the_player_speaks_the_pages_language(table, headers, sentence):
    game = table.new_game("ramo", ["A", "B", "C", "D"])
    response = _post_hand(table, game, headers, out="B", cards={"B": {"low": 2}})
    assert response.status_code == 422
    block = response.get_data(as_text=True).split(f'id="player-{table.id("B")}"')[1].split("</fieldset>")[0]
    assert str(escape(sentence)) in block


def test_italian_plural_of_one_card(table):
    game = table.new_game("ramo", ["A", "B", "C"])
    response = _post_hand(table, game, IT, out="A", cards={"A": {"special": 1}})
    assert "A ha chiuso ma ha ancora 1 carta" in response.get_data(as_text=True)


@pytest.mark.parametrize(("headers", "sentence"), [
    (KO, "A 님은 나갔지만 아직 카드 2장이 남아 있습니다."), (IT, "A ha chiuso ma ha ancora 2 carte."),
    ({}, "A went out but still holds 2 cards")], ids=["ko", "it", "en"])
def test_the_api_says_the_rule_error_in_the_asked_language_with_its_code(app, table, headers, sentence):
    game = table.new_game("ramo", ["A", "B", "C", "D"])
    with app.app_context():
        token = issue_token(find_user("Ana"))
        db.session.commit()
    body = {"results": [{"player_id": table.id("A"), "cards": {"low": 1, "high": 1}, "went_out": True}]
            + [{"player_id": table.id(n), "cards": {"low": 1}} for n in "BCD"]}
    response = app.test_client().post(f"/api/v1/games/{game}/hands", json=body, headers={
        **headers, "Authorization": f"Bearer {token}", "Idempotency-Key": uuid.uuid4().hex})
    assert response.status_code == 422
    error = response.get_json()
    assert error["error"] == sentence
    assert error["details"]["code"] == "went_out_with_cards"


def test_the_english_word_check_finds_english(client):
    # The check above must be able to fail: on the English page it finds plenty.
    assert len(ENGLISH_WORDS.findall(main_text(client.get("/rules/ramo", headers=EN)))) > 20


@pytest.mark.parametrize(("language", "out_of_range", "exclusive"), [
    ("ko", "노크 한도 값은 1에서 10 사이의 정수여야 합니다",
     "승자 ‘마지막 레벨을 마친 사람 중 가장 낮은 합계’에는 "
     "레벨 진행 ‘플레이어별 레벨 진행’ 설정이 필요합니다"),
    ("it", "Limite per bussare deve essere un numero intero da 1 a 10",
     "Chi vince «totale più basso tra chi ha completato l'ultimo livello» richiede Livelli «ognuno avanza di "
     "livello per conto suo»"),
    ("en", "knock_limit must be a whole number from 1 to 10", "winner_rule completers needs progression per_player"),
])
def test_option_errors_name_options_in_the_readers_words_and_keep_the_keys_in_english(app, language, out_of_range,
                                                                                        exclusive):
    from ramo_keeper.text.rule_errors import rule_message

    with app.test_request_context(headers={"Accept-Language": language}):
        assert rule_message(rules.RuleError("option_out_of_range", option="knock_limit", minimum=1,
                                            maximum=10)) == out_of_range
        assert rule_message(rules.RuleError("options_exclude_each_other", option="winner_rule", value="completers",
                                            needs="progression", needed="per_player")) == exclusive
