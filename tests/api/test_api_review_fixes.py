"""Contract details settled after review: level and rank semantics, idempotent spelling, closed seasons."""

from .helpers import result


def ramo_hand(ids, out, laid=(), cards=None):
    cards = cards or {}
    return {"results": [result(p, cards.get(p, {}), went_out=p == out, laid_down=p in laid) for p in ids]}


def test_level_is_null_once_the_game_is_over(api):
    league, ids = api.league(names=("Al", "Bo"))
    game = api.game(league, "rummy", ids, options={"end": "hands", "hands": 1})
    shown = api.ok("POST", f"/games/{game['id']}/hands",
                   {"results": [result(ids[0], {}, went_out=True), result(ids[1], {"pips": 5})]}, 201)
    assert shown["status"] == "finished"
    assert [p["level"] for p in shown["players"]] == [None, None]


def test_rank_is_by_total_even_when_the_completers_rule_decides_the_winner(api):
    league, ids = api.league(names=("Al", "Bo", "Cy"))
    game = api.game(league, "ramo", ids, options={"winner_rule": "completers"})
    # Cy goes out of hands 1–7 (−350, climbs to level 8); Al lays down every hand holding one high card
    # (10 each) and goes out of hand 8, completing level 8 first: Al 7×10 − 50 = 20, Bo 0, Cy −350.
    for _ in range(7):
        api.ok("POST", f"/games/{game['id']}/hands",
               ramo_hand(ids, ids[2], laid=(ids[0],), cards={ids[0]: {"high": 1}}), 201)
    final = api.ok("POST", f"/games/{game['id']}/hands", ramo_hand(ids, ids[0], cards={ids[2]: {"high": 1}}), 201)
    # Cy held one high card in hand 8: Cy −350 + 10 = −340 and Cy did not lay down level 8.
    assert final["status"] == "finished" and [p["total"] for p in final["players"]] == [20, 0, -340]
    assert final["winner_ids"] == [ids[0]]
    assert [p["rank"] for p in final["players"]] == [3, 2, 1]     # by total, lowest first
    assert [p["place"] for p in final["players"]][0] == 1          # Al completed: first place


def test_a_retry_spelling_zero_counts_out_is_the_same_hand(api):
    league, ids = api.league(names=("Al", "Bo", "Cy"))
    game = api.game(league, "ramo", ids)
    terse = ramo_hand(ids, ids[0], cards={ids[1]: {"low": 2}})
    spelled = ramo_hand(ids, ids[0], cards={ids[0]: {"low": 0, "high": 0, "special": 0},
                                              ids[1]: {"low": 2, "high": 0}, ids[2]: {"special": 0}})
    first = api.post(f"/games/{game['id']}/hands", terse, headers={"Idempotency-Key": "t1"})
    again = api.post(f"/games/{game['id']}/hands", spelled, headers={"Idempotency-Key": "t1"})
    assert first.status_code == again.status_code == 201
    assert again.get_json()["hand_count"] == 1


def test_games_of_a_closed_season_cannot_change(api):
    league, ids = api.league(names=("Al", "Bo"))
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Done"}, 201)
    game = api.game(league, "rummy", ids, season_id=season["id"], options={"end": "hands", "hands": 1})
    body = {"results": [result(ids[0], {}, went_out=True), result(ids[1], {"pips": 5})]}
    api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    with api.app.app_context():
        from ramo_keeper.extensions import db
        from ramo_keeper.models import Season
        from ramo_keeper.seasons.service import close

        close(db.session.get(Season, season["id"]))
        db.session.commit()
    for response in (api.delete(f"/games/{game['id']}/hands/1"), api.put(f"/games/{game['id']}/hands/1", body)):
        assert response.status_code == 409
        assert "Done is closed" in response.get_json()["error"]
    assert api.ok("GET", f"/games/{game['id']}")["status"] == "finished"
