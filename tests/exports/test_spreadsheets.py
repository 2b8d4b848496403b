"""The people's files (.xlsx, docs/EXPORTS.md): a season's standings and a game's scoresheet, read back with
openpyxl. The numbers are worked out by hand from docs/RULES.md §3 (Rummy) and §5 (standings)."""

import io

import pytest
from api.helpers import result, std
from openpyxl import load_workbook

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.fixture
def season_played(api, new_web):
    """지우, Niccolò and Bo play one hand of Rummy in a season; Ann (the owner) reads the pages."""
    league, (jiu, nic, bo) = api.league(names=("지우", "Niccolò", "Bo"))
    season = api.ok("POST", f"/leagues/{league}/seasons", {"name": 'Spring "24"/../x'}, 201)
    game = api.game(league, "rummy", (jiu, nic, bo), season_id=season["id"], options={"end": "hands", "hands": 1})
    # §3: 지우 goes out; Niccolò holds 9 pips and a ten (19), Bo 4 pips and an ace (5): 지우 +24, the game ends.
    body = {"results": [result(jiu, {}, went_out=True), result(nic, std(9, 1)), result(bo, std(4, 0, 1))]}
    assert api.ok("POST", f"/games/{game['id']}/hands", body, 201)["status"] == "finished"
    owner = new_web()
    assert owner.login("Ann").status_code == 303
    return {"league": league, "season": season["id"], "game": game["id"], "owner": owner}


def download(browser, url, **kwargs):
    """A binary file, fetched with the browser's cookies (Browser.get reads every answer as text)."""
    return browser.client.get(url, **kwargs)


def workbook(response):
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.mimetype == XLSX and "attachment" in response.headers["Content-Disposition"]
    return load_workbook(io.BytesIO(response.get_data()))


def rows(sheet) -> list[list]:
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def test_the_season_spreadsheet_speaks_korean_and_keeps_numbers_numbers(season_played):
    url = f"/leagues/{season_played['league']}/seasons/{season_played['season']}/standings.xlsx"
    book = workbook(download(season_played["owner"], url, headers={"Accept-Language": "ko"}))
    standings = book.worksheets[0]
    assert standings.title == "순위표" and standings.freeze_panes == "A2"
    table = rows(standings)
    assert table[0] == ["게임", "순위", "플레이어", "리그 점수", "게임 수", "승수", "승률(%)", "평균 순위",
                        "판당 평균 점수", "합계"]
    # §5: a table of 3; 지우 1st earns round(100·2/2) = 100, Niccolò and Bo share 2nd (0 each): 50 each,
    # ranked by name then. Win % is a percentage cell (1 = 100 %).
    assert table[1] == ["러미", 1, "지우", 100, 1, 1, 1, 1, 24, 24]
    assert table[2] == ["러미", 2, "Bo", 50, 1, 0, 0, 2, 0, 0]
    assert table[3] == ["러미", 3, "Niccolò", 50, 1, 0, 0, 2, 0, 0]
    assert all(standings.cell(row=2, column=column).data_type == "n" for column in range(2, 11) if column != 3)
    assert standings["G2"].number_format == "0.0%"
    # Each column is at least as wide as its header and no wider than a screen.
    for letter in "ABCDEFGHIJ":
        assert 4 <= standings.column_dimensions[letter].width <= 50
    assert standings.column_dimensions["I"].width >= len("판당 평균 점수") * 2
    about = rows(book.worksheets[1])
    assert ["시즌", 'Spring "24"/../x'] in about and about[0] == ["항목", "내용"]


def test_the_game_spreadsheet_speaks_italian(season_played):
    url = f"/games/{season_played['game']}/scoresheet.xlsx"
    book = workbook(download(season_played["owner"], url, headers={"Accept-Language": "it"}))
    sheet = book.worksheets[0]
    assert sheet.title == "Foglio segnapunti" and sheet.freeze_panes == "A2"
    table = rows(sheet)
    header = table[0]
    assert header[:3] == ["Mano", "Mazziere", "Giocatore"] and header[-2:] == ["Punti", "Totale"]
    assert len(table) == 4  # one hand, three players
    # The first seat deals the first hand; 지우 went out with +24 (§3); the others score 0.
    by_player = {row[2]: row for row in table[1:]}
    assert by_player["지우"][:3] == [1, "지우", "지우"] and by_player["지우"][-2:] == [24, 24]
    assert by_player["Niccolò"][-2:] == [0, 0] and by_player["Niccolò"][3:6] == [9, 1, 0]
    assert all(isinstance(value, int) for value in by_player["Niccolò"][3:6])
    about = dict(rows(book.worksheets[1])[1:])
    assert about["Gioco"] == "Ramino" and about["Lega"] == "Club"
    assert about["Totale finale: 지우"] == 24 and about["Totale finale: Niccolò"] == 0
    assert any(month in about["Iniziata il"] for month in ("gennaio", "febbraio", "marzo", "aprile", "maggio",
                                                           "giugno", "luglio", "agosto", "settembre", "ottobre",
                                                           "novembre", "dicembre"))


def test_a_name_that_looks_like_a_formula_stays_text(api, new_web):
    league, ids = api.league(names=("=SUM(A1)", "-Bo"))
    game = api.game(league, "rummy", ids, options={"end": "hands", "hands": 1})
    api.ok("POST", f"/games/{game['id']}/hands", {"results": [result(ids[0], {}, went_out=True),
                                                              result(ids[1], std(3))]}, 201)
    owner = new_web()
    owner.login("Ann")
    sheet = workbook(download(owner, f"/games/{game['id']}/scoresheet.xlsx")).worksheets[0]
    names = {row[2] for row in rows(sheet)[1:]}
    assert names == {"=SUM(A1)", "-Bo"}  # as typed, in text cells: a spreadsheet runs no text cell


def test_the_file_names_are_safe(season_played):
    owner = season_played["owner"]
    season = download(owner, f"/leagues/{season_played['league']}/seasons/{season_played['season']}/standings.xlsx")
    assert season.headers["Content-Disposition"] == (
        f'attachment; filename="standings-{season_played["season"]}-Spring-24-x.xlsx"')
    game = download(owner, f"/games/{season_played['game']}/scoresheet.xlsx")
    assert game.headers["Content-Disposition"] == f'attachment; filename="game-{season_played["game"]}-scoresheet.xlsx"'


def test_a_stranger_gets_neither_file_nor_csv(season_played, make_api, new_web):
    make_api("Zed")  # an account in no league of Ann's
    stranger = new_web()
    stranger.login("Zed")
    season = f"/leagues/{season_played['league']}/seasons/{season_played['season']}"
    game = f"/games/{season_played['game']}"
    for url in (f"{season}/standings.xlsx", f"{season}/standings.csv", f"{game}/scoresheet.xlsx",
                f"{game}/scoresheet.csv"):
        assert download(stranger, url).status_code == 404, url
    anonymous = new_web()
    for url in (f"{season}/standings.xlsx", f"{game}/scoresheet.xlsx"):
        assert download(anonymous, url).status_code in (302, 303), url


def test_the_pages_link_the_spreadsheets(season_played):
    owner = season_played["owner"]
    season = f"/leagues/{season_played['league']}/seasons/{season_played['season']}"
    assert f'href="{season}/standings.xlsx"' in owner.get(season).get_data(as_text=True)
    game = f"/games/{season_played['game']}"
    assert f'href="{game}/scoresheet.xlsx"' in owner.get(game).get_data(as_text=True)
