"""A native speaker's read of every page, in the suite (issue 38, item 5).

Every page of the app (read from its URL map, as tests/test_access.py does) is rendered with data behind
it: a league that has played all six games, a house rule, a club night and a finished season. In Korean
and in Italian each page's text is read as a person reads it, and fails on an English word outside the
names typed into it and a short list of names that are the same in every language; in Korean on a
particle pair left both ways ("민준은(는)"); in either on a word said twice in a row ("모임 모임").

English is told from Italian by the catalogue: a word of the English messages that no Italian
translation uses. A few seconds: the pages are rendered by the test client, no browser.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ramo_keeper import rules
from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.games import hand_inputs
from ramo_keeper.games import service as games
from ramo_keeper.house_rules.service import create_ruleset
from ramo_keeper.house_rules.starting import in_readers_words
from ramo_keeper.i18n import PARTICLES
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import Membership
from ramo_keeper.nights.service import open_night, share_board
from ramo_keeper.seasons import service as seasons

ROOT = Path(__file__).resolve().parents[2]
# Names a page may show in any language: the app's, the games' brands, the sites and formats it names.
SAME_IN_EVERY_LANGUAGE = {"Ramo", "Keeper", "Rummy", "Phase", "Liverpool", "Joker", "BoardGameGeek", "BG",
                          "Stats", "CSV", "JSON", "ID", "Elo", "QR", "URL", "x2", "J", "Q", "K", "A", "OK",
                          # each language is offered in its own words; an API token is sent in an HTTP header
                          "English", "Italiano", "API", "Authorization", "Bearer"}
# The names typed into the data below: a player's, the league's, a season's, a night's, a house rule's.
PLAYERS = ("Ana", "지우", "Niccolò", "Bo")
NAMES = {"Ana", "Friday", "지우", "Niccolò", "Bo", "Primavera", "Inverno", "Nonna"}
# A night is named as its players name it: in Korean that name says 모임 already.
NIGHTS = {"ko": "3월 클럽 모임", "it": "Serata di giovedì"}
SKIPPED = ("/static", "/api/", "/sw.js", "/manifest", "/healthz", "/join/", "/favicon", "/robots")
PAIR = re.compile("|".join(re.escape(pair) for pair in PARTICLES))
# A word said twice in a row; in Korean the second may carry its particle ("모임 모임을").
DOUBLED = re.compile(r"(?<!\w)([^\W\d_]{2,}) \1(?![A-Za-zÀ-ÿ])")
WORD = re.compile(r"(?<!\w)[A-Za-z][A-Za-z0-9']*(?!\w)")  # a whole word of Latin letters (not Niccolò's Niccol)
# An address or a file's kind, which no language translates: keeper.test/n/…, boardgamegeek.com, (.json).
ADDRESS = re.compile(r"\S*\w[./]\w\S*|\(\.\w+\)")


def _italian_vocabulary() -> tuple[set[str], set[str]]:
    """(words of the English messages, words of the Italian translations), lower-cased."""
    english, italian = set(), set()
    with (ROOT / "translations/it/LC_MESSAGES/messages.po").open("rb") as source:
        for message in read_po(source, locale="it"):
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in ids:
                english |= {w.lower() for w in WORD.findall(re.sub(r"%\(\w+\)[sdr]|<[^>]+>", " ", text))}
            for text in strings:
                italian |= {w.lower() for w in WORD.findall(re.sub(r"%\(\w+\)[sdr]|<[^>]+>", " ", text or ""))}
    return english, italian


ENGLISH, ITALIAN = _italian_vocabulary()
ENGLISH_ONLY = ENGLISH - ITALIAN


@pytest.fixture(params=["ko", "it"])
def language(request):
    return request.param


def build_league(app, language: str) -> tuple[dict, dict]:
    """Ana's league (Ana's password: "correct horse"): all six games (Ramo with a hand), a house rule made in
    the reader's language (its words are kept as typed), a night, and a finished season. Returns the ids a
    page's address is filled with and each game's id by its key."""
    with app.test_request_context(headers={"Accept-Language": language}):
        ana = create_user("Ana", "correct horse")
        league = create_league(ana, "Friday")
        league.ratings = True
        players = [add_player(league, name) for name in PLAYERS]
        ids = [p.id for p in players]
        seasons.rename(league.seasons[0], "Primavera")
        game_ids = {}
        for key, variant in rules.VARIANTS.items():
            seated = ids[:max(variant.min_players, 3)] if variant.max_players >= 3 else ids[:2]
            game_ids[key] = games.create_game(league, ana, key, seated).id
        games.record_hand(game_ids["ramo"], ana, hand_inputs.from_body({"results": [
            {"player_id": ids[0], "cards": {}, "went_out": True}, {"player_id": ids[1], "cards": {"low": 1}},
            {"player_id": ids[2], "cards": {"high": 1}}]}))
        ruleset = create_ruleset(league, "Nonna", {**in_readers_words("ramo"), "out_score": -30}, based_on="ramo")
        night = open_night(league, ana, NIGHTS[language], "ramo", ids, 2, 2)
        board = share_board(night.id)  # the night's board for the room, and find-your-table, by its link
        # A finished season: one Rummy game of one hand (Ana out, 지우 holding 7 pips), then closed.
        winter = seasons.create_season(league, "Inverno")
        short = games.create_game(league, ana, "rummy", ids[:2], season_id=winter.id, use_current_season=False,
                                  options={"end": "hands", "hands": 1})
        games.record_hand(short.id, ana, hand_inputs.from_body({"results": [
            {"player_id": ids[0], "cards": {}, "went_out": True}, {"player_id": ids[1], "cards": {"pips": 7}}]}))
        seasons.close(winter)
        filled = {"league_id": league.id, "player_id": ids[1], "season_id": winter.id, "game_id": game_ids["ramo"],
                  "number": 1, "hand_number": 1, "ruleset_id": ruleset.id, "night_id": night.id,
                  "token": board, "current_season_id": league.seasons[0].id,
                  "member_id": db.session.execute(db.select(Membership.id).filter_by(user_id=ana.id)).scalar_one()}
        db.session.commit()
    return filled, game_ids


@pytest.fixture
def league_with_everything(app, new_web, language):
    filled, game_ids = build_league(app, language)
    person = new_web()
    person.login("Ana")
    return person, filled, game_ids


def page_urls(app, filled: dict, game_ids: dict) -> list[str]:
    urls = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.rule.startswith(SKIPPED) or rule.rule.endswith((".json", ".csv")):
            continue
        url = rule.rule
        for name, value in filled.items():
            url = re.sub(rf"<(?:int:)?{name}>", str(value), url)
        if "<variant_key>" in url:
            urls += [url.replace("<variant_key>", key) for key in rules.VARIANTS]
            continue
        if "<" in url:
            continue  # a token or a file name: pages reached by a link of their own
        urls.append(url)
    urls += [f"/games/{game_id}" for game_id in game_ids.values()]
    urls.append(f"/leagues/{filled['league_id']}/seasons/{filled['current_season_id']}")
    return sorted(set(urls))


def text_nodes(page: str) -> list[str]:
    """What a person reads: each run of text between tags, and the labels a screen reader says."""
    page = re.sub(r"<(script|style|template)\b.*?</\1>", " ", page, flags=re.S)
    said = re.findall(r'(?:aria-label|title|placeholder|alt|hx-confirm|data-confirm)="([^"]*)"', page)
    # What a form fills in for them; a category's key is a machine's name for it (the API's, the hand form's).
    said += [value for tag, value in re.findall(r'(<input[^>]*type="text"[^>]*value="([^"]*)"[^>]*>)', page)
             if "data-category-key" not in tag]
    runs = re.split(r"<[^>]+>", page)
    return [" ".join(html.unescape(run).split()) for run in (*runs, *said) if run.strip()]


def english_in(text: str, language: str) -> list[str]:
    words = [w for w in WORD.findall(ADDRESS.sub(" ", text)) if w not in SAME_IN_EVERY_LANGUAGE and w not in NAMES]
    if language == "ko":
        return words
    return [w for w in words if w.lower() in ENGLISH_ONLY]


def test_every_page_reads_in_the_readers_language(app, league_with_everything, language):
    person, filled, game_ids = league_with_everything
    headers = {"Accept-Language": language}
    found, read = {}, 0
    for url in page_urls(app, filled, game_ids):
        response = person.client.get(url, headers=headers)
        if response.status_code != 200 or response.mimetype != "text/html":
            continue
        read += 1
        for text in text_nodes(response.get_data(as_text=True)):
            problems = [f"English {w!r}" for w in english_in(text, language)]
            problems += [f"both particles {m[0]!r}" for m in PAIR.finditer(text)] if language == "ko" else []
            problems += [f"said twice {m[0]!r}" for m in DOUBLED.finditer(text)]
            if problems:
                found.setdefault(url, []).append((text[:120], problems))
    assert read >= 35, read
    assert found == {}, "\n".join(f"{url}: {problems}" for url, problems in found.items())


def test_the_sweep_tells_english_from_each_language():
    # The sweep's own reading, on sentences typed here: Italian words pass, English ones are named.
    assert english_in("Bo ha in mano 2 × Carte da 1 a 9: 10", "it") == []
    assert english_in("Bo holds 2 × Cards 1–9: 10", "it") == ["holds", "Cards"]
    assert english_in("민준 님의 손패 2 × low, Ramo", "ko") == ["low"]
    assert DOUBLED.search("3월 클럽 모임 모임을 지금 끝낼까요?") and not DOUBLED.search("1 1 모임")
    assert PAIR.search("민준은(는)") and not PAIR.search("민준은")
