"""A backup's nights are checked as strictly as a night the app opens (issue 34, finding 7): a file naming
a player, season, house rule or game it does not hold, a game at two tables, a round seated twice or
past the night's rounds, or a night of a game that does not exist, is refused with a sentence naming
the night, and nothing is saved."""

import copy
import json

import pytest

from ramo_keeper.backups.backup import BadBackup, export_league, import_league
from ramo_keeper.extensions import db
from ramo_keeper.models import Game, League, Night, Player
from tests.nights.helpers import EIGHT, QUICK


def _first_table(data):
    return data["nights"][0]["tables"][0]


BREAKS = {
    "unknown-player": (lambda d: d["nights"][0]["player_ids"].append(999), "player 999"),
    "unknown-seat": (lambda d: _first_table(d)["seats"].__setitem__(0, 998), "player 998"),
    "unknown-planned": (lambda d: d["nights"][0]["plan"][0][0].__setitem__(0, 997), "player 997"),
    "unknown-season": (lambda d: d["nights"][0].__setitem__("season_id", 996), "season 996"),
    "unknown-game": (lambda d: _first_table(d).__setitem__("game_id", 995), "game 995"),
    "game-at-two-tables": (lambda d: d["nights"][0]["tables"][1].__setitem__("game_id", _first_table(d)["game_id"]),
                           "another table"),
    "table-twice": (lambda d: d["nights"][0]["tables"].append(copy.deepcopy(_first_table(d)) | {"game_id": None}),
                    "listed twice"),
    "round-past-the-night": (lambda d: d["nights"][0].__setitem__("current_round", 5), "more rounds"),
    "round-not-seated": (lambda d: d["nights"][0]["tables"].append(
        {"round": 2, "table": 1, "seats": [d["players"][0]["id"]], "game_id": None}), "more rounds"),
    "no-such-game": (lambda d: d["nights"][0].__setitem__("variant", "tiddlywinks"), "tiddlywinks"),
    "night-name": (lambda d: d["nights"][0].__setitem__("name", "Thu\u202eday"), "Night 1, name"),
    "seating": (lambda d: d["nights"][0].__setitem__("seating", "random"), "Night 1, seating"),
    "option": (lambda d: d["nights"][0]["options"].__setitem__("end", "\u0000"), "Night 1: "),
    "no-such-option": (lambda d: d["nights"][0]["options"].__setitem__("colour", 3), "Night 1: "),
}


@pytest.mark.parametrize("name", BREAKS)
def test_a_night_the_backup_cannot_hold_is_refused_and_nothing_is_saved(app, api, name):
    league, ids = api.league(EIGHT)
    api.ok("POST", f"/leagues/{league}/nights", {"name": "Tuesday", "variant": "rummy", "player_ids": list(ids),
                                                  "table_size": 4, "rounds": 2, "options": QUICK}, 201)
    fresh = api.ok("POST", "/leagues", {"name": "Fresh"}, 201)["id"]
    with app.app_context():
        data = json.loads(json.dumps(export_league(db.session.get(League, league))))
        assert import_league(db.session.get(League, fresh), copy.deepcopy(data))["nights"] == 1  # as written
        db.session.rollback()
        change, words = BREAKS[name]
        change(data)
        with pytest.raises(BadBackup) as refused:
            import_league(db.session.get(League, fresh), data)
        db.session.rollback()
        assert words in refused.value.message
        for model in (Player, Game, Night):
            assert db.session.execute(db.select(model.id).where(model.league_id == fresh)).first() is None


HISTORY_BREAKS = {
    "unknown-player": (lambda entry: entry["after"]["results"][0].__setitem__("player_id", 994), "player 994"),
    "nul-in-a-card": (lambda entry: entry["after"]["results"][1]["cards"].__setitem__("pi\u0000ps", 1),
                      "broken character"),
    "unknown-action": (lambda entry: entry.__setitem__("action", "forged"), "correction 1, action"),
}


@pytest.mark.parametrize("name", HISTORY_BREAKS)
def test_a_correction_the_backup_cannot_hold_is_refused_and_nothing_is_saved(app, api, name):
    """A game's corrections history (finding 7) is checked too: the players it names, its text, its kind."""
    league, ids = api.league(EIGHT[:3])
    game = api.game(league, "rummy", ids)["id"]
    line = {"results": [{"player_id": ids[0], "cards": {}, "went_out": True},
                        {"player_id": ids[1], "cards": {"pips": 4}}, {"player_id": ids[2], "cards": {}}]}
    api.ok("POST", f"/games/{game}/hands", line, 201)
    line["results"][1]["cards"] = {"pips": 6}
    api.ok("PUT", f"/games/{game}/hands/1", line)
    fresh = api.ok("POST", "/leagues", {"name": "Fresh"}, 201)["id"]
    with app.app_context():
        data = json.loads(json.dumps(export_league(db.session.get(League, league))))
        (entry,) = data["games"][0]["history"]
        assert entry["action"] == "edit" and entry["by"] == "Ann" and entry["hand_number"] == 1
        change, words = HISTORY_BREAKS[name]
        change(entry)
        with pytest.raises(BadBackup) as refused:
            import_league(db.session.get(League, fresh), data)
        db.session.rollback()
        assert words in refused.value.message
        assert db.session.execute(db.select(Game.id).where(Game.league_id == fresh)).first() is None
