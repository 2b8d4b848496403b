"""Several guests saved into one league at the same moment, against a real gunicorn (issue 34, finding 1).

Each guest's season moves into the league as a season of its own; the second one saved used to want
"Season 1 (as guest)" too and the move was a 500 (the unique index on the league's season names).
The free name is chosen under the league's lock (guests/move.py), so however the moves interleave
each takes a name of its own: "Season 1 (as guest)", "Season 1 (as guest 2)"… Each phone plays as a
guest, logs in to the same account, and taps "Move" at once with the others, on SQLite or on
DATABASE_URL's PostgreSQL: every move succeeds, no game is lost, never a 500.
"""

import pytest
from gunicorn_server import Visitor, app_with_server, race

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import Game, Season, User

WORKERS = 3
RACERS = 4
PASSWORD = "correct horse"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with app_with_server(tmp_path_factory, "guestmoves", WORKERS) as app:
        yield app


def guest_logged_in_as(server, account: str) -> Visitor:
    """A phone that played one game as a guest, then logged in to the account (keeping its guest cookie)."""
    phone = Visitor(server)
    assert phone.get("/play")[0] == 200
    played, _, page = phone.post("/play", {"variant": "rummy", "start": "1", "names-0": "Al", "names-1": "Bo",
                                           "names-2": "", "names-3": ""})
    assert played == 303, page
    phone.get("/login")
    assert phone.post("/login", {"username": account, "password": PASSWORD})[0] == 303
    assert phone.get("/guest/save")[0] == 200
    return phone


def test_guests_saved_into_one_league_at_once_each_get_a_season_of_their_own(app):
    with app.app_context():
        friday = create_league(create_user("Ana", PASSWORD), "Friday")
        db.session.commit()
        league_id = friday.id
    phones = [guest_logged_in_as(app.server, "Ana") for _ in range(RACERS)]

    answers = race(RACERS, lambda i: phones[i].post("/guest/move", {"league": str(league_id)}))

    assert [status for status, *_ in answers] == [303] * RACERS, [(s, page[-400:]) for s, _, page in answers]
    with app.app_context():
        names = set(db.session.execute(db.select(Season.name).filter_by(league_id=league_id)).scalars())
        moved_games = db.session.execute(db.select(db.func.count(Game.id)).filter_by(league_id=league_id)).scalar()
        guests_left = db.session.execute(db.select(db.func.count(User.id)).filter_by(is_guest=True)).scalar()
    assert names == {"Season 1", "Season 1 (as guest)",
                     *(f"Season 1 (as guest {number})" for number in range(2, RACERS + 1))}
    assert (moved_games, guests_left) == (RACERS, 0)
