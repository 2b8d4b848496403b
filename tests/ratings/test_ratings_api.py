"""Ratings through the API: the owner's switch, the Ratings shape, and a replay that follows corrections."""

import pytest
from api.helpers import result, std

from ramo_keeper.extensions import db
from ramo_keeper.ratings import service

from .helpers import one_hand_rummy, switch_ratings


def test_ratings_are_off_by_default_and_only_the_owner_switches_them(api, member):
    league, _ = api.league(["Al", "Bo"])
    assert api.get(f"/leagues/{league}/ratings").status_code == 404
    scorer = member(league, "Sam", "scorer")
    assert scorer.call("PATCH", f"/leagues/{league}", {"ratings": True}).status_code == 403
    assert api.ok("PATCH", f"/leagues/{league}", {"ratings": True}) == {"id": league, "name": "Club", "ratings": True}
    assert api.ok("GET", f"/leagues/{league}/ratings") == {"tables": []}
    assert api.ok("PATCH", f"/leagues/{league}", {"name": "Thursday"}) == {
        "id": league, "name": "Thursday", "ratings": True}
    assert api.ok("PATCH", f"/leagues/{league}", {"ratings": False})["ratings"] is False
    assert api.get(f"/leagues/{league}/ratings").status_code == 404


def test_a_bad_patch_changes_nothing(api, make_api):
    league, _ = api.league(["Al", "Bo"])
    assert api.call("PATCH", f"/leagues/{league}", {"ratings": "yes"}).status_code == 400
    assert api.call("PATCH", f"/leagues/{league}", {"colour": "red"}).status_code == 400
    assert api.call("PATCH", f"/leagues/{league}", {"name": "   "}).status_code == 422
    assert make_api("Eve").call("PATCH", f"/leagues/{league}", {"ratings": True}).status_code == 404
    assert api.ok("GET", "/leagues")[0]["name"] == "Club"
    assert api.get(f"/leagues/{league}/ratings").status_code == 404


def test_one_two_player_game_gives_the_worked_example(api):
    league, (al, bo) = api.league(["Al", "Bo"])
    switch_ratings(api, league)
    one_hand_rummy(api, league, [al, bo], winner=bo)
    # tests/ratings/test_model.py works out 1569 and 1463 from the published formulas.
    assert api.ok("GET", f"/leagues/{league}/ratings") == {"tables": [{"variant": "rummy", "name": "Rummy", "rows": [
        {"player_id": bo, "name": "Bo", "rating": 1569, "games": 1, "provisional": True},
        {"player_id": al, "name": "Al", "rating": 1463, "games": 1, "provisional": True}]}]}


def test_game_types_have_tables_of_their_own_and_in_progress_games_do_not_count(api):
    league, (al, bo) = api.league(["Al", "Bo"])
    switch_ratings(api, league)
    one_hand_rummy(api, league, [al, bo], winner=al)
    api.game(league, "ramo", [al, bo])
    tables = api.ok("GET", f"/leagues/{league}/ratings")["tables"]
    assert [t["variant"] for t in tables] == ["rummy"]


def test_tied_co_winners_get_the_same_rating(api):
    league, (al, bo, cy) = api.league(["Al", "Bo", "Cy"])
    switch_ratings(api, league)
    game = api.game(league, "rummy", [al, bo, cy], options={"end": "hands", "hands": 2})
    api.ok("POST", f"/games/{game['id']}/hands", {"results": [
        result(al, {}, went_out=True), result(bo, std(5)), result(cy, std(5))]}, 201)   # Al 10
    api.ok("POST", f"/games/{game['id']}/hands", {"results": [
        result(al, std(4)), result(bo, {}, went_out=True), result(cy, std(6))]}, 201)   # Bo 10
    rows = {r["name"]: r for r in api.ok("GET", f"/leagues/{league}/ratings")["tables"][0]["rows"]}
    assert rows["Al"]["rating"] == rows["Bo"]["rating"] > 1500 > rows["Cy"]["rating"]


def test_seat_order_does_not_change_anyones_rating(api):
    ratings = []
    for seats in ((0, 1, 2), (2, 0, 1)):
        league, ids = api.league(["Al", "Bo", "Cy"], name=f"Club {seats}")
        switch_ratings(api, league)
        one_hand_rummy(api, league, [ids[i] for i in seats], winner=ids[1])
        one_hand_rummy(api, league, [ids[i] for i in reversed(seats)], winner=ids[2])
        rows = api.ok("GET", f"/leagues/{league}/ratings")["tables"][0]["rows"]
        ratings.append({r["name"]: r["rating"] for r in rows})
    assert ratings[0] == ratings[1]


def _changes(app, league: int) -> dict:
    with app.app_context():
        return {game: {p: (c.before, c.after) for p, c in by_player.items()}
                for game, by_player in service.full_replay(league).changes.items()}


def test_a_corrected_old_game_changes_the_ratings_after_it_and_only_those(app, api):
    league, (al, bo, cy) = api.league(["Al", "Bo", "Cy"])
    switch_ratings(api, league)
    first = one_hand_rummy(api, league, [al, bo], winner=al)["id"]
    second = one_hand_rummy(api, league, [al, bo, cy], winner=bo)["id"]
    third = one_hand_rummy(api, league, [bo, cy], winner=cy)["id"]
    before = _changes(app, league)
    api.ok("PUT", f"/games/{second}/hands/1", {"results": [
        result(al, std(2)), result(bo, std(2)), result(cy, {}, went_out=True)]})
    after = _changes(app, league)
    assert after[first] == before[first]
    assert after[second] != before[second] and after[third] != before[third]
    # Cy won game 2 now: the rating Cy takes into game 3 is the one game 2 left.
    assert after[third][cy][0] == after[second][cy][1] > 1500


def test_the_ratings_served_equal_a_full_replay_after_edits_undos_and_deletions(app, api):
    league, (al, bo, cy) = api.league(["Al", "Bo", "Cy"])
    switch_ratings(api, league)
    games = [one_hand_rummy(api, league, [al, bo, cy], winner=w)["id"] for w in (al, bo, al, cy)]

    def served_equals_replay():
        served = api.ok("GET", f"/leagues/{league}/ratings")
        assert api.ok("GET", f"/leagues/{league}/ratings") == served  # the kept copy, read again
        with app.app_context():
            replayed = service.full_replay(league)
        expected = {(key, pid): (skill.rating, skill.games) for key, skills in replayed.skills.items()
                    for pid, skill in skills.items()}
        assert {(t["variant"], r["player_id"]): (r["rating"], r["games"])
                for t in served["tables"] for r in t["rows"]} == expected
        return served

    first = served_equals_replay()
    api.ok("PUT", f"/games/{games[0]}/hands/1", {"results": [
        result(al, std(2)), result(bo, {}, went_out=True), result(cy, std(2))]})
    assert served_equals_replay() != first
    api.ok("DELETE", f"/games/{games[3]}/hands/1")  # the last game is in progress again
    assert sum(r["games"] for r in served_equals_replay()["tables"][0]["rows"]) == 9
    with app.app_context():
        from ramo_keeper.games.service import delete_game

        delete_game(games[1])
        db.session.commit()
    assert sum(r["games"] for r in served_equals_replay()["tables"][0]["rows"]) == 6


@pytest.mark.parametrize("role", ["viewer", "scorer"])
def test_every_member_reads_the_ratings(api, member, role):
    league, (al, bo) = api.league(["Al", "Bo"])
    switch_ratings(api, league)
    one_hand_rummy(api, league, [al, bo], winner=al)
    assert member(league, "Sam", role).ok("GET", f"/leagues/{league}/ratings")["tables"][0]["rows"][0]["rating"] == 1569


def test_renaming_a_league_refuses_a_look_alike_of_another_league_its_owner_owns(api):
    friday = api.ok("POST", "/leagues", {"name": "Friday"}, 201)["id"]
    club = api.ok("POST", "/leagues", {"name": "Club"}, 201)["id"]
    refused = api.call("PATCH", f"/leagues/{club}", {"name": "Ｆriday"})  # a full-width F
    assert refused.status_code == 409 and refused.get_json()["details"]["code"] == "conflict"
    assert {league["name"] for league in api.ok("GET", "/leagues")} == {"Friday", "Club"}
    assert api.ok("PATCH", f"/leagues/{friday}", {"name": "friday"})["name"] == "friday"  # itself, recased
