"""Set a table up directly in the database, then log in through the browser: tests that are about
what happens at the table start on the game page."""

from playwright.sync_api import expect

from ramo_keeper.extensions import db

PASSWORD = "correct horse"


def seat_game(app, variant: str, names: list[str], owner: str = "Ana", **options) -> tuple[int, dict[str, int]]:
    """A league owned by `owner`, the players in seat order (the first deals), and a new game."""
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.games.service import create_game
    from ramo_keeper.leagues.service import add_player, create_league

    with app.app_context():
        user = create_user(owner, PASSWORD)
        league = create_league(user, "Friday")
        ids = {name: add_player(league, name).id for name in names}
        db.session.flush()
        game = create_game(league, user, variant, list(ids.values()), options=options or None)
        db.session.commit()
        return game.id, ids


def add_member(app, game_id: int, name: str, role: str = "scorer") -> None:
    """Another account in the game's league (a second phone at the table)."""
    from ramo_keeper.accounts.service import create_user
    from ramo_keeper.models import Game, Membership

    with app.app_context():
        user = create_user(name, PASSWORD)
        league_id = db.session.get(Game, game_id).league_id
        db.session.add(Membership(user_id=user.id, league_id=league_id, role=role))
        db.session.commit()


def log_in(page, base: str, name: str = "Ana") -> None:
    page.goto(base + "/login")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name=name)).to_be_visible()


def hands_recorded(app, game_id: int) -> int:
    from ramo_keeper.models import Hand

    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(Hand).filter_by(game_id=game_id))
