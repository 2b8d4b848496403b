"""CSV, JSON and print exports of the standings: they open correctly and never run as formulas."""

import csv
import io

from ramo_keeper.extensions import db
from ramo_keeper.models import Player
from ramo_keeper.seasons.service import create_season
from ramo_keeper.seasons.standings import CSV_HEADER, season_standings, standings_csv

from .builders import OUT, PER_ROUND, build_spring, empty_ramo_hands, play, ramo

AWKWARD = ["Kim, Min", 'Say "hi"', "Line\nBreak", "=SUM(A1)", "-Neg", "+Plus", "@at", "김민준"]
GUARDED = {"=SUM(A1)", "-Neg", "+Plus", "@at"}


def awkward_season(w):
    """One eight-player Ramo game: "=SUM(A1)" goes out (−50); everyone else holds cards."""
    # Straight into the table: the forms refuse a line break in a name, but the export must survive
    # one all the same (older data, a database edited by hand).
    people = [Player(league_id=w.league.id, name=name, name_key=name.lower()) for name in AWKWARD]
    db.session.add_all(people)
    db.session.flush()
    season = create_season(w.league, "Spring, \"quoted\"")
    by_name = dict(zip(AWKWARD, people, strict=True))
    first = {p: ramo(i) for i, p in enumerate(people)}
    first[by_name["=SUM(A1)"]] = OUT
    # Scores: Kim, Min 0; Say "hi" 5; Line\nBreak 10; =SUM(A1) −50; -Neg 20; +Plus 25; @at 30; 김민준 35.
    play(w.league, w.user, "ramo", people, [first] + empty_ramo_hands(7), season, PER_ROUND)
    return season


def parse(text):
    """The rows of a CSV that starts with UTF-8's byte-order mark, as Excel needs to read 김민준 (EXPORTS.md)."""
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline="")))


def test_csv_parses_back_with_awkward_names(world):
    season = awkward_season(world)
    text = standings_csv(season_standings(season))
    rows = parse(text)
    assert tuple(rows[0]) == CSV_HEADER
    by_player = {row[2]: row for row in rows[1:]}
    assert len(by_player) == 8
    for name in AWKWARD:
        shown = "'" + name if name in GUARDED else name
        assert shown in by_player, name
    winner = by_player["'=SUM(A1)"]
    # variant, rank, player, games, wins, win_pct, avg_place, total, avg_per_hand, points
    assert winner == ["ramo", "1", "'=SUM(A1)", "1", "1", "100", "1", "-50", "-6.25", "100"]
    assert by_player["김민준"][7] == "35" and by_player["Line\nBreak"][7] == "10"
    for row in rows[1:]:
        for cell in row[3:]:
            float(cell)  # every numeric cell is a plain number


def test_csv_quotes_per_rfc_4180_and_leaves_numbers_bare(world):
    text = standings_csv(season_standings(awkward_season(world)))
    assert text.startswith("\ufeff" + ",".join(CSV_HEADER) + "\r\n")
    assert '"Kim, Min"' in text and '"Say ""hi"""' in text and '"Line\nBreak"' in text
    assert ",'=SUM(A1),1,1,100,1,-50,-6.25,100\r\n" in text
    assert "'-50" not in text and '"-50"' not in text


def test_csv_guards_tab_and_carriage_return_and_keeps_unranked_rows():
    data = {"season": {"id": 1, "name": "S"}, "tables": [{"variant": "ramo", "rows": [
        {"rank": 1, "player_id": 1, "name": "\tTab", "games": 2, "wins": 1, "win_pct": 50.0, "avg_place": 1.5,
         "total": -12, "avg_per_hand": -1.5, "points": 150}],
        "unranked": [{"rank": None, "player_id": 2, "name": "\rCR", "games": 1, "wins": 0, "win_pct": 0.0,
                      "avg_place": 2.0, "total": 3, "avg_per_hand": 0.38, "points": 0}]}]}
    rows = parse(standings_csv(data))
    assert rows[1] == ["ramo", "1", "'\tTab", "2", "1", "50", "1.5", "-12", "-1.5", "150"]
    assert rows[2] == ["ramo", "", "'\rCR", "1", "0", "0", "2", "3", "0.38", "0"]


def test_csv_download_is_utf8_text_csv(world, web):
    season = awkward_season(world)
    web.login("Owner")
    response = web.get(f"/leagues/{world.league.id}/seasons/{season.id}/standings.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv" and response.mimetype_params["charset"] == "utf-8"
    assert "attachment" in response.headers["Content-Disposition"]
    raw = response.get_data()
    assert raw.startswith(b"\xef\xbb\xbf") and not raw.startswith(b"\xef\xbb\xbf" * 2)
    rows = parse(raw.decode("utf-8"))
    assert tuple(rows[0]) == CSV_HEADER and "김민준" in {row[2] for row in rows}


def test_json_export_is_the_standings_shape(world, web):
    season = build_spring(world)
    web.login("Owner")
    response = web.get(f"/leagues/{world.league.id}/seasons/{season.id}/standings.json")
    assert response.status_code == 200 and response.is_json
    body = response.get_json()
    assert body == season_standings(season)
    assert body["season"] == {"id": season.id, "name": "Spring", "ranking": "points", "min_games": 0,
                              "is_current": False, "closed": False}
    assert [row["name"] for row in body["tables"][0]["rows"]] == ["Bo", "Cy", "Ana", "Di"]


def test_print_page_is_a_plain_table_with_print_css(world, web):
    season = build_spring(world)
    web.login("Owner")
    html = web.get(f"/leagues/{world.league.id}/seasons/{season.id}/print").get_data(as_text=True)
    assert "css/print.css" in html and 'class="standings"' in html
    assert "<svg" not in html[html.index("<main"):]  # no charts on paper (the bar's icons are not printed)
    assert "/stats" not in html  # names are not links on paper
    assert "Friday · Spring" in html
