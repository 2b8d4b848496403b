"""Two owners changing each other at the same moment, on a real gunicorn.

An attack run ("No data lost, round two") found, on PostgreSQL:
- A owns a league and makes B owner. At the same moment A makes B a viewer and B makes A a viewer:
  both succeeded and the league had no owner. The same with two removals left it with no members,
  and nobody could reach it again.

Each round releases its requests together from threads, each on its own connection, on SQLite or on
DATABASE_URL's PostgreSQL. Afterwards every league has an owner, every request answered as done was
done, and every other one was told why (the page's message, or the access check's 403/404), never a 500.
"""

import html
import itertools
import re

import pytest
from gunicorn_server import Phone, app_with_server, race

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league, join
from ramo_keeper.models import Membership, User

WORKERS = 3
ROUNDS = 6
PASSWORD = "correct horse"
PEOPLE = itertools.count(1)

NEEDS_AN_OWNER = "A league needs at least one owner: make someone else owner first."
NO_LONGER_OWNER = "You are no longer an owner of {league}: nothing was changed."
# What the access check answers a request that arrives after the other one was saved.
NOT_OWNER_PAGE = "Only the league's owner can do that."
NOT_MEMBER_PAGE = "There is nothing here, or it belongs to a league you are not in."
FLASH = re.compile(r'<p class="flash flash-\w+">(.*?)</p>', re.S)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One database and one gunicorn (three workers, as in the attack) for the whole module."""
    env = {"REGISTRATIONS_PER_ADDRESS": "1000"}
    with app_with_server(tmp_path_factory, "members", WORKERS, env) as app:
        yield app


def two_owners(app, round_: int) -> tuple[int, dict[str, int]]:
    """A new league owned by two new people; their membership ids by name."""
    names = [f"Owner{next(PEOPLE)}" for _ in range(2)]
    with app.app_context():
        first, second = (create_user(name, PASSWORD) for name in names)
        league = create_league(first, f"Friday {round_}")
        join(league, second, "owner")
        db.session.commit()
        return league.id, {m.user.username: m.id for m in league.memberships}


def roles(app, league_id: int) -> dict[str, str]:
    with app.app_context():
        return dict(db.session.execute(db.select(User.username, Membership.role).join(Membership.user)
                                       .where(Membership.league_id == league_id)).all())


def what_they_were_told(phone: Phone, answer) -> str:
    """The page the person ends up on: the error page itself, or where the redirect leads (its flashes)."""
    status, headers, page = answer
    if status == 303:
        status, page = phone.get(headers["Location"].split("#")[0])
        assert status == 200, (headers["Location"], status)
    return html.unescape(page)


def refused(page: str, league_name: str) -> bool:
    flashes = " ".join(FLASH.findall(page)) or page
    return any(message in flashes for message in (
        NEEDS_AN_OWNER, NO_LONGER_OWNER.format(league=league_name), NOT_OWNER_PAGE, NOT_MEMBER_PAGE))


def owners_race(app, action: str, target_of):
    """Each round, two owners of a new league act at once, each on the membership target_of(me, other)."""
    for round_ in range(ROUNDS):
        league_id, ids = two_owners(app, round_)
        names = list(ids)
        phones = [Phone(app.server, name, PASSWORD) for name in names]
        for phone in phones:
            assert phone.get(f"/leagues/{league_id}")[0] == 200
        targets = [target_of(names[i], names[1 - i]) for i in range(2)]
        answers = race(2, lambda i, phones=phones, targets=targets, ids=ids, league_id=league_id: phones[i].post(
            f"/leagues/{league_id}/members/{ids[targets[i]]}/{action}", {"role": "viewer"} if action == "role" else {}))
        statuses = [status for status, _, _ in answers]
        assert all(status in (303, 403, 404) for status in statuses), statuses
        after = roles(app, league_id)
        assert list(after.values()).count("owner") == 1, (round_, statuses, after)
        # Exactly one of the two changes was made; the other person was told why nothing changed.
        changed = [after.get(target) != "owner" for target in targets]
        assert changed.count(True) == 1, (round_, statuses, after)
        loser = changed.index(False)
        told = what_they_were_told(phones[loser], answers[loser])
        assert refused(told, f"Friday {round_}"), (round_, statuses, FLASH.findall(told) or told[:300])
        assert statuses[1 - loser] == 303, (round_, statuses)


def test_two_owners_making_each_other_viewers_at_once_leave_one_owner(app):
    owners_race(app, "role", lambda me, other: other)


def test_two_owners_making_themselves_viewers_at_once_leave_one_owner(app):
    owners_race(app, "role", lambda me, other: me)


def test_two_owners_removing_each_other_at_once_leave_one_owner(app):
    owners_race(app, "remove", lambda me, other: other)


def test_two_owners_leaving_at_once_leave_one_owner(app):
    owners_race(app, "remove", lambda me, other: me)
