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
from ..messages import category_label
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


def out_score(doc: dict) -> int:
    option = out_option(doc)
    value = option.get("default") if option else doc.get("out_score", 0)
    return value if isinstance(value, int) else 0


def out_factor(doc: dict) -> int:
    """What the player out's score is multiplied by (RULES.md §8): the factor of every mark going out carries,
    itself or by implication (a Ramo rule with going out ×2: 2). A malformed list of marks counts as none."""
    marks = [m for m in doc.get("marks", []) if isinstance(m, dict) and isinstance(m.get("key"), str)] \
        if isinstance(doc.get("marks"), list) else []
    implies = {m["key"]: [k for k in m.get("implies", []) if isinstance(k, str)] if isinstance(m.get("implies"), list)
               else [] for m in marks}
    factors = {m["key"]: m["multiplies"] for m in marks if isinstance(m.get("multiplies"), int)}
    return rules.mark_factor(factors, rules.carried_marks(implies, {"went_out"}))


def minus(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def worked_example(doc: dict) -> str:
    """"Sofia goes out: −30; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, 1 × Special cards: 63", from the
    document's own numbers, each category named by its label (a built-in's in the reader's language)."""
    cards = example_cards(doc)
    points = {c["key"]: c.get("points") for c in doc.get("card_categories", []) if isinstance(c, dict)}
    if not all(isinstance(points.get(key), int) for key in cards):
        return gettext("Type whole numbers to see an example.")
    value = sum(points[key] * count for key, count in cards.items())
    labels = {c["key"]: c.get("label") for c in doc.get("card_categories", []) if isinstance(c, dict)}
    holding = gettext(", ").join(f"{count} × {_label(labels.get(key), key)}" for key, count in cards.items())
    engine = doc.get("engine")
    if engine == "knock":
        return gettext("Bo holds %(cards)s: %(value)s", cards=holding, value=minus(value))
    out = (value if engine == "winner_takes" else out_score(doc)) * out_factor(doc)
    return gettext("Sofia goes out: %(out)s; Bo holds %(cards)s: %(value)s", out=minus(out), cards=holding,
                   value=minus(value))


def _label(label, key: str) -> str:
    return category_label(label) if isinstance(label, str) and label.strip() else key


def starting_points() -> list[rules.Variant]:
    return list(rules.VARIANTS.values())
