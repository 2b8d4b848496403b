"""RULES.md §9, ending, reopening, abandoning, through the API: "End the night" makes the current round the
last (its running tables finish and count); an ended night with rounds left reopens; a scorer abandons a
table (no points for it in the night, its game leaves the season); a finished night's standings stay put.

Quick Rummy (three hands, the higher total wins): play_places gives the seats, in seat order, the totals
asked, so the places are known by hand; points are §9's round(100·(N−p)/(N−1)) at a table of four."""

from datetime import UTC, datetime, timedelta

from tests.nights.helpers import EIGHT, hand, open_night, play_places


def _tables(night: dict, number: int) -> list[dict]:
    return next(r["tables"] for r in night["round_list"] if r["number"] == number)


def _points(standings: dict) -> dict[int, int]:
    return {row["player_id"]: row["points"] for table in standings["tables"] for row in table["rows"]}


def test_ending_makes_the_current_round_the_last_and_its_running_tables_count(api):
    league, ids = api.league(EIGHT)
    night = open_night(api, league, ids, rounds=3)
    one, two = _tables(night, 1)
    play_places(api, one, [30, 20, 10, 0])
    ended = api.ok("PATCH", f"/nights/{night['id']}", {"ended": True, "name": "Short night"})
    assert (ended["status"], ended["ended"], ended["name"]) == ("running", True, "Short night")
    assert api.post(f"/nights/{night['id']}/rounds").status_code == 409  # no round 2
    play_places(api, two, [30, 20, 10, 0])  # table 2 finishes after the end, and counts
    night = api.ok("GET", f"/nights/{night['id']}")
    assert night["status"] == "finished" and night["current_round"] == 1
    by_seat = dict(zip(one["player_ids"] + two["player_ids"], [100, 67, 33, 0] * 2, strict=True))
    assert _points(api.ok("GET", f"/nights/{night['id']}/standings")) == by_seat


def test_an_ended_night_with_rounds_left_reopens_and_goes_on(api):
    league, ids = api.league(EIGHT)
    night = open_night(api, league, ids, rounds=2)
    api.ok("PATCH", f"/nights/{night['id']}", {"ended": True})
    for table in _tables(night, 1):
        play_places(api, table, [30, 20, 10, 0])
    assert api.ok("GET", f"/nights/{night['id']}")["status"] == "finished"
    reopened = api.ok("PATCH", f"/nights/{night['id']}", {"ended": False})
    assert (reopened["status"], reopened["ended"]) == ("running", False)
    seated = api.ok("POST", f"/nights/{night['id']}/rounds", status=201)
    assert seated["current_round"] == 2 and len(_tables(seated, 2)) == 2


def test_a_night_that_played_all_its_rounds_does_not_reopen(api):
    league, ids = api.league(EIGHT[:4])
    night = open_night(api, league, ids, rounds=1)
    api.ok("PATCH", f"/nights/{night['id']}", {"ended": True})
    response = api.call("PATCH", f"/nights/{night['id']}", {"ended": False})
    assert response.status_code == 409 and response.get_json()["details"]["code"] == "all_rounds_played"
    assert api.ok("GET", f"/nights/{night['id']}")["ended"] is True


def test_a_scorer_abandons_a_table_its_players_get_no_points_and_its_game_leaves_the_season(api, member):
    league, ids = api.league(EIGHT)
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Winter"}, 201)
    night = open_night(api, league, ids, rounds=2, season_id=season["id"])
    one, two = _tables(night, 1)
    scorer = member(league, "Sam", "scorer")
    abandoned = scorer.ok("POST", f"/nights/{night['id']}/tables/2/abandon")
    assert [t["status"] for t in _tables(abandoned, 1)] == ["running", "abandoned"]
    play_places(api, one, [30, 20, 10, 0])
    play_places(api, two, [30, 20, 10, 0])  # played on regardless: still counts nowhere
    expected = dict(zip(one["player_ids"], [100, 67, 33, 0], strict=True))
    assert _points(api.ok("GET", f"/nights/{night['id']}/standings")) == expected
    assert _points(api.ok("GET", f"/seasons/{season['id']}/standings")) == expected
    assert api.ok("GET", f"/games/{two['game_id']}")["season_id"] is None
    assert [t["status"] for t in _tables(api.ok("GET", f"/nights/{night['id']}"), 1)] == ["finished", "abandoned"]
    assert api.post(f"/nights/{night['id']}/rounds").status_code == 201


def test_abandoning_the_last_running_table_lets_the_next_round_be_seated(api):
    league, ids = api.league(EIGHT)
    night = open_night(api, league, ids, rounds=2)
    one, _ = _tables(night, 1)
    play_places(api, one, [30, 20, 10, 0])
    assert api.post(f"/nights/{night['id']}/rounds").status_code == 409
    api.ok("POST", f"/nights/{night['id']}/tables/2/abandon")
    assert api.post(f"/nights/{night['id']}/rounds").status_code == 201


def test_abandon_refusals(api, member):
    league, ids = api.league(EIGHT[:4])
    night = open_night(api, league, ids, rounds=1)
    viewer = member(league, "Vic", "viewer")
    assert viewer.post(f"/nights/{night['id']}/tables/1/abandon").status_code == 403
    assert api.post(f"/nights/{night['id']}/tables/2/abandon").status_code == 404
    (table,) = _tables(night, 1)
    play_places(api, table, [30, 20, 10, 0])
    response = api.post(f"/nights/{night['id']}/tables/1/abandon")
    assert response.status_code == 409 and response.get_json()["details"]["code"] == "night_finished"


def test_a_finished_nights_standings_no_longer_move_when_a_game_is_corrected(api):
    league, ids = api.league(EIGHT[:4])
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Winter"}, 201)
    night = open_night(api, league, ids, rounds=1, season_id=season["id"])
    (table,) = _tables(night, 1)
    play_places(api, table, [30, 20, 10, 0])
    a, b, c, d = table["player_ids"]
    before = {a: 100, b: 67, c: 33, d: 0}
    assert _points(api.ok("GET", f"/nights/{night['id']}/standings")) == before
    # Hand 1 corrected: a scored 5, not 30. Totals a 5, b 20, c 10, d 0: b first, c second, a third.
    api.ok("PUT", f"/games/{table['game_id']}/hands/1", hand(a, 5, [b, c, d]))
    assert _points(api.ok("GET", f"/seasons/{season['id']}/standings")) == {b: 100, c: 67, a: 33, d: 0}
    assert _points(api.ok("GET", f"/nights/{night['id']}/standings")) == before
    assert api.ok("GET", f"/nights/{night['id']}")["status"] == "finished"


def test_the_round_timer_starts_stops_and_is_the_rounds_own(api):
    league, ids = api.league(EIGHT[:4])
    night = open_night(api, league, ids, rounds=2)
    started = api.ok("PATCH", f"/nights/{night['id']}", {"timer_minutes": 30})
    ends = datetime.fromisoformat(started["timer_ends_at"].replace("Z", "+00:00"))
    now = datetime.now(UTC)
    assert now + timedelta(minutes=28) < ends <= now + timedelta(minutes=30)
    assert api.ok("PATCH", f"/nights/{night['id']}", {"timer_minutes": 0})["timer_ends_at"] is None
    response = api.call("PATCH", f"/nights/{night['id']}", {"timer_minutes": 241})
    assert response.status_code == 422 and response.get_json()["details"]["code"] == "timer_out_of_range"
    api.ok("PATCH", f"/nights/{night['id']}", {"timer_minutes": 5})
    (table,) = _tables(night, 1)
    play_places(api, table, [30, 20, 10, 0])
    assert api.ok("POST", f"/nights/{night['id']}/rounds", status=201)["timer_ends_at"] is None
