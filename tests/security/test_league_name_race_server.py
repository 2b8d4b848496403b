"""One owner's leagues whose names look the same, created or renamed at the same moment, against a real gunicorn.

docs/API.md: `POST /api/v1/leagues` and `PATCH /api/v1/leagues/{id}` are 409 "if the caller owns a
league whose name looks the same"; the page's form refuses the same. No unique index can hold a
rule about names that merely look alike across leagues, so the check runs under the owner's row
lock (locks.py). Each round releases its requests together from threads, each on its own
connection, on SQLite or on DATABASE_URL's PostgreSQL: exactly one may win, the rest are told why
(409 or the form's error), never a 500, and the database holds one such league.
"""

import itertools

import pytest
from gunicorn_server import Api, Phone, app_with_server, race

from ramo_keeper.accounts.service import create_user, find_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import League, Membership
from ramo_keeper.text.validation import name_key

WORKERS = 4
RACERS = 6
ROUNDS = 3
PASSWORD = "correct horse"
OWNERS = itertools.count(1)
# One name as six requests might spell it: as typed, in capitals, with a Cyrillic С, with a full-width
# Ｆ, with a non-breaking space, and in small letters.
LOOKALIKES = ["Friday Club", "FRIDAY CLUB", "Friday \u0421lub", "\uff26riday Club", "Friday\u00a0Club",
              "friday club"]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One database and one gunicorn for the whole module."""
    with app_with_server(tmp_path_factory, "leagues", WORKERS) as app:
        yield app


def new_owner(app) -> tuple[str, list[Api]]:
    """A person with one API token per racer (each request its own script)."""
    owner = f"Owner{next(OWNERS)}"
    with app.app_context():
        user = create_user(owner, PASSWORD)
        tokens = [issue_token(user) for _ in range(RACERS)]
        db.session.commit()
    return owner, [Api(app.server, token) for token in tokens]


def owned_like(app, owner: str, name: str) -> list[str]:
    """The names of the owner's leagues that look the same as `name`."""
    with app.app_context():
        user = find_user(owner)
        names = db.session.execute(db.select(League.name).join(Membership).where(
            Membership.user_id == user.id, Membership.role == "owner")).scalars()
        return [taken for taken in names if name_key(taken) == name_key(name)]


def assert_one_winner(answers, created: int, refused: int) -> None:
    statuses = sorted(status for status, *_ in answers)
    assert 500 not in statuses, answers
    assert statuses == [created] + [refused] * (RACERS - 1), statuses


def test_one_owner_creating_look_alike_leagues_at_once_through_the_api_gets_one(app):
    for round_ in range(ROUNDS):
        owner, apis = new_owner(app)
        names = [f"{name} {round_}" for name in LOOKALIKES]
        answers = race(RACERS, lambda i, names=names, apis=apis: apis[i].call("POST", "/leagues", {"name": names[i]}))
        assert_one_winner(answers, 201, 409)
        winner = next(body for status, _, body in answers if status == 201)
        assert all(body["details"] == {"code": "conflict", "field": "name", "current": winner}
                   for status, _, body in answers if status == 409), answers
        assert owned_like(app, owner, names[0]) == [winner["name"]]


def test_one_owner_creating_look_alike_leagues_at_once_on_the_page_gets_one(app):
    for round_ in range(ROUNDS):
        owner, _ = new_owner(app)
        phones = [Phone(app.server, owner, PASSWORD) for _ in range(RACERS)]
        for phone in phones:
            assert phone.get("/leagues")[0] == 200
        names = [f"{name} {round_}" for name in LOOKALIKES]
        answers = race(RACERS, lambda i, names=names, phones=phones: phones[i].post("/leagues", {"name": names[i]}))
        assert_one_winner(answers, 303, 422)
        assert all("a league you already own" in page or "You already own a league called" in page
                   for status, _, page in answers if status == 422), [status for status, *_ in answers]
        assert len(owned_like(app, owner, names[0])) == 1


def test_renaming_an_owners_leagues_to_look_alike_names_at_once_leaves_one(app):
    for round_ in range(ROUNDS):
        owner, apis = new_owner(app)
        with app.app_context():
            user = find_user(owner)
            league_ids = [create_league(user, f"League {n}").id for n in range(RACERS)]
            db.session.commit()
        names = [f"{name} {round_}" for name in LOOKALIKES]
        answers = race(RACERS, lambda i, names=names, apis=apis, ids=league_ids: apis[i].call(
            "PATCH", f"/leagues/{ids[i]}", {"name": names[i]}))
        assert_one_winner(answers, 200, 409)
        assert len(owned_like(app, owner, names[0])) == 1
