"""Reading a definition document into the facts a Variant plays by (GameFacts); the document is validated first.

A definition is plain JSON data (docs/GAMES.md, docs/definition.schema.json). This module only turns
a valid one into frozen records; ``rules/validation.py`` decides what valid is.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from .base import CardCategory, FrozenDict, Level, Meld, MeldKind, Option, Phrase, Words
from .deal_table import read_deal
from .facts import GameFacts, OptionRule
from .limits import FACTS_IN_OPTIONS
from .marks import read_marks
from .words import builtin_sentences, placeholders

# The numbers and words a definition's sentence may quote by name: read from the document itself, never
# written in its params, so a house rule's page quotes its own out score, last level and target. The level
# word is quoted in a form that carries its article ("the_level") or ending; each form quotes "level".
QUOTABLE = ("out_score", "final", "rounds", "level", "target", "game_bonus", "round_bonus", "undercut",
            "all_cards")
LEVEL_FORMS = ("the_level", "next_level", "a_level")


def fact(doc: Mapping, field: str, default=None):
    """A fact of the game: the default of the option that states it where the game has one (Ramo's out
    score is its ``out_bonus``), else the document's field, else ``default``. An older document may state
    both; they were kept equal, and the option is what the engines read.

    >>> fact({"out_score": -50, "options": {"out_bonus": -30}}, "out_score", 0), fact({}, "progression", "x")
    (-30, 'x')
    """
    options = doc.get("options")
    option = FACTS_IN_OPTIONS.get(field)
    if isinstance(options, Mapping) and option in options:
        return options[option]
    return doc.get(field, default)


def quoted_facts(doc: Mapping) -> dict:
    """What summary lines may quote, from the document: Ramo -> out_score −50, final 8, level "level".

    >>> quoted_facts({"levels": [{}, {}], "out_score": 0, "options": {}, "words": {"level": "contract"}})["rounds"]
    2
    """
    defaults = doc.get("options", {})
    levels = len(doc.get("levels", ()))
    return {"out_score": fact(doc, "out_score", 0), "final": levels, "rounds": levels,
            "level": doc.get("words", {}).get("level", "level"), "target": defaults.get("target"),
            "game_bonus": defaults.get("game_bonus"), "round_bonus": defaults.get("round_bonus"),
            "undercut": defaults.get("undercut_bonus"), "all_cards": defaults.get("all_cards_bonus")}


def sentence_of(entry: Mapping) -> str | None:
    """The text of a meld's or a summary line's sentence: its own, or the built-in one it names."""
    if isinstance(entry.get("text"), str):
        return entry["text"]
    return builtin_sentences().get(entry.get("phrase")) if isinstance(entry.get("phrase"), str) else None


def quoted_names(entry: Mapping) -> list[str]:
    """The facts of the document a sentence quotes: "%(out_score)s" quotes out_score, "%(the_level)s" level.

    >>> quoted_names({"text": "The winner scores %(out_score)s; %(the_level)s %(final)s ends it. %(size)s"})
    ['out_score', 'level', 'final']
    """
    names = ["level" if name in LEVEL_FORMS else name for name in placeholders(sentence_of(entry) or "")]
    return list(dict.fromkeys(name for name in names if name in QUOTABLE))


def _phrase(entry: Mapping, facts: Mapping) -> Phrase:
    """A Phrase for a meld's or a summary line's sentence, its placeholders filled from its params and then
    from the facts of the document; a name no sentence has (a deck's) is the wording layer's to say."""
    text = sentence_of(entry)
    params = dict(entry.get("params", {}))
    if text is None:
        return Phrase(entry.get("phrase", ""), params)
    quotes = {name: facts[name] for name in quoted_names(entry) if name not in params}
    return Phrase("text", {**quotes, **params, "text": text})


def _level(entry: Mapping) -> Level:
    """A Level from its entry: melds as alternatives, each a list of {kind, count, min_length}."""
    melds = tuple(tuple(Meld(m["kind"], m["count"], m["min_length"]) for m in alternative)
                  for alternative in entry.get("melds", ()))
    return Level(entry["number"], melds, entry.get("lengths_stated", False), entry.get("all_at_once", False),
                 entry.get("requirement", ""))


def _category(entry: Mapping) -> CardCategory:
    """A CardCategory from its entry; ``maximum`` defaults to 60 cards, or 540 for a face-value sum."""
    face = entry.get("face_value", False)
    return CardCategory(entry["key"], entry["label"], entry["points"], entry.get("maximum", 540 if face else 60),
                        face, entry.get("needs_option"), entry.get("points_option"))


def _option(entry: Mapping, defaults: Mapping) -> Option:
    """An Option from its details (``kind`` choice, int or bool) and its default from ``options``."""
    return Option(entry["key"], defaults[entry["key"]], entry["kind"], tuple(entry.get("choices", ())),
                  entry.get("minimum"), entry.get("maximum"), entry.get("label", ""), entry.get("help", ""),
                  tuple(entry.get("choice_words", ())))


def read_document(doc: Mapping, defaults: Mapping[str, str]) -> GameFacts:
    """The facts of a game, from a valid definition document; ``defaults`` are its engine's for the facts a
    document may leave out (``Variant.fact_defaults``: the level engine ranks by lowest total).

    >>> facts = read_document({"key": "mini", "name": "Mini", "engine": "winner_takes",
    ...     "min_players": 2, "max_players": 4, "card_categories": [{"key": "tens", "label": "Tens", "points": 10}],
    ...     "marks": [{"key": "went_out"}], "deal": {"deck": {"phrase": "decks_plus_jokers", "cards": 52},
    ...     "by_players": [{"players": [2, 4], "decks": 1, "cards": 7}]}},
    ...     {"ranking": "highest_total", "end": "target"})
    >>> facts.card_categories[0].maximum, facts.flags, facts.lower_is_better
    (60, frozenset({'went_out'}), False)
    """
    marks = doc.get("marks", [{"key": "went_out"}])
    facts = quoted_facts(doc)
    ranking = fact(doc, "ranking", defaults["ranking"])
    return GameFacts(**{
        "key": doc["key"],
        "name": doc["name"],
        "min_players": doc["min_players"],
        "max_players": doc["max_players"],
        "designed_range": tuple(doc["designed_range"]) if doc.get("designed_range") else None,
        "direction": doc.get("direction", "clockwise"),
        "levels": tuple(_level(entry) for entry in doc.get("levels", ())),
        "meld_kinds": tuple(MeldKind(m["kind"], _phrase(m, facts)) for m in doc.get("meld_kinds", ())),
        "card_categories": tuple(_category(entry) for entry in doc["card_categories"]),
        "options": tuple(_option(entry, doc.get("options", {})) for entry in doc.get("option_details", ())),
        "option_rules": tuple(OptionRule(r["option"], r["value"], r["needs"], r["needed"])
                              for r in doc.get("option_rules", ())),
        "scoring_summary": tuple(_phrase(entry, facts) for entry in doc.get("scoring_summary", ())),
        "ranking": ranking,
        "lower_is_better": ranking != "highest_total",
        "flags": frozenset(m["key"] for m in marks),
        "marks": read_marks(marks),
        "implies": FrozenDict({m["key"]: frozenset(m.get("implies", ())) for m in marks}),
        "requires": FrozenDict({m["key"]: m["requires"] for m in marks if "requires" in m}),
        "multiplies": FrozenDict({m["key"]: m["multiplies"] for m in marks if "multiplies" in m}),
        "out_flag": doc.get("out_mark", "went_out"),
        "words": Words(**doc.get("words", {})),
        "counts_hands_won": doc.get("counts_hands_won", False),
        "nobody_out": fact(doc, "nobody_out", False),
        "out_score": fact(doc, "out_score", 0),
        "progression": fact(doc, "progression", "per_player"),
        "end": fact(doc, "end", defaults["end"]),
        "dealer_rule": fact(doc, "dealer_rule", "rotate"),
        "deal_table": read_deal(doc["deal"]),
        "bgg_id": doc.get("bgg_id"),
        "source_names": FrozenDict(doc.get("source_names", {})),
        "definition_json": json.dumps(doc, ensure_ascii=False),
    })
