"""How players talk (issue 30): the rules of docs/GLOSSARY.md that go beyond the card words.

Korean: a particle follows its word (민준은, 지우는, 레벨 8을, 페이즈 10을), never both forms "을(를)";
counts are digits with their counter (3장 그룹 2개); an option's default and its other choices read
"기본값: X (또는 Y)". Italian: "Ramino a contratti", "Predefinito: X (in alternativa: Y)", the skill
rating is "rating", a tie is "vittoria a pari merito"; tris, poker and coppia name a group of fixed
length, and only that. The rules pages' sentences below are typed by hand.
"""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask_babel import gettext

from ramo_keeper import rules
from ramo_keeper.i18n import PARTICLES, particle, with_particles
from ramo_keeper.text.game_words import game_word

ROOT = Path(__file__).resolve().parents[2]
KO, IT = {"Accept-Language": "ko"}, {"Accept-Language": "it"}
PAIR = re.compile("|".join(re.escape(pair) for pair in PARTICLES))
PLACEHOLDER = re.compile(r"%\((\w+)\)([sdr])")


def _catalogue(language: str):
    with (ROOT / f"translations/{language}/LC_MESSAGES/messages.po").open("rb") as source:
        return read_po(source, locale=language)


def _entries(catalogue):
    for message in catalogue:
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            yield message, ids, [s for s in strings if s]


def words_of(client, key, headers) -> str:
    page = client.get(f"/rules/{key}", headers=headers).get_data(as_text=True)
    main = re.search(r"<main.*?</main>", page, re.S).group(0).replace("&#39;", "'")
    return " ".join(re.sub(r"<[^>]+>", " ", main).split())


# ---- Korean particles ----------------------------------------------------------------------------

# Each game's level word with its last number, and the particles it takes, read aloud by hand:
# 레벨 8 (팔) 을/로, 계약 7 (칠) 을/로, 페이즈 10 (십) 을/으로;
# the bare words 레벨 을/로, 계약 을/으로, 페이즈 를/로.
LEVEL_WORDS = {"ramo": ("레벨", "을", "로", "레벨 8", "을"), "contract": ("계약", "을", "으로", "계약 7", "을"),
               "liverpool": ("계약", "을", "으로", "계약 7", "을"),
               "phase10": ("페이즈", "를", "로", "페이즈 10", "을")}


@pytest.mark.parametrize("key", sorted(LEVEL_WORDS))
def test_each_games_level_word_takes_the_particle_of_its_last_sound(app, key):
    word, object_particle, towards, last, last_particle = LEVEL_WORDS[key]
    variant = rules.VARIANTS[key]
    with app.test_request_context(headers=KO):
        assert game_word(variant.words.level) == word
        assert particle(word, "을(를)") == object_particle and particle(word, "(으)로") == towards
        assert particle(f"{word} {len(variant.levels)}", "을(를)") == last_particle == particle(last, "을(를)")


@pytest.mark.parametrize(("name", "topic", "subject", "towards"), [
    ("민준", "은", "이", "으로"), ("지우", "는", "가", "로"), ("하늘", "은", "이", "로"),
    ("‘서연’", "은", "이", "으로"),
    ("Sofia", "는", "가", "로"), ("Sam", "은", "이", "으로"), ("Al", "은", "이", "로"), ("3", "은", "이", "으로"),
    ("2", "는", "가", "로"), ("Carla's table", "은", "이", "로"), ("name", "은", "이", "으로"),
])
def test_a_names_particle_follows_its_last_sound(name, topic, subject, towards):
    assert (particle(name, "은(는)"), particle(name, "이(가)"), particle(name, "(으)로")) == (topic, subject, towards)
    assert with_particles(f"{name}은(는) {name}이(가)") == f"{name}{topic} {name}{subject}"


def test_a_particle_pair_in_the_korean_catalogue_follows_a_value_the_sentence_is_filled_with():
    # After a fixed word the translator writes the right particle; a pair stands only after a placeholder.
    fixed = [text for _, _, strings in _entries(_catalogue("ko")) for text in strings
             for m in PAIR.finditer(text) if not re.search(r"%\(\w+\)[sdr][’”'\")\]]?$", text[:m.start()])]
    assert fixed == []


def _filled(text: str, value: str) -> dict:
    return {name: (7 if kind == "d" else value) for name, kind in PLACEHOLDER.findall(text)}


@pytest.mark.parametrize("name", ["민준", "지우", "Bo"])
def test_no_korean_sentence_shows_both_particles_once_filled(app, name):
    shown = []
    with app.test_request_context(headers=KO):
        for message, _, strings in _entries(_catalogue("ko")):
            if message.context or not any(PAIR.search(s) for s in strings) or not isinstance(message.id, str):
                continue
            said = gettext(message.id, **_filled(message.id, name))
            if PAIR.search(said):
                shown.append(said)
    assert shown == []


# ---- the rules pages, typed by hand ---------------------------------------------------------------

KOREAN = {
    "ramo": ["누군가 레벨 8까지 마친 판이 끝나면 게임이 끝납니다.", "세트 4개 또는 런 4개",
             "기본값: 플레이어별 레벨 진행 (또는 판마다 모두 같은 레벨).", "기본값: 켜짐."],
    "contract": ["3장 그룹 2개", "3장 그룹 1개, 4장 시퀀스 1개",
                 "시퀀스 3개: 4장짜리 2개, 5장짜리 1개 (버리지 않고 한 번에 모두 내려놓아야 함)",
                 "라운드마다 모두 같은 계약을 완성해야 합니다 (1라운드는 계약 1 … 7라운드는 계약 7). "
                 "7라운드가 끝나면 게임이 끝납니다.",
                 "2–9 카드 카드 숫자만큼", "연속된 카드 8장을 시퀀스 2개로 나눌 수는 없습니다.",
                 "라운드마다 딜은 다음 플레이어에게 넘어갑니다."],
    "liverpool": ["3장 그룹 2개", "라운드마다 모두 같은 계약을 완성해야 합니다 (1라운드는 계약 1 … 7라운드는 계약 7).",
                  "라운드마다 딜은 다음 플레이어에게 넘어갑니다."],
    "phase10": ["5장 세트 1개, 2장 세트 1개", "같은 색 카드 7장",
                "누군가 페이즈 10까지 마친 판이 끝나면 게임이 끝납니다.",
                "순위: 페이즈 10을 마친 사람이 먼저, 그다음은 도달한 페이즈가 높은 순, 그다음은 합계가 낮은 순입니다.",
                "페이즈 10까지 마친 사람 중 합계가 가장 낮은 사람이 이기며"],
    "rummy": ["기본값: 1점 (또는 15점, 높게도 낮게도 사용).", "기본값: 다음 플레이어 (또는 그 판의 승자).",
              "2–9 카드 카드 숫자만큼"],
    "manipulation": ["2–9 카드 카드 숫자만큼", "기본값: 5 (0부터 100까지)."],
}
ITALIAN = {
    "ramo": ["Predefinito: ognuno avanza di livello per conto suo (in alternativa: nella mano k tutti giocano il "
             "livello k).", "Predefinito: attivo.", "in caso di parità, vittoria a pari merito.",
             "gli altri segnano il valore delle carte rimaste in mano."],
    "contract": ["Ramino a contratti", "due tris", "un tris e una scala di quattro",
                 "In ogni round tutti giocano lo stesso contratto (round 1: contratto 1 … round 7: contratto 7); "
                 "la partita finisce dopo il round 7.", "A ogni round il mazziere passa al giocatore successivo.",
                 "ma la scala non può girare (K-A-2 non è una scala).", "Carte dal 2 al 9 valore nominale"],
    "liverpool": ["due tris", "A ogni round il mazziere passa al giocatore successivo.",
                  "ma la scala non può girare (K-A-2 non è una scala)."],
    "phase10": ["un gruppo di cinque e una coppia", "un gruppo di cinque e un tris", "un poker e una scala di quattro",
                "due poker", "Piazzamenti: prima chi ha completato la fase 10, poi chi è più avanti di fase"],
    "rummy": ["Predefinito: valgono 1 (in alternativa: valgono 15 e si giocano alti o bassi).", "Punteggio limite",
              "Quante mani dura la partita, se finisce a mani.", "Carte dal 2 al 9 valore nominale"],
    "manipulation": ["Bonus per l’undercut", "Predefinito: 10 (da 0 a 1000).",
                     "Vince il totale finale più alto; in caso di parità, vittoria a pari merito."],
}


def test_every_game_has_its_sentences_here():
    assert set(KOREAN) == set(ITALIAN) == set(rules.VARIANTS)


@pytest.mark.parametrize("key", sorted(KOREAN))
def test_the_korean_rules_page_reads_as_players_talk(client, key):
    words = words_of(client, key, KO)
    assert [s for s in KOREAN[key] if s not in words] == []
    assert not PAIR.search(words)
    # Counts are digits with their counter; no semicolon runs two Korean sentences together.
    assert not re.search(r"(한|두|세|네|다섯|여섯|일곱|여덟|아홉|열) (장|개)", words)
    assert ";" not in words.replace("; ", ";").split("나눠 주는 카드")[0]


@pytest.mark.parametrize("key", sorted(ITALIAN))
def test_the_italian_rules_page_reads_as_players_talk(client, key):
    words = words_of(client, key, IT)
    assert [s for s in ITALIAN[key] if s not in words] == []
    assert "Di solito" not in words and "si vince insieme" not in words and "Contratto Ramino" not in words
    if rules.VARIANTS[key].words.hand == "round":
        # One word for a deal on a page: a game played in rounds never says "mano" for one.
        assert not re.search(r"\b(ogni|nella|nelle|dopo la) mano\b", words)


# ---- the Italian catalogue ------------------------------------------------------------------------

# A group of fixed length has its own name: coppia two, tris three, poker four; nothing else.
NAMED_LENGTHS = {r"\btris\b": "three", r"\bpoker\b": "four", r"\bcoppi[ae]\b": "two"}


def test_tris_poker_and_coppia_name_only_a_group_of_their_length():
    wrong = [(ids[0], text) for _, ids, strings in _entries(_catalogue("it")) for text in strings
             for pattern, length in NAMED_LENGTHS.items()
             if re.search(pattern, text, re.I) and not ids[0].endswith(f" of {length}")]
    assert wrong == []


def test_the_italian_catalogue_says_rating_for_the_skill_rating_and_predefinito_for_a_default():
    catalogue = list(_entries(_catalogue("it")))
    rating = [(ids[0], text) for _, ids, strings in catalogue for text in strings
              if re.search(r"\brating", ids[0], re.I) and "rating" not in text.lower()]
    assert rating == []
    usually = [text for _, ids, strings in catalogue for text in strings if ids[0].startswith("Usually")]
    assert usually and all(text.startswith("Predefinito: ") for text in usually)
    assert not [text for _, _, strings in catalogue for text in strings
                if "Contratto Ramino" in text or "si vince insieme" in text]


# ---- the game's own level word in the page's fixed words --------------------------------------------

# The game page's link to its rules, and the stats page's column of levels, say each game's own word.
LINK = {"phase10": ("규칙과 페이즈", "Regole e fasi"), "contract": ("규칙과 계약", "Regole e contratti"),
        "ramo": ("규칙과 레벨", "Regole e livelli"), "rummy": ("규칙", "Regole")}


def test_game_and_stats_pages_say_the_games_own_level_word(table):
    for key, (korean, italian) in LINK.items():
        game_id = table.new_game(key, ["A", "B", "C"])
        for headers, link in ((KO, korean), (IT, italian)):
            page = table.web.get(f"/games/{game_id}", headers=headers).get_data(as_text=True)
            assert f">{link}</a>" in page, (key, link)
    # A hand of Phase 10 played: the lay-down table of A's stats heads its column with the phase word.
    game_id = table.new_game("phase10", ["A", "B"])
    assert table.post_hand(game_id, out="A", cards={"B": {"low": 1}}).status_code == 303
    stats = f"/leagues/{table.league_id}/players/{table.id('A')}/stats"
    for headers, word, stuck, each in ((KO, "페이즈", "모두가 <strong>페이즈 1</strong>", "페이즈마다"),
                                       (IT, "Fase", "Qui il gruppo si ferma: <strong>fase 1</strong>", "in ogni fase")):
        page = table.web.get(stats, headers=headers).get_data(as_text=True)
        assert f'<th scope="col">{word}</th>' in page, word
        assert stuck in page, stuck  # B never laid down phase 1: the group is stuck there, said with its word
        assert each in page, each  # the sentence above the table says the phase word too, not 레벨/livello


@pytest.mark.parametrize("language", ["ko", "it"])
def test_a_house_rules_true_or_false_is_said_one_way(language):
    # A definition is JSON: its switches are written true and false, so every error names them so.
    said = [text for _, ids, strings in _entries(_catalogue(language)) for text in strings
            if "true or false" in ids[0]]
    assert len(said) >= 3 and [text for text in said if not ("true" in text and "false" in text)] == []


def test_the_italian_scoresheet_and_a_stuck_level_are_said_as_players_say_them():
    catalogue = _catalogue("it")
    assert [catalogue.get(m).string for m in ("Scoresheet", "Scoresheet, %(date)s", "(stuck)")] == [
        "Foglio segnapunti", "Foglio segnapunti, %(date)s", "(qui ci si ferma)"]


def test_a_player_is_named_x_nim_in_every_korean_sentence_about_them():
    # "플레이어 민준의", "‘민준’을(를)" and bare 민준 were mixed; a player is "민준 님" wherever a sentence names them.
    catalogue = _catalogue("ko")
    about_a_player = [(ids[0], text) for _, ids, strings in _entries(catalogue) for text in strings
                      if "%(player)s" in ids[0]]
    assert len(about_a_player) >= 15
    assert [(msgid, text) for msgid, text in about_a_player
            if "%(player)s 님" not in text or "플레이어 %(player)s" in text] == []
    typed = {"Move %(name)s up": "%(name)s 님을 위로 옮기기",
             "Remove %(name)s from the league?": "%(name)s 님을 리그에서 내보낼까요?",
             "%(player)s went out but still holds %(num)d card":
                 "%(player)s 님은 나갔지만 아직 카드 %(num)d장이 남아 있습니다"}
    assert {msgid: catalogue.get(msgid).string for msgid in typed if isinstance(catalogue.get(msgid).string, str)} \
        | {msgid: catalogue.get(msgid).string[0] for msgid in typed if isinstance(catalogue.get(msgid).string, tuple)} \
        == typed


def test_no_korean_sentence_runs_on_after_a_colon_or_semicolon():
    # "보내지 못했습니다: 연결이 끊겼습니다" reads as English punctuation: two sentences, each ended.
    catalogue = _catalogue("ko")
    assert [text for _, _, strings in _entries(catalogue) for text in strings if re.search(r"(다|요)[:;] ", text)] == []
    assert catalogue.get("Take your seat: you tap only your own cards, and the scorer sees them arrive.").string == \
        "자리를 잡으세요. 내 카드만 누르면 기록원에게 바로 보입니다."


def test_a_saved_house_rule_is_a_variante_della_casa_in_italian():
    catalogue = _catalogue("it")
    said = [text for _, _, strings in _entries(catalogue) for text in strings]
    assert [text for text in said if re.search(r"[Rr]egol[ae] della casa", text)] == []
    assert catalogue.get("New house rule").string == "Nuova variante della casa"


def test_one_korean_word_per_action_and_role():
    # 소유자 (never 주인), 참가 for joining a league (가입 is signing up for an account), 수정 for editing.
    catalogue = _catalogue("ko")
    said = [text for _, _, strings in _entries(catalogue) for text in strings]
    assert [text for text in said if "주인" in text or "고치기" in text] == []
    assert [text for text in said if re.search(r"에 (이미 )?가입했|가입하지 않은 리그|리그에 가입", text)] == []
    assert catalogue.get("Edit a house rule").string == "하우스 룰 수정"
    assert catalogue.get("owner").string == "소유자"


def test_the_italian_buttons_that_wrapped_at_390_px_are_short():
    # "Fai contare le proprie carte ai telefoni con il link in diretta" took three lines of a phone's button.
    catalogue = _catalogue("it")
    assert catalogue.get("Let phones on the live link count their own cards").string == \
        "Consenti il conteggio dai telefoni"
    assert catalogue.get("Make a new link (the one above stops working)").string == "Nuovo link (annulla il vecchio)"


# ---- issue 38: a native read of every page --------------------------------------------------------

def test_a_name_called_so_takes_its_particle(app):
    # "‘2025년 봄’(이)라는" showed both forms: 봄 ends in ㅁ, so 이라는; 지우 ends in a vowel, so 라는.
    with app.test_request_context(headers=KO):
        assert gettext("There is already a season called %(name)s.", name="2025년 봄") == \
            "‘2025년 봄’이라는 시즌이 이미 있습니다."
        assert gettext("This league already has a house rule called %(name)s.", name="지우 룰") == \
            "이 리그에는 이미 ‘지우 룰’이라는 하우스 룰이 있습니다."
        assert with_particles("‘지우’(이)라는") == "‘지우’라는"


def test_a_nights_name_is_not_followed_by_moim_again(app):
    # A night is named by its players ("3월 클럽 모임"): the sentence does not add 모임 after it.
    with app.test_request_context(headers=KO):
        said = [gettext(msgid, night="3월 클럽 모임") for msgid in (
            "End %(night)s after this round? Tables still playing finish their games, and those count.",
            "%(night)s has ended.", "%(night)s has played its last round.",
            "%(night)s is over: there is no round to time.",
            "%(night)s is over: its standings no longer change.",
            "%(night)s has played all its rounds: there is nothing to reopen.")]
    assert [text for text in said if "모임 모임" in text] == []
    assert said[0].startswith("3월 클럽 모임을 이번 라운드로 끝낼까요?")


# Each finding of the native read, with the words players say, typed by hand (msgid: translation).
KOREAN_WORDS = {
    "Manipulation Rummy": "매니퓰레이션 러미",
    "viewer": "관전자",
    "Ladder: seat by the night's standings": "순위대로 앉기: 모임 순위에 따라 자리를 정합니다",
    "Standings of the night": "모임 순위",
    "Board for the room": "현황판 (큰 화면용)",
    "Let phones on the live link count their own cards": "실시간 링크에서도 카드 세기 허용",
    "I laid down": "제가 내려놓았습니다",
    "Rematch": "한 게임 더",
    "%(starter)s starts; play goes %(direction)s.": "%(starter)s 님부터 시작합니다. 진행 방향: %(direction)s.",
    "Hand %(number)s": "%(number)s판",
    "Created": "만든 날짜",
    "Page %(number)s": "%(number)s페이지",
    "The game's page (members of the league)": "게임 페이지(리그 멤버용)",
    # The delete and season pages, read again: no "for everyone" (모든 사람에게서), no "join" (들어갑니다), no
    # "at the same moment" (같은 순간에), no "no longer works" (이제 작동하지 않습니다), no sentence cut short.
    "The live link no longer works.": "실시간 링크를 껐습니다. 이제 그 링크로는 점수를 볼 수 없습니다.",
    "%(name)s was removed from the league. The invite link was switched off: they knew it.":
        "%(name)s 님을 리그에서 내보냈습니다. 이분이 알던 초대 링크도 함께 껐습니다.",
    "Delete %(name)s? Games already played keep their rules.":
        "%(name)s을(를) 삭제할까요? 이미 한 게임의 규칙은 바뀌지 않습니다.",
    "House rule %(id)s does not exist.": "%(id)s번 하우스 룰은 없습니다.",
    "Current season: new games join it.": "현재 시즌입니다. 새 게임은 이 시즌에 기록됩니다.",
    "Make it the current season (new games join it)": "현재 시즌으로 지정 (새 게임은 이 시즌에 기록됩니다)",
    "Closed: the standings are final.": "마감된 시즌입니다. 순위가 확정되었습니다.",
    "Open season.": "진행 중인 시즌입니다.",
    "League points over the season": "시즌 중 리그 점수 추이",
    "Make current": "현재 시즌으로 지정",
    "Close %(season)s? It takes no new games and its standings become final.":
        "‘%(season)s’을(를) 마감할까요? 마감하면 새 게임을 더 기록할 수 없고 순위가 확정됩니다.",
    "There is no such season in this league.": "이 리그에는 그런 시즌이 없습니다.",
    "Another season was made current at the same moment: check which one is current now.":
        "그사이 다른 시즌이 현재 시즌으로 지정되었습니다. 어느 시즌이 현재 시즌인지 확인하세요.",
    "Players equal on every number are ranked by name.": "모든 기록이 같으면 이름순으로 정합니다.",
    "Everything in this league (players, seasons, games and every hand) in one JSON file.":
        "이 리그의 플레이어, 시즌, 게임과 모든 판을 JSON 파일 하나에 담습니다.",
    "You already own a league called %(name)s.": "이미 ‘%(name)s’(이)라는 리그의 소유자입니다.",
    "Make a board link": "현황판 링크 만들기",
    "No invite link works right now.": "지금 쓸 수 있는 초대 링크가 없습니다.",
}
ITALIAN_WORDS = {
    "Ladder: seat by the night's standings": "Per classifica: posti secondo la classifica della serata",
    "Mix: meet new opponents each round": "A rotazione: nuovi avversari a ogni round",
    "Let phones on the live link count their own cards": "Consenti il conteggio dai telefoni",
    "Not started": "Da iniziare",
    "Undercut bonus": "Bonus per l’undercut",
    "Allow a hand where nobody goes out (stock ran dry)": "Consenti una mano in cui nessuno chiude (tallone esaurito)",
    "New here? <a href=\"%(url)s\">Create an account</a>.": "Prima volta qui? <a href=\"%(url)s\">Crea un account</a>.",
    "%(player)s is seated twice": "%(player)s occupa due posti",
    "Winner": "Chi vince",
    "Place %(place)s does not exist at a table of %(table_size)s":
        "Il piazzamento %(place)s non esiste a un tavolo di %(table_size)s",
    "Print the scoresheet": "Stampa il foglio segnapunti",
    "Make current": "Imposta come stagione in corso",
    "Correct": "Modifica",
    # The season pages, read again: no "vi entrano", no "ancora … ancora", no "posto" for a finishing place.
    "Current season: new games join it.": "Stagione in corso: le nuove partite vengono registrate qui.",
    "Make it the current season (new games join it)":
        "Imposta come stagione in corso (le nuove partite vengono registrate qui)",
    "Average place": "Piazzamento medio",
    "Save ranking": "Salva il criterio",
    "There is no such season in this league.": "La stagione richiesta non esiste in questa lega.",
    "Players with fewer games of a kind are listed apart. 0 ranks everyone.":
        "Chi ha giocato meno partite di un gioco compare a parte. Con 0 entrano tutti in classifica.",
    "Everything in this league (players, seasons, games and every hand) in one JSON file.":
        "Tutta la lega (giocatori, stagioni, partite e ogni mano) in un unico file JSON.",
    "You are %(role)s.": "Il tuo ruolo: %(role)s.",
    "No invite link works right now.": "Al momento non c’è nessun link di invito attivo.",
    "Keep me logged in": "Mantieni l’accesso su questo dispositivo",  # not "connesso", said to a man only
}


@pytest.mark.parametrize(("language", "words"), [("ko", KOREAN_WORDS), ("it", ITALIAN_WORDS)])
def test_the_words_of_the_native_read(language, words):
    catalogue = _catalogue(language)
    assert {msgid: catalogue.get(msgid).string for msgid in words} == words


def test_no_korean_word_the_native_read_struck_out():
    said = [text for _, _, strings in _entries(_catalogue("ko")) for text in strings]
    # 관람자 is a theatre's audience (a game has 관전자); 조작 is rigging; N번째 판 and 3쪽 are a book's words;
    # a contract is completed (완성), not signed; one word for a league's members (멤버).
    struck = ["관람자", "조작 러미", "번째 판", "같은 계약을 합니다", "회원", "만든 때", "레벨마다", "사다리", "재경기",
              "방 전체용", "모임 모임", "s 모임", "모든 사람에게서", "들어갑니다", "같은 순간에", "작동하",
              "보드", "가지고 있습니다", "모든 것(", "진행 중인 시즌."]
    assert {word: [text for text in said if word in text] for word in struck} == {word: [] for word in struck}


def test_no_italian_word_the_native_read_struck_out():
    said = [text for _, _, strings in _entries(_catalogue("it")) for text in strings]
    # Masculine-only forms for a person, calques, "Scala" (a run of cards) for a way of seating, and one word
    # each for the target (punteggio limite), the current season (in corso) and an edit (Modifica).
    struck = ["Sei nuovo", "seduto due volte", "vincitore", "Vincitore", "accanto a", "bloccat", "si dispone",
              "in scala col", "Scala:", "Mescola", "Ammetti", "traguardo", "corrente", "Correggi",
              "foglio dei punti", "Bonus undercut", "Fai contare", "Il posto %(place)s", "vi entrano",
              "ancora in corso non", "Posizione media", "Pos. media", "stesso tipo", "Tutto di questa",
              "lo conosceva", "Non sei più", "Sei %(role)s", "Sei entrato", "Elimina per tutti la partita con"]
    assert {word: [text for text in said if word in text] for word in struck} == {word: [] for word in struck}


def test_an_italian_sentence_never_says_da_il():
    # "occupato da il telefono di Bo": a name filled in after "da" reads as "dal"; the sentence is turned round.
    catalogue = _catalogue("it")
    holder = catalogue.get("%(name)s's phone").string
    seat = catalogue.get("%(player)s's seat is held by %(holder)s. Ask them to leave it, or ask the scorer to "
                         "free it.").string
    assert holder.startswith("il ") and not re.search(r"\bda %\(holder\)s", seat)


def test_italian_names_are_never_quoted():
    # A player's, a season's or a league's name stands as it is, never in «»: everywhere or nowhere, so nowhere.
    quoted = [text for _, _, strings in _entries(_catalogue("it")) for text in strings
              if re.search(r"«%\((name|season|league|night|player)\)s»", text)]
    assert quoted == []


def test_a_game_played_in_rounds_says_round_on_its_undo_its_printed_sheet_and_its_stats(table):
    # Contract Rummy's words call a deal a round (라운드, round): the Undo button, the printed sheet and the
    # stats table's caption say so too, and its level word (계약, contratto), never 판/mano or 레벨/livello.
    contract = table.new_game("contract", ["A", "B", "C"])
    rummy = table.new_game("rummy", ["A", "B", "C"])
    for game_id in (contract, rummy):
        assert table.post_hand(game_id, out="A", cards={"B": {"pips": 12}, "C": {"pips": 9}}).status_code == 303
    stats = f"/leagues/{table.league_id}/players/{table.id('B')}/stats"
    for headers, undo, hand_undo, chart, hand_chart, load, sheet, column, caption in (
            (KO, "1라운드 취소", "1판 취소", "라운드별 합계 (0, 1).", "판별 합계 (0, 1).", "새 라운드 불러오기",
             "라운드별 기록: 각 라운드의 점수와 누적 합계", ">라운드</th>", "콘트랙트 러미 계약별 내려놓기 비율"),
            (IT, "Annulla il round 1", "Annulla la mano 1", "Totale per round (0, 1).", "Totale per mano (0, 1).",
             "Carica il nuovo round", "Round per round: il punteggio di ogni round e il totale progressivo",
             ">Round</th>", "Percentuale di calate per contratto di Ramino a contratti")):
        page = table.web.get(f"/games/{contract}", headers=headers).get_data(as_text=True)
        assert undo in page and hand_undo not in page
        assert load in page  # the hand form's notice when another phone recorded the round first
        assert chart in page and hand_chart not in page  # the running totals' steps, said under the chart
        by_hands = table.web.get(f"/games/{rummy}", headers=headers).get_data(as_text=True)
        assert hand_undo in by_hands and hand_chart in by_hands
        printed = table.web.get(f"/games/{contract}/print", headers=headers).get_data(as_text=True)
        assert f"<caption>{sheet}</caption>" in printed and column in printed
        assert caption in table.web.get(stats, headers=headers).get_data(as_text=True)


def test_the_hands_a_phone_keeps_offline_are_rounds_in_a_game_played_in_rounds(table):
    # The game page's outbox (hands waiting on the phone to be sent) says the game's own word too: a Contract
    # Rummy phone offline shows "Round 2: waiting to send.", never a hand (판, mano).
    contract = table.new_game("contract", ["A", "B", "C"])
    rummy = table.new_game("rummy", ["A", "B", "C"])
    for headers, kept, waiting, refused, deal, hand_waiting, totals in (
            ({}, "Rounds saved on this phone", "Round <span data-hand-number></span>: waiting to send.",
             "Round <span data-hand-number></span> was not recorded: <span data-message></span>",
             "Round <span data-hand-number></span>: the deal shows once the waiting rounds are sent.",
             "Hand <span data-hand-number></span>: waiting to send.",
             "Totals with the waiting rounds: <span data-totals>"),
            (KO, "이 휴대폰에 저장된 라운드", "<span data-hand-number></span>라운드: 보내기를 기다리는 중.",
             "<span data-hand-number></span>라운드는 기록되지 않았습니다. <span data-message></span>",
             "<span data-hand-number></span>라운드: 기다리는 라운드를 보내면 딜러가 표시됩니다.",
             "<span data-hand-number></span>판: 보내기를 기다리는 중.",
             "보내기를 기다리는 라운드까지 더한 합계: <span data-totals>"),
            (IT, "Round salvati su questo telefono", "Round <span data-hand-number></span>: in attesa di invio.",
             "Il round <span data-hand-number></span> non è stato registrato: <span data-message></span>",
             "Round <span data-hand-number></span>: chi distribuisce si vedrà quando i round in attesa "
             "saranno inviati.",
             "Mano <span data-hand-number></span>: in attesa di invio.",
             "Totali con i round in attesa: <span data-totals>")):
        page = table.web.get(f"/games/{contract}", headers=headers).get_data(as_text=True)
        outbox = re.search(r'<section id="outbox".*?</section>', page, re.S)[0]
        for words in (kept, waiting, refused, deal, totals):
            assert words in outbox, words
        assert hand_waiting not in outbox
        queued = re.search(r'<p class="queued-notice.*?</p>', page, re.S)[0]  # the notice above Record
        assert ("판" not in queued and "hand" not in queued and "mano" not in queued
                and ("round" in queued.lower() or "라운드" in queued)), queued
        by_hands = table.web.get(f"/games/{rummy}", headers=headers).get_data(as_text=True)
        assert hand_waiting in re.search(r'<section id="outbox".*?</section>', by_hands, re.S)[0]
