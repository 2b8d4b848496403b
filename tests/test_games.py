"""New game, the game list, rematch, delete and the home page."""

import re

from ramo_keeper.extensions import db
from ramo_keeper.models import Game, Player


def new_game_url(table):
    return f"/leagues/{table.league_id}/games/new"


def seats_in(page: str) -> list[str]:
    return re.findall(r'<span class="seat-name">([^<]+)</span>', page)


def test_new_game_form_presets_every_option_with_its_explanation(table):
    page = table.web.get(new_game_url(table)).get_data(as_text=True)
    assert 'name="opt_progression"' in page
    assert "Each player climbs the levels alone; or everyone plays level k in hand k" in page
    assert '<option value="per_player" selected>' in page
    assert re.search(r'name="opt_allow_no_winner" [^>]* checked', page)
    assert 'value="-50"' in page
    assert "Season 1 (current)" in page


def test_seats_are_added_reordered_and_removed_by_taps(table):
    url = new_game_url(table)
    table.web.get(url)
    draft = {"variant": "ramo", "options_for": "ramo"}
    page = table.web.post(url, {**draft, "action": f"add:{table.id('C')}"}).get_data(as_text=True)
    assert seats_in(page) == ["C"]
    page = table.web.post(url, {**draft, "seat": [str(table.id("C"))], "action": f"add:{table.id('A')}"},
                          htmx=True).get_data(as_text=True)
    assert seats_in(page) == ["C", "A"] and "<html" not in page
    seats = [str(table.id("C")), str(table.id("A"))]
    page = table.web.post(url, {**draft, "seat": seats, "action": f"up:{table.id('A')}"}).get_data(as_text=True)
    assert seats_in(page) == ["A", "C"]
    page = table.web.post(url, {**draft, "seat": seats, "action": f"remove:{table.id('C')}"}).get_data(as_text=True)
    assert seats_in(page) == ["A"]


def test_a_new_player_can_be_added_inline_and_is_seated(app, table):
    url = new_game_url(table)
    table.web.get(url)
    page = table.web.post(url, {"variant": "ramo", "seat": [str(table.id("A"))], "action": "new_player",
                                "new_player": "Eve"}).get_data(as_text=True)
    assert seats_in(page) == ["A", "Eve"]
    with app.app_context():
        assert db.session.execute(db.select(Player).filter_by(name="Eve")).scalar_one()
    clash = table.web.post(url, {"variant": "ramo", "action": "new_player", "new_player": "a"})
    assert clash.status_code == 422 and "a is already on the roster." in clash.get_data(as_text=True)


def test_switching_the_game_shows_that_games_options(table):
    url = new_game_url(table)
    table.web.get(url)
    page = table.web.post(url, {"variant": "rummy", "options_for": "ramo", "opt_progression": "per_round",
                                "action": "switch"}).get_data(as_text=True)
    assert 'name="opt_ace_value"' in page and 'name="opt_progression"' not in page


def test_game_creation_errors_are_explained(table):
    url = new_game_url(table)
    table.web.get(url)
    response = table.web.post(url, {"variant": "contract", "options_for": "contract", "seat": [str(table.id("A"))],
                                    "opt_jokers": "on", "action": "create"})
    assert response.status_code == 422
    assert "Contract Rummy needs 3 to 5 players" in response.get_data(as_text=True)


def test_game_snapshots_its_options_and_season(app, table):
    game_id = table.new_game("rummy", ["A", "B"], dealer="B", ace_value=15, end="hands", hands=3)
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game.options == {"dealer_rule": "rotate", "ace_value": 15, "end": "hands", "target": 150, "hands": 3}
        assert game.season_id == table.season_id
        assert game.first_dealer_id == table.id("B")
        assert [s.player_id for s in game.seats] == [table.id("A"), table.id("B")]


def test_rematch_starts_a_new_game_with_the_same_seats_and_options(app, table):
    game_id = table.new_game("rummy", ["A", "B", "C"], end="hands", hands=1)
    table.post_hand(game_id, out="A", cards={"B": {"pips": 5}, "C": {"pips": 4}})
    page = table.web.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Rematch" in page
    response = table.web.post(f"/games/{game_id}/rematch")
    new_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    with app.app_context():
        old, new = db.session.get(Game, game_id), db.session.get(Game, new_id)
        assert [s.player_id for s in new.seats] == [s.player_id for s in old.seats]
        assert new.options == old.options and new.status == "in_progress"
        assert new.first_dealer_id == table.id("B")  # the deal moves on one seat


def test_owner_deletes_a_game_after_confirming(app, table):
    game_id = table.new_game("ramo", ["A", "B", "C"])
    confirm = table.web.get(f"/games/{game_id}/delete")
    assert "Delete game" in confirm.get_data(as_text=True)
    unconfirmed = table.web.post(f"/games/{game_id}/delete", {})
    assert unconfirmed.status_code == 303
    with app.app_context():
        assert db.session.get(Game, game_id) is not None
    assert table.web.post(f"/games/{game_id}/delete", {"confirm": "yes"}).status_code == 303
    with app.app_context():
        assert db.session.get(Game, game_id) is None


def test_scorer_cannot_delete_a_game(app, table, new_web):
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.leagues.service import join
    from ramo_keeper.models import League

    game_id = table.new_game("ramo", ["A", "B", "C"])
    with app.app_context():
        join(db.session.get(League, table.league_id), create_user("Sc", "correct horse"))
        db.session.commit()
    scorer = new_web()
    scorer.login("Sc")
    scorer.get("/")
    assert scorer.get(f"/games/{game_id}/delete").status_code == 403
    assert scorer.post(f"/games/{game_id}/delete", {"confirm": "yes"}).status_code == 403


def test_home_shows_games_in_progress_first_then_recent_results(table):
    finished = table.new_game("rummy", ["A", "B"], end="hands", hands=1)
    table.post_hand(finished, out="B", cards={"A": {"pips": 5}})
    playing = table.new_game("ramo", ["A", "B", "C"])
    page = table.web.get("/").get_data(as_text=True)
    in_progress_at = page.index("Games in progress")
    recent_at = page.index("Recent results")
    assert in_progress_at < page.index(f"/games/{playing}") < recent_at < page.index(f"/games/{finished}")
    assert "won by B" in page


def test_games_list_shows_the_leagues_games(table):
    game_id = table.new_game("contract", ["A", "B", "C"])
    page = table.web.get(f"/leagues/{table.league_id}/games").get_data(as_text=True)
    assert f"/games/{game_id}" in page and "Contract Rummy" in page


def test_a_bad_option_value_is_shown_under_that_option(table):
    url = new_game_url(table)
    table.web.get(url)
    seats = [str(table.id(n)) for n in ("A", "B", "C")]
    response = table.web.post(url, {"variant": "ramo", "options_for": "ramo", "seat": seats,
                                    "opt_progression": "per_player", "opt_winner_rule": "lowest_total",
                                    "opt_dealer_rule": "highest_total", "opt_out_bonus": "abc", "action": "create"})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    option_block = page.split('id="opt_out_bonus"')[1].split("</div>")[0]
    assert "out_bonus must be a whole number from -500 to 0" in option_block
    assert '<details class="options" open>' in page
