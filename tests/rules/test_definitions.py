"""Games as data: the built-in definitions, the published schema, and a house rule loaded from a file.

Expected scores are worked out by hand from docs/RULES.md §1 and §8.
"""

import json
from pathlib import Path

import jsonschema
import pytest

from ramo_keeper.rules import (
    VARIANTS,
    DefinitionError,
    HandInput,
    PlayerResult,
    RuleError,
    Seat,
    deal,
    get_variant,
    limits,
    load_definition,
    load_file,
    new_game,
    replay,
)
from ramo_keeper.rules.house_rules import define
from ramo_keeper.rules.registry import GAMES, house_rule

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "definition.schema.json").read_text(encoding="utf-8"))
SOFIA, BO, CY = 1, 2, 3


def built_in(key: str) -> dict:
    return json.loads((GAMES / f"{key}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_built_in_game_is_a_document_that_fits_the_published_schema(key):
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(built_in(key))) == []


def test_the_schema_states_the_limits_the_checks_use():
    props, defs = SCHEMA["properties"], SCHEMA["$defs"]
    assert props["card_categories"]["maxItems"] == limits.MAX_CATEGORIES == 12
    assert props["levels"]["maxItems"] == limits.MAX_LEVELS == 20
    assert (defs["points"]["minimum"], defs["points"]["maximum"]) == (-limits.POINTS, limits.POINTS) == (-500, 500)
    assert (defs["players"]["minimum"], defs["players"]["maximum"]) == (limits.MIN_PLAYERS, limits.MAX_PLAYERS)
    assert defs["category"]["properties"]["maximum"]["maximum"] == 540
    assert defs["category"]["then"]["properties"]["maximum"]["maximum"] == 60
    assert set(props["engine"]["enum"]) == {"levels", "winner_takes", "knock"}
    assert set(props) == limits.FIELDS["definition"]


@pytest.mark.parametrize("key", list(VARIANTS))
def test_a_built_in_games_definition_loads_back_into_the_same_game(key):
    original = get_variant(key)
    copy = load_definition(original.definition())
    assert copy is not original and type(copy) is type(original)
    for fact in ("name", "levels", "card_categories", "options", "flags", "words", "meld_kinds", "scoring_summary",
                 "lower_is_better", "out_flag", "designed_range", "direction", "counts_hands_won"):
        assert getattr(copy, fact) == getattr(original, fact), fact


def test_a_definition_may_name_its_boardgamegeek_id_and_no_built_in_game_does():
    """docs/GAMES.md: `bgg_id`, a whole number from 1 to 2147483647, optional."""
    doc = built_in("ramo")
    doc.update(key="bgg_ramo", bgg_id=2147483647)
    assert list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(doc)) == []
    assert load_definition(doc).bgg_id == 2147483647
    assert load_definition({**doc, "bgg_id": 1}).bgg_id == 1
    assert [key for key in VARIANTS if get_variant(key).bgg_id is not None] == []


def test_a_definition_may_name_the_name_its_source_text_gives_it_per_language():
    """docs/GAMES.md: `source_names`, {language code: name}; Manipulation Rummy's seed 004 calls it 조작 러미."""
    doc = {**built_in("rummy"), "key": "sourced", "source_names": {"ko": "러미 게임", "it": "Ramino"}}
    assert list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(doc)) == []
    assert load_definition(doc).source_names == {"ko": "러미 게임", "it": "Ramino"}
    assert load_definition(built_in("rummy")).source_names == {}
    assert {key: dict(get_variant(key).source_names) for key in VARIANTS if get_variant(key).source_names} == {
        "manipulation": {"ko": "조작 러미"}}


def test_the_definition_handed_out_is_a_copy_the_caller_may_change():
    ramo = get_variant("ramo")
    changed = ramo.definition()
    changed["card_categories"][0]["points"] = 99
    assert ramo.card_categories[0].points == 5 and ramo.definition()["card_categories"][0]["points"] == 5


def house_ramo() -> dict:
    """docs/RULES.md §8: low 3, high 7, special 15, a fourth category joker 50, out_bonus −30, five levels."""
    doc = built_in("ramo")
    doc.update(key="family_ramo", name="Family Ramo", levels=doc["levels"][:5])
    points = {"low": 3, "high": 7, "special": 15}
    for category in doc["card_categories"]:
        category["points"] = points[category["key"]]
    doc["card_categories"].append({"key": "joker", "label": "Jokers", "points": 50, "maximum": 60})
    doc["options"]["out_bonus"] = -30
    return doc


def hand(*results):
    return HandInput(results)


def out(pid):
    return PlayerResult(pid, {}, {"went_out"})


def holds(pid, laid=False, **cards):
    return PlayerResult(pid, cards, {"laid_down"} if laid else ())


@pytest.fixture
def family_ramo(tmp_path):
    path = tmp_path / "family_ramo.json"
    path.write_text(json.dumps(house_ramo(), ensure_ascii=False), encoding="utf-8")
    return load_file(path)


def test_a_definition_file_outside_the_registry_is_a_game_with_no_code(family_ramo):
    assert "family_ramo" not in VARIANTS and family_ramo.name == "Family Ramo"
    setup = new_game(family_ramo, [Seat(SOFIA, "Sofia"), Seat(BO, "Bo"), Seat(CY, "Cy")])
    assert setup.options["out_bonus"] == -30 and len(family_ramo.levels) == 5
    # Sofia goes out: −30. Bo holds 2 low, 1 high, 1 joker: 2·3 + 7 + 50 = 63. Cy laid down and holds
    # one special card: 15.
    first = hand(out(SOFIA), holds(BO, low=2, high=1, joker=1), holds(CY, laid=True, special=1))
    state = replay(setup, [first])
    assert [line.score for line in state.hands[0].results] == [-30, 63, 15]
    assert [(p.total, p.level) for p in state.players] == [(-30, 2), (63, 1), (15, 2)]
    # The highest total deals next (Ramo's dealer rule): Bo; so Cy is dealt 13 cards and starts.
    card = deal(setup, state)
    assert (card.dealer_id, card.starter_id, card.decks, dict(card.cards)) == (BO, CY, 2, {SOFIA: 12, BO: 12, CY: 13})


def test_a_house_rule_with_five_levels_ends_after_the_hand_in_which_someone_lays_down_level_five(family_ramo):
    setup = new_game(family_ramo, [Seat(SOFIA, "Sofia"), Seat(BO, "Bo"), Seat(CY, "Cy")])
    # Sofia goes out in every hand, so she lays down levels 1 to 5 in hands 1 to 5; Bo holds one low
    # card (3), Cy one high card (7) and neither lays down.
    hands = [hand(out(SOFIA), holds(BO, low=1), holds(CY, high=1)) for _ in range(5)]
    assert not replay(setup, hands[:4]).finished
    state = replay(setup, hands)
    assert state.finished and state.player(SOFIA).completed
    assert [p.total for p in state.players] == [-150, 15, 35]
    assert state.winner_ids == (SOFIA,)
    with pytest.raises(RuleError) as err:
        replay(setup, hands + [hands[0]])
    assert err.value.code == "game_over"


def mutated(change) -> dict:
    doc = built_in("ramo")
    change(doc)
    return doc


def _set(path, value):
    def change(doc):
        target = doc
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value
    return change


BAD = [
    (_set(["card_categories"], []), "no_categories", "card_categories"),
    (_set(["card_categories", 2, "points"], 501), "out_of_range", "card_categories[2].points"),
    (_set(["card_categories", 2, "points"], -501), "out_of_range", "card_categories[2].points"),
    (_set(["card_categories", 1, "points"], 7.5), "not_an_integer", "card_categories[1].points"),
    (_set(["card_categories", 1, "points"], True), "not_an_integer", "card_categories[1].points"),
    (_set(["card_categories", 1, "key"], "low"), "duplicate_key", "card_categories[1].key"),
    (_set(["card_categories", 0, "maximum"], 61), "over_cap", "card_categories[0].maximum"),
    (lambda d: d["card_categories"].append({"key": "pips", "label": "Pips", "points": 1, "face_value": True,
                                           "maximum": 541}), "over_cap", "card_categories[3].maximum"),
    (lambda d: d["card_categories"].extend({"key": f"c{i}", "label": f"C{i}", "points": 1} for i in range(10)),
     "too_many", "card_categories"),
    (_set(["card_categories", 0, "key"], "Low cards"), "bad_key", "card_categories[0].key"),
    (_set(["card_categories", 0, "key"], "a" * 21), "bad_key", "card_categories[0].key"),
    (_set(["card_categories", 0, "colour"], "red"), "unknown_field", "card_categories[0].colour"),
    (_set(["levels"], []), "no_levels", "levels"),
    (lambda d: d["levels"].extend(dict(level, number=level["number"] + 8) for level in d["levels"] * 2),
     "too_many", "levels"),
    (lambda d: d.update(min_players=6, max_players=4), "min_above_max", "min_players"),
    (_set(["max_players"], 9), "out_of_range", "max_players"),
    (_set(["min_players"], 1), "out_of_range", "min_players"),
    (_set(["name"], ""), "empty_text", "name"),
    (_set(["name"], "x" * 61), "text_too_long", "name"),
    (_set(["name"], "Ramo\x07"), "control_characters", "name"),
    (_set(["engine"], "poker"), "unknown_engine", "engine"),
    (_set(["colour"], "red"), "unknown_field", "colour"),
    (_set(["options", "out_bonus"], -501), "out_of_range", "options.out_bonus"),
    (_set(["options", "progression"], "per_hand"), "not_a_choice", "options.progression"),
    (lambda d: d["options"].pop("allow_no_winner"), "missing_field", "options.allow_no_winner"),
    (_set(["options", "jokers"], True), "unknown_field", "options.jokers"),
    (_set(["option_details", 4, "maximum"], "many"), "not_an_integer", "option_details[4].maximum"),
    (lambda d: d.pop("deal"), "missing_field", "deal"),
    (_set(["bgg_id"], 0), "out_of_range", "bgg_id"),
    (_set(["bgg_id"], 2**31), "out_of_range", "bgg_id"),
    (_set(["bgg_id"], "13"), "not_an_integer", "bgg_id"),
    (_set(["bgg_id"], True), "not_an_integer", "bgg_id"),
    (_set(["source_names"], "조작 러미"), "not_an_object", "source_names"),
    (_set(["source_names"], {"Korean": "조작 러미"}), "bad_key", "source_names.Korean"),
    (_set(["source_names"], {"ko": ""}), "empty_text", "source_names.ko"),
    (_set(["source_names"], {"ko": 4}), "not_text", "source_names.ko"),
    (_set(["source_names"], {f"l{chr(97 + i // 26)}{chr(97 + i % 26)}": "x" for i in range(21)}), "too_many",
     "source_names"),
]


@pytest.mark.parametrize(("change", "code", "path"), BAD, ids=[f"{code}:{path}" for _, code, path in BAD])
def test_a_definition_that_does_not_make_sense_names_its_first_bad_field(change, code, path):
    with pytest.raises(DefinitionError) as err:
        load_definition(mutated(change))
    assert (err.value.code, err.value.path) == (code, path)
    assert isinstance(err.value, RuleError) and err.value.params["path"] == path


# A schema cannot compare two fields (min and max players, an option's default and its details) or find
# a repeated key inside a list of objects; the checks do.
SCHEMA_CAN_SAY = [bad for bad in BAD if bad[1] not in ("duplicate_key", "min_above_max")
                  and not bad[2].startswith("options.")]


@pytest.mark.parametrize(("change", "code", "path"), SCHEMA_CAN_SAY, ids=[f"{c}:{p}" for _, c, p in SCHEMA_CAN_SAY])
def test_the_schema_refuses_what_the_checks_refuse(change, code, path):
    assert list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(mutated(change)))


def test_a_level_game_on_another_engine_and_a_knock_game_without_its_options_are_refused():
    with pytest.raises(DefinitionError) as err:
        load_definition(mutated(_set(["engine"], "winner_takes")))
    assert (err.value.code, err.value.path) == ("missing_option", "option_details")
    no_levels = mutated(lambda d: d.update(engine="winner_takes", levels=[], options={"target": 150}, option_rules=[],
                                           option_details=[{"key": "target", "kind": "int", "minimum": 1,
                                                            "maximum": 10000}]))
    assert load_definition(no_levels).levels == ()


def test_a_house_rules_summary_quotes_its_own_out_score_and_last_level(family_ramo):
    summary = {phrase.params["text"]: dict(phrase.params) for phrase in family_ramo.scoring_summary}
    out_scores = "The player who goes out scores %(out_score)s; everyone else scores the cards left in hand."
    assert summary[out_scores] == {"out_score": -30, "text": out_scores}
    climb = next(text for text in summary if "%(next_level)s" in text)
    assert summary[climb] == {"level": "level", "final": 5, "text": climb}


def test_a_summary_line_may_not_write_a_number_the_definition_already_holds():
    change = _set(["scoring_summary", 0, "params"], {"out_score": -50})
    with pytest.raises(DefinitionError) as err:
        load_definition(mutated(change))
    assert (err.value.code, err.value.path) == ("quoted_from_the_definition", "scoring_summary[0].params.out_score")


def _details_with(key, **changes):
    details = get_variant("ramo").definition()["option_details"]
    return [dict(o, **changes) if o["key"] == key else o for o in details]


def _defaults_with(**changes):
    return {**get_variant("ramo").default_options(), **changes}


def test_a_house_rule_keeps_the_fields_it_does_not_change():
    short = house_rule("ramo", {"key": "short", "name": "Short Ramo", "options": _defaults_with(out_bonus=-30)})
    assert [c.points for c in short.card_categories] == [5, 10, 20] and len(short.levels) == 8
    assert short.default_options()["out_bonus"] == -30 and short.engine == "levels"


@pytest.mark.parametrize(("changes", "code", "path"), [
    ({"options": _defaults_with(out_bonus=-501)}, "out_of_range", "options.out_bonus"),
    ({"options": _defaults_with(out_bonus=10)}, "out_of_range", "options.out_bonus"),
    ({"options": _defaults_with(out_bonus=10), "option_details": _details_with("out_bonus", maximum=100)},
     "option_range_changed", "option_details[4].maximum"),
    ({"option_details": _details_with("dealer_rule", choices=["highest_total", "rotate"])},
     "option_range_changed", "option_details[2].choices"),
    ({"options": {"jokers": True}, "option_details": [{"key": "jokers", "kind": "bool"}], "option_rules": []},
     "no_such_option", "option_details[0].key"),
    ({"engine": "winner_takes", "levels": [], "option_rules": [], "options": {"target": 150},
      "option_details": [{"key": "target", "kind": "int", "minimum": 1, "maximum": 10000}]},
     "engine_changed", "engine"),
])
def test_a_house_rule_states_its_options_within_the_ranges_its_game_states(changes, code, path):
    # A whole document, as a backup file holds one: nothing of the game laid under it, its ranges kept.
    with pytest.raises(DefinitionError) as err:
        define({**get_variant("ramo").definition(), **changes}, get_variant("ramo"), base={})
    assert (err.value.code, err.value.path) == (code, path)
