"""Season standings and player statistics name each game in the reader's language (issue 10).

The standings and statistics dictionaries keep the games' English names for the API and the CSV;
the pages translate them. Expected words are typed from the glossary (translations/README.md).
"""

import pytest


@pytest.fixture
def finished(table):
    """A Rummy game to 20 points, won by B in one hand, in the league's current season."""
    game_id = table.new_game("rummy", ["A", "B", "C"], target=20)
    table.post_hand(game_id, out="B", cards={"A": {"pips": 12}, "C": {"pips": 9}})  # B takes 21: over
    return table


@pytest.mark.parametrize("language, heading, caption, chart", [
    ("ko", '<h2 id="standings-rummy">러미</h2>', "러미 순위표, ", "리그 점수 · 러미"),
    ("it", '<h2 id="standings-rummy">Ramino</h2>', "Classifica Ramino, ", "Punti lega · Ramino"),
])
def test_the_season_page_names_its_games_in_the_readers_language(finished, language, heading, caption, chart):
    page = finished.web.get(f"/leagues/{finished.league_id}/seasons/{finished.season_id}",
                            headers={"Accept-Language": language}).get_data(as_text=True)
    assert heading in page and caption in page and chart in page
    assert "Rummy" not in page


@pytest.mark.parametrize("language, game", [("ko", "러미"), ("it", "Ramino")])
def test_player_statistics_name_their_games_in_the_readers_language(finished, language, game):
    page = finished.web.get(f"/leagues/{finished.league_id}/players/{finished.id('B')}/stats",
                            headers={"Accept-Language": language}).get_data(as_text=True)
    assert f'<th scope="row">{game}</th>' in page and f"<strong>{game}</strong>" in page
    assert "Rummy" not in page


def test_the_standings_csv_keeps_the_contract_names(finished):
    csv = finished.web.get(f"/leagues/{finished.league_id}/seasons/{finished.season_id}/standings.csv",
                           headers={"Accept-Language": "ko"})
    assert csv.status_code == 200 and "rummy" in csv.get_data(as_text=True).lower()
