"""The round-by-round scoresheet: JSON and CSV through the API and the pages, worked from docs/RULES.md §3."""

import csv
import io

from api.helpers import result, std

# docs/RULES.md's Rummy example: hand 1 A out (+74), hand 2 C rummy (+48), hand 3 A out (+78) = 152.
HANDS = lambda a, b, c, d: (  # noqa: E731
    {"results": [result(a, {}, went_out=True), result(b, std(10, 1, 1)), result(c, std(19)), result(d, std(4, 3))]},
    {"results": [result(a, std(4)), result(b, std(8, 0, 2)), result(c, {}, went_out=True, went_rummy=True),
                 result(d, std(0, 1))]},
    {"results": [result(a, {}, went_out=True), result(b, std(10, 3)), result(c, std(5, 2)), result(d, std(2, 1, 1))]},
)


def rummy_example(api):
    league, ids = api.league()
    game = api.game(league, "rummy", ids)
    for body in HANDS(*ids):
        api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    return league, ids, game["id"]


def test_the_json_has_one_row_per_hand_per_player_with_the_running_total(api):
    _, (a, b, c, d), game = rummy_example(api)
    sheet = api.ok("GET", f"/games/{game}/scoresheet.json")
    assert sheet["format"] == 1
    assert sheet["game"]["id"] == game and sheet["game"]["variant"] == "rummy" and sheet["game"]["name"] == "Rummy"
    assert [(p["player_id"], p["name"], p["seat"]) for p in sheet["players"]] == [
        (a, "Al", 0), (b, "Bo", 1), (c, "Cy", 2), (d, "Di", 3)]
    rows = [(r["hand"], r["dealer_id"], r["player_id"], r["score"], r["total"]) for r in sheet["rows"]]
    assert rows == [
        (1, a, a, 74, 74), (1, a, b, 0, 0), (1, a, c, 0, 0), (1, a, d, 0, 0),
        (2, b, a, 0, 74), (2, b, b, 0, 0), (2, b, c, 48, 48), (2, b, d, 0, 0),
        (3, c, a, 78, 152), (3, c, b, 0, 0), (3, c, c, 0, 48), (3, c, d, 0, 0)]
    second_b = sheet["rows"][5]
    assert second_b["cards"] == {"pips": 8, "tens": 0, "aces": 2}
    assert sheet["rows"][6]["went_out"] and sheet["rows"][6]["went_rummy"] and not sheet["rows"][6]["knocked"]
    assert not any(r["laid_down"] for r in sheet["rows"])


def test_the_csv_spreads_the_cards_into_columns(api):
    _, (a, b, c, d), game = rummy_example(api)
    response = api.get(f"/games/{game}/scoresheet.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    raw = response.get_data()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8's byte-order mark, for Excel (docs/EXPORTS.md)
    text = raw.decode("utf-8-sig")
    assert "\r\n" in text and text.count("\r\n") == 13
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0] == ["hand", "dealer_id", "dealer", "player_id", "player", "pips", "tens", "aces", "went_out",
                       "laid_down", "knocked", "went_rummy", "score", "total"]
    assert rows[2] == ["1", str(a), "Al", str(b), "Bo", "10", "1", "1", "false", "false", "false", "false", "0", "0"]
    assert rows[7] == ["2", str(b), "Bo", str(c), "Cy", "0", "0", "0", "true", "false", "false", "true", "48", "48"]
    assert rows[9] == ["3", str(c), "Cy", str(a), "Al", "0", "0", "0", "true", "false", "false", "false", "78", "152"]


def test_a_name_in_the_csv_is_guarded_against_formulas(api):
    league, ids = api.league(["=Al", "Bo"])
    game = api.game(league, "rummy", ids)
    api.ok("POST", f"/games/{game['id']}/hands", {"results": [result(ids[0], {}, went_out=True),
                                                              result(ids[1], std(3))]}, 201)
    rows = list(csv.reader(io.StringIO(api.get(f"/games/{game['id']}/scoresheet.csv").get_data().decode("utf-8-sig"),
                                       newline="")))
    assert rows[1][1:5] == [str(ids[0]), "'=Al", str(ids[0]), "'=Al"]


def test_a_game_in_progress_has_a_scoresheet_too(api):
    league, ids = api.league(["Al", "Bo"])
    game = api.game(league, "ramo", ids)
    assert api.ok("GET", f"/games/{game['id']}/scoresheet.json")["rows"] == []
    assert api.get(f"/games/{game['id']}/scoresheet.csv").get_data(as_text=True) == (
        "\ufeffhand,dealer_id,dealer,player_id,player,low,high,special,went_out,laid_down,knocked,went_rummy,score,total\r\n")


def test_outsiders_get_404(api, make_api):
    _, _, game = rummy_example(api)
    assert api.get(f"/games/{game}/scoresheet.json").status_code == 200
    eve = make_api("Eve")
    assert eve.get(f"/games/{game}/scoresheet.json").status_code == 404
    assert eve.get(f"/games/{game}/scoresheet.csv").status_code == 404


def test_words_come_in_the_readers_language_and_keys_stay_english(api, web):
    _, _, game = rummy_example(api)
    # The API speaks its request's Accept-Language, English when it asks for none (docs/API.md).
    assert api.ok("GET", f"/games/{game}/scoresheet.json", headers={"Accept-Language": "it"})["game"][
        "name"] == "Ramino"
    assert api.ok("GET", f"/games/{game}/scoresheet.json")["game"]["name"] == "Rummy"
    web.login("Ann")
    sheet = web.get(f"/games/{game}/scoresheet.json", headers={"Accept-Language": "it"}).get_json()
    assert sheet["game"]["name"] == "Ramino"
    assert [c["key"] for c in sheet["categories"]] == ["pips", "tens", "aces"]
    assert [m["key"] for m in sheet["marks"]] == ["went_out", "went_rummy"]
    assert sheet["marks"][0]["label"] != "went out"


def test_the_pages_download_and_print_the_scoresheet(api, web):
    _, _, game = rummy_example(api)
    web.login("Ann")
    page = web.get(f"/games/{game}").get_data(as_text=True)
    assert f"/games/{game}/scoresheet.csv" in page and f"/games/{game}/print" in page
    csv_page = web.get(f"/games/{game}/scoresheet.csv")
    assert csv_page.headers["Content-Disposition"] == f'attachment; filename="game-{game}-scoresheet.csv"'
    assert csv_page.get_data() == api.get(f"/games/{game}/scoresheet.csv").get_data()
    printed = web.get(f"/games/{game}/print").get_data(as_text=True)
    assert "css/print.css" in printed and "<strong>152</strong>" in printed
