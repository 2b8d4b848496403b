"""A game is named as players say it; the name its source text gives it is named once, on its rules page, in
that text's language (issue 38; docs/GLOSSARY.md: 매니퓰레이션 러미, seed 004's 조작 러미; docs/GAMES.md:
source_names).

Seed 004 (docs/rule-sources/004_…) is Korean and calls Manipulation Rummy 조작 러미, which a Korean player
reads as "rigging"; the sentences below are typed by hand.
"""

import re

import pytest

from ramo_keeper import rules
from ramo_keeper.extensions import db
from ramo_keeper.models import Ruleset
from tests.house_rules.test_pages import editor_url
from tests.house_rules.test_readers_words import form_of

from .test_native_words import IT, KO, words_of

SEED_NAME = "조작 러미"
SAID = "이 게임의 원문 규칙에서는 ‘조작 러미’라고 부릅니다."


def heading(page: str) -> str:
    return re.sub(r"<[^>]+>", "", re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S)[1]).strip()


def test_the_korean_manipulation_page_names_the_game_as_players_do_and_the_seeds_name_once(client):
    page = client.get("/rules/manipulation", headers=KO).get_data(as_text=True)
    assert heading(page) == "매니퓰레이션 러미"
    assert "<title>매니퓰레이션 러미 규칙" in page
    assert page.count(SEED_NAME) == 1
    assert SAID in words_of(client, "manipulation", KO)


@pytest.mark.parametrize("headers", [{"Accept-Language": "en"}, IT])
def test_a_reader_of_another_language_is_not_given_the_korean_seeds_name(client, headers):
    # The seed is Korean: its name means nothing to an English or Italian reader, whose page names the game only.
    page = client.get("/rules/manipulation", headers=headers).get_data(as_text=True)
    assert "조작" not in page and heading(page) in ("Manipulation Rummy", "Ramino a manipolazione")


@pytest.mark.parametrize("key", sorted(set(rules.VARIANTS) - {"manipulation"}))
def test_a_game_whose_seed_says_what_players_say_names_no_other_name(client, key):
    assert "원문 규칙" not in words_of(client, key, KO)


def test_a_house_rule_made_from_manipulation_keeps_the_seeds_name_through_the_editor(table):
    # The editor does not show the field; the document it saves keeps it, and saving the edit form again too.
    page = table.web.get(editor_url(table, "manipulation"), headers=KO).get_data(as_text=True)
    data = {**form_of(page), "name": "우리 집 매니퓰레이션", "action": "save"}
    response = table.web.post(editor_url(table, "manipulation"), data, headers=KO)
    assert response.status_code == 303, response.get_data(as_text=True)
    with table.app.app_context():
        ruleset = db.session.execute(db.select(Ruleset)).scalars().one()
        assert ruleset.definition["source_names"] == {"ko": SEED_NAME}
        ruleset_id = ruleset.id
    edit_url = f"/leagues/{table.league_id}/house-rules/{ruleset_id}/edit"
    edited = {**form_of(table.web.get(edit_url, headers=KO).get_data(as_text=True)), "action": "save"}
    assert table.web.post(edit_url, edited, headers=KO).status_code == 303
    with table.app.app_context():
        assert db.session.get(Ruleset, ruleset_id).definition["source_names"] == {"ko": SEED_NAME}
    shown = table.web.get(response.headers["Location"], headers=KO).get_data(as_text=True)
    assert heading(shown) == "우리 집 매니퓰레이션" and shown.count(SEED_NAME) == 1
