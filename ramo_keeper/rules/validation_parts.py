"""The checks of a definition's lists: options, levels, marks, the deal, and the phrases it is described by.

>>> check_levels({"levels": []}, needed=True, longest=20)
Traceback (most recent call last):
ramo_keeper.rules.base.DefinitionError: no_levels {'path': 'levels'}
"""

from __future__ import annotations

from collections.abc import Mapping

from .base import MAX_CARDS, DefinitionError
from .checks import choice, flag, items, obj, text, whole
from .definition import quoted_facts, quoted_names
from .limits import FIELDS, MAX_OPTIONS, MAX_PLAYERS, MIN_PLAYERS, POINTS

BIG = 10**6  # the widest range an integer option may state


def _option(entry: Mapping, path: str) -> None:
    """One option's details: its kind, and its choices or its range."""
    obj(entry, path, FIELDS["option"], ("key", "kind"))
    text(entry["key"], f"{path}.key", 40)
    kind = choice(entry["kind"], f"{path}.kind", "option_kind")
    if kind == "int":
        low = whole(entry.get("minimum"), f"{path}.minimum", -BIG, BIG)
        whole(entry.get("maximum"), f"{path}.maximum", low, BIG)
    elif kind == "choice":
        choices = items(entry.get("choices"), f"{path}.choices", 10)
        if not choices or not all(isinstance(c, str | int) and not isinstance(c, bool) for c in choices):
            raise DefinitionError("bad_choices", f"{path}.choices")
    # Its words: a label, a line of help, and one text per choice, in the order of the choices.
    for part, longest in (("label", 60), ("help", 200)):
        if part in entry:
            text(entry[part], f"{path}.{part}", longest)
    if "choice_words" in entry:
        words = items(entry["choice_words"], f"{path}.choice_words", 10)
        if len(words) != len(entry.get("choices") or ()):
            raise DefinitionError("bad_choices", f"{path}.choice_words")
        for i, word in enumerate(words):
            text(word, f"{path}.choice_words[{i}]", 120)


def _default(detail: Mapping, value, path: str) -> None:
    """An option's default: true or false, a whole number in its range, or one of its choices."""
    if detail["kind"] == "bool":
        flag(value, path)
    elif detail["kind"] == "int":
        whole(value, path, detail["minimum"], detail["maximum"])
    elif not any(type(c) is type(value) and c == value for c in detail["choices"]):
        raise DefinitionError("not_a_choice", path, choices=tuple(detail["choices"]))


def named_option(options: Mapping[str, Mapping], name) -> Mapping:
    """The details of the option a field names, or {} when it names none (a list or a number names none)."""
    return options.get(name, {}) if isinstance(name, str) else {}


def check_options(doc: Mapping) -> dict[str, Mapping]:
    """The options' details by key, each named once; ``options`` a default for each of them and nothing
    else; option rules naming options that exist, at values those options can take."""
    options: dict[str, Mapping] = {}
    for i, entry in enumerate(items(doc.get("option_details", []), "option_details", MAX_OPTIONS)):
        _option(entry, f"option_details[{i}]")
        if entry["key"] in options:
            raise DefinitionError("duplicate_key", f"option_details[{i}].key", key=entry["key"])
        options[entry["key"]] = entry
    defaults = obj(doc.get("options", {}), "options", frozenset(options), tuple(options))
    for key, detail in options.items():
        _default(detail, defaults[key], f"options.{key}")
    for i, rule in enumerate(items(doc.get("option_rules", []), "option_rules", MAX_OPTIONS)):
        obj(rule, f"option_rules[{i}]", FIELDS["option_rule"], ("option", "value", "needs", "needed"))
        for field, value in (("option", "value"), ("needs", "needed")):
            detail = named_option(options, rule[field])
            if not detail:
                raise DefinitionError("no_such_option", f"option_rules[{i}].{field}")
            _default(detail, rule[value], f"option_rules[{i}].{value}")
    return options


def check_levels(doc: Mapping, needed: bool, longest: int) -> None:
    """1–20 levels numbered from 1 in a level game (none elsewhere), each with melds to lay down."""
    levels = items(doc.get("levels", []), "levels", longest)
    if needed and not levels:
        raise DefinitionError("no_levels", "levels")
    if levels and not needed:
        raise DefinitionError("levels_not_in_engine", "levels")
    for i, level in enumerate(levels):
        path = f"levels[{i}]"
        obj(level, path, FIELDS["level"], ("number", "melds"))
        if level["number"] != i + 1 or isinstance(level["number"], bool):
            raise DefinitionError("level_out_of_order", f"{path}.number", expected=i + 1)
        if "requirement" in level:
            text(level["requirement"], f"{path}.requirement", 200)
        for field in ("lengths_stated", "all_at_once"):
            flag(level.get(field, False), f"{path}.{field}")
        alternatives = items(level["melds"], f"{path}.melds", 4)
        if not alternatives:
            raise DefinitionError("no_melds", f"{path}.melds")
        for a, alternative in enumerate(alternatives):
            melds = items(alternative, f"{path}.melds[{a}]", 6)
            if not melds:
                raise DefinitionError("no_melds", f"{path}.melds[{a}]")
            for m, meld in enumerate(melds):
                where = f"{path}.melds[{a}][{m}]"
                obj(meld, where, FIELDS["meld"], ("kind", "count", "min_length"))
                choice(meld["kind"], f"{where}.kind", "meld_kind")
                whole(meld["count"], f"{where}.count", 1, 10)
                whole(meld["min_length"], f"{where}.min_length", 1, 20)


def check_marks(doc: Mapping, known: tuple[str, ...]) -> None:
    """Marks from the four the app stores, went_out among them; what each implies or requires is a mark too."""
    marks = items(doc.get("marks", [{"key": "went_out"}]), "marks", len(known))
    keys = []
    for i, mark in enumerate(marks):
        obj(mark, f"marks[{i}]", FIELDS["mark"], ("key",))
        keys.append(choice(mark["key"], f"marks[{i}].key", "mark"))
    if "went_out" not in keys:
        raise DefinitionError("missing_mark", "marks", mark="went_out")
    for i, mark in enumerate(marks):
        for other in items(mark.get("implies", []), f"marks[{i}].implies", len(known)):
            if other not in keys:
                raise DefinitionError("no_such_mark", f"marks[{i}].implies", mark=other)
        if "requires" in mark and mark["requires"] not in keys:
            raise DefinitionError("no_such_mark", f"marks[{i}].requires", mark=mark["requires"])
        if "multiplies" in mark:
            whole(mark["multiplies"], f"marks[{i}].multiplies", 1, 10)
    if doc.get("out_mark", "went_out") not in keys:
        raise DefinitionError("no_such_mark", "out_mark")


def check_deal(doc: Mapping, options: Mapping, fields: Mapping[str, frozenset[str]]) -> None:
    """A deck, and table-size rows that cover the player range without overlap; cards 1–60 a hand."""
    deal = obj(doc["deal"], "deal", fields["deal"], ("deck", "by_players"))
    deck = obj(deal["deck"], "deal.deck", fields["deck"], ("phrase", "cards"))
    choice(deck["phrase"], "deal.deck.phrase", "deck_phrase")
    whole(deck["cards"], "deal.deck.cards", 1, 200)
    covered: list[int] = []
    for i, row in enumerate(items(deal["by_players"], "deal.by_players", MAX_PLAYERS)):
        path = f"deal.by_players[{i}]"
        obj(row, path, fields["size"], ("players", "decks", "cards"))
        span = items(row["players"], f"{path}.players", 2)
        if len(span) != 2:
            raise DefinitionError("not_a_range", f"{path}.players")
        low = whole(span[0], f"{path}.players[0]", MIN_PLAYERS, MAX_PLAYERS)
        whole(span[1], f"{path}.players[1]", low, MAX_PLAYERS)
        whole(row["decks"], f"{path}.decks", 1, 10)
        whole(row.get("jokers", 0), f"{path}.jokers", 0, 100)
        whole(row["cards"], f"{path}.cards", 1, MAX_CARDS)
        covered += range(span[0], span[1] + 1)
    if sorted(covered) != sorted(set(covered)) or not set(range(doc["min_players"], doc["max_players"] + 1)) \
            <= set(covered):
        raise DefinitionError("players_not_covered", "deal.by_players")
    for i, row in enumerate(items(deal.get("by_hand", []), "deal.by_hand", 20)):
        path = f"deal.by_hand[{i}]"
        obj(row, path, fields["hands"], ("hands", "cards"))
        span = items(row["hands"], f"{path}.hands", 2)
        if len(span) != 2:
            raise DefinitionError("not_a_range", f"{path}.hands")
        whole(span[1], f"{path}.hands[1]", whole(span[0], f"{path}.hands[0]", 1, 100), 100)
        whole(row["cards"], f"{path}.cards", 1, MAX_CARDS)
    whole(deal.get("starter_extra", 0), "deal.starter_extra", 0, 10)
    if "jokers_option" in deal and named_option(options, deal["jokers_option"]).get("kind") != "bool":
        raise DefinitionError("no_such_option", "deal.jokers_option")


def _phrase(entry, path: str, known: frozenset[str]) -> None:
    """``{"phrase": code, "params": {...}}`` (the app's own sentences) or ``{"text": "..."}``."""
    obj(entry, path, known)
    if "text" in entry:
        text(entry["text"], f"{path}.text", 300)
    elif not isinstance(entry.get("phrase"), str):
        raise DefinitionError("missing_field", f"{path}.phrase")
    params = entry.get("params", {})
    obj(params, f"{path}.params", frozenset(params) if isinstance(params, Mapping) else frozenset())
    for name, value in params.items():
        if not isinstance(value, str | int) or isinstance(value, bool):
            raise DefinitionError("bad_param", f"{path}.params.{name}")
        if isinstance(value, int):
            whole(value, f"{path}.params.{name}", -POINTS * 20, POINTS * 20)


def check_phrases(doc: Mapping) -> None:
    """The rules page's lines: what each meld is, and the scoring in a few lines."""
    for i, entry in enumerate(items(doc.get("meld_kinds", []), "meld_kinds", 10)):
        _phrase(entry, f"meld_kinds[{i}]", FIELDS["meld_kind"])
        text(entry.get("kind"), f"meld_kinds[{i}].kind", 20)
    facts = quoted_facts(doc)
    for i, entry in enumerate(items(doc.get("scoring_summary", []), "scoring_summary", 10)):
        _phrase(entry, f"scoring_summary[{i}]", FIELDS["phrase"])
        for name in quoted_names(entry):
            if name in entry.get("params", {}):
                raise DefinitionError("quoted_from_the_definition", f"scoring_summary[{i}].params.{name}")
            if facts[name] is None:
                raise DefinitionError("missing_option", f"scoring_summary[{i}]", option=name)
