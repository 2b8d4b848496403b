"""A definition's own words, and the Babel extractor that finds them in the built-in documents.

The words travel with the definition (its name, category labels, the words of its hand form, its
melds and summary written as text); ``babel.cfg`` maps ``rules/games/*.json`` to
``extract_definition``, so ``make i18n`` puts them in the catalogues like any marked string, and the
app looks them up at the moment it shows them. A house rule's own words are not in any catalogue
and so are shown as typed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping

# The context a word of the hand form is translated in, where the same English means something else
# elsewhere ("hand" is one deal, not the cards held).
CONTEXTS = {"hand": "one deal"}
# A level word ("phase", "contract") also stands in sentences that need it with an article or an ending:
# Italian says "la fase 10" but "il contratto 7", Korean "페이즈로" but "계약으로". Each form is translated
# on its own, so no sentence guesses a gender or a particle (English shows the bare word).
LEVEL_FORMS = {"the_level": "level word, with its article", "next_level": "level word, the next one",
               "a_level": "level word, one of them"}


def definition_words(doc: Mapping) -> list[tuple[str | None, str]]:
    """(context, word) for every word a person reads from this definition, in document order.

    >>> definition_words({"name": "Mini", "card_categories": [{"key": "t", "label": "Tens"}],
    ...                   "words": {"hand": "hand", "went_out": "Went out"},
    ...                   "meld_kinds": [{"kind": "set", "text": "A set is three of a kind."}]})
    [(None, 'Mini'), (None, 'Tens'), ('one deal', 'hand'), (None, 'Went out'), (None, 'A set is three of a kind.')]
    """
    found: list[tuple[str | None, str]] = [(None, doc["name"])]
    found += [(None, category["label"]) for category in doc.get("card_categories", ())]
    found += [(CONTEXTS.get(word), word) for word in doc.get("words", {}).values()]
    if "level" in doc.get("words", {}):
        found += [(context, doc["words"]["level"]) for context in LEVEL_FORMS.values()]
    for entry in (*doc.get("meld_kinds", ()), *doc.get("scoring_summary", ())):
        if "text" in entry:
            found.append((None, entry["text"]))
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
