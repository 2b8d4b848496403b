"""A backup carries what ending, reopening, abandoning and the round timer add to a night (issue 37, item 5):
an abandoned table, a running timer, a night ended and reopened, one ended early, and a finished night whose
game was corrected after it finished (its standings kept as they were), exported and imported alike."""

import json

from ramo_keeper.backups.backup import export_league, import_league
from ramo_keeper.extensions import db
from ramo_keeper.models import League, Night
from tests.nights.helpers import EIGHT, hand, open_night, play_places


def _tables(night: dict, number: int) -> list[dict]:
    return next(r["tables"] for r in night["round_list"] if r["number"] == number)


def _view(api, night_id: int, names: dict[int, str]) -> dict:
    """What the API shows of a night and its standings, player ids as names and game ids left out."""
    night = api.ok("GET", f"/nights/{night_id}")
    standings = api.ok("GET", f"/nights/{night_id}/standings")
    return {
        "name": night["name"], "status": night["status"], "ended": night["ended"],
        "timer": night["timer_ends_at"], "current_round": night["current_round"],
        "tables": [(r["number"], t["table"], t["status"], [names[p] for p in t["player_ids"]])
                   for r in night["round_list"] for t in r["tables"]],
        "standings": [(names[row["player_id"]], row["rank"], row["points"], row["total"])
                      for table in standings["tables"] for row in table["rows"]],
    }


def _nights(api, league: int) -> dict[str, dict]:
    names = {p["id"]: p["name"] for p in api.ok("GET", f"/leagues/{league}/players")}
    return {row["name"]: _view(api, row["id"], names) for row in api.ok("GET", f"/leagues/{league}/nights")}


def test_timers_abandoned_tables_ended_reopened_and_kept_standings_survive_a_backup(app, api):
    league, ids = api.league(EIGHT)
    abandoned = open_night(api, league, ids, rounds=2, name="Abandoned")
    api.ok("POST", f"/nights/{abandoned['id']}/tables/2/abandon")
    play_places(api, _tables(abandoned, 1)[0], [30, 20, 10, 0])
    api.ok("PATCH", f"/nights/{abandoned['id']}", {"timer_minutes": 45})
    reopened = open_night(api, league, ids[:4], rounds=2, name="Reopened")
    api.ok("PATCH", f"/nights/{reopened['id']}", {"ended": True})
    api.ok("PATCH", f"/nights/{reopened['id']}", {"ended": False})
    ended = open_night(api, league, ids[4:], rounds=3, name="Ended")
    api.ok("PATCH", f"/nights/{ended['id']}", {"ended": True})
    kept = open_night(api, league, ids[:4], rounds=1, name="Kept")
    (table,) = _tables(kept, 1)
    play_places(api, table, [30, 20, 10, 0])
    a, b, c, d = table["player_ids"]
    api.ok("PUT", f"/games/{table['game_id']}/hands/1", hand(a, 5, [b, c, d]))  # after the night finished
    original = _nights(api, league)
    # The kept night's standings as it finished: a first with 30 (the correction came after), not b.
    names = {p["id"]: p["name"] for p in api.ok("GET", f"/leagues/{league}/players")}
    assert original["Kept"]["standings"][0][:3] == (names[a], 1, 100) and original["Kept"]["status"] == "finished"
    assert original["Abandoned"]["tables"][1][2] == "abandoned" and original["Abandoned"]["timer"] is not None
    assert original["Reopened"]["ended"] is False and original["Ended"]["ended"] is True

    fresh = api.ok("POST", "/leagues", {"name": "Fresh"}, 201)["id"]
    with app.app_context():
        backup = json.loads(json.dumps(export_league(db.session.get(League, league))))
        import_league(db.session.get(League, fresh), backup)
        db.session.commit()
    assert _nights(api, fresh) == original
    # The reopened night goes on in the copy; the abandoned table still holds nobody up.
    night_ids = {row["name"]: row["id"] for row in api.ok("GET", f"/leagues/{fresh}/nights")}
    assert api.post(f"/nights/{night_ids['Reopened']}/rounds").status_code == 409  # round 1 still playing
    assert api.ok("POST", f"/nights/{night_ids['Abandoned']}/rounds", status=201)["current_round"] == 2
    with app.app_context():
        assert db.session.execute(db.select(Night.final_standings).where(Night.id == night_ids["Kept"])
                                  ).scalar_one() is not None
