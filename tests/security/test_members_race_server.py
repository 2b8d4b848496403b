"""Two owners changing each other at the same moment, and a guest's move against joins, on a real gunicorn.

An attack run ("No data lost, round two") found, on PostgreSQL:
- A owns a league and makes B owner. At the same moment A makes B a viewer and B makes A a viewer:
  both succeeded and the league had no owner. The same with two removals left it with no members,
  and nobody could reach it again.
- A guest alone in its league, with an invite link out; another account logged in on the guest's
  browser moved its games into a new league while two friends joined: all three succeeded, and the
  league was deleted with the friends' memberships.

Each round releases its requests together from threads, each on its own connection, on SQLite or on
DATABASE_URL's PostgreSQL. Afterwards every league has an owner, every request answered as done was
done, and every other one was told why (the page's message, or the access check's 403/404), never a 500.
"""

import html
import itertools
import re
import time

import pytest
from gunicorn_server import Phone, Visitor, app_with_server, race
from itsdangerous import URLSafeSerializer

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.guests.cookie import COOKIE
from ramo_keeper.leagues.service import create_league, join, new_invite
from ramo_keeper.models import Game, League, Membership, User

WORKERS = 3
ROUNDS = 6
# How long the joins wait after the move is sent, round by round: they land at different points of it.
JOIN_DELAYS = (0, 0.01, 0.02, 0.03, 0.05, 0.08)
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
    env = {"REGISTRATIONS_PER_ADDRESS": "1000", "GUEST_CREATE_LIMIT": "1000"}
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


# --- a guest's move against joins ---------------------------------------------------------------------

def guest_with_invite(app, server) -> tuple[Visitor, int, int, str]:
    """A browser that played a game as a guest; the guest's league (its only member) has an invite link out."""
    browser = Visitor(server)
    browser.get("/play")
    status, headers, _ = browser.post("/play", {"variant": "rummy", "start": "1", "names-0": "Ann", "names-1": "Bob",
                                                "names-2": "", "names-3": ""})
    assert status == 303, status
    game_id = int(headers["Location"].rstrip("/").split("/")[-1])
    with app.app_context():
        league = db.session.get(Game, game_id).league
        token = new_invite(league).token
        db.session.commit()
        # The answer set two cookies and the client keeps one per answer (the session): the browser's
        # guest cookie is signed here as the answer signed it.
        guest = league.memberships[0].user
        browser.cookies[COOKIE] = URLSafeSerializer("test-secret", salt="ramo-keeper-guest").dumps(guest.username_key)
        return browser, league.id, game_id, token


def accounts(app, count: int) -> list[str]:
    names = [f"Friend{next(PEOPLE)}" for _ in range(count)]
    with app.app_context():
        for name in names:
            create_user(name, PASSWORD)
        db.session.commit()
    return names


def test_a_guest_moved_while_friends_join_its_league_never_takes_their_memberships(app):
    server = app.server
    for round_ in range(ROUNDS):
        browser, league_id, game_id, token = guest_with_invite(app, server)
        mover, *friends = accounts(app, 3)
        # Another account logs in on the guest's browser (the guest's cookie stays) and opens "Save".
        browser.get("/login")
        assert browser.post("/login", {"username": mover, "password": PASSWORD})[0] == 303
        assert browser.get("/guest/save")[0] == 200
        phones = [Phone(server, friend, PASSWORD) for friend in friends]
        for phone in phones:
            assert phone.get(f"/join/{token}")[0] == 200
        delay = JOIN_DELAYS[round_ % len(JOIN_DELAYS)]

        def job(i, phones=phones, browser=browser, token=token, delay=delay):
            if i == 0:
                return browser.post("/guest/move", {"league": "new"})
            time.sleep(delay)
            return phones[i - 1].post(f"/join/{token}", {})

        move, *joins = race(3, job)
        assert move[0] in (303, 422) and all(status in (303, 404) for status, _, _ in joins), \
            (round_, move[0], [j[0] for j in joins])
        with app.app_context():
            league = db.session.get(League, league_id)
            joined = set(db.session.execute(db.select(User.username).join(Membership.user).where(
                Membership.league_id == league_id, User.username.in_(friends))).scalars())
            game_league = db.session.get(Game, game_id).league_id
            owners = db.session.execute(db.select(db.func.count(Membership.id)).where(
                Membership.league_id == league_id, Membership.role == "owner")).scalar_one()
        # Every join answered as done is a membership that exists; every refused one made none.
        assert joined == {friends[i] for i, (status, _, _) in enumerate(joins) if status == 303}, \
            (round_, move[0], [j[0] for j in joins], joined, league is not None)
        if league is None:  # the move won: the games went with it, and no friend joined
            assert move[0] == 303 and game_league != league_id and not joined, (round_, move[0], joined)
        else:  # the joins won: the league keeps its game, its friends and an owner
            assert joined and game_league == league_id and owners >= 1, (round_, move[0], joined, owners)
