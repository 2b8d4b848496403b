"""Season standings through the API: JSON per docs/RULES.md §5 and a spreadsheet-safe CSV."""

import csv
import io

from .helpers import ramo, result, std


def rummy_example_in_a_season(api):
    """docs/RULES.md's Rummy example (A 152, B 0, C 48, D 0) played in a new season."""
    league, ids = api.league()
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Spring"}, 201)
    a, b, c, d = ids
    game = api.game(league, "rummy", ids, season_id=season["id"])
    for body in (
        {"results": [result(a, {}, went_out=True), result(b, std(10, 1, 1)), result(c, std(19)), result(d, std(4, 3))]},
        {"results": [result(a, std(4)), result(b, std(8, 0, 2)), result(c, {}, went_out=True, went_rummy=True),
                     result(d, std(0, 1))]},
        {"results": [result(a, {}, went_out=True), result(b, std(10, 3)), result(c, std(5, 2)),
                     result(d, std(2, 1, 1))]},
    ):
        api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    return season, ids


def test_standings_rank_by_league_points_scaled_to_table_size(api):
    season, (a, b, c, d) = rummy_example_in_a_season(api)
    standings = api.ok("GET", f"/seasons/{season['id']}/standings")
    assert standings["season"]["id"] == season["id"] and standings["season"]["name"] == "Spring"
    [table] = standings["tables"]
    assert table["variant"] == "rummy"
    rows = {row["player_id"]: row for row in table["rows"]}
    assert [row["player_id"] for row in table["rows"]] == [a, c, b, d]
    assert {pid: rows[pid]["points"] for pid in rows} == {a: 100, c: 67, b: 33, d: 33}
    # Bo and Di tie on points (33), wins (0) and average (0): the name, the last key, puts Bo first.
    assert [row["rank"] for row in table["rows"]] == [1, 2, 3, 4]
    first = rows[a]
    assert (first["games"], first["wins"], first["win_pct"], first["avg_place"], first["total"]) == (1, 1, 100, 1, 152)
    assert first["avg_per_hand"] == 50.67 and first["name"] == "Al"
    assert rows[b]["avg_place"] == 3 and rows[b]["wins"] == 0 and rows[b]["win_pct"] == 0


def test_an_unfinished_game_is_not_in_the_standings(api):
    league, ids = api.league()
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Spring"}, 201)
    api.game(league, "ramo", ids, season_id=season["id"])
    assert api.ok("GET", f"/seasons/{season['id']}/standings")["tables"] == []


def test_the_csv_has_the_contract_header_and_one_row_per_table_row(api):
    season, _ = rummy_example_in_a_season(api)
    response = api.get(f"/seasons/{season['id']}/standings.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.get_data().startswith(b"\xef\xbb\xbf")  # the byte-order mark Excel needs
    text = response.get_data().decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["variant", "rank", "player", "games", "wins", "win_pct", "avg_place", "total",
                       "avg_per_hand", "points"]
    assert rows[1][:3] == ["rummy", "1", "Al"] and rows[1][-1] == "100" and len(rows) == 5


def test_csv_text_cells_cannot_run_as_formulas_but_negative_numbers_stay_numbers(api):
    league, ids = api.league(names=("=SUM(A1)", "-Bo"))
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": "Spring"}, 201)
    game = api.game(league, "ramo", ids, season_id=season["id"], options={"progression": "per_round"})
    body = {"results": [result(ids[0], {}, went_out=True), result(ids[1], ramo(1), laid_down=True)]}
    for _ in range(8):
        last = api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    assert last["status"] == "finished"
    text = api.get(f"/seasons/{season['id']}/standings.csv").get_data().decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert [row[2] for row in rows[1:]] == ["'=SUM(A1)", "'-Bo"]
    assert rows[1][7] == "-400" and rows[2][7] == "40"
