"""Two phones racing for one seat (issue 21), against a real gunicorn with several workers, on SQLite
or on DATABASE_URL's PostgreSQL: exactly one phone gets the seat, the others are told it is held
(409, never a 500), and the database holds one seat row."""

import itertools

import pytest
from gunicorn_server import Phone, Visitor, app_with_server, race

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import PhoneSeat

WORKERS = 4
RACERS = 4
ROUNDS = 3
PASSWORD = "correct horse"
OWNERS = itertools.count(1)



@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One database and one gunicorn for the whole module."""
    with app_with_server(tmp_path_factory, "seats", WORKERS) as app:
        yield app


def new_game(app) -> tuple[str, int, list[int], str]:
    """A Ramo game of A, B, C whose live link's phones may count their own cards."""
    from ramo_keeper.games import service
    from ramo_keeper.games.drafts.seats import allow_live_counting

    owner = f"Owner{next(OWNERS)}"
    with app.app_context():
        user = create_user(owner, PASSWORD)
        league = create_league(user, "Friday")
        players = [add_player(league, name).id for name in ("A", "B", "C")]
        db.session.flush()
        game = service.create_game(league, user, "ramo", players)
        token = service.share(game.id)
        allow_live_counting(game.id, True)
        db.session.commit()
        return owner, game.id, players, token


def seats_of(app, game_id: int, player_id: int) -> int:
    with app.app_context():
        return db.session.execute(db.select(db.func.count(PhoneSeat.id)).where(
            PhoneSeat.game_id == game_id, PhoneSeat.player_id == player_id)).scalar_one()


def test_live_link_phones_racing_for_one_seat_leave_one_holder(app):
    for _ in range(ROUNDS):
        _, game_id, players, token = new_game(app)
        phones = [Visitor(app.server) for _ in range(RACERS)]
        for phone in phones:
            assert phone.get(f"/live/{token}")[0] == 200
        answers = race(RACERS, lambda i, phones=phones, token=token, player=players[0]: phones[i].post(
            f"/live/{token}/seat", {"player_id": str(player)}))
        statuses = sorted(status for status, _, _ in answers)
        assert statuses == [303] + [409] * (RACERS - 1), [(status, body[-400:]) for status, _, body in answers]
        assert all("seat" in body and "held by" in body or "same moment" in body
                   for status, _, body in answers if status == 409)
        assert seats_of(app, game_id, players[0]) == 1


def test_members_phones_racing_for_one_seat_leave_one_holder(app):
    for _ in range(ROUNDS):
        owner, game_id, players, _ = new_game(app)
        phones = [Phone(app.server, owner, PASSWORD) for _ in range(RACERS)]
        for phone in phones:
            assert phone.get(f"/games/{game_id}")[0] == 200
        answers = race(RACERS, lambda i, phones=phones, game_id=game_id, player=players[1]: phones[i].post(
            f"/games/{game_id}/seat", {"player_id": str(player)}))
        statuses = sorted(status for status, _, _ in answers)
        assert statuses == [303] + [409] * (RACERS - 1), [(status, body[-400:]) for status, _, body in answers]
        assert seats_of(app, game_id, players[1]) == 1
