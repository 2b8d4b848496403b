"""The seed texts' machine-translation errors never reach a player: no catalogue, template, game definition
or document of the app holds them (docs/GLOSSARY.md, "Words never used").

The seeds themselves (docs/rule-sources/) keep them, unchanged; they are the only place allowed.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The wrong word, and what a player says instead.
FORBIDDEN = {
    "갑판": "덱 (a deck, not a ship's deck)",
    "외출": "나감 (going out, not an outing)",
    "융합": "멜드 (a meld, not a fusion)",
    "혼합": "멜드 / 내려놓음 (melding, not mixing)",
    "무승부 더미": "뽑기 더미 (the stock, not a 'draw' as in a tied game)",
    "licenziare": "attaccare (laying off, not firing someone)",
    "disegnare": "pescare (drawing a card, not drawing a picture)",
    "fusione": "combinazione (a meld)",
    "carte di faccia": "figure (the court cards)",
    # A tris is exactly three cards: "un tris di cinque" is a group of five (test_native_words.py allows tris,
    # poker and coppia only for a group of that length).
    "tris di": "gruppo di (a tris is three cards; a set or group may be more)",
    "giro": "round (seed 003's word for one deal of Contract Rummy)",
    "giri": "round",
}
# Korean words are matched anywhere; Italian words as whole words ("giro" is not inside "girare").
PATTERNS = {word: re.compile(re.escape(word) if not word.isascii() else rf"\b{re.escape(word)}\b", re.I)
            for word in FORBIDDEN}


def app_files() -> list[Path]:
    files = [*ROOT.glob("translations/*/LC_MESSAGES/messages.po"), ROOT / "translations" / "messages.pot",
             *ROOT.glob("templates/**/*.html"), *ROOT.glob("ramo_keeper/rules/games/*.json"),
             *ROOT.glob("docs/*.md"), ROOT / "README.md", ROOT / "translations" / "README.md",
             *ROOT.glob("static/js/*.js")]
    return [f for f in files if f.exists()]


def findings(text: str) -> list[str]:
    return [word for word, pattern in PATTERNS.items() if pattern.search(text)]


def offenders(paths: list[Path]) -> dict[str, list[str]]:
    """Each file that holds a forbidden word, with the words it holds."""
    found = {path.relative_to(ROOT).as_posix(): findings(path.read_text(encoding="utf-8")) for path in paths}
    return {name: words for name, words in found.items() if words}


def test_no_file_of_the_app_holds_a_seeds_mistranslation():
    files = app_files()
    assert len(files) > 100 and ROOT / "README.md" in files and any(f.suffix == ".po" for f in files)
    assert offenders(files) == {}


def test_the_lint_finds_every_word_it_forbids():
    # Each forbidden word in a sentence of the kind the seeds write is found; the right words are not.
    assert findings("셔플 갑판을 선택합니다") == ["갑판"]
    assert findings("Un tris di cinque e un giro di più") == ["tris di", "giro"]
    assert findings("due tris e una scala di quattro") == []
    assert findings("deve licenziare quell'idiota; 10 punti per le carte di faccia") == ["licenziare",
                                                                                       "carte di faccia"]
    assert findings("Un gruppo di cinque; nel round 3; una scala può girare oltre il re") == []
    assert findings("나가지 않은 판 (뽑기 더미 소진), 멜드를 내려놓습니다") == []


def test_the_lint_names_every_file_that_holds_one():
    seeds = sorted((ROOT / "docs" / "rule-sources").glob("*.txt"))
    found = offenders([ROOT / "README.md", *seeds])
    assert "README.md" not in found and len(found) > 1 and all(name.startswith("docs/rule-sources/") for name in found)


def test_the_seeds_are_where_the_words_come_from():
    # The lint is not guarding against nothing: the seed texts the app was specified from hold them.
    seeds = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "rule-sources").glob("*.txt"))
    assert {"갑판", "외출", "융합", "혼합", "무승부 더미", "licenziare", "disegnare", "fusione",
            "carte di faccia"} <= set(findings(seeds))
