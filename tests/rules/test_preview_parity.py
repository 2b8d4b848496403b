"""The phone's live preview (static/js/hand-score.js) scores every hand as the server's engines do.

For every built-in game, the same game with random options, and random house rules (other points, out
scores, bonuses, other marks with what each implies, requires and multiplies by, within what a definition
may say for its engine), the hand form is rendered as the app serves it;
the data the page hands to the JavaScript (the engine's data-scoring, each box's and switch's mark) is
read back from it. Thousands of random
hands are posted, as the page posts them, to the server's own form reader (the hand form of
games/forms.py, validated, then games/hand_inputs.from_form, as recording a hand does); those the server
accepts are scored twice: by the rules (ramo_keeper/rules, the specification, docs/RULES.md) and by
hand-score.js itself, run in node (tests/js/score_preview_harness.mjs) once for the whole batch. Each
player's hand value, its working and the hand's score must agree.

Without node the test skips, saying so; in CI it fails instead (tests/node.py).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

from node import require_node
from werkzeug.datastructures import MultiDict

from ramo_keeper import rules

HARNESS = Path(__file__).resolve().parents[1] / "js" / "score_preview_harness.mjs"
HANDS_PER_GAME = 120  # 36 games: over four thousand hands a run
HOUSE_RULES = 4
SEED = 20240611
NAMES = ["A", "B", "C", "D", "E", "F"]


class HandFormData(HTMLParser):
    """What the page hands to hand-score.js: the form's dataset, each category row's data in the first
    player's block, the players' ids, who can be chosen out, and the mark of each switch and each box."""

    def __init__(self):
        super().__init__()
        self.form: dict[str, str] | None = None
        self.picks: list[dict] = []
        self.players: list[str] = []
        self.out_choices: list[str | None] = []
        self.nobody_value: str | None = None
        self.most: dict[str, int] = {}
        self.switches: dict[str, str | None] = {}
        self.boxes: dict[str, dict[str, str | None]] = {}

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
            self.boxes[given["data-player"]] = {}
        elif tag == "fieldset" and "data-points" in given and len(self.players) == 1:
            self.picks.append({"key": given["data-key"], "points": given["data-points"], "face": "data-face" in given})
        elif tag == "input" and given.get("name") == "went_out":
            self.out_choices.append(given.get("data-out-for"))
            if given.get("data-out-for") is None:
                self.nobody_value = given["value"]
        elif tag == "input" and "pick-number" in (given.get("class") or ""):
            self.most[given["name"]] = int(given["data-max"])
        elif tag == "input" and given.get("type") == "checkbox" and given.get("role") == "switch":
            self.switches[given["name"]] = given.get("data-mark")
        elif tag == "input" and given.get("type") == "checkbox" and self.players:
            self.boxes[self.players[-1]][given["name"]] = given.get("data-mark")


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


def random_marks(document: dict, game: rules.Variant, rng: random.Random) -> tuple[list[dict], str]:
    """The marks of a house rule and its out mark: the built-in's own with other factors, or marks drawn
    from the four a definition may declare, each implying, requiring or multiplying by others at random.

    The out mark is the one the game's engine ends a hand with (docs/RULES.md §8), with what the engine
    reads into a mark (the knock engine's going out implies the knock); no other mark implies it or going
    out. It and going out require nothing, as the form asks them with its one out choice.
    """
    out_mark = game.ends_with
    if rng.random() < 0.3:
        marks = [{key: value for key, value in mark.items() if key != "multiplies"} for mark in document["marks"]]
    else:
        keys = ["went_out", out_mark] + [key for key in rules.MARKS[1:] if key != out_mark and rng.random() < 0.6]
        keys = list(dict.fromkeys(keys))
        rng.shuffle(keys)
        marks = []
        for key in keys:
            mark = {"key": key}
            others = [other for other in keys if other != key and other not in ("went_out", out_mark)]
            implied = [other for other in others if rng.random() < 0.3] + list(game.implied_by_engine.get(key, ()))
            if implied:
                mark["implies"] = implied
            if key not in ("went_out", out_mark) and rng.random() < 0.3:
                mark["requires"] = rng.choice([other for other in keys if other != key])
            marks.append(mark)
    for mark in marks:
        if rng.random() < 0.5:
            mark["multiplies"] = rng.randint(1, 10)
    return marks, out_mark


def random_house_rule(key: str, rng: random.Random) -> dict:
    """Changes to a built-in within the definition schema: each category's points, the option defaults,
    the out score, and the marks: which ones, what each implies, requires or multiplies by, and the out mark."""
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
    changes["marks"], changes["out_mark"] = random_marks(document, game, rng)
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


def house_rule(table, key: str, rng: random.Random):
    """A random house rule based on ``key`` that the app accepts, created in the table's league."""
    from ramo_keeper.errors import ServiceError
    from ramo_keeper.extensions import db
    from ramo_keeper.house_rules.service import create_ruleset
    from ramo_keeper.models import League

    for _ in range(100):
        changes = random_house_rule(key, rng)
        with table.app.app_context():
            try:
                ruleset = create_ruleset(db.session.get(League, table.league_id), f"House {rng.random()}",
                                         changes, based_on=key)
            except ServiceError:
                db.session.rollback()
                continue  # refused: the schema does not allow this draw
            house = rules.load_definition(ruleset.definition)
            db.session.commit()
            return ruleset.id, f"{key} house rule {changes}", ruleset.key, house
    raise AssertionError(f"no random house rule of {key} was accepted")


def drop_house_rule(table, ruleset_id: int) -> None:
    """A house rule no hand can be recorded in goes (a league holds 50): the next draw replaces it."""
    from ramo_keeper.extensions import db
    from ramo_keeper.house_rules.service import delete_ruleset
    from ramo_keeper.models import Ruleset

    with table.app.app_context():
        delete_ruleset(db.session.get(Ruleset, ruleset_id))
        db.session.commit()


def play(table, label: str, game_key: str, game: rules.Variant, options: dict, rng: random.Random):
    """A game of ``game`` started at a random table through the new-game page, its hand form as the page
    shows it, and up to HANDS_PER_GAME random hands the server accepts, each with what the server scores."""
    from ramo_keeper.games.stored import load_game, setup_of

    seats = NAMES[:rng.randint(game.min_players, min(game.max_players, len(NAMES)))]
    game_id = start_game(table, game_key, game, seats, options)
    form = HandFormData()
    form.feed(table.web.get(f"/games/{game_id}").get_data(as_text=True))
    assert form.form is not None and form.picks and form.players, label
    with table.app.app_context():
        setup = setup_of(load_game(game_id))
    variant = setup.definition or rules.get_variant(setup.variant)
    start = rules.start_state(setup)
    hands, lines = [], []
    with server_reader(table.app, setup, form) as read:
        for tried in range(HANDS_PER_GAME * 20):
            if len(hands) == HANDS_PER_GAME or (tried == HANDS_PER_GAME and not hands):
                break
            hand = random_hand(form, rng)
            hand_input = read(hand)
            if hand_input is None:
                continue  # the form refuses it: the preview has nothing to agree with
            try:
                state = rules.apply_hand(setup, start, hand_input)
            except rules.RuleError:
                continue  # the rules refuse it
            hands.append(hand)
            lines.append({str(line.player_id): {"value": line.value, "score": line.score,
                                                "working": variant.hand_value(line.cards, setup.options).working}
                          for line in state.hands[-1].results})
    return {"form": form.form, "picks": form.picks, "boxes": form.boxes, "switches": form.switches,
            "hands": hands}, lines, f"{label} ({setup.options})"


def games(table, rng: random.Random):
    """Each built-in at its defaults and with random options, and HOUSE_RULES random house rules of each
    in which hands can be recorded, each played: (case for the preview, the server's lines, label)."""
    for key in rules.VARIANTS:
        variant = rules.get_variant(key)
        for label, options in ((key, variant.default_options()), (f"{key} with random options",
                                                                    random_options(variant, rng))):
            played = play(table, label, key, variant, options, rng)
            assert len(played[0]["hands"]) == HANDS_PER_GAME, f"{label}: too few hands the server accepts"
            yield played
        kept = 0
        for _ in range(HOUSE_RULES * 10):
            if kept == HOUSE_RULES:
                break
            ruleset_id, label, game_key, house = house_rule(table, key, rng)
            played = play(table, label, game_key, house, random_options(house, rng), rng)
            if len(played[0]["hands"]) < HANDS_PER_GAME:
                drop_house_rule(table, ruleset_id)  # no hand or few: its marks leave the out choice unplayable
                continue
            kept += 1
            yield played
        assert kept == HOUSE_RULES, f"too few random house rules of {key} can be played"


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


def random_hand(form: HandFormData, rng: random.Random) -> dict:
    """The hand form filled in at random: counts, who is out (or nobody), each player's boxes and the switches.

    One player, mostly the one chosen out, holds nothing and has more of their boxes ticked, so that
    hands a game accepts come up often whichever marks its out choice and its boxes give.
    """
    out = rng.choice(form.out_choices)
    lucky = out if out is not None and rng.random() < 0.7 else rng.choice(form.players)
    counts, boxes = {}, {}
    for pid in form.players:
        if pid == lucky and rng.random() < 0.6:
            counts[pid] = [0] * len(form.picks)
        else:
            counts[pid] = random_counts(form.picks, rng, small=pid == out or rng.random() < 0.3)
        chance = 0.5 if pid == lucky else 0.1
        boxes[pid] = sorted(name for name in form.boxes[pid] if rng.random() < chance)
    return {"counts": counts, "out": out, "boxes": boxes,
            "switches": sorted(name for name in form.switches if rng.random() < 0.5)}


def posted(form: HandFormData, hand: dict) -> MultiDict:
    """The hand as the page posts it: the out radio (or nobody), each ticked box and switch, and each count
    as its row sends it, a tapped number (0–9) followed by the always-posted box, or the box alone."""
    data = MultiDict({"went_out": hand["out"] if hand["out"] is not None else form.nobody_value,
                      "idempotency_key": "parity"})
    for pid in form.players:
        for name in hand["boxes"][pid]:
            data.add(name, "y")
        for pick, count in zip(form.picks, hand["counts"][pid], strict=True):
            name = f"c_{pid}_{pick['key']}"
            if count <= min(9, form.most[name]):
                data.add(name, str(count))
                data.add(name, "")
            else:
                data.add(name, str(count))
    for name in hand["switches"]:
        data.add(name, "y")
    return data


@contextmanager
def server_reader(app, setup: rules.GameSetup, form: HandFormData):
    """Reads a hand as the server reads the posted form (games/hands.py: the game's hand form validated,
    then hand_inputs.from_form): a function of a hand giving its rules input, or None when the form
    refuses it (a count past its row's limit). One form for the game, filled anew for each hand."""
    from ramo_keeper.games.forms import hand_form
    from ramo_keeper.games.hand_inputs import from_form

    app.config["WTF_CSRF_ENABLED"] = False  # the page's token is not what is compared here
    try:
        with app.test_request_context(method="POST"):
            reader = hand_form(setup)

            def read(hand: dict) -> rules.HandInput | None:
                reader.process(posted(form, hand))
                return from_form(reader) if reader.validate() else None

            yield read
    finally:
        app.config["WTF_CSRF_ENABLED"] = True


def run_preview(node: str, cases: list[dict]) -> list:
    """hand-score.js's values, workings and scores for every hand of every case, from one node run."""
    done = subprocess.run([node, str(HARNESS)], input=json.dumps({"cases": cases}), capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["cases"]


def test_the_preview_scores_every_accepted_hand_as_the_server_does(table):
    from ramo_keeper.extensions import db
    from ramo_keeper.leagues.service import add_player
    from ramo_keeper.models import League

    node = require_node("the preview's JavaScript")
    rng = random.Random(SEED)
    with table.app.app_context():
        league = db.session.get(League, table.league_id)
        for name in NAMES[len(table.players):]:
            table.players[name] = add_player(league, name).id
        db.session.commit()
    cases, expected, labels = [], [], []
    for case, lines, label in games(table, rng):
        cases.append(case)
        expected.append(lines)
        labels.append(label)

    previewed = run_preview(node, cases)
    disagreements = [f"{label}: hand {hand} -> preview {shown}, server {wanted}"
                     for label, case, wanted_lines, shown_lines in zip(labels, cases, expected, previewed, strict=True)
                     for hand, wanted, shown in zip(case["hands"], wanted_lines, shown_lines, strict=True)
                     if shown != wanted]
    assert not disagreements, f"{len(disagreements)} hands disagree, e.g.\n" + "\n".join(disagreements[:5])
    assert sum(len(case["hands"]) for case in cases) == HANDS_PER_GAME * (2 + HOUSE_RULES) * len(rules.VARIANTS)
