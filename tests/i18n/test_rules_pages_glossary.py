"""Every game's rules page in Korean and Italian speaks the glossary's words (docs/GLOSSARY.md).

The sentences are typed here by hand from the glossary and docs/RULES.md (Phase 10's level 9 is a set
of five and a set of two; Contract Rummy's sequences are 시퀀스 in Korean, Ramo's runs are 런), never
copied from the catalogues.
"""

import re

import pytest

from ramo_keeper import rules

KO, IT = {"Accept-Language": "ko"}, {"Accept-Language": "it"}


def words_of(client, key, headers) -> str:
    page = client.get(f"/rules/{key}", headers=headers).get_data(as_text=True)
    # The page's bar (its way back, "‹ Tutti i giochi") and its main part.
    main = re.search(r"<header.*?</main>", page, re.S).group(0).replace("&#39;", "'")
    return " ".join(re.sub(r"<[^>]+>", " ", main).split())


ITALIAN = {
    "ramo": ["due gruppi", "un gruppo e una scala", "quattro gruppi oppure quattro scale",
             "Chi cala passa al livello successivo; la partita finisce dopo la mano in cui qualcuno completa "
             "il livello 8.", "Carte speciali (Matta, Salta turno, −1, x2, +3, ?)",
             "Il prossimo mazziere è chi ha il totale più alto", "(tallone esaurito)"],
    "phase10": ["un gruppo di cinque e una coppia", "un gruppo di cinque e un tris",
                "Chi cala passa alla fase successiva", "qualcuno completa la fase 10.",
                "Vince il totale più basso tra chi ha completato la fase 10",
                "Una matta sostituisce qualsiasi carta; una carta Salta turno non fa mai parte di una fase.",
                "Salta turno 15", "Matte 25"],
    "contract": ["un tris e una scala di quattro", "Un gruppo è formato da 3 carte dello stesso valore.",
                 "In ogni round tutti giocano lo stesso contratto",
                 "10 a testa nei round 1–3; 12 a testa nei round 4–7", "Tutti i giochi"],
    "liverpool": ["Un gruppo è formato da 3 o più carte dello stesso valore.", "due tris",
                  "10 a testa nei round 1–4; 12 a testa nei round 5–7", "lo stesso contratto"],
    "rummy": ["Un gruppo è formato da 3 o 4 carte dello stesso valore.",
              "Una scala è formata da 3 o più carte consecutive dello stesso seme", "Carte dal 2 al 9"],
    "manipulation": ["Bonus per l’undercut", "+10 per chi batte chi ha bussato",
                     "Se il tallone finisce senza che nessuno bussi", "un solo 8 di picche in un gruppo di 8"],
}
KOREAN = {
    "ramo": ["세트 4개 또는 런 4개", "내려놓으면 다음 레벨로 올라갑니다.",
             "특수 카드 (와일드, 스킵, −1, x2, +3, ?)", "아무도 나가지 않은 판 허용 (뽑기 더미 소진)",
             "기본값: 플레이어별 레벨 진행"],
    "phase10": ["5장 세트 1개, 2장 세트 1개", "내려놓으면 다음 페이즈로 올라갑니다.",
                "와일드는 어떤 카드로든 쓸 수 있고, 스킵은 페이즈에 절대 들어가지 않습니다.",
                "4장 세트 1개, 4장 런 1개"],
    "contract": ["3장 그룹 1개, 4장 시퀀스 1개", "시퀀스 3개: 4장짜리 2개, 5장짜리 1개",
                 "연속된 카드 8장을 시퀀스 2개로 나눌 수는 없습니다.", "라운드마다 모두 같은 계약을 완성해야 합니다"],
    "liverpool": ["그룹은 같은 숫자 카드 3장 이상입니다.", "4장 시퀀스 2개"],
    "rummy": ["시퀀스는 같은 무늬의 연속된 카드 3장 이상입니다.", "러미로 나가면"],
    "manipulation": ["노크한 사람을 언더컷하면 +10", "노크 없이 뽑기 더미가 떨어지면", "이긴 판당 게임 종료 보너스",
                     "K-A-2는 시퀀스가 아닙니다"],
}


def test_every_game_has_sentences_here():
    assert set(ITALIAN) == set(KOREAN) == set(rules.VARIANTS)


@pytest.mark.parametrize("key", sorted(ITALIAN))
def test_the_italian_rules_page(client, key):
    words = words_of(client, key, IT)
    assert [s for s in ITALIAN[key] if s not in words] == []
    assert not re.search(r"\b(tris di|giro|giri|sottotaglio)\b", words)


@pytest.mark.parametrize("key", sorted(KOREAN))
def test_the_korean_rules_page(client, key):
    words = words_of(client, key, KO)
    assert [s for s in KOREAN[key] if s not in words] == []
    # A bare 더미 could be the discard pile; the stock is 뽑기 더미.
    assert "더미" not in words.replace("뽑기 더미", "")
    if key in ("contract", "rummy", "manipulation", "liverpool"):
        assert "런" not in words  # their melds are sequences, 시퀀스


@pytest.mark.parametrize("game, expected", [
    # Contract Rummy deals 10 cards each in round 1; Ramo 13 to the player after the dealer, 12 to the others.
    ("contract", ["10 carte a testa"]),
    ("ramo", ["13 carte: ", "12 carte: "]),
])
def test_the_italian_deal_line_counts_cards_as_italian_does(table, game, expected):
    # "10 di carte" is the form for whole millions ("1 milione di carte"), never for ten.
    game_id = table.new_game(game, ["A", "B", "C"])
    page = table.web.get(f"/games/{game_id}", headers=IT).get_data(as_text=True)
    facts = re.search(r'<p class="deal-facts">(.*?)</p>', page, re.S).group(1)
    assert [e for e in expected if e not in facts] == [] and "di carte" not in facts
