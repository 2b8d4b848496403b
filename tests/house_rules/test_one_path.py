"""One path for a definition (issue 29, item 1; RULES.md §8): the API, the upload, the editor and the backup
import all refuse what the core refuses (an option default outside the range its game states), and each
fact is stated once in a definition, while older documents that state it twice are still read."""

import io
import json

import pytest

from ramo_keeper import rules
from ramo_keeper.backups.backup import BadBackup, export_league, import_league
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import League, Ruleset, User
from ramo_keeper.rules.limits import FACTS_IN_OPTIONS
from ramo_keeper.text.rule_errors import rule_message

from .helpers import NONNA, house_rule

RAMO_DETAILS = rules.VARIANTS["ramo"].definition()["option_details"]
# Ramo's out_bonus range (−500…0) widened to let a default of 300 in: RULES.md §8 refuses it.
WIDENED = {"key": "ramo", "options": {"out_bonus": 300},
           "option_details": [dict(o, maximum=500) if o["key"] == "out_bonus" else o for o in RAMO_DETAILS]}
# A Ramo house rule as it was stored before each fact was stated once: the out score, the progression, the
# ranking, the dealer rule and "nobody out" both as fields and as the defaults of the options that state them.
OLD_FACTS = {"out_score": -30, "progression": "per_player", "ranking": "lowest_total",
             "dealer_rule": "highest_total", "nobody_out": True}


def old_document(key: str = "ramo") -> dict:
    document = rules.VARIANTS["ramo"].definition()
    document["options"]["out_bonus"] = -30
    return {**document, **OLD_FACTS, "key": key}


def test_the_api_refuses_an_option_default_outside_the_range_its_game_states(api):
    league, _ = api.league()
    response = api.post(f"/leagues/{league}/rulesets", {"name": "Wide", "definition": WIDENED})
    assert response.status_code == 422, response.get_data(as_text=True)
    details = response.get_json()["details"]
    assert (details["code"], details["path"]) == ("option_range_changed", "option_details[4].maximum")
    assert api.ok("GET", f"/leagues/{league}/rulesets") == []


def test_the_upload_refuses_an_option_default_outside_the_range_its_game_states(table):
    table.web.get(f"/leagues/{table.league_id}/house-rules")
    body = json.dumps({"name": "Wide", "based_on": "ramo", "definition": WIDENED}).encode()
    response = table.web.post(f"/leagues/{table.league_id}/house-rules/upload",
                              {"file": (io.BytesIO(body), "wide.json")}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert "option_details[4].maximum" in response.get_data(as_text=True)
    with table.app.app_context():
        assert db.session.execute(db.select(Ruleset)).first() is None


def test_a_backup_cannot_bring_in_an_option_default_outside_its_games_range(app, api):
    league, _ = api.league(("Sofia", "Bo"))
    house_rule(api, league)
    with app.app_context():
        backup = export_league(db.session.get(League, league))
        definition = backup["rulesets"][0]["definition"]
        definition["option_details"] = WIDENED["option_details"]
        definition["options"]["out_bonus"] = 300
        owner = db.session.execute(db.select(User).filter_by(username="Ann")).scalar_one()
        fresh = create_league(owner, "Restored")
        with pytest.raises(BadBackup) as refused:
            import_league(fresh, backup)
        assert "House rule 1" in refused.value.message and "option_details[4].maximum" in refused.value.message


def test_the_refusal_is_the_rules_own_sentence_wherever_it_is_made(api):
    """One set of sentences: the API words a bad field as a definition file loaded by the core is worded."""
    league, _ = api.league()
    response = api.post(f"/leagues/{league}/rulesets", {"name": "Odd", "definition": {
        "key": "ramo", "card_categories": [{"key": "low", "points": 900}]}})
    with pytest.raises(rules.DefinitionError) as error:
        rules.house_rule("ramo", {"card_categories": [{"key": "low", "points": 900}]})
    with api.app.test_request_context():
        assert response.get_json()["error"] == rule_message(error.value) + "."


@pytest.mark.parametrize("key", list(rules.VARIANTS))
def test_each_built_in_states_each_fact_once(key):
    """Where an option states a fact (Ramo's out_bonus is its out score), the file has no field for it too."""
    document = json.loads((rules.registry.GAMES / f"{key}.json").read_text(encoding="utf-8"))
    options = document.get("options", {})
    twice = [field for field, option in FACTS_IN_OPTIONS.items() if field in document and option in options]
    assert twice == []
    # The game reads the fact from the option that states it.
    variant = rules.VARIANTS[key]
    assert {field: getattr(variant, field) for field, option in FACTS_IN_OPTIONS.items() if option in options} == {
        field: options[option] for field, option in FACTS_IN_OPTIONS.items() if option in options}


def test_an_old_document_stating_a_fact_twice_is_read_with_it_once():
    document, variant = rules.define(old_document(), rules.VARIANTS["ramo"], base={})
    assert not set(OLD_FACTS) & set(document) and document["options"]["out_bonus"] == -30
    assert (variant.out_score, variant.progression, variant.ranking, variant.dealer_rule, variant.nobody_out) == (
        -30, "per_player", "lowest_total", "highest_total", True)
    # A game's snapshot as it was stored reads the same game.
    snapshot = rules.load_definition(old_document())
    assert (snapshot.out_score, snapshot.dealer_rule) == (-30, "highest_total")


def test_an_out_score_sent_as_a_field_becomes_the_option_and_is_refused_under_its_own_name(api):
    league, _ = api.league()
    ruleset = api.ok("POST", f"/leagues/{league}/rulesets", {"name": "Out", "definition": {
        "key": "ramo", "out_score": -20}}, 201)
    assert "out_score" not in ruleset["definition"] and ruleset["definition"]["options"]["out_bonus"] == -20
    response = api.post(f"/leagues/{league}/rulesets", {"name": "Out 2", "definition": {
        "key": "ramo", "out_score": 300}})
    assert response.status_code == 422
    assert (response.get_json()["details"]["code"], response.get_json()["details"]["path"]) == (
        "out_of_range", "out_score")


def test_a_stored_house_rule_stating_a_fact_twice_still_plays_and_edits_to_once(app, api):
    league, (al, bo, *_) = api.league()
    ruleset = house_rule(api, league)
    with app.app_context():
        stored = db.session.get(Ruleset, ruleset["id"])
        stored.definition = {**old_document(stored.key), "name": stored.name}
        db.session.commit()
    game = api.game(league, ruleset["key"], [al, bo])
    played = api.ok("POST", f"/games/{game['id']}/hands", {"results": [
        {"player_id": al, "cards": {}, "went_out": True}, {"player_id": bo, "cards": {"low": 1}}]}, 201)
    assert [r["score"] for r in played["hands"][0]["results"]] == [-30, 5]
    changed = api.ok("PUT", f"/rulesets/{ruleset['id']}", {"name": "Nonna's Ramo", "definition": {
        "card_categories": [{"key": "low", "points": 3}]}})
    assert not set(OLD_FACTS) & set(changed["definition"]) and changed["definition"]["options"]["out_bonus"] == -30


def test_an_old_backup_stating_a_fact_twice_imports_with_it_once(app, api):
    league, _ = api.league(("Sofia", "Bo"))
    ruleset = house_rule(api, league, definition=NONNA)
    with app.app_context():
        backup = json.loads(json.dumps(export_league(db.session.get(League, league))))
        backup["rulesets"][0]["definition"] = {**old_document(ruleset["key"]), "name": ruleset["name"]}
        owner = db.session.execute(db.select(User).filter_by(username="Ann")).scalar_one()
        fresh = create_league(owner, "Restored")
        import_league(fresh, backup)
        db.session.commit()
        restored = db.session.execute(db.select(Ruleset).filter_by(league_id=fresh.id)).scalar_one()
        assert not set(OLD_FACTS) & set(restored.definition)
        assert restored.definition["options"]["out_bonus"] == -30
