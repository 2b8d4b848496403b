"""Club nights through the API (docs/API.md, RULES.md §9): open, seat, standings, players in and out, refusals."""

from tests.nights.helpers import EIGHT, open_night, play_places


def _tables(night: dict, number: int) -> list[dict]:
    return next(r for r in night["round_list"] if r["number"] == number)["tables"]


def test_a_night_opens_with_round_one_seated_and_its_games_started(api):
    league, ids = api.league(EIGHT + ("Ivo", "Jo"))
    night = open_night(api, league, ids, table_size=4, rounds=3)
    assert night["status"] == "running" and night["current_round"] == 1 and night["player_ids"] == ids
    tables = _tables(night, 1)
    # RULES.md §9: 10 players at tables of 4 sit 4, 3, 3; every player at exactly one table.
    assert [len(t["player_ids"]) for t in tables] == [4, 3, 3]
    assert sorted(p for t in tables for p in t["player_ids"]) == sorted(ids)
    for table in tables:
        game = api.ok("GET", f"/games/{table['game_id']}")
        assert [p["player_id"] for p in game["players"]] == table["player_ids"]
        assert game["dealer_id"] == table["player_ids"][0]
        assert game["options"]["hands"] == 3 and table["status"] == "running"
    assert api.ok("GET", f"/nights/{night['id']}") == night
    listed = api.ok("GET", f"/leagues/{league}/nights")
    assert listed == [{"id": night["id"], "name": "Thursday", "variant": "rummy", "status": "running",
                       "current_round": 1, "rounds": 3}]


def test_the_next_round_waits_for_every_table_and_none_follows_the_last(api):
    league, ids = api.league(EIGHT)
    night = open_night(api, league, ids, rounds=2)
    first, second = _tables(night, 1)
    refused = api.post(f"/nights/{night['id']}/rounds")
    assert refused.status_code == 409 and refused.get_json()["details"]["tables"] == [1, 2]
    play_places(api, first, [30, 20, 10, 0])
    refused = api.post(f"/nights/{night['id']}/rounds")
    assert refused.status_code == 409 and refused.get_json()["details"]["tables"] == [2]
    assert "2" in refused.get_json()["error"]
    play_places(api, second, [30, 20, 10, 0])
    night = api.ok("POST", f"/nights/{night['id']}/rounds", status=201)
    assert night["current_round"] == 2 and len(night["round_list"]) == 2
    for table in _tables(night, 2):
        play_places(api, table, [30, 20, 10, 0])
    assert api.ok("GET", f"/nights/{night['id']}")["status"] == "finished"
    after = api.post(f"/nights/{night['id']}/rounds")
    assert after.status_code == 409
    assert len(api.ok("GET", f"/nights/{night['id']}")["round_list"]) == 2


def test_night_standings_are_the_worked_example_of_rules_section_9(api):
    """RULES.md §9: table 1 Ana 1st, Bo 2nd, Cy 3rd, Di 4th; table 2 Eve 1st, Fay and Gus 2nd, Hal 4th."""
    league, ids = api.league(EIGHT)
    night = open_night(api, league, ids, rounds=2)
    one, two = _tables(night, 1)
    play_places(api, one, [30, 20, 10, 0])
    play_places(api, two, [30, 20, 20, 0])
    ana, bo, cy, di = one["player_ids"]
    eve, fay, gus, hal = two["player_ids"]
    expected = {ana: 100, bo: 67, cy: 33, di: 0, eve: 100, fay: 67, gus: 67, hal: 0}
    standings = api.ok("GET", f"/nights/{night['id']}/standings")
    (table,) = standings["tables"]
    assert {row["player_id"]: row["points"] for row in table["rows"]} == expected
    assert [row["rank"] for row in table["rows"]] == list(range(1, 9))
    points = [row["points"] for row in table["rows"]]
    assert points == sorted(points, reverse=True)
    # The night's games count in the league's season like any other (none here: no season was open).
    assert {row["player_id"]: row["wins"] for row in table["rows"]}[ana] == 1


def test_a_nights_games_count_in_its_season(api):
    league, ids = api.league(EIGHT)
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Winter"}, 201)
    night = open_night(api, league, ids, rounds=1, season_id=season["id"])
    for table in _tables(night, 1):
        play_places(api, table, [30, 20, 10, 0])
    standings = api.ok("GET", f"/seasons/{season['id']}/standings")
    assert sorted(row["player_id"] for row in standings["tables"][0]["rows"]) == sorted(ids)
    assert sum(row["points"] for row in standings["tables"][0]["rows"]) == 2 * (100 + 67 + 33)


def test_ladder_seats_by_the_nights_standings_with_a_late_arrival_and_an_early_leaver(api):
    league, ids = api.league(EIGHT + ("Zed",))
    late = ids.pop()  # Zed arrives after round 1
    night = open_night(api, league, ids, rounds=3, seating="ladder")
    one, two = _tables(night, 1)
    play_places(api, one, [30, 20, 10, 0])
    play_places(api, two, [40, 25, 5, 0])
    a, b, c, d = one["player_ids"]
    e, f, g, h = two["player_ids"]
    # Points: a 100, b 67, c 33, d 0; e 100, f 67, g 33, h 0. a and e: 1 win each; per hand e 40/3 > a 30/3.
    # b and f: per hand f 25/3 > b 20/3. c and g: c 10/3 > g 5/3. d leaves; h has 0; Zed has played nothing.
    changing = api.call("PATCH", f"/nights/{night['id']}", {"player_ids": [p for p in ids if p != d] + [late]})
    assert changing.status_code == 200, changing.get_json()
    night = api.ok("POST", f"/nights/{night['id']}/rounds", status=201)
    assert [t["player_ids"] for t in _tables(night, 2)] == [[e, a, f, b], [c, g, h, late]]
    assert sorted(night["player_ids"]) == sorted([p for p in ids if p != d] + [late])


def test_ladder_at_tables_of_two_avoids_a_rematch_of_the_round_before_as_swiss_pairing_does(api):
    league, ids = api.league(EIGHT[:4])
    night = open_night(api, league, ids, table_size=2, rounds=3, seating="ladder")
    (p, q), (r, s) = [t["player_ids"] for t in _tables(night, 1)]
    play_places(api, _tables(night, 1)[0], [30, 20])   # p wins 30-20
    play_places(api, _tables(night, 1)[1], [40, 25])   # r wins 40-25
    # p and r have 100 (r better per hand, 40/3 > 30/3); s and q 0 (s 25/3 > q 20/3): r, p | s, q.
    night = api.ok("POST", f"/nights/{night['id']}/rounds", status=201)
    assert [t["player_ids"] for t in _tables(night, 2)] == [[r, p], [s, q]]
    play_places(api, _tables(night, 2)[0], [30, 29])   # r wins 30-29
    play_places(api, _tables(night, 2)[1], [26, 10])   # s wins 26-10
    # r 200; p and s 100 with a win each, p better per hand (59/6 > 51/6); q 0: in order r-p and s-q,
    # both pairs of round 2 again. Swapping p and s (one place apart) leaves no pair of round 2 together.
    night = api.ok("POST", f"/nights/{night['id']}/rounds", status=201)
    assert [t["player_ids"] for t in _tables(night, 3)] == [[r, s], [p, q]]


def test_players_change_only_between_rounds_and_the_rest_is_replanned(api):
    league, ids = api.league(EIGHT + ("Ivo",))
    late = ids.pop()
    night = open_night(api, league, ids, rounds=3)
    during = api.call("PATCH", f"/nights/{night['id']}", {"player_ids": ids + [late]})
    assert during.status_code == 409 and during.get_json()["details"]["tables"] == [1, 2]
    for table in _tables(night, 1):
        play_places(api, table, [30, 20, 10, 0])
    changed = api.ok("PATCH", f"/nights/{night['id']}", {"player_ids": ids[1:] + [late]})
    assert changed["player_ids"] == ids[1:] + [late]
    night = api.ok("POST", f"/nights/{night['id']}/rounds", status=201)
    seated = [p for t in _tables(night, 2) for p in t["player_ids"]]
    assert sorted(seated) == sorted(ids[1:] + [late]) and ids[0] not in seated
    assert [len(t["player_ids"]) for t in _tables(night, 2)] == [4, 4]


def test_repeats_count_pairs_meeting_again(api):
    league, ids = api.league(EIGHT[:4])
    night = open_night(api, league, ids, rounds=2)
    for table in _tables(night, 1):
        play_places(api, table, [30, 20, 10, 0])
    night = api.ok("POST", f"/nights/{night['id']}/rounds", status=201)
    # Four players at one table twice: each of the 6 pairs meets once again.
    assert night["repeats"] == 6


def test_a_night_under_the_leagues_house_rule_and_not_another_leagues(api, make_api):
    league, ids = api.league(EIGHT)
    ruleset = api.ok("POST", f"/leagues/{league}/rulesets",
                     {"name": "Short Rummy", "definition": {"key": "rummy"}}, 201)
    night = open_night(api, league, ids, rounds=1, variant=ruleset["key"])
    game = api.ok("GET", f"/games/{night['round_list'][0]['tables'][0]['game_id']}")
    assert night["variant"] == game["variant"] == ruleset["key"] and game["ruleset_id"] == ruleset["id"]
    other = make_api("Olga")
    other_league, other_ids = other.league(EIGHT, name="Elsewhere")
    refused = other.post(f"/leagues/{other_league}/nights", {
        "name": "Borrowed", "variant": ruleset["key"], "player_ids": other_ids, "table_size": 4, "rounds": 1})
    assert refused.status_code == 404 and other.ok("GET", f"/leagues/{other_league}/nights") == []
