"""The editor page's plain form, read into a definition and back, and its worked example.

Field names: `name`, `min_players`, `max_players`, `out_score`, `cat-N-key|label|points|maximum|remove`,
`lvl-N-requirement|remove`, `opt-KEY`, `deal-N-cards` (by player count), `hand-N-cards` (by hand) and
`bgg_id` (the BoardGameGeek id BG Stats gets; empty for none).
A refused document's path names the field to show the reason under (`field_of`).
"""

import copy
import re

from flask_babel import gettext

from .. import rules
from ..rules.registry import load_definition
from ..text.game_words import category_label
from . import documents, starting

# [0-9], never \d: \d takes every script's digits, so "３" (full-width) or "١٢" (Arabic-Indic) would be 3 or 12.
WHOLE = re.compile(r"\s*[-−]?[0-9]{1,9}\s*", re.ASCII)
EXAMPLE_COUNTS = (2, 1)  # Bo holds 2 of the first category, 1 of the second and 1 of the last (RULES.md §8)


def number(raw: str | None):
    """A typed whole number, or the text as typed (the checks then say "must be a whole number")."""
    if raw is not None and WHOLE.fullmatch(raw):
        return int(raw.strip().replace("−", "-"))
    return raw if raw is not None else ""


def rows(form, prefix: str) -> list[int]:
    found = {int(m[1]) for name in form for m in [re.fullmatch(rf"{prefix}-([0-9]+)-\w+", name, re.ASCII)] if m}
    return sorted(found)


def document_from_form(form, base: dict) -> dict:
    """The definition the posted form describes, on top of `base` (the game it started from)."""
    doc = copy.deepcopy(base)
    posted = {"min_players": number(form.get("min_players")), "max_players": number(form.get("max_players"))}
    if "out_score" in form:
        posted["out_score"] = number(form.get("out_score"))
    posted["card_categories"] = [
        {"key": form.get(f"cat-{i}-key", "").strip(), "label": form.get(f"cat-{i}-label", "").strip(),
         "points": number(form.get(f"cat-{i}-points")), **(
             {"maximum": number(form.get(f"cat-{i}-maximum"))} if form.get(f"cat-{i}-maximum") else {})}
        for i in rows(form, "cat") if not form.get(f"cat-{i}-remove")]
    _keys_from_labels(posted["card_categories"])
    if base.get("levels"):
        levels = [form.get(f"lvl-{i}-requirement", "").strip() for i in rows(form, "lvl")
                  if not form.get(f"lvl-{i}-remove")]
        posted["levels"] = _levels(base["levels"], levels)
    options = {}
    for option in option_entries(base):
        raw = form.get(f"opt-{option['key']}")
        if option["kind"] == "bool":
            options[option["key"]] = raw is not None
        elif raw is not None and option["kind"] == "choice":
            # A choice may be a number (Rummy's aces count 1 or 15): the form sends its text.
            options[option["key"]] = next((c for c in option.get("choices", ()) if str(c) == raw), raw)
        elif raw is not None:
            options[option["key"]] = number(raw) if option["kind"] == "int" else raw
    posted["options"] = options
    bgg_id = form.get("bgg_id", "").strip() if "bgg_id" in form else None
    if bgg_id:
        posted["bgg_id"] = number(bgg_id)
    doc = documents.merged(doc, posted)
    if bgg_id == "":
        # Left empty: the house rule names no BoardGameGeek game. Null (not absence) carries that through
        # the save, which lays this document over the stored one (documents.REMOVABLE).
        doc["bgg_id"] = None
    _cards_dealt(doc, form)
    return doc


def _keys_from_labels(categories: list[dict]) -> None:
    """A category with a label and no key gets one made from its label, in any script (starting.key_from)."""
    taken = {c["key"] for c in categories if c["key"]}
    for number, category in enumerate(categories, 1):
        if not category["key"] and category["label"]:
            category["key"] = starting.key_from(category["label"], taken, number)
            taken.add(category["key"])


def _levels(base: list, requirements: list[str]) -> list[dict]:
    """Levels numbered from 1; a level past the old last one takes the last one's melds."""
    return [{**copy.deepcopy(base[min(i, len(base) - 1)]), "number": i + 1, "requirement": text}
            for i, text in enumerate(requirements)]


def _cards_dealt(doc: dict, form) -> None:
    deal = doc.get("deal")
    if not isinstance(deal, dict):
        return
    for field, table in (("deal", "by_players"), ("hand", "by_hand")):
        for i, row in enumerate(deal.get(table) or []):
            if f"{field}-{i}-cards" in form:
                row["cards"] = number(form.get(f"{field}-{i}-cards"))


def with_row(doc: dict, action: str) -> dict:
    """The document with an empty category or one more level, for the "Add" buttons."""
    doc = copy.deepcopy(doc)
    if action == "add_category":
        doc.setdefault("card_categories", []).append({"key": "", "label": "", "points": 0, "maximum": 60})
    elif action == "add_level" and doc.get("levels"):
        doc["levels"] = _levels(doc["levels"], [lvl["requirement"] for lvl in doc["levels"]] + [""])
    return doc


def field_of(path: str) -> str:
    """The form field a refused document's path points at: card_categories[2].points is cat-2-points."""
    if m := re.fullmatch(r"card_categories\[([0-9]+)\]\.(key|label|points|maximum)", path):
        return f"cat-{m[1]}-{m[2]}"
    if m := re.fullmatch(r"card_categories\[([0-9]+)\].*", path):
        return f"cat-{m[1]}-key"
    if m := re.fullmatch(r"levels\[([0-9]+)\].*", path):
        return f"lvl-{m[1]}-requirement"
    if m := re.fullmatch(r"options\[([0-9]+)\].*|options\.(\w+)", path):
        return f"opt-index-{m[1]}" if m[1] else f"opt-{m[2]}"
    if m := re.fullmatch(r"deal\.by_players\[([0-9]+)\].*", path):
        return f"deal-{m[1]}-cards"
    if m := re.fullmatch(r"deal\.by_hand\[([0-9]+)\].*", path):
        return f"hand-{m[1]}-cards"
    return path.split(".")[0].split("[")[0] or "name"


def example_cards(doc: dict) -> dict[str, int]:
    categories = [c for c in doc.get("card_categories", []) if isinstance(c, dict) and c.get("key")]
    counts = {}
    for i, category in enumerate(categories):
        if i < len(EXAMPLE_COUNTS):
            counts[category["key"]] = EXAMPLE_COUNTS[i]
        elif i == len(categories) - 1:
            counts[category["key"]] = 1
    return counts


def option_entries(doc: dict) -> list[dict]:
    """Each option as the editor shows it: its details (kind, choices or range) with its default."""
    defaults = doc.get("options") if isinstance(doc.get("options"), dict) else {}
    return [{**detail, "default": defaults.get(detail["key"])} for detail in doc.get("option_details", [])
            if isinstance(detail, dict) and detail.get("key") in defaults]


def out_option(doc: dict, entries: list[dict] | None = None) -> dict | None:
    """The option that holds the out score (Ramo's out_bonus), which wins over `out_score`."""
    return next((o for o in (entries if entries is not None else option_entries(doc))
                 if o.get("key") == documents.OUT_OPTION), None)


def example_game(doc: dict) -> rules.Variant | None:
    """The game the worked example is scored by: the document as it stands (a category row still without a key
    left out), played by its engine; None while it is no game (a number not yet whole, a field left empty)."""
    categories = doc.get("card_categories")
    shown = {**doc, "card_categories": [c for c in categories if not isinstance(c, dict) or c.get("key")]} \
        if isinstance(categories, list) else doc
    if shown.get("bgg_id", 0) is None:  # left empty: the save removes it (documents.REMOVABLE)
        shown = {field: value for field, value in shown.items() if field != "bgg_id"}
    try:
        return load_definition(shown)
    except (rules.DefinitionError, KeyError, TypeError, ValueError, AttributeError):
        return None


def example_scoring(variant: rules.Variant | None) -> dict:
    """What the page's script scores the example with: the hand form's data for this game (Variant.preview),
    and which option each of its numbers comes from, so a typed option counts at once (the knock's bonuses)."""
    if variant is None:
        return {}
    categories = variant.card_categories
    return {**variant.preview(variant.default_options()), "fromOptions": dict(variant.preview_options),
            # A box whose points are an option (Rummy's aces), or that is left out while an option is off
            # (Contract's jokers): the script reads that option's field, as the engine reads the option.
            "pointsFromOptions": {c.key: c.points_option for c in categories if c.points_option},
            "offUnless": {c.key: c.needs_option for c in categories if c.needs_option}}


def minus(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def worked_example(doc: dict) -> str:
    """"Sofia goes out: −30; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, 1 × Special cards: 63": Sofia goes out
    holding nothing, Bo holds the example's cards, each category named by its label (a built-in's in the reader's
    language), and the game's own engine scores the hand (the script does it with hand-score.js, the hand form's
    scorer, which the parity test holds to the engines)."""
    variant = example_game(doc)
    cards = example_cards(doc)
    if variant is None:
        return gettext("Type whole numbers to see an example.")
    sofia, bo = rules.PlayerResult(1, {}, {variant.out_flag}), rules.PlayerResult(2, cards)
    # Two players, as the script scores it, even where the game seats more (Contract's 3 to 8): the others
    # would hold nothing and change no one's score but the knock's (where they would tie the knocker).
    setup = rules.GameSetup(variant.key, (rules.Seat(1, "Sofia"), rules.Seat(2, "Bo")), 1,
                            variant.default_options(), definition=variant)
    scored, _ = variant.score_hand(setup, rules.replay(setup, []), (sofia, bo))
    labels = {c["key"]: c.get("label") for c in doc.get("card_categories", []) if isinstance(c, dict)}
    holding = gettext(", ").join(f"{count} × {_label(labels.get(key), key)}" for key, count in cards.items())
    return gettext("Sofia goes out: %(out)s; Bo holds %(cards)s: %(value)s", out=minus(scored[0].score),
                   cards=holding, value=minus(scored[1].value))


def _label(label, key: str) -> str:
    return category_label(label) if isinstance(label, str) and label.strip() else key


def starting_points() -> list[rules.Variant]:
    return list(rules.VARIANTS.values())
