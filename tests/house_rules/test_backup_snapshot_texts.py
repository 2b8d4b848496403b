"""A game's house-rule snapshot in a backup is held to a house rule's text rules (issue 34, item 6).

RULES.md §8 refuses a definition whose texts hold a character that changes the writing direction or an
invisible one, "whichever way it comes". The import checked the backup's house rules so, but not the
snapshot each game keeps: a game's `definition.name` or `words.went_out_verb` with U+202E or U+3164
imported and showed on the game page and in the live link's <title>.
"""

import json

import pytest

from ramo_keeper.backups.backup import BadBackup, export_league, import_league
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import Game, League, Player, Ruleset, User

from .helpers import house_rule, line

PLACES = {
    "name with a right-to-left override": (("name",), "Nonna\u202eomaR"),
    "name with a Hangul filler": (("name",), "Nonna\u3164"),
    "went-out verb with a right-to-left override": (("words", "went_out_verb"), "went\u202e out"),
    "went-out verb with a Hangul filler": (("words", "went_out_verb"), "went out\u3164"),
}


def backup_with_a_house_rule_game(app, api) -> dict:
    league, (sofia, bo) = api.league(("Sofia", "Bo"))
    ruleset = house_rule(api, league, "Nonna")
    game = api.game(league, ruleset["key"], [sofia, bo])
    api.ok("POST", f"/games/{game['id']}/hands", {"results": [line(sofia, went_out=True), line(bo, low=2)]}, 201)
    api.delete(f"/rulesets/{ruleset['id']}")  # the game keeps its snapshot alone
    with app.app_context():
        return json.loads(json.dumps(export_league(db.session.get(League, league))))


def restore(app, backup: dict):
    with app.app_context():
        owner = db.session.execute(db.select(User).filter_by(username="Ann")).scalar_one()
        fresh = create_league(owner, "Restored")
        db.session.commit()
        fresh_id = fresh.id
        try:
            import_league(fresh, backup)
            db.session.commit()
        finally:
            db.session.rollback()
        held = tuple(db.session.scalar(db.select(db.func.count(model.id)).filter_by(league_id=fresh_id))
                     for model in (Player, Game, Ruleset))
    return held


@pytest.mark.parametrize(("place", "text"), PLACES.values(), ids=PLACES.keys())
def test_a_snapshot_text_a_house_rule_could_not_hold_is_refused_and_nothing_is_imported(app, api, place, text):
    backup = backup_with_a_house_rule_game(app, api)
    snapshot = backup["games"][0]["definition"]
    assert snapshot is not None and backup["rulesets"] == []
    parent = snapshot
    for key in place[:-1]:
        parent = parent.setdefault(key, {})
    parent[place[-1]] = text
    with pytest.raises(BadBackup) as refused:
        restore(app, backup)
    assert refused.value.message.startswith("Game 1:")
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Game.id))) == 1  # the source game only


def test_the_same_backup_untouched_imports(app, api):
    assert restore(app, backup_with_a_house_rule_game(app, api)) == (2, 1, 0)
