"""The new-game form is a WTForms form: a game, season, dealer or seat it does not offer is an error
under its field (never a silent default), and the draft's taps change nothing in the database."""

import html
import re

import pytest

from ramo_keeper.extensions import db
from ramo_keeper.models import Game, Player


def url(table) -> str:
    return f"/leagues/{table.league_id}/games/new"


def create(table, **changes):
    data = {"variant": "rummy", "options_for": "rummy", "seat": [str(table.id("A")), str(table.id("B"))],
            "first_dealer_id": str(table.id("A")), "season_id": str(table.season_id), "action": "create",
            "opt_ace_value": "1", "opt_end": "target", "opt_target": "150", "opt_hands": "10",
            "opt_dealer_rule": "rotate", **changes}
    table.web.get(url(table))
    return table.web.post(url(table), data)


def error_after(page: str, field_id: str) -> list[str]:
    """The error messages shown between a field and the next label."""
    block = page.split(f'id="{field_id}"', 1)[1].split("<label", 1)[0]
    return re.findall(r'class="field-error"[^>]*>([^<]+)<', block)


def game_count(app) -> int:
    with app.app_context():
        return db.session.execute(db.select(db.func.count(Game.id))).scalar()


@pytest.mark.parametrize("field, value, message", [
    ("variant", "poker", "There is no game called 'poker': pick one from the list."),
    ("season_id", "99999", "That season is not open in this league: pick one from the list."),
    ("first_dealer_id", "99999", "Pick the first dealer from the players at the table."),
    ("first_dealer_id", "abc", "Pick the first dealer from the players at the table."),
    ("seat", ["99999"], "Player '99999' is not on this league's roster: tap the players below."),
])
def test_an_unknown_choice_is_an_error_under_its_field_and_starts_nothing(app, table, field, value, message):
    response = create(table, **{field: value})
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    if field == "seat":
        assert message in page.split('class="seat-list"')[0].split("<legend>")[1]
    else:
        assert error_after(page, field) == [message]
    assert game_count(app) == 0


def test_a_closed_season_is_not_offered_and_not_accepted(app, table):
    from ramo_keeper.models import Season
    from ramo_keeper.seasons.service import close

    with app.app_context():
        close(db.session.get(Season, table.season_id))
        db.session.commit()
    assert f'<option value="{table.season_id}"' not in table.web.get(url(table)).get_data(as_text=True)
    response = create(table)
    assert response.status_code == 422 and game_count(app) == 0


def test_a_bad_choice_option_is_an_error_under_that_option(app, table):
    page = create(table, opt_end="never").get_data(as_text=True)
    assert error_after(page, "opt_end") == ["Not a valid choice."]
    assert game_count(app) == 0


def test_no_season_means_a_friendly_game_and_a_missing_season_means_the_current_one(app, table):
    friendly = create(table, season_id="")
    missing = create(table, season_id=None)
    with app.app_context():
        games = [db.session.get(Game, int(r.headers["Location"].rsplit("/", 1)[-1])) for r in (friendly, missing)]
        assert [g.season_id for g in games] == [None, table.season_id]


def test_a_missing_dealer_means_the_first_seat(app, table):
    response = create(table, first_dealer_id=None, seat=[str(table.id("B")), str(table.id("A"))])
    with app.app_context():
        game = db.session.get(Game, int(response.headers["Location"].rsplit("/", 1)[-1]))
        assert game.first_dealer_id == table.id("B")


def test_seat_taps_write_nothing_and_a_removed_dealer_passes_to_the_first_seat(app, table):
    table.web.get(url(table))
    seats = [str(table.id(n)) for n in ("A", "B", "C")]
    page = table.web.post(url(table), {"variant": "ramo", "options_for": "ramo", "seat": seats,
                                       "first_dealer_id": str(table.id("C")),
                                       "action": f"remove:{table.id('C')}"}).get_data(as_text=True)
    assert re.findall(r'<span class="seat-name">([^<]+)</span>', page) == ["A", "B"]
    dealer = page.split('id="first_dealer_id"')[1].split("</select>")[0]
    assert re.findall(r'<option value="(\d+)" selected>', dealer) == [str(table.id("A"))]
    with app.app_context():
        assert game_count(app) == 0 and db.session.execute(db.select(db.func.count(Player.id))).scalar() == 4


def test_a_too_long_new_player_name_is_refused_under_the_field(app, table):
    table.web.get(url(table))
    response = table.web.post(url(table), {"variant": "ramo", "action": "new_player", "new_player": "x" * 41})
    assert response.status_code == 422
    assert "Names are at most 40 characters." in response.get_data(as_text=True).split('id="new_player"')[1]
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(Player.id))).scalar() == 4


def test_the_draft_module_neither_commits_nor_adds_players():
    import ast
    from pathlib import Path

    source = Path("ramo_keeper/games/new_game_taps.py").read_text()
    names = {node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
             for node in ast.walk(ast.parse(source))}
    assert not names & {"commit", "add_player", "session", "db", "create_game"}
