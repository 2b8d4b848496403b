"""Each game's words live in its definition: its sentences with placeholders, its options' words, its verb.

The built-ins' texts reach the catalogues through the Babel extractor (babel.cfg, rules/words.py), so
each has a Korean and an Italian entry; a house rule's own texts are in no catalogue and show on
every page of its game exactly as its table wrote them, escaped, whatever the page's language.
"""

import html
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ramo_keeper import rules
from ramo_keeper.rules.words import definition_words
from ramo_keeper.text import game_words, options, phrases, sentences
from ramo_keeper.text.phrases import PHRASES
from tests.house_rules.test_own_words import house_rule, start_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p for p in (ROOT / "ramo_keeper/rules/games").glob("*.json") if p.name != "index.json")


def _catalogue(language: str):
    with (ROOT / f"translations/{language}/LC_MESSAGES/messages.po").open("rb") as source:
        return read_po(source, locale=language)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_each_built_in_states_its_sentences_and_its_options_words_in_its_document(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    lines = [*doc.get("meld_kinds", ()), *doc.get("scoring_summary", ())]
    assert lines and all(isinstance(line.get("text"), str) for line in lines)
    for option in doc.get("option_details", ()):
        assert option.get("label"), option["key"]
        if option["kind"] == "choice":
            assert len(option.get("choice_words", ())) == len(option["choices"]), option["key"]
    assert doc["words"].get("choose_who", "").startswith("Choose who")


@pytest.mark.parametrize("language", ["ko", "it"])
def test_every_built_in_text_has_a_translation(language):
    catalogue = _catalogue(language)
    missing = []
    for path in GAMES:
        for context, text in definition_words(json.loads(path.read_text(encoding="utf-8"))):
            entry = catalogue.get(text, context=context)
            if entry is None or not entry.string or entry.fuzzy:
                missing.append(f"{path.stem}: {text}")
    assert missing == []


def test_the_wording_layer_holds_no_sentence_of_one_game():
    # What is left in PHRASES is grammar every game uses: decks, the designed table size, a text line.
    assert set(PHRASES) == {"text", "decks_of_game_cards", "decks_plus_jokers", "decks_jokers_included",
                                     "outside_designed_range"}
    # A game's words are its definition's: no table of one game's names, help, choices or category keys.
    for gone in ("OPTION_NAMES", "OPTION_HELP", "CHOICE_WORDS", "CHOOSE_WHO", "CATEGORY_KEYS"):
        for module in (game_words, options, phrases, sentences):
            assert not hasattr(module, gone), f"{module.__name__}.{gone}"


# A house rule's own words: markup and a non-Latin script, none of them in any catalogue.
OWN = {"level": "étape <b>", "levels": "étapes <b>", "hand": "deal", "went_out": "Sold <out>",
       "went_out_verb": "sold <out> & left", "nobody_out": "Nobody <sold>"}
OWN_LINE = "Whoever sells <out> scores %(out_score)s & smiles; 한 판 끝."
OWN_MELD = "A <flush> is five cards of one suit; 50% is not a placeholder."
OWN_LABEL = "Low <cards> 1–9"


def _escaped(text: str) -> str:
    return html.escape(text, quote=False)


def test_a_house_rules_own_verb_words_and_sentences_show_as_written_on_every_page(app, table):
    categories = rules.VARIANTS["ramo"].definition()["card_categories"]
    categories[0] = {**categories[0], "label": OWN_LABEL}
    ruleset_id, key = house_rule(app, table, "ramo", OWN, meld_kinds=[{"kind": "set", "text": OWN_MELD}],
                                 scoring_summary=[{"text": OWN_LINE}], card_categories=categories)
    game_id = start_game(app, table, key)
    rules_page = f"/leagues/{table.league_id}/house-rules/{ruleset_id}"
    for language in ("en", "ko", "it"):
        table.web.client.set_cookie("ramo_language", language, domain="keeper.test")
        pages = {url: table.web.get(url).get_data(as_text=True)
                 for url in (f"/games/{game_id}", rules_page, f"/games/{game_id}/print")}
        # The hand form: its mark's label, and the question when nobody is picked names the own verb.
        refused = table.web.post(f"/games/{game_id}/hands", {"idempotency_key": f"none-{language}"})
        assert refused.status_code == 422
        form = refused.get_data(as_text=True)
        assert _escaped(OWN["went_out_verb"]) in form and _escaped(OWN["went_out"]) in form
        assert _escaped(OWN["nobody_out"]) in pages[f"/games/{game_id}"]
        # The rules page: the sentences, their placeholder filled from the rule's own out score, and the level word.
        rules_text = pages[rules_page]
        assert _escaped(OWN_MELD) in rules_text
        assert _escaped(OWN_LINE.replace("%(out_score)s", "-50")) in rules_text.replace("−", "-")
        assert _escaped(OWN["levels"]).lower() in rules_text.lower()  # a heading capitalises its first letter
        for url, page in {**pages, "hand form": form}.items():
            assert not re.search(r"<(b|out|sold|flush|cards)>", page), (language, url)
    # The result: a hand played, the game page and the print sheet word the category as written, the game page
    # the mark and the player's level too.
    category = "low"
    others = [seat.name for seat in table.state(game_id).setup.seats[1:]]
    assert table.post_hand(game_id, out="A", cards={name: {category: 1} for name in others}).status_code == 303
    for language in ("en", "ko", "it"):
        table.web.client.set_cookie("ramo_language", language, domain="keeper.test")
        for url in (f"/games/{game_id}", f"/games/{game_id}/print"):
            page = table.web.get(url).get_data(as_text=True)
            assert _escaped(OWN_LABEL) in page, (language, url)
            if url == f"/games/{game_id}":
                assert _escaped(OWN["went_out"]) in page and _escaped(OWN["level"]).lower() in page.lower(), language
            # The grid's mark and the print sheet's legend say the table's own verb, not "went out".
            assert _escaped(OWN["went_out_verb"]) in page, (language, url)
            assert not re.search(r"<(b|out|sold|flush|cards)>", page), (language, url)
        sheet = table.web.get(f"/games/{game_id}/scoresheet.json").get_json()
        assert OWN["went_out_verb"] in [mark["label"] for mark in sheet["marks"]], language
