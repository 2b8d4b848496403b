"""House rules mean what they say (issue 34, finding 4; docs/RULES.md §8 "Marks"): every mark feature a
definition states (``implies``, ``requires``, ``multiplies``, ``out_mark``) is applied by each engine that
accepts it, or refused when the house rule is made. Each expected score is worked out by hand from
RULES.md §1, §3, §4 and §8, through the API, the hand form and the pure core.
"""

import pytest

from ramo_keeper import rules
from tests.api.helpers import result

RAMO_MARKS = [{"key": "went_out", "implies": ["laid_down"]}, {"key": "laid_down"}]
KNOCK_MARKS = [{"key": "went_out", "implies": ["knocked"]}, {"key": "knocked"}]


def ramo_with(marks: list[dict], **more) -> dict:
    return {"key": "ramo", "marks": marks, **more}


def made(api, league: int, definition: dict, name: str = "Ours") -> dict:
    return api.ok("POST", f"/leagues/{league}/rulesets", {"name": name, "definition": definition}, 201)


def refused(api, league: int, definition: dict) -> dict:
    response = api.post(f"/leagues/{league}/rulesets", {"name": "Ours", "definition": definition})
    assert response.status_code == 422, response.get_data(as_text=True)
    assert api.ok("GET", f"/leagues/{league}/rulesets") == []
    return response.get_json()


def scores_of(game: dict, hand: int = 0) -> dict[int, int]:
    return {r["player_id"]: r["score"] for r in game["hands"][hand]["results"]}


def core_game(based_on: str, changes: dict, players: int = 3):
    """A house rule made through rules.define (as every path makes one) and a game of it in the pure core."""
    variant = rules.define(changes, rules.get_variant(based_on), key="ours", name="Ours")[1]
    setup = rules.new_game(variant, [rules.Seat(n, name) for n, name in enumerate("ABCD"[:players], 1)])
    return setup, rules.start_state(setup)


def core_scores(setup, state, *lines) -> list[int]:
    hand = rules.HandInput(tuple(rules.PlayerResult(n, cards, set(marks)) for n, (cards, marks) in enumerate(lines, 1)))
    return [line.score for line in rules.apply_hand(setup, state, hand).hands[-1].results]


# ---- multiplies: each player's hand score times the factor of every mark they carry ------------------------

def test_going_out_times_two_in_a_level_game_doubles_the_out_score(api):
    """Ramo, going out ×2: Sofia out scores 2 × −50 = −100 (it scored −50); Bo (2 low, 1 high) 2·5 + 10 = 20;
    Cy laid down holding 1 special: 20 (laying down has no factor)."""
    league, (sofia, bo, cy) = api.league(("Sofia", "Bo", "Cy"))
    ruleset = made(api, league, ramo_with([{"key": "went_out", "implies": ["laid_down"], "multiplies": 2},
                                           {"key": "laid_down"}]))
    game = api.game(league, ruleset["key"], [sofia, bo, cy])
    game = api.ok("POST", f"/games/{game['id']}/hands", {"results": [
        result(sofia, went_out=True), result(bo, {"low": 2, "high": 1}), result(cy, {"special": 1}, laid_down=True)]},
        201)
    assert scores_of(game) == {sofia: -100, bo: 20, cy: 20}
    assert {p["player_id"]: p["total"] for p in game["players"]} == {sofia: -100, bo: 20, cy: 20}


def test_an_implied_mark_brings_its_factor_in_a_level_game():
    """Ramo, laying down ×3 (going out implies it): A out −50 × 3 = −150; B laid down with 2 low: 3 × 10 = 30;
    C with 1 high and no lay-down: 10."""
    setup, state = core_game("ramo", {"marks": [{"key": "went_out", "implies": ["laid_down"]},
                                                {"key": "laid_down", "multiplies": 3}]})
    assert core_scores(setup, state, ({}, {"went_out"}), ({"low": 2}, {"laid_down"}), ({"high": 1}, ())) \
        == [-150, 30, 10]


def test_a_knock_times_two_doubles_the_knockers_winnings(api):
    """Manipulation, knocking ×2 (RULES.md §4 example 1): A knocks with 4; B 17, C 30: 2 × (13 + 26) = 78
    (it scored 39). Example 2: B knocks with 5, C 3 undercuts, A 12: C (5−3) + (12−3) + 10 = 21, no factor;
    B scores 0, and 0 × 2 = 0. Example 4 (A goes out, which is the knock): 2 × (26 + 39 + 25) = 180."""
    league, (a, b, c) = api.league(("A", "B", "C"))
    ruleset = made(api, league, {"key": "manipulation", "marks": [
        {"key": "went_out", "implies": ["knocked"]}, {"key": "knocked", "multiplies": 2}]})
    game = api.game(league, ruleset["key"], [a, b, c])
    url = f"/games/{game['id']}/hands"
    game = api.ok("POST", url, {"results": [result(a, {"pips": 4}, knocked=True), result(b, {"pips": 17}),
                                            result(c, {"tens": 3})]}, 201)
    assert scores_of(game, 0) == {a: 78, b: 0, c: 0}
    game = api.ok("POST", url, {"results": [result(a, {"pips": 12}), result(b, {"pips": 5}, knocked=True),
                                            result(c, {"pips": 3})]}, 201)
    assert scores_of(game, 1) == {a: 0, b: 0, c: 21}
    setup, state = core_game("manipulation", {"marks": [{"key": "went_out", "implies": ["knocked"]},
                                                        {"key": "knocked", "multiplies": 2}]})
    assert core_scores(setup, state, ({}, {"went_out"}), ({"pips": 6, "tens": 2}, ()),
                       ({"pips": 4, "tens": 1, "jokers": 1}, ())) == [180, 0, 0]


def test_going_rummy_still_doubles_in_rummy():
    """RULES.md §3 hand 2: C goes rummy; A 4, B (8, 0, 2) = 10, D (0, 1, 0) = 10: C 2 × 24 = 48."""
    setup, state = core_game("rummy", {}, players=4)
    assert core_scores(setup, state, ({"pips": 4}, ()), ({"pips": 8, "aces": 2}, ()),
                       ({}, {"went_out", "went_rummy"}), ({"tens": 1}, ())) == [0, 0, 48, 0]


# ---- implies: a mark carries what it implies, and its factor ----------------------------------------------

def test_going_out_that_implies_going_rummy_doubles_every_rummy_hand(api):
    """Rummy whose going out implies going rummy (×2): RULES.md §3 hand 1, A out, B 21, C 19, D 34:
    A 2 × 74 = 148 (it scored 74)."""
    league, (a, b, c, d) = api.league(("A", "B", "C", "D"))
    ruleset = made(api, league, {"key": "rummy", "marks": [
        {"key": "went_out", "implies": ["went_rummy"]}, {"key": "went_rummy", "requires": "went_out",
                                                         "multiplies": 2}]})
    game = api.game(league, ruleset["key"], [a, b, c, d])
    game = api.ok("POST", f"/games/{game['id']}/hands", {"results": [
        result(a, went_out=True), result(b, {"pips": 10, "tens": 1, "aces": 1}), result(c, {"pips": 19}),
        result(d, {"pips": 4, "tens": 3})]}, 201)
    assert scores_of(game) == {a: 148, b: 0, c: 0, d: 0}


def test_a_knock_that_implies_laying_down_climbs_a_level_in_a_level_game():
    """Ramo with a knock box that implies laying down: B knocked (holding 1 low, 5), so B laid down and
    moves to level 2; C neither, stays at 1. A went out: −50, level 2."""
    setup, state = core_game("ramo", {"marks": [*RAMO_MARKS, {"key": "knocked", "implies": ["laid_down"]}]})
    hand = rules.HandInput((rules.PlayerResult(1, {}, {"went_out"}), rules.PlayerResult(2, {"low": 1}, {"knocked"}),
                            rules.PlayerResult(3, {"high": 1}, set())))
    after = rules.apply_hand(setup, state, hand)
    assert [line.score for line in after.hands[-1].results] == [-50, 5, 10]
    assert [p.level for p in after.players] == [2, 2, 1]


def test_the_knockers_other_marks_bring_their_factors_in_a_knock_game():
    """Manipulation whose knock implies laying down (×3): RULES.md §4 example 1 scores A 3 × 39 = 117."""
    setup, state = core_game("manipulation", {"marks": [
        *KNOCK_MARKS[:1], {"key": "knocked", "implies": ["laid_down"]}, {"key": "laid_down", "multiplies": 3}]})
    assert core_scores(setup, state, ({"pips": 4}, {"knocked"}), ({"pips": 17}, ()), ({"tens": 3}, ())) \
        == [117, 0, 0]


# ---- requires: a mark only with the one it requires, in every engine -------------------------------------

def test_going_rummy_on_a_player_who_did_not_go_out_is_refused_in_a_level_game(api):
    """Ramo with Rummy's went rummy (requires going out, ×2): on Bo, who did not go out, it is refused as
    built-in Rummy refuses it (it was stored); on Sofia, who went out, she scores 2 × −50 = −100."""
    league, (sofia, bo) = api.league(("Sofia", "Bo"))
    ruleset = made(api, league, ramo_with([*RAMO_MARKS, {"key": "went_rummy", "requires": "went_out",
                                                         "multiplies": 2}]))
    game = api.game(league, ruleset["key"], [sofia, bo])
    url = f"/games/{game['id']}/hands"
    response = api.post(url, {"results": [result(sofia, went_out=True), result(bo, {"low": 1}, went_rummy=True)]})
    assert response.status_code == 422, response.get_data(as_text=True)
    assert "Bo went rummy but did not go out" in response.get_json()["error"]
    assert (response.get_json()["details"]["code"], response.get_json()["details"]["player_id"]) \
        == ("rummy_without_going_out", bo)
    assert api.ok("GET", f"/games/{game['id']}")["hand_count"] == 0
    game = api.ok("POST", url, {"results": [result(sofia, went_out=True, went_rummy=True),
                                            result(bo, {"low": 1})]}, 201)
    assert scores_of(game) == {sofia: -100, bo: 5}


def test_a_mark_that_requires_another_than_going_out_needs_it_in_each_engine():
    """A knock that requires laying down: refused without it, scored with it (Ramo: B 1 low = 5)."""
    setup, state = core_game("ramo", {"marks": [*RAMO_MARKS, {"key": "knocked", "requires": "laid_down"}]})
    with pytest.raises(rules.RuleError) as refusal:
        core_scores(setup, state, ({}, {"went_out"}), ({"low": 1}, {"knocked"}), ({}, ()))
    assert refusal.value.code == "mark_without_its_requirement"
    assert refusal.value.params == {"player": "B", "mark": "knocked", "required": "laid_down"}
    assert core_scores(setup, state, ({}, {"went_out"}), ({"low": 1}, {"knocked", "laid_down"}), ({}, ())) \
        == [-50, 5, 0]


def test_going_rummy_requires_the_knock_in_a_knock_game():
    """Manipulation whose went rummy requires the knock (×3): on the knocker, RULES.md §4 example 1 scores
    3 × 39 = 117; on B, who did not knock, it is refused."""
    setup, state = core_game("manipulation", {"marks": [
        *KNOCK_MARKS, {"key": "went_rummy", "requires": "knocked", "multiplies": 3}]})
    assert core_scores(setup, state, ({"pips": 4}, {"knocked", "went_rummy"}), ({"pips": 17}, ()),
                       ({"tens": 3}, ())) == [117, 0, 0]
    with pytest.raises(rules.RuleError) as refusal:
        core_scores(setup, state, ({"pips": 4}, {"knocked"}), ({"pips": 17}, {"went_rummy"}), ({"tens": 3}, ()))
    assert refusal.value.code == "mark_without_its_requirement"


# ---- out_mark and what ends a hand: refused where the engine cannot play it --------------------------------

REFUSED = [
    # Ramo's "out" choice marking a lay-down: the out score was never given (it stored the mark only).
    ("ramo", {"out_mark": "laid_down"}, "out_mark", "out_mark_not_in_engine"),
    ("ramo", {"marks": [*RAMO_MARKS, {"key": "knocked"}], "out_mark": "knocked"}, "out_mark",
     "out_mark_not_in_engine"),
    ("rummy", {"marks": [{"key": "went_out"}, {"key": "knocked"}], "out_mark": "knocked"}, "out_mark",
     "out_mark_not_in_engine"),
    ("manipulation", {"out_mark": "went_out"}, "out_mark", "out_mark_not_in_engine"),
    # A lay-down that implies going out: the form then offered no lay-down box, so nobody could climb.
    ("ramo", {"marks": [{"key": "went_out"}, {"key": "laid_down", "implies": ["went_out"]}]}, "marks[1].implies",
     "implies_the_hand_end"),
    ("contract", {"marks": [{"key": "went_out", "implies": ["laid_down"]}, {"key": "laid_down"},
                            {"key": "knocked", "implies": ["went_out"]}]}, "marks[2].implies", "implies_the_hand_end"),
    ("manipulation", {"marks": [*KNOCK_MARKS, {"key": "laid_down", "implies": ["knocked"]}]}, "marks[2].implies",
     "implies_the_hand_end"),
    ("manipulation", {"marks": [{"key": "went_out"}, {"key": "knocked"}]}, "marks[0].implies", "implication_needed"),
    # A level game climbs by laying down: without the mark nobody could finish (found by the random rules).
    ("phase10", {"marks": [{"key": "went_out"}]}, "marks", "missing_mark"),
    # A target no total could reach: no card scores (Rummy's player out takes the others' cards).
    ("rummy", {"card_categories": [{"key": "tens", "points": -5}]}, "card_categories", "no_card_scores"),
    ("manipulation", {"card_categories": [{"key": "tens", "points": 0}]}, "card_categories", "no_card_scores"),
]


@pytest.mark.parametrize(("based_on", "change", "path", "code"), REFUSED, ids=[f"{c[0]}:{c[3]}" for c in REFUSED])
def test_a_mark_the_engine_cannot_play_is_refused_naming_its_field(api, based_on, change, path, code):
    league, _ = api.league()
    body = refused(api, league, {"key": based_on, **change})
    assert (body["details"]["path"], body["details"]["code"]) == (path, code)
    assert path in body["error"] and body["error"].endswith(".")
    with pytest.raises(rules.DefinitionError) as refusal:
        rules.define(change, rules.get_variant(based_on), key="ours", name="Ours")
    assert (refusal.value.code, refusal.value.path) == (code, path)


def test_every_built_in_plays_its_own_marks():
    for key, variant in rules.VARIANTS.items():
        rules.define(variant.definition(), variant, key=f"our_{key}", name=f"Our {key}")


# ---- the hand form offers the boxes the marks need, and its hands score as the API's ----------------------

def house_rule_in(table, based_on: str, changes: dict, with_id: bool = False, name: str = "Ours"):
    from ramo_keeper.extensions import db
    from ramo_keeper.house_rules.service import create_ruleset
    from ramo_keeper.models import League

    with table.app.app_context():
        ruleset = create_ruleset(db.session.get(League, table.league_id), name, changes, based_on=based_on)
        db.session.commit()
        return (ruleset.key, ruleset.id) if with_id else ruleset.key


def start(table, key: str, seats=("A", "B")) -> int:
    url = f"/leagues/{table.league_id}/games/new"
    table.web.get(url)
    response = table.web.post(url, {"variant": key, "options_for": key, "seat": [str(table.id(n)) for n in seats],
                                    "first_dealer_id": str(table.id(seats[0])), "season_id": str(table.season_id),
                                    "action": "create", "opt_progression": "per_player",
                                    "opt_winner_rule": "lowest_total", "opt_dealer_rule": "highest_total",
                                    "opt_allow_no_winner": "y", "opt_out_bonus": "-50"})
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def test_the_hand_form_records_going_out_times_two_as_the_rule_says(table):
    """Through the page: A out, B holding 2 low and 1 high: A 2 × −50 = −100, B 2·5 + 10 = 20; the grid
    shows going out's ×2."""
    key = house_rule_in(table, "ramo", {"marks": [{"key": "went_out", "implies": ["laid_down"], "multiplies": 2},
                                                  {"key": "laid_down"}]})
    game_id = start(table, key)
    assert table.post_hand(game_id, out="A", cards={"B": {"low": 2, "high": 1}}).status_code == 303
    assert table.totals(game_id) == {"A": -100, "B": 20}
    assert "×2" in table.web.get(f"/games/{game_id}").get_data(as_text=True)


def test_the_hand_form_asks_a_mark_requiring_a_lay_down_of_every_player(table):
    """Ramo with a knock that requires laying down: a knock box per player beside the lay-down box; B ticks
    both (1 low, 5), or the knock alone, which is refused and stores nothing."""
    key = house_rule_in(table, "ramo", {"marks": [*RAMO_MARKS, {"key": "knocked", "requires": "laid_down"}]})
    game_id = start(table, key)
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    b = table.id("B")
    assert f'name="laid_{b}"' in page and f'name="knocked_{b}"' in page
    data = table.hand_data(out="A", cards={"B": {"low": 1}})
    table.web.get(f"/games/{game_id}")
    response = table.web.post(f"/games/{game_id}/hands", {**data, f"knocked_{b}": "y"})
    assert response.status_code == 422 and table.state(game_id).hand_count == 0
    table.web.get(f"/games/{game_id}")
    response = table.web.post(f"/games/{game_id}/hands", {**table.hand_data(out="A", laid=("B",), cards={
        "B": {"low": 1}}), f"knocked_{b}": "y"})
    assert response.status_code == 303, response.get_data(as_text=True)
    state = table.state(game_id)
    assert table.totals(game_id) == {"A": -50, "B": 5}
    assert [p.level for p in state.players] == [2, 2]


def test_the_hand_form_asks_going_rummy_once_of_the_player_out_in_a_level_game(table):
    """Ramo with went rummy (requires going out, ×2): one switch, given to the player out: A 2 × −50 = −100."""
    key = house_rule_in(table, "ramo", {"marks": [*RAMO_MARKS, {"key": "went_rummy", "requires": "went_out",
                                                                "multiplies": 2}]})
    game_id = start(table, key)
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'name="went_rummy"' in page and f'name="went_rummy_{table.id("B")}"' not in page
    assert table.post_hand(game_id, out="A", rummy=True, cards={"B": {"high": 1}}).status_code == 303
    assert table.totals(game_id) == {"A": -100, "B": 10}


def test_the_editors_worked_example_multiplies_the_out_score(table):
    """The editor's example for Ramo with going out ×2: Sofia goes out: 2 × −50 = −100; Bo holds 2 low,
    1 high, 1 special: 2·5 + 10 + 20 = 40 (RULES.md §1). The page hands the factor to its script too."""
    import re

    _, ruleset_id = house_rule_in(table, "ramo", {"marks": [
        {"key": "went_out", "implies": ["laid_down"], "multiplies": 2}, {"key": "laid_down"}]}, with_id=True)
    page = table.web.get(f"/leagues/{table.league_id}/house-rules/{ruleset_id}/edit").get_data(as_text=True)
    example = re.search(r'<output id="worked-example"[^>]*>([^<]*)</output>', page)[1]
    assert example == ("Sofia goes out: −100; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, "
                       "1 × Special cards (Wild, Skip, −1, x2, +3, ?): 40")
    assert '"factors": {"went_out": 2}' in page.replace("&#34;", '"')
