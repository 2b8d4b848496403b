"""Issue 35, item 10: after saving to an account, a quick game is one tap from home. The account's /play
starts a game in the league it last played in, its last table's players already named."""

import re

from ramo_keeper.extensions import db
from ramo_keeper.models import Game, Player, User

from .helpers import game_id_of


def _account_with_leagues(app) -> dict[str, int]:
    """Ana scores in Friday (a Rummy game: Sofia, Bo, Cy in that order, then an older roster name) and
    only views Sunday, whose game is newer: a viewer cannot start a game there."""
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.games.service import create_game
    from ramo_keeper.leagues.service import add_player, create_league
    from ramo_keeper.models import Membership

    with app.app_context():
        ana, bea = create_user("Ana", "correct horse"), create_user("Bea", "correct horse")
        friday = create_league(bea, "Friday")
        db.session.add(Membership(user=ana, league=friday, role="scorer"))
        add_player(friday, "Di")
        seats = [add_player(friday, name).id for name in ("Sofia", "Bo", "Cy")]
        db.session.flush()
        create_game(friday, bea, "rummy", seats)
        sunday = create_league(bea, "Sunday")
        db.session.add(Membership(user=ana, league=sunday, role="viewer"))
        sunday_seats = [add_player(sunday, name).id for name in ("Zed", "Yu")]
        db.session.flush()
        create_game(sunday, bea, "ramo", sunday_seats)
        db.session.commit()
        return {"friday": friday.id, "sunday": sunday.id}


def test_the_home_page_offers_a_quick_game_to_an_account_that_may_start_one(app, web):
    _account_with_leagues(app)
    web.login("Ana")
    home = web.get("/").get_data(as_text=True)
    assert re.search(r'<a href="/play" role="button"[^>]*>Quick game</a>', home)


def test_an_account_that_only_views_gets_no_quick_game(app, web, new_web):
    _account_with_leagues(app)
    bob = new_web()
    bob.register("Bob")
    assert "Quick game" not in bob.get("/").get_data(as_text=True)


def test_the_quick_game_starts_in_the_league_last_played_with_its_last_table(app, web):
    leagues = _account_with_leagues(app)
    web.login("Ana")
    page = web.get("/play").get_data(as_text=True)
    assert "<h1>Quick game</h1>" in page and "A game in Friday." in page
    assert f'href="/leagues/{leagues["friday"]}/games/new"' in page
    # The last game's players in seat order, and its game chosen.
    named = re.findall(r'name="names-(\d)" type="text" value="([^"]*)"', page)
    assert [value for _, value in named] == ["Sofia", "Bo", "Cy", ""]
    assert re.search(r'checked[^>]*value="rummy"|value="rummy"[^>]*checked', page)

    response = web.post("/play", {"variant": "rummy", "start": "1", "names-0": "Sofia", "names-1": "Bo",
                                  "names-2": "Cy", "names-3": "Di"})
    game_id = game_id_of(response)
    assert not [c for c in response.headers.getlist("Set-Cookie") if c.startswith("ramo_guest=")]
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game.league_id == leagues["friday"] and game.variant == "rummy"
        assert [s.player.name for s in game.seats] == ["Sofia", "Bo", "Cy", "Di"]
        # The roster's players, not new ones of the same names; no guest made for an account.
        assert db.session.scalar(db.select(db.func.count(Player.id)).filter_by(league_id=leagues["friday"])) == 4
        assert db.session.scalar(db.select(db.func.count(User.id)).filter_by(is_guest=True)) == 0
