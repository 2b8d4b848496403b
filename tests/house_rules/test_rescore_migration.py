"""Migration 0017 scores games played under a house rule again by what their marks now mean: a Ramo rule
with going out ×2 stored the old arithmetic (the player out −50), and after the migration every cached
figure is what a full replay of the stored inputs gives (−100), as docs/RULES.md §8 "Marks" says."""

from flask_migrate import stamp, upgrade

from conftest import mark_schema_changed
from ramo_keeper.extensions import db
from ramo_keeper.games.stored import load_game, state_of, stored_state
from ramo_keeper.models import Seat
from tests.api.helpers import result

DOUBLE_OUT = {"key": "ramo", "marks": [{"key": "went_out", "implies": ["laid_down"], "multiplies": 2},
                                       {"key": "laid_down"}]}


def test_a_house_rule_game_stored_with_the_old_arithmetic_is_scored_again(app, api):
    league, (sofia, bo) = api.league(("Sofia", "Bo"))
    ruleset = api.ok("POST", f"/leagues/{league}/rulesets", {"name": "Ours", "definition": DOUBLE_OUT}, 201)
    game = api.game(league, ruleset["key"], [sofia, bo])
    builtin = api.game(league, "ramo", [sofia, bo])
    for played in (game, builtin):
        # Sofia goes out; Bo holds 2 low and 1 high: 2·5 + 10 = 20.
        api.ok("POST", f"/games/{played['id']}/hands", {"results": [
            result(sofia, went_out=True), result(bo, {"low": 2, "high": 1})]}, 201)
    with app.app_context():
        # What the old engine stored: the factor ignored, Sofia −50 (and a built-in game's own −50 is right).
        db.session.query(Seat).filter_by(game_id=game["id"], player_id=sofia).update({"total": -50})
        db.session.commit()
        stamp(revision="0016_night_snapshot")
        mark_schema_changed()
        # Up to this migration only: the later ones change the schema the test's tables already have.
        upgrade(revision="0017_rescore_house_rule_games")
        db.session.expire_all()
        for game_id, expected in ((game["id"], {sofia: -100, bo: 20}), (builtin["id"], {sofia: -50, bo: 20})):
            stored = load_game(game_id)
            assert {s.player_id: s.total for s in stored.seats} == expected
            assert stored_state(stored) == state_of(stored)
