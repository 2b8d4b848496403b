"""House rules created at the same moment, against a real gunicorn with several workers (SQLite or PostgreSQL).

A league holds at most 50 house rules, and no two whose names look the same (docs/API.md): neither can
an index hold alone, so both are checked under the league's lock (locks.py), where the row is made.
Each round releases its requests together from threads, each on its own connection: exactly as many
as there is room for may win, the rest are told why (422 or 409), never a 500.
"""

import itertools

import pytest
from gunicorn_server import Api, app_with_server, race

from ramo_keeper import rules
from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.house_rules.service import MAX_RULESETS_PER_LEAGUE
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import Ruleset
from ramo_keeper.text.validation import name_key

WORKERS = 4
RACERS = 8
ROOM = 4  # rulesets a league has room for when a round starts
ROUNDS = 3
OWNERS = itertools.count(1)
# One name as four requests might spell it: as typed, in capitals, with a Cyrillic "а", with a no-break space.
LOOKALIKES = ["Friday Ramo", "FRIDAY RAMO", "Friday R\u0430mo", "Friday\u00a0Ramo"]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with app_with_server(tmp_path_factory, "house_rules", WORKERS) as app:
        yield app


def league_with_tokens(app, rulesets: int) -> tuple[int, list[Api]]:
    """A new owner's league already holding `rulesets` house rules, and one API token per racer."""
    with app.app_context():
        owner = create_user(f"Owner{next(OWNERS)}", "correct horse")
        league = create_league(owner, "Friday")
        rummy = rules.VARIANTS["rummy"].definition()
        for n in range(rulesets):
            key = f"house-{league.id:04x}{n:04x}"
            db.session.add(Ruleset(key=key, league_id=league.id, name=f"Kept {n}", based_on="rummy",
                                   definition={**rummy, "key": key, "name": f"Kept {n}"}))
        tokens = [issue_token(owner) for _ in range(RACERS)]
        db.session.commit()
        return league.id, [Api(app.server, token) for token in tokens]


def names_in(app, league_id: int) -> list[str]:
    with app.app_context():
        return list(db.session.execute(db.select(Ruleset.name).filter_by(league_id=league_id)).scalars())


def test_house_rules_created_at_once_past_the_cap_leave_fifty(app):
    for round_ in range(ROUNDS):
        league_id, apis = league_with_tokens(app, MAX_RULESETS_PER_LEAGUE - ROOM)
        answers = race(RACERS, lambda i, apis=apis, league_id=league_id: apis[i].call(
            "POST", f"/leagues/{league_id}/rulesets", {"name": f"Racer {i}", "definition": {"key": "rummy"}}))
        statuses = sorted(status for status, _, _ in answers)
        assert statuses == [201] * ROOM + [422] * (RACERS - ROOM), (round_, answers)
        assert all(body["details"]["code"] == "too_many_rulesets" for status, _, body in answers if status == 422)
        assert len(names_in(app, league_id)) == MAX_RULESETS_PER_LEAGUE


def test_house_rules_named_alike_at_once_leave_one(app):
    for round_ in range(ROUNDS):
        league_id, apis = league_with_tokens(app, 0)
        names = [f"{name} {round_}" for name in LOOKALIKES]
        answers = race(len(names), lambda i, apis=apis, names=names, league_id=league_id: apis[i].call(
            "POST", f"/leagues/{league_id}/rulesets", {"name": names[i], "definition": {"key": "rummy"}}))
        statuses = sorted(status for status, _, _ in answers)
        assert statuses == [201] + [409] * (len(names) - 1), (round_, answers)
        winner = next(body for status, _, body in answers if status == 201)
        assert all(body["details"]["current"] == {"id": winner["id"], "name": winner["name"]}
                   for status, _, body in answers if status == 409), answers
        assert [name_key(n) for n in names_in(app, league_id)] == [name_key(names[0])]
