"""A closed season's games are final on the pages too; absurd ids are plain 404s."""

import pytest

from ramo_keeper.extensions import db
from ramo_keeper.models import Season
from ramo_keeper.seasons.service import close


def test_a_closed_seasons_game_cannot_be_edited_undone_or_deleted(table):
    game = table.new_game("rummy", ["A", "B"], end="hands", hands=1)
    table.post_hand(game, out="A", cards={"B": {"pips": 9}})
    with table.app.app_context():
        close(db.session.get(Season, table.season_id))
        db.session.commit()
    table.web.get(f"/games/{game}")
    edit = table.web.post(f"/games/{game}/hands/1", table.hand_data(out="B", cards={"A": {"pips": 4}}))
    assert edit.status_code == 409 and "Season 1 is closed" in edit.get_data(as_text=True)
    undo = table.web.undo(game, htmx=True)
    assert "Season 1 is closed" in undo.get_data(as_text=True)
    table.web.post(f"/games/{game}/delete", {"confirm": "yes"})
    assert table.totals(game) == {"A": 9, "B": 0} and table.state(game).finished


@pytest.mark.parametrize("path", [
    "/leagues/99999999999999999999/seasons",
    "/leagues/{league}/seasons/9223372036854775808/print",
    "/leagues/{league}/players/99999999999999999999/stats",
    "/leagues/{league}/players/{player}/stats?season=99999999999999999999",
    "/leagues/{league}/players/{player}/stats?season=abc",
    "/games/99999999999999999999",
])
def test_absurd_ids_are_not_found(table, path):
    url = path.format(league=table.league_id, player=table.id("A"))
    assert table.web.get(url).status_code == 404
