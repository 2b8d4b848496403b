"""The phone's live preview (static/js/hand-score.js) scores every hand as the server's engines do.

For every built-in game, the same game with random options, and random house rules (other points, out
scores, bonuses, factors, within what a definition may say), the hand form is rendered as the app
serves it; the numbers the page hands to the JavaScript are read back from it. Thousands of random
hands the server accepts are then scored twice: by the rules (ramo_keeper/rules, the specification,
docs/RULES.md) and by hand-score.js itself, run in node (tests/js/score_preview_harness.mjs) once for
the whole batch. Each player's hand value, its working and the hand's score must agree.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ramo_keeper import rules

HARNESS = Path(__file__).resolve().parents[1] / "js" / "score_preview_harness.mjs"
NODE = shutil.which("node")
HANDS_PER_GAME = 300
SEED = 20240611
NAMES = ["A", "B", "C", "D", "E", "F"]

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed: the preview's JavaScript cannot run")


class HandFormData(HTMLParser):
    """What the page hands to hand-score.js: the form's dataset, each category row's data in the first
    player's block, the players' ids, who can be chosen out, and whether the went-rummy switch is there."""

    def __init__(self):
        super().__init__()
        self.form: dict[str, str] | None = None
        self.picks: list[dict] = []
        self.players: list[str] = []
        self.out_choices: list[str | None] = []
        self.switches: set[str] = set()

    def handle_starttag(self, tag, attrs):
        given: dict[str, str | None] = {}
        for name, value in attrs:
            given.setdefault(name, value)  # a browser keeps the first of a repeated attribute
        if tag == "form" and given.get("id") == "hand-form":
            self.form = dataset(given)
        elif self.form is None:
            return
        elif tag == "fieldset" and "player-block" in (given.get("class") or ""):
            self.players.append(given["data-player"])
        elif tag == "fieldset" and "data-points" in given and len(self.players) == 1:
            self.picks.append({"key": given["data-key"], "points": given["data-points"], "face": "data-face" in given})
        elif tag == "input" and given.get("name") == "went_out":
            self.out_choices.append(given.get("data-out-for"))
        elif tag == "input" and given.get("type") == "checkbox" and given.get("role") == "switch":
            self.switches.add(given["name"])


def dataset(attributes: dict) -> dict[str, str]:
    """An element's data-* attributes as the DOM's dataset names them: data-out-score -> outScore."""
    return {re.sub(r"-([a-z])", lambda m: m.group(1).upper(), name[5:]): value or ""
            for name, value in attributes.items() if name.startswith("data-")}


def random_options(variant: rules.Variant, rng: random.Random) -> dict:
    """Options drawn within each option's range, redrawn until the definition's option rules allow them."""
    for _ in range(50):
        drawn = {}
        for option in variant.options:
            if option.kind == "bool":
                drawn[option.key] = rng.random() < 0.5
            elif option.kind == "int":
                drawn[option.key] = rng.choice([option.minimum, option.maximum, option.default,
                                                rng.randint(option.minimum, min(option.maximum, 200))])
            else:
                drawn[option.key] = rng.choice(option.choices)
        try:
            return variant.check_options(drawn)
        except rules.RuleError:
            continue
    return variant.default_options()


def random_house_rule(key: str, rng: random.Random, factor: bool) -> dict:
    """Changes to a built-in within the definition schema: each category's points, the option defaults,
    the out score, and the factor a mark for the player out multiplies by (with ``factor``) or none."""
    game = rules.get_variant(key)
    document = game.definition()
    changes: dict = {"card_categories": [
        {"key": c["key"], "points": c["points"] if c.get("face_value") else rng.choice([
            rng.randint(-60, 100), rng.randint(-60, 100), rng.randint(-500, 500), 0, -500, 500])}
        for c in document["card_categories"]]}
    if game.options:
        changes["options"] = random_options(game, rng)
    if "out_score" in document or game.engine == "levels":
        changes["out_score"] = rng.randint(-500, 500)
    if any("multiplies" in mark or "requires" in mark for mark in document.get("marks", ())):
        marks = []
        for mark in document["marks"]:
            mark = dict(mark)
            if "requires" in mark:
                mark.pop("multiplies", None)
                if factor:
                    mark["multiplies"] = rng.randint(1, 10)
            marks.append(mark)
        changes["marks"] = marks
    return changes


def start_game(table, key: str, variant: rules.Variant, seats: list[str], options: dict) -> int:
    """A game through the new-game page, as a person would start it."""
    data = {"variant": key, "options_for": key, "seat": [str(table.id(n)) for n in seats],
            "first_dealer_id": str(table.id(seats[0])), "season_id": str(table.season_id), "action": "create"}
    for option in variant.options:
        value = options[option.key]
        if option.kind != "bool":
            data[f"opt_{option.key}"] = str(value)
        elif value:
            data[f"opt_{option.key}"] = "on"
    url = f"/leagues/{table.league_id}/games/new"
    table.web.get(url)
    response = table.web.post(url, data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def games(table, rng: random.Random) -> list[tuple[str, int]]:
    """Each built-in at its defaults and with random options, and two random house rules of each."""
    from ramo_keeper.extensions import db
    from ramo_keeper.house_rules.service import create_ruleset
    from ramo_keeper.models import League

    started = []
    for key in rules.VARIANTS:
        variant = rules.get_variant(key)
        kinds = [(key, key, variant, variant.default_options()),
                 (f"{key} with random options", key, variant, random_options(variant, rng))]
        for factor in (True, False):
            changes = random_house_rule(key, rng, factor)
            with table.app.app_context():
                ruleset = create_ruleset(db.session.get(League, table.league_id), f"House {key} {factor}",
                                         changes, based_on=key)
                house = rules.load_definition(ruleset.definition)
                kinds.append((f"{key} house rule {changes}", ruleset.key, house, random_options(house, rng)))
                db.session.commit()
        for label, game_key, game, options in kinds:
            seats = NAMES[:rng.randint(game.min_players, min(game.max_players, len(NAMES)))]
            started.append((label, start_game(table, game_key, game, seats, options)))
    return started


def random_counts(picks: list[dict], rng: random.Random, small: bool) -> list[int]:
    """A hand's counts per category row: mostly few cards, so that equal hands (ties) come up often."""
    counts = []
    for pick in picks:
        if rng.random() < 0.45:
            counts.append(0)
        elif pick["face"]:
            counts.append(rng.randint(2, 8 if small else 60))
        else:
            counts.append(rng.randint(1, 1 if small else rng.choice([3, 3, 12])))
    return counts


def random_hand(form: HandFormData, variant: rules.Variant, rng: random.Random) -> dict:
    """The hand form filled in at random: counts, who is out (or nobody) and the switches."""
    out = rng.choice(form.out_choices)
    empties = variant.out_flag == "went_out"
    counts = {}
    for pid in form.players:
        if pid == out and empties:
            counts[pid] = [0] * len(form.picks)
        else:
            counts[pid] = random_counts(form.picks, rng, small=pid == out or rng.random() < 0.3)
    return {"counts": counts, "out": out, "switches": sorted(name for name in form.switches if rng.random() < 0.5)}


def server_input(form: HandFormData, variant: rules.Variant, hand: dict) -> rules.HandInput:
    """The hand as the server reads the form (games/hand_inputs.from_form) for the players' marks."""
    results = []
    for pid in form.players:
        marks = set()
        if pid == hand["out"]:
            switched = {m.key for m in variant.marks_for_the_player_out if m.field in hand["switches"]}
            marks |= {variant.out_flag, *switched}
        cards = {pick["key"]: n for pick, n in zip(form.picks, hand["counts"][pid], strict=True)}
        results.append(rules.PlayerResult(int(pid), cards, **rules.mark_fields(marks)))
    return rules.HandInput(tuple(results))


def run_preview(cases: list[dict]) -> list:
    """hand-score.js's values, workings and scores for every hand of every case, from one node run."""
    done = subprocess.run([NODE, str(HARNESS)], input=json.dumps({"cases": cases}), capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["cases"]


def test_the_preview_scores_every_accepted_hand_as_the_server_does(table):
    from ramo_keeper.extensions import db
    from ramo_keeper.games.stored import load_game, setup_of
    from ramo_keeper.leagues.service import add_player
    from ramo_keeper.models import League

    rng = random.Random(SEED)
    with table.app.app_context():
        league = db.session.get(League, table.league_id)
        for name in NAMES[len(table.players):]:
            table.players[name] = add_player(league, name).id
        db.session.commit()
    cases, expected, labels = [], [], []
    for label, game_id in games(table, rng):
        form = HandFormData()
        form.feed(table.web.get(f"/games/{game_id}").get_data(as_text=True))
        assert form.form is not None and form.picks and form.players, label
        with table.app.app_context():
            setup = setup_of(load_game(game_id))
        variant = setup.definition or rules.get_variant(setup.variant)
        start = rules.start_state(setup)
        hands, lines = [], []
        for _ in range(HANDS_PER_GAME * 20):
            if len(hands) == HANDS_PER_GAME:
                break
            hand = random_hand(form, variant, rng)
            try:
                state = rules.apply_hand(setup, start, server_input(form, variant, hand))
            except rules.RuleError:
                continue  # the server refuses it: the preview has nothing to agree with
            hands.append(hand)
            lines.append({str(line.player_id): {"value": line.value, "score": line.score,
                                                "working": variant.hand_value(line.cards, setup.options).working}
                          for line in state.hands[-1].results})
        assert len(hands) == HANDS_PER_GAME, f"{label}: too few hands the server accepts"
        cases.append({"form": form.form, "picks": form.picks, "hands": hands})
        expected.append(lines)
        labels.append(f"{label} ({setup.options})")

    previewed = run_preview(cases)
    disagreements = [f"{label}: hand {hand} -> preview {shown}, server {wanted}"
                     for label, case, wanted_lines, shown_lines in zip(labels, cases, expected, previewed, strict=True)
                     for hand, wanted, shown in zip(case["hands"], wanted_lines, shown_lines, strict=True)
                     if shown != wanted]
    assert not disagreements, f"{len(disagreements)} hands disagree, e.g.\n" + "\n".join(disagreements[:5])
    assert sum(len(case["hands"]) for case in cases) == HANDS_PER_GAME * 4 * len(rules.VARIANTS)
