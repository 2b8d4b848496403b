"""A league backup carries its house rules and each game's snapshot, and imports them intact."""

import json

import pytest

from ramo_keeper.backups.backup import BadBackup, export_league, import_league
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import Game, League, Ruleset, User

from .helpers import NONNA, house_rule, line


def test_a_backup_round_trips_house_rules_and_snapshots(app, api):
    league, (sofia, bo) = api.league(("Sofia", "Bo"))
    kept = house_rule(api, league, "Kept")
    gone = house_rule(api, league, "Gone", {**NONNA, "options": {"out_bonus": -40}})
    games = []
    for ruleset in (kept, gone):
        game = api.game(league, ruleset["key"], [sofia, bo])
        games.append(api.ok("POST", f"/games/{game['id']}/hands",
                            {"results": [line(sofia, went_out=True), line(bo, low=2, high=1, joker=1)]}, 201))
    api.delete(f"/rulesets/{gone['id']}")
    with app.app_context():
        source = db.session.get(League, league)
        backup = json.loads(json.dumps(export_league(source)))
        assert [r["name"] for r in backup["rulesets"]] == ["Kept"]
        owner = db.session.execute(db.select(User).filter_by(username="Ann")).scalar_one()
        fresh = create_league(owner, "Restored")
        import_league(fresh, backup)
        db.session.commit()
        restored = db.session.execute(db.select(Ruleset).filter_by(league_id=fresh.id)).scalar_one()
        # Keys are unique across the app, so the copy has its own; everything else is the same.
        assert restored.key != kept["key"] and restored.name == "Kept"
        assert restored.definition == {**kept["definition"], "key": restored.key}
        copies = db.session.execute(db.select(Game).filter_by(league_id=fresh.id).order_by(Game.id)).scalars().all()
        assert copies[0].variant == restored.key and copies[0].ruleset_id == restored.id
        assert copies[1].ruleset_id is None and copies[1].variant not in (gone["key"], restored.key)
        assert copies[1].definition["options"]["out_bonus"] == -40
        fresh_id = fresh.id
        copy_ids = [g.id for g in copies]
    for original, copy_id in zip(games, copy_ids, strict=True):
        copy = api.ok("GET", f"/games/{copy_id}")
        assert [[r["score"] for r in h["results"]] for h in copy["hands"]] == [
            [r["score"] for r in h["results"]] for h in original["hands"]]
    assert [[r["score"] for r in h["results"]] for h in games[1]["hands"]] == [[-40, 63]]
    assert len(api.ok("GET", f"/leagues/{fresh_id}/rulesets")) == 1


def test_a_backup_with_a_bad_house_rule_is_refused(app, api):
    league, _ = api.league(("Sofia", "Bo"))
    house_rule(api, league)
    with app.app_context():
        backup = export_league(db.session.get(League, league))
        backup["rulesets"][0]["definition"]["card_categories"][0]["points"] = 999
        owner = db.session.execute(db.select(User).filter_by(username="Ann")).scalar_one()
        fresh = create_league(owner, "Restored")
        with pytest.raises(BadBackup) as refused:
            import_league(fresh, backup)
        assert "House rule 1" in refused.value.message and "card_categories[0].points" in refused.value.message


@pytest.mark.parametrize("hidden", ["\u202e", "\u2066", "\u200b", "\ufeff", "\U000e0041", "\u3164"])
def test_a_backup_cannot_bring_in_a_text_a_house_rule_may_not_hold(app, api, hidden):
    """A label with a direction override or an invisible character is refused on the page and by the API;
    a backup file is no way around it: the import names the house rule and the field, and saves nothing."""
    league, _ = api.league(("Sofia", "Bo"))
    house_rule(api, league)
    with app.app_context():
        backup = export_league(db.session.get(League, league))
        category = backup["rulesets"][0]["definition"]["card_categories"][0]
        category["label"] = f"Jokers{hidden}"
        owner = db.session.execute(db.select(User).filter_by(username="Ann")).scalar_one()
        fresh = create_league(owner, "Restored")
        with pytest.raises(BadBackup) as refused:
            import_league(fresh, backup)
        assert "House rule 1" in refused.value.message and "card_categories[0].label" in refused.value.message
        db.session.rollback()
        assert db.session.execute(db.select(Ruleset).filter_by(league_id=fresh.id)).first() is None
