"""The built-in definitions as the app uses them: their words reach the catalogues, their level texts read
as the rules pages word the melds."""

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.util import pathmatch

from ramo_keeper import rules
from ramo_keeper.rules.registry import GAMES
from ramo_keeper.rules.words import definition_words
from ramo_keeper.text.definition_errors import DEFINITION_SENTENCES
from ramo_keeper.text.requirements import requirement
from ramo_keeper.text.rule_errors import rule_message

ROOT = Path(__file__).resolve().parents[1]


def _extractor_for(path: Path) -> str:
    """The extraction method babel.cfg gives a file (as `make i18n` would pick it)."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, _ = parse_mapping_cfg(f)
    relative = path.relative_to(ROOT).as_posix()
    return next(method for pattern, method in method_map if pathmatch(pattern, relative))


@pytest.mark.parametrize("key", list(rules.VARIANTS))
def test_babel_finds_every_word_of_a_built_in_definition(key):
    path = GAMES / f"{key}.json"
    found = {(context, message) for _, message, _, context in extract_from_file(_extractor_for(path), str(path))}
    words = set(definition_words(rules.get_variant(key).definition()))
    assert words and found == words
    assert (None, rules.get_variant(key).name) in found


@pytest.mark.parametrize("key", [key for key, variant in rules.VARIANTS.items() if variant.levels])
def test_each_levels_requirement_in_its_definition_reads_as_the_rules_page_words_its_melds(app, key):
    with app.test_request_context(headers={"Accept-Language": "en"}):
        for level in rules.get_variant(key).levels:
            assert level.requirement == requirement(level)


@pytest.mark.parametrize(("language", "sentence"), [
    ("en", "card_categories[2].points must be from -500 to 500"),
    ("ko", "card_categories[2].points는 -500부터 500까지여야 합니다"),
    ("it", "card_categories[2].points deve essere tra -500 e 500"),
])
def test_a_refused_definition_is_worded_with_the_path_of_its_first_bad_field(app, language, sentence):
    document = rules.get_variant("ramo").definition()
    document["card_categories"][2]["points"] = 600
    with pytest.raises(rules.DefinitionError) as err:
        rules.load_definition(document)
    with app.test_request_context(headers={"Accept-Language": language}):
        assert rule_message(err.value) == sentence


def test_every_refusal_code_has_its_sentence():
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "ramo_keeper" / "rules").glob("*.py"))
    codes = set(re.findall(r'DefinitionError\("([a-z_]+)"', source))
    assert codes and codes <= set(DEFINITION_SENTENCES)
