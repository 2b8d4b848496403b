"""A house rule's name and texts follow the rules names follow (RULES.md §8, docs/API.md).

Its name cannot be mistaken in the new-game menu for a built-in game's (in English, Korean or Italian)
or for another house rule's of the league; every text its definition holds (labels, words, level
requirements, its own sentences) is refused for the characters a name is refused for.
"""

import html
import io
import json
import re

import pytest

from .helpers import NONNA

INVISIBLE_OR_TURNING = {"right-to-left override": "\u202e", "left-to-right isolate": "\u2066",
                        "zero-width space": "\u200b", "byte order mark": "\ufeff", "tag letter": "\U000e0041",
                        "Hangul filler": "\u3164"}
TEXTS = {  # a text the definition holds, as the caller sends it with `odd` inside, and its path
    "label": (lambda odd: {"card_categories": [{"key": "low", "label": f"Lo{odd}w", "points": 3}]},
              "card_categories[0].label"),
    "word": (lambda odd: {"words": {"level": f"st{odd}age", "levels": "stages", "hand": "hand",
                                    "went_out": "Went out", "went_out_verb": "went out", "nobody_out": "Nobody"}},
             "words.level"),
    "requirement": (lambda odd: {"levels": [{"number": 1, "requirement": f"two{odd} sets"}]},
                    "levels[0].requirement"),
    "own sentence": (lambda odd: {"scoring_summary": [{"text": f"Low{odd}est wins."}]}, "scoring_summary[0].text"),
    "meld": (lambda odd: {"meld_kinds": [{"kind": "set", "text": f"A set{odd} is three of a kind."}]},
             "meld_kinds[0].text"),
}


def post(api, league: int, name: str, definition=None):
    return api.post(f"/leagues/{league}/rulesets", {"name": name, "definition": definition or NONNA})


@pytest.mark.parametrize("character", INVISIBLE_OR_TURNING.values(), ids=INVISIBLE_OR_TURNING)
@pytest.mark.parametrize("where", TEXTS)
def test_a_text_with_a_character_names_refuse_is_refused_at_its_path(api, where, character):
    league, _ = api.league()
    change, path = TEXTS[where]
    response = post(api, league, "Odd", {"key": "ramo", **change(character)})
    assert response.status_code == 422, response.get_json()
    assert (response.get_json()["details"]["code"], response.get_json()["details"]["path"]) == (
        "control_characters", path)
    assert path in response.get_json()["error"]
    assert api.ok("GET", f"/leagues/{league}/rulesets") == []


@pytest.mark.parametrize("character", INVISIBLE_OR_TURNING.values(), ids=INVISIBLE_OR_TURNING)
def test_a_name_with_a_character_names_refuse_is_refused(api, character):
    league, _ = api.league()
    response = post(api, league, f"Nonna{character}s Ramo")
    assert response.status_code == 422
    assert (response.get_json()["details"]["code"], response.get_json()["details"]["path"]) == (
        "control_characters", "name")


def test_the_refusal_says_what_the_character_does(api):
    league, _ = api.league()
    change, _ = TEXTS["label"]
    invisible = post(api, league, "Odd", {"key": "ramo", **change("\u200b")}).get_json()["error"]
    turning = post(api, league, "Odd", {"key": "ramo", **change("\u202e")}).get_json()["error"]
    assert "invisible" in invisible and "writing direction" in turning


def test_the_characters_names_allow_where_they_do_a_job_are_allowed_in_texts_too(api):
    league, _ = api.league()
    change, _ = TEXTS["label"]
    # A family emoji joined by zero-width joiners, a heart with its emoji selector, the flag of Scotland.
    scotland = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    for n, text in enumerate(("👩\u200d👩\u200d👧", "❤\ufe0f", scotland)):
        response = post(api, league, f"Emoji {n}", {"key": "ramo", **change(text)})
        assert response.status_code == 201, response.get_json()


def test_two_house_rules_of_one_league_cannot_share_a_name(api):
    league, _ = api.league()
    first = post(api, league, "Nonna's Ramo").get_json()
    for name in ("Nonna's Ramo", "NONNA'S RAMO", "Nonna\u2019s Ramo", " Nonna's  Ramo", "Nonna's Rаmo"):
        response = post(api, league, name)  # the last with a Cyrillic а
        assert response.status_code == 409, (name, response.get_json())
        assert response.get_json()["details"] == {"code": "conflict", "field": "name",
                                                  "current": {"id": first["id"], "name": "Nonna's Ramo"}}
    assert len(api.ok("GET", f"/leagues/{league}/rulesets")) == 1
    other, _ = api.league(name="Other club")
    assert post(api, other, "Nonna's Ramo").status_code == 201  # another league's menu is another menu


def test_renaming_a_house_rule_to_anothers_name_is_refused_and_keeping_its_own_is_not(api):
    league, _ = api.league()
    first = post(api, league, "Nonna's Ramo").get_json()
    second = post(api, league, "Sunday Ramo").get_json()
    response = api.put(f"/rulesets/{second['id']}", {"name": "nonna's ramo", "definition": {}})
    assert response.status_code == 409 and response.get_json()["details"]["current"]["id"] == first["id"]
    assert api.ok("PUT", f"/rulesets/{first['id']}", {"name": "NONNA'S RAMO", "definition": {}})["name"] == \
        "NONNA'S RAMO"


@pytest.mark.parametrize(("name", "game"), [
    ("Rummy", "rummy"), ("RUMMY", "rummy"), ("Rummу", "rummy"), ("러미", "rummy"), ("Ramino", "rummy"),
    ("Ramino a contratti", "contract"), ("콘트랙트 러미", "contract"), ("Ramo", "ramo"), ("Phase 10", "phase10"),
    ("Ramino a manipolazione", "manipulation"), ("리버풀 러미", "liverpool")])
def test_a_house_rule_cannot_take_a_built_in_games_name_in_any_language(api, name, game):
    league, _ = api.league()
    response = post(api, league, name, {"key": "ramo"})
    assert response.status_code == 409, response.get_json()
    assert response.get_json()["details"]["current"]["key"] == game
    assert api.ok("GET", f"/leagues/{league}/rulesets") == []


def editor_fields(page: str) -> dict:
    """The editor's fields as the browser would send them unchanged."""
    fields = dict(re.findall(r'<input type="(?:text|number|hidden)"[^>]*? name="([^"]+)"[^>]*? value="([^"]*)"', page))
    fields.update(re.findall(r'<select name="([^"]+)"[^>]*>(?:(?!</select>).)*?<option value="([^"]*)" selected',
                             page, re.S))
    fields.update((name, "1") for name in re.findall(r'<input type="checkbox" role="switch" name="([^"]+)"[^>]*checked',
                                                     page))
    return {name: html.unescape(value) for name, value in fields.items()}


def test_the_editor_and_the_upload_say_why_a_name_is_taken(table):
    url = f"/leagues/{table.league_id}/house-rules"
    fields = editor_fields(table.web.get(f"{url}/new?from=rummy").get_data(as_text=True))
    assert table.web.post(f"{url}/new?from=rummy", {**fields, "name": "Our rummy", "action": "save"}).status_code == 303
    for name, reason in (("Rummy", "Rummy is one of the app&#39;s own games"),
                         ("Rummу", "Rummу looks the same as Rummy, one of the app&#39;s own games"),
                         ("OUR RUMMY", "This league already has a house rule called Our rummy.")):
        page = table.web.post(f"{url}/new?from=rummy", {**fields, "name": name, "action": "save"})
        assert page.status_code == 422
        assert f'<small class="field-error" id="name-error" role="alert">{reason}' in page.get_data(as_text=True)
    table.web.get(url)
    file = io.BytesIO(json.dumps({"name": "Ramo", "based_on": "ramo", "definition": {}}).encode())
    upload = table.web.post(f"{url}/upload", {"file": (file, "r.json")}, content_type="multipart/form-data")
    assert upload.status_code == 422 and "one of the app&#39;s own games" in upload.get_data(as_text=True)
