"""The house-rule editor's worked example is scored by the game's engine on the server and by the hand form's
scorer (static/js/hand-score.js) on the page, and the two agree (issue 36, "each engine in one home").

Each built-in and random house rules of each (other points, out scores, bonuses, marks and factors) are kept in
a league; their editor page is rendered as the app serves it, and the example it shows (the server's, the page
without JavaScript) is compared with the one house-rule-editor.js writes from the same page's fields, run in
node (tests/js/editor_example_harness.mjs) beside hand-score.js.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

from node import require_node

from ramo_keeper import rules
from tests.house_rules.test_marks_mean_what_they_say import house_rule_in
from tests.rules.test_preview_parity import dataset, random_house_rule

HARNESS = Path(__file__).resolve().parents[1] / "js" / "editor_example_harness.mjs"
HOUSE_RULES = 5
SEED = 20261203


class EditorForm(HTMLParser):
    """What house-rule-editor.js reads of the page: the form's dataset, each category row's key and points,
    the out score field, each option's field, and the example the server wrote."""

    def __init__(self):
        super().__init__()
        self.form: dict = {}
        self.categories: list[dict] = []
        self.out_score: str | None = None
        self.options: dict[str, dict] = {}
        self._select: str | None = None
        self.example = ""
        self._in_example = False

    def handle_starttag(self, tag, attrs):
        given = dict(attrs)
        if tag == "form" and given.get("id") == "house-rule-editor":
            self.form = dataset(given)
        elif tag == "div" and "data-category" in given:
            self.categories.append({"key": "", "label": "", "points": ""})
        elif tag == "input" and "data-category-key" in given:
            self.categories[-1]["key"] = given.get("value") or ""
        elif tag == "input" and "data-category-label" in given:
            self.categories[-1]["label"] = given.get("value") or ""
        elif tag == "input" and "data-category-points" in given:
            self.categories[-1]["points"] = given.get("value") or ""
        elif tag == "output" and given.get("id") == "worked-example":
            self._in_example = True
        if tag == "input" and "data-out-score" in given:
            self.out_score = given.get("value") or ""
        if tag in ("input", "select") and (given.get("name") or "").startswith("opt-"):
            self.options[given["name"].removeprefix("opt-")] = {"value": given.get("value") or "",
                                                                 "checked": "checked" in given}
            self._select = given["name"].removeprefix("opt-") if tag == "select" else None
        if tag == "option" and self._select and "selected" in given:
            self.options[self._select]["value"] = given.get("value") or ""

    def handle_data(self, data):
        if self._in_example:
            self.example += data

    def handle_endtag(self, tag):
        if tag == "output":
            self._in_example = False
        if tag == "select":
            self._select = None


def editor_page(table, ruleset_id: int) -> EditorForm:
    page = table.web.get(f"/leagues/{table.league_id}/house-rules/{ruleset_id}/edit")
    assert page.status_code == 200
    read = EditorForm()
    read.feed(page.get_data(as_text=True))
    return read


def scripts_examples(node: str, forms: list[EditorForm]) -> list[str]:
    given = [{"dataset": f.form, "categories": f.categories, "outScore": f.out_score, "options": f.options}
             for f in forms]
    done = subprocess.run([node, str(HARNESS)], input=json.dumps({"forms": given}), capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["examples"]


def test_the_editors_example_is_the_engines_and_the_scripts_alike(table):
    from ramo_keeper.house_rules.service import DefinitionRefused

    node = require_node("the editor's worked example")
    rng = random.Random(SEED)
    forms, labels = [], []
    for key in rules.VARIANTS:
        changes_list = [{}] + [random_house_rule(key, rng) for _ in range(HOUSE_RULES)]
        for n, changes in enumerate(changes_list):
            try:
                _, ruleset_id = house_rule_in(table, key, changes, with_id=True, name=f"{key} {n}")
            except DefinitionRefused:
                continue
            forms.append(editor_page(table, ruleset_id))
            labels.append(f"{key} #{n}")
    assert len(forms) >= 2 * len(rules.VARIANTS)
    shown = scripts_examples(node, forms)
    differ = [f"{label}: server {form.example!r}, script {script!r}"
              for label, form, script in zip(labels, forms, shown, strict=True) if form.example != script]
    assert differ == []
    assert all(re.fullmatch(r"Sofia goes out: −?\d+; Bo holds .+: −?\d+", form.example) for form in forms)


def test_the_knock_example_scores_the_knocker_holding_nothing(table):
    """Manipulation (RULES.md §4): Bo holds 2 pips, 1 ten, 1 joker: v = 2 + 10 + 25 = 37. Sofia knocks holding
    nothing and has the lowest hand: 37 − 0, plus the all-cards bonus 25 (no undercut: she knocked) = 62."""
    _, ruleset_id = house_rule_in(table, "manipulation", {}, with_id=True, name="Knock")
    assert editor_page(table, ruleset_id).example == (
        "Sofia goes out: 62; Bo holds 2 × Pips of the 2–9 cards, 1 × 10s, jacks, queens, kings, 1 × Jokers: 37")


def test_an_emptied_bgg_id_and_a_new_empty_row_still_give_an_example(app):
    """The editor's POST carries "bgg_id": null (emptied) and an added row with no key yet: Ramo's example stays
    Sofia −50 and Bo 2·5 + 10 + 20 = 40 (RULES.md §1)."""
    from ramo_keeper.house_rules import editor

    doc = {**rules.get_variant("ramo").definition(), "bgg_id": None}
    doc = editor.with_row(doc, "add_category")
    with app.test_request_context():
        assert editor.worked_example(doc) == ("Sofia goes out: −50; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, "
                                              "1 × Special cards (Wild, Skip, −1, x2, +3, ?): 40")
