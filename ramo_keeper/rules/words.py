"""A definition's own words, and the Babel extractor that finds them in the built-in documents.

The words travel with the definition (its name, category labels, the words of its hand form, its
melds and summary as English text with named placeholders, its options' labels, help and choices);
``babel.cfg`` maps ``rules/games/*.json`` to ``extract_definition``, so ``make i18n`` puts them in
the catalogues like any marked string, and the app looks them up at the moment it shows them. A
house rule's own words are not in any catalogue and so are shown as typed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path

from .marks import MARK_WORDS

# The parts of a mark's words a person reads (the others are a sign and a form field's name).
MARK_PARTS = ("word", "who", "box", "mine", "question")

# The context a word of the hand form is translated in, where the same English means something else
# elsewhere ("hand" is one deal, not the cards held).
CONTEXTS = {"hand": "one deal"}
# The context a card category's key is translated in: a rule error names the key ("jokers"), not the label.
CATEGORY_KEY = "card category key"
# A level word ("phase", "contract") also stands in sentences that need it with an article or an ending:
# Italian says "la fase 10" but "il contratto 7", Korean "페이즈로" but "계약으로". Each form is translated
# on its own, so no sentence guesses a gender or a particle (English shows the bare word).
LEVEL_FORMS = {"the_level": "level word, with its article", "next_level": "level word, the next one",
               "a_level": "level word, one of them"}


# A placeholder in a definition's sentence: "%(smallest)s", "%(the_level)s". Anything else (a bare "50%") is text.
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
GAMES = Path(__file__).with_name("games")


def placeholders(text: str) -> list[str]:
    """The names a sentence quotes, in order.

    >>> placeholders("A set is %(smallest)s or %(largest)s cards; 50% of them.")
    ['smallest', 'largest']
    """
    return PLACEHOLDER.findall(text)


def fill(text: str, params: Mapping) -> str:
    """The sentence with each placeholder it has a value for filled in; the others stay as written.

    >>> fill("A group is %(size)s cards, 100% of one rank; %(odd)s.", {"size": 3})
    'A group is 3 cards, 100% of one rank; %(odd)s.'
    """
    return PLACEHOLDER.sub(lambda m: str(params[m[1]]) if m[1] in params else m[0], text)


@cache
def builtin_sentences() -> dict[str, str]:
    """The built-ins' sentences by the name they carry ("summary_lowest_total_wins" -> its text).

    A definition saved before the sentences moved into the documents cites a sentence by name only; it
    reads the same words as the built-in that names it.
    """
    found: dict[str, str] = {}
    for path in sorted(GAMES.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for entry in (*doc.get("meld_kinds", ()), *doc.get("scoring_summary", ())):
            if "phrase" in entry and "text" in entry:
                found.setdefault(entry["phrase"], entry["text"])
    return found


def definition_words(doc: Mapping) -> list[tuple[str | None, str]]:
    """(context, word) for every word a person reads from this definition, in document order.

    >>> definition_words({"name": "Mini", "card_categories": [{"key": "t", "label": "Tens"}],
    ...                   "words": {"hand": "hand", "went_out": "Went out"},
    ...                   "meld_kinds": [{"kind": "set", "text": "A set is three of a kind."}]})[1:4]
    [(None, 'Tens'), ('card category key', 't'), ('one deal', 'hand')]
    >>> definition_words({"name": "Mini", "marks": [{"key": "went_out"}]})[1:]
    [(None, 'went out'), (None, '%(name)s out'), (None, 'I went out')]
    """
    found: list[tuple[str | None, str]] = [(None, doc["name"])]
    for category in doc.get("card_categories", ()):
        found += [(None, category["label"]), (CATEGORY_KEY, category["key"])]
    found += [(CONTEXTS.get(word), word) for word in doc.get("words", {}).values()]
    if "level" in doc.get("words", {}):
        found += [(context, doc["words"]["level"]) for context in LEVEL_FORMS.values()]
    for entry in (*doc.get("meld_kinds", ()), *doc.get("scoring_summary", ())):
        if "text" in entry:
            found.append((None, entry["text"]))
    for option in doc.get("option_details", ()):
        found += [(None, option[part]) for part in ("label", "help") if option.get(part)]
        found += [(None, words) for words in option.get("choice_words", ())]
    # The words of the marks it declares (rules/marks.py), as the grid, the scoresheet and the hand form say them.
    for mark in doc.get("marks", ()):
        words = MARK_WORDS.get(mark.get("key"), {})
        found += [(None, words[part]) for part in MARK_PARTS if part in words]
    return found


def _line_of(source: str, word: str) -> int:
    """The 1-based line where the word first appears as a JSON string, for the catalogue's reference."""
    needle = json.dumps(word, ensure_ascii=False)
    return next((n for n, line in enumerate(source.splitlines(), 1) if needle in line), 1)


def extract_definition(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel's extractor interface: (line, function, message, comments) for each word of a definition file."""
    source = fileobj.read().decode("utf-8")
    doc = json.loads(source)
    if "format" not in doc:  # games/index.json, the menu order, has no words
        return
    for context, word in definition_words(doc):
        if context:
            yield _line_of(source, word), "pgettext", (context, word), []
        else:
            yield _line_of(source, word), "gettext", word, []
