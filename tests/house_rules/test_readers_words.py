"""A new house rule speaks the reader's language (issue 38, item 1): the editor opened from a built-in game
pre-fills its words in Korean or Italian, saves them as typed, names a category by its label in the worked
example, names a refused field as the editor shows it (counted from 1), and makes a key from a label in any
script."""

import html
import re

import pytest

from ramo_keeper import rules
from ramo_keeper.extensions import db
from ramo_keeper.models import Ruleset

from .test_pages import editor_url, example

KO, IT = {"Accept-Language": "ko"}, {"Accept-Language": "it"}
# Names and signs that are the same in every language: the games' brands and a Ramo card's face ("x2").
SAME_IN_EVERY_LANGUAGE = {"Ramo", "Rummy", "Phase", "Liverpool", "x2", "J", "Q", "K"}
PATH = re.compile(r"levels\[|card_categories\[|options\.|option_details\[|min_players|max_players")
HANGUL = re.compile(r"[가-힣]")


def form_of(page: str) -> dict:
    """What the editor's form posts as it stands: its boxes, checked boxes and chosen options."""
    form = re.search(r'<form method="post"[^>]*id="house-rule-editor".*?</form>', page, re.S)[0]
    data = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        if not name or ('type="checkbox"' in tag and " checked" not in tag):
            continue
        value = re.search(r'value="([^"]*)"', tag)
        data[name[1]] = html.unescape(value[1]) if value else ""
    for name, options in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        data[name] = html.unescape(re.search(r'<option value="([^"]*)" selected', options)[1])
    data.pop("action", None)
    return data


def typed_words(page: str) -> list[str]:
    """The words the editor pre-fills: the name, each category's label, each level's requirement."""
    data = form_of(page)
    return [value for name, value in data.items() if name == "name" or name.endswith(("-label", "-requirement"))]


def english_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z][A-Za-z0-9]+", text) if w not in SAME_IN_EVERY_LANGUAGE}


@pytest.mark.parametrize("key", sorted(rules.VARIANTS))
def test_the_editor_from_a_built_in_pre_fills_the_readers_words(table, key):
    english = table.web.get(editor_url(table, key)).get_data(as_text=True)
    source = set().union(*(english_words(text) for text in typed_words(english)))
    for headers in (KO, IT):
        page = table.web.get(editor_url(table, key), headers=headers).get_data(as_text=True)
        shown = typed_words(page)
        assert len(shown) == len(typed_words(english))
        # No word of the English editor's boxes is left in them (Italian shares no word with these).
        assert [text for text in shown if english_words(text) & source] == [], (key, headers)
        if headers is KO:
            assert [text for text in shown if english_words(text)] == [], shown
            assert not english_words(example(page)), example(page)  # 지우 and 민준, labels in Korean


def test_the_saved_house_rule_keeps_the_korean_words_as_typed(table):
    page = table.web.get(editor_url(table, "contract"), headers=KO).get_data(as_text=True)
    data = form_of(page)
    response = table.web.post(editor_url(table, "contract"), {**data, "action": "save"}, headers=KO)
    assert response.status_code == 303, response.get_data(as_text=True)
    with table.app.app_context():
        ruleset = db.session.execute(db.select(Ruleset)).scalars().one()
        assert ruleset.name == data["name"] and HANGUL.search(ruleset.name)
        assert [c["label"] for c in ruleset.definition["card_categories"]] == [
            data[f"cat-{i}-label"] for i in range(4)]
        assert [lvl["requirement"] for lvl in ruleset.definition["levels"]] == [
            data[f"lvl-{i}-requirement"] for i in range(7)]
        assert all(HANGUL.search(kind["text"]) for kind in ruleset.definition["meld_kinds"])
    # Shown to an Italian reader as it was typed: the rule's page names its categories in Korean.
    shown = table.web.get(response.headers["Location"], headers=IT).get_data(as_text=True)
    assert data["cat-0-label"] in shown


def test_the_worked_example_names_categories_by_their_labels(table):
    # Ramo as written (RULES.md §1): Sofia out −50; Bo holds 2 of the first category (5 each), 1 of the
    # second (10), 1 of the last (20): 40. Each category is named by the label the editor shows.
    page = table.web.get(editor_url(table, "ramo")).get_data(as_text=True)
    assert example(page) == ("Sofia goes out: −50; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, "
                             "1 × Special cards (Wild, Skip, −1, x2, +3, ?): 40")
    korean = table.web.get(editor_url(table, "ramo"), headers=KO).get_data(as_text=True)
    data = form_of(korean)
    assert example(korean) == (f"지우 님이 나감: −50. 민준 님의 손패 2 × {data['cat-0-label']}, "
                               f"1 × {data['cat-1-label']}, 1 × {data['cat-2-label']}: 40")


REFUSALS = [  # (a change to the form, what the editor names, in Korean and Italian)
    ({"lvl-2-requirement": ""}, "레벨 3", "Livello 3"),
    ({"cat-1-label": ""}, "카드 종류 2", "categoria 2"),
    ({"cat-0-points": "900"}, "카드 종류 1", "categoria 1"),
    ({"min_players": "9"}, "최소 플레이어 수", "minimo"),
]


@pytest.mark.parametrize(("change", "korean", "italian"), REFUSALS)
def test_a_refusal_names_the_field_as_the_editor_shows_it(table, change, korean, italian):
    for headers, named in ((KO, korean), (IT, italian)):
        page = table.web.get(editor_url(table, "contract"), headers=headers).get_data(as_text=True)
        response = table.web.post(editor_url(table, "contract"), {**form_of(page), **change, "action": "save"},
                                  headers=headers)
        assert response.status_code == 422
        said = html.unescape(re.search(r'<p class="form-error"[^>]*>(.*?)</p>', response.get_data(as_text=True),
                                       re.S)[1])
        assert not PATH.search(said), said
        assert named in said, said
        if headers is KO:
            assert not english_words(said), said
        else:
            assert not {"must", "cannot", "be", "is", "empty"} & english_words(said), said


def test_a_label_in_any_script_gets_a_key(table):
    page = table.web.get(editor_url(table, "rummy"), headers=KO).get_data(as_text=True)
    data = form_of(page)
    data.update({"cat-3-key": "", "cat-3-label": "조커 카드", "cat-3-points": "25", "cat-3-maximum": "4",
                 "action": "save"})
    response = table.web.post(editor_url(table, "rummy"), data, headers=KO)
    assert response.status_code == 303, response.get_data(as_text=True)
    with table.app.app_context():
        categories = db.session.execute(db.select(Ruleset)).scalars().one().definition["card_categories"]
    # The fourth row's label has no Latin letter: its key is made from its place, category_4.
    assert {c["key"]: c["label"] for c in categories}["category_4"] == "조커 카드"
