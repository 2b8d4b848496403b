"""docs/GLOSSARY.md rules every catalogue entry: an entry whose English holds a card word uses that row's
Korean and Italian word, unless its Babel context is one the glossary lists under "Other meanings".

The glossary's table is parsed here (the document is the source, not a copy in the test); the small
synthetic catalogues below prove the check fails on the words it exists to keep out ("tris", "giro").
"""

import re
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "GLOSSARY.md"
LANGUAGES = ("ko", "it")
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|<[^>]+>")


@dataclass(frozen=True)
class Concept:
    name: str
    english: tuple[str, ...]
    words: dict  # language -> accepted forms, headword first


def _forms(cell: str) -> tuple[str, ...]:
    """'**gruppo** (forms: gruppi)' -> ('gruppo', 'gruppi')."""
    head = re.search(r"\*\*(.+?)\*\*", cell).group(1)
    extra = re.search(r"\(forms: ([^)]*)\)", cell)
    return (head, *(f.strip() for f in extra.group(1).split(","))) if extra else (head,)


def _section(text: str, title: str) -> list[list[str]]:
    """The rows of the first table under '## title', as lists of cells (header and rule dropped)."""
    body = text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in body.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split(" | ")] for row in rows[2:]]


def read_glossary(text: str) -> tuple[list[Concept], set[str]]:
    concepts = [Concept(row[0], _forms(row[1]), {"ko": _forms(row[2]), "it": _forms(row[3])})
                for row in _section(text, "Card words")]
    other_meanings = {row[0].strip("`") for row in _section(text, "Other meanings")}
    return concepts, other_meanings


def read_named_lengths(text: str) -> dict[str, str]:
    """The Italian names of a group of fixed length ('tris' -> 'three'), from "Groups of a fixed length"."""
    return {row[0].strip("*"): row[1] for row in _section(text, "Groups of a fixed length")}


def _english_pattern(concept: Concept) -> re.Pattern:
    return re.compile(r"\b(" + "|".join(re.escape(f) for f in concept.english) + r")\b", re.I)


def disagreements(catalogue, concepts: list[Concept], other_meanings: set[str],
                  named: dict[str, str] | None = None) -> list[str]:
    """Every entry that holds a concept's English word but not the glossary's word in its translation; a
    group's name of fixed length (tris, poker, coppia) stands for the group word only where the English
    states that length ("a set of three"), and is reported anywhere else."""
    language = str(catalogue.locale)
    named = named or {}
    found = []
    for message in catalogue:
        if not message.id or message.context in other_meanings:
            continue
        raw = " ".join([message.id] if isinstance(message.id, str) else message.id)
        english = PLACEHOLDER.sub(" ", raw)
        translations = [message.string] if isinstance(message.string, str) else list(message.string)
        for translation in translations:
            for word, length in named.items():
                if re.search(rf"\b{word}\b", translation or "", re.I) and not raw.endswith(f" of {length}"):
                    found.append(f"{word} is a group of {length}: {raw!r} -> {translation!r}")
        for concept in concepts:
            if not _english_pattern(concept).search(english):
                continue
            accepted = [form.lower() for form in concept.words[language]]
            if language == "it":
                accepted += [word for word, length in named.items() if raw.endswith(f" of {length}")]
            for translation in translations:
                if not any(form in (translation or "").lower() for form in accepted):
                    found.append(f"{concept.name}: {english!r} -> {translation!r} (glossary: "
                                 f"{concept.words[language][0]})")
    return found


@pytest.fixture(scope="module")
def glossary():
    return read_glossary(GLOSSARY.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def named():
    return read_named_lengths(GLOSSARY.read_text(encoding="utf-8"))


def _catalogue(language: str):
    with (ROOT / "translations" / language / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=language)


def test_the_glossary_names_every_card_word_in_three_languages(glossary):
    concepts, other_meanings = glossary
    names = {c.english[0] for c in concepts}
    assert {"set", "group", "run", "sequence", "round", "stock", "joker", "wild", "skip", "go out", "lay down",
            "knock", "undercut", "dealer", "deck", "hand"} <= names
    by_word = {c.english[0]: c for c in concepts}
    # The table the issue started from, read back from the document.
    assert by_word["set"].words == {"ko": ("세트",), "it": ("gruppo", "gruppi")}
    assert by_word["sequence"].words["ko"][0] == "시퀀스" and by_word["run"].words["ko"][0] == "런"
    assert by_word["round"].words["it"][0] == "round" and by_word["stock"].words["ko"][0] == "뽑기 더미"
    assert by_word["skip"].words["it"][0] == "Salta turno" and by_word["joker"].words["it"][0] == "jolly"
    assert by_word["wild"].words["it"][0] != "jolly"
    assert "not a card word: a member is given a role" in other_meanings


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_entry_uses_the_glossarys_words(glossary, named, language):
    concepts, other_meanings = glossary
    assert disagreements(_catalogue(language), concepts, other_meanings, named) == []


def test_tris_poker_and_coppia_name_a_group_of_their_length_and_no_other(glossary, named):
    assert named == {"coppia": "two", "coppie": "two", "tris": "three", "poker": "four"}
    concepts, other_meanings = glossary
    catalogue = _synthetic("it", [
        ("a set of three", "un tris", None), ("%(count)s groups of four", "%(count)s poker", None),
        ("a set of %(length)s", "un tris di %(length)s", None), ("%(count)s groups of two", "%(count)s tris", None),
    ])
    found = disagreements(catalogue, concepts, other_meanings, named)
    assert [line.split(":")[0] for line in found] == ["tris is a group of three", "set (Ramo, Phase 10)",
                                                      "tris is a group of three",
                                                      "group (Contract, Rummy, Manipulation, Liverpool)"]


def _synthetic(language: str, entries) -> Catalog:
    catalogue = Catalog(locale=language)
    for english, translation, context in entries:
        catalogue.add(english, translation, context=context)
    # Through the .po format, as the real catalogues are read.
    out = BytesIO()
    from babel.messages.pofile import write_po
    write_po(out, catalogue)
    return read_po(BytesIO(out.getvalue()), locale=language)


def test_the_check_finds_tris_and_giro(glossary):
    concepts, other_meanings = glossary
    catalogue = _synthetic("it", [
        ("a set of %(length)s", "un tris di %(length)s", None),
        ("%(cards)s in round %(first)s", "%(cards)s nel giro %(first)s", None),
        ("a group of %(length)s", "un gruppo di %(length)s", None),
        ("Set role", "Imposta il ruolo", "not a card word: a member is given a role"),
    ])
    found = disagreements(catalogue, concepts, other_meanings)
    assert len(found) == 2
    assert found[0].startswith("set (Ramo, Phase 10): 'a set of ") and "tris" in found[0]
    assert found[1].startswith("round") and "giro" in found[1]


def test_the_check_finds_a_bare_stock_and_a_run_for_a_sequence_in_korean(glossary):
    concepts, other_meanings = glossary
    catalogue = _synthetic("ko", [
        ("Nobody (stock ran dry)", "아무도 못 나감 (더미 소진)", None),
        ("a sequence of %(length)s", "%(length)s장 런 한 개", None),
        ("a run of %(length)s", "%(length)s장 런 한 개", None),
    ])
    found = disagreements(catalogue, concepts, other_meanings)
    assert [line.split(":")[0] for line in found] == ["stock (the face-down pile)",
                                                      "sequence (Contract, Rummy, Manipulation, Liverpool)"]
