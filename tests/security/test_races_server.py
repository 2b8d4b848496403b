"""Races on the "only one X" rules and on the lock order, against a real gunicorn with several workers.

Each round releases its requests together from threads, each on its own connection, on SQLite or on
DATABASE_URL's PostgreSQL. Every answer must be one a person can act on (never a 500), exactly one
request may win where only one can, and the database must hold the rule afterwards.
"""

import itertools

import pytest
from gunicorn_server import Api, Phone, Visitor, app_with_server, race

from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import add_player, create_league, new_invite
from ramo_keeper.models import Game, Invite, League, Membership, Player, Season, User
from ramo_keeper.text.validation import name_key

WORKERS = 4
RACERS = 4
ROUNDS = 4
PASSWORD = "correct horse"
OWNERS = itertools.count(1)



@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One database and one gunicorn for the whole module; each test has a league and an owner of its own."""
    with app_with_server(tmp_path_factory, "races", WORKERS, {"REGISTRATIONS_PER_ADDRESS": "1000"}) as app:
        yield app


@pytest.fixture
def served(app):
    """A new owner (named after the test) with a league, players A, B, C and one API token per racer."""
    owner = f"Owner{next(OWNERS)}"
    with app.app_context():
        user = create_user(owner, PASSWORD)
        league = create_league(user, "Friday")
        players = [add_player(league, name).id for name in ("A", "B", "C")]
        tokens = [issue_token(user) for _ in range(RACERS)]
        db.session.commit()
        league_id = league.id
    return app.server, [Api(app.server, token) for token in tokens], league_id, players, owner


def _count(app, query) -> int:
    with app.app_context():
        return db.session.execute(query).scalar_one()


def _phones(server, league_id: int, name: str, count: int = RACERS) -> list[Phone]:
    phones = [Phone(server, name, PASSWORD) for _ in range(count)]
    for phone in phones:
        phone.get(f"/leagues/{league_id}")
    return phones


def test_one_player_name_sent_at_once_adds_one_player_and_the_rest_get_409(app, served):
    server, apis, league_id, _, owner = served
    for round_ in range(ROUNDS):
        name = f"Dee{round_}"
        answers = race(RACERS, lambda i, name=name: apis[i].call("POST", f"/leagues/{league_id}/players",
                                                         {"name": name.upper() if i % 2 else name}))
        statuses = sorted(status for status, _, _ in answers)
        assert statuses == [201] + [409] * (RACERS - 1), [(status, body) for status, _, body in answers]
        winner = next(body for status, _, body in answers if status == 201)
        # Every loser's 409 carries the current state: the player who won, as the API shows a player.
        assert all(body["details"] == {"code": "conflict", "field": "name", "current": winner}
                   for status, _, body in answers if status == 409), answers
        assert _count(app, db.select(db.func.count(Player.id)).where(Player.name_key == name_key(name))) == 1


def test_one_username_registered_at_once_makes_one_account(app, served):
    server, *_ = served
    for _ in range(ROUNDS):
        name = f"newcomer{next(OWNERS)}"
        visitors = [Visitor(server) for _ in range(RACERS)]
        for visitor in visitors:
            visitor.get("/register")
        answers = race(RACERS, lambda i, name=name, visitors=visitors: visitors[i].post(
            "/register", {"username": name, "password": "long enough", "confirm": "long enough"}))
        assert sorted(status for status, _, _ in answers) == [303] + [422] * (RACERS - 1), [a[0] for a in answers]
        assert all(f"The name {name} is taken." in page for status, _, page in answers if status == 422)
        assert _count(app, db.select(db.func.count(User.id)).where(User.username_key == name_key(name))) == 1


def test_one_season_name_sent_at_once_makes_one_season(app, served):
    server, apis, league_id, _, owner = served
    for round_ in range(ROUNDS):
        name = f"Spring {round_}"
        answers = race(RACERS, lambda i, name=name: apis[i].call("POST", f"/leagues/{league_id}/seasons",
                                                                 {"name": name}))
        statuses = sorted(status for status, _, _ in answers)
        assert statuses == [201] + [409] * (RACERS - 1), [(status, body) for status, _, body in answers]
        winner = next(body for status, _, body in answers if status == 201)
        assert all(body["details"] == {"code": "conflict", "field": "name", "current": winner}
                   for status, _, body in answers if status == 409), answers
        assert _count(app, db.select(db.func.count(Season.id)).where(
            Season.league_id == league_id, Season.name == name)) == 1


def _current_seasons(app, league_id: int) -> list[int]:
    with app.app_context():
        return list(db.session.execute(db.select(Season.id).where(
            Season.league_id == league_id, Season.is_current.is_(True))).scalars())


def test_making_several_seasons_current_at_once_leaves_exactly_one_current(app, served):
    server, apis, league_id, _, owner = served
    season_ids = [apis[0].call("POST", f"/leagues/{league_id}/seasons", {"name": f"S{i}"})[2]["id"]
                  for i in range(RACERS)]
    phones = _phones(server, league_id, owner)
    for _ in range(ROUNDS):
        answers = race(RACERS, lambda i: phones[i].post(f"/leagues/{league_id}/seasons/{season_ids[i]}/current", {})[0])
        assert answers == [303] * RACERS, answers
        current = _current_seasons(app, league_id)
        assert len(current) == 1 and current[0] in season_ids, current


def test_new_invites_made_at_once_leave_exactly_one_live_link(app, served):
    server, _, league_id, _, owner = served
    phones = _phones(server, league_id, owner)
    for _ in range(ROUNDS):
        answers = race(RACERS, lambda i: phones[i].post(f"/leagues/{league_id}/invite",
                                                {"role": "scorer", "days": "7", "max_uses": ""})[0])
        assert answers == [303] * RACERS, answers
        assert _count(app, db.select(db.func.count(Invite.id)).where(
            Invite.league_id == league_id, Invite.revoked_at.is_(None))) == 1


def test_a_join_submitted_several_times_at_once_counts_one_use_for_one_membership(app, served):
    server, _, league_id, _, owner = served
    with app.app_context():
        token = new_invite(db.session.get(League, league_id)).token
        joiners = [f"Joiner{next(OWNERS)}" for _ in range(ROUNDS)]
        for joiner in joiners:
            create_user(joiner, PASSWORD)
        db.session.commit()
    for round_ in range(ROUNDS):
        tabs = [Phone(server, joiners[round_], PASSWORD) for _ in range(RACERS)]
        for tab in tabs:
            assert tab.get(f"/join/{token}")[0] == 200
        answers = race(RACERS, lambda i, tabs=tabs: tabs[i].post(f"/join/{token}", {})[0])
        assert answers == [303] * RACERS, answers
        with app.app_context():
            assert db.session.execute(db.select(Invite.uses).filter_by(token=token)).scalar_one() == round_ + 1
            assert db.session.execute(db.select(db.func.count(Membership.id)).join(Membership.user).where(
                Membership.league_id == league_id, User.username == joiners[round_])).scalar_one() == 1


def test_closing_a_season_while_games_start_in_it_never_leaves_a_running_game_in_a_closed_season(app, served):
    server, apis, league_id, players, owner = served
    owner = _phones(server, league_id, owner, 1)[0]
    for round_ in range(ROUNDS):
        season_id = apis[0].call("POST", f"/leagues/{league_id}/seasons", {"name": f"Short {round_}"})[2]["id"]
        owner.get(f"/leagues/{league_id}/seasons/{season_id}")

        def job(i, season_id=season_id):
            if i == 0:
                return owner.post(f"/leagues/{league_id}/seasons/{season_id}/close", {})[0]
            return apis[i].call("POST", f"/leagues/{league_id}/games",
                                {"variant": "rummy", "player_ids": players, "season_id": season_id})[0]

        answers = race(RACERS, job)
        assert answers[0] == 303 and all(status in (201, 409) for status in answers[1:]), answers
        with app.app_context():
            closed = db.session.execute(db.select(Season.closed).filter_by(id=season_id)).scalar_one()
            running = db.session.execute(db.select(db.func.count(Game.id)).filter_by(
                season_id=season_id, status="in_progress")).scalar_one()
        started = answers[1:].count(201)
        assert running == started, (answers, running)
        # Exactly one side won: the close (every game refused) or the games (the close refused).
        assert (closed and started == 0) or (not closed and started > 0), (answers, closed)


def hand_body(players, winner: int, pips: int) -> dict:
    return {"results": [{"player_id": p, "cards": {} if p == winner else {"pips": pips}, "went_out": p == winner}
                        for p in players]}


def test_renaming_a_player_while_hands_are_appended_to_their_games_never_deadlocks(app, served):
    server, apis, league_id, players, owner = served
    games = [apis[0].call("POST", f"/leagues/{league_id}/games", {
        "variant": "rummy", "player_ids": players, "options": {"end": "hands", "hands": 100}})[2]["id"]
        for _ in range(2)]
    renamer = _phones(server, league_id, owner, 1)[0]
    appends_each = 4

    def job(i, round_):
        if i == 0:
            answers = []
            for k in range(appends_each * 2):
                status, _, _ = renamer.post(f"/leagues/{league_id}/players/{players[0]}/rename",
                                            {"name": f"A{k}" if k % 2 else f"Ann{k}"})
                answers.append(status)
            return answers
        return [apis[i].call("POST", f"/games/{games[(i + k) % 2]}/hands", hand_body(players, players[k % 3], 3),
                             {"Idempotency-Key": f"append-{round_}-{i}-{k}"})[0]
                for k in range(appends_each)]

    for round_ in range(ROUNDS):
        renames, *appends = race(RACERS, lambda i, round_=round_: job(i, round_))
        assert renames == [303] * (appends_each * 2), renames
        assert [status for statuses in appends for status in statuses] == [201] * (appends_each * (RACERS - 1))
        for game_id in games:
            status, _, game = apis[0].call("GET", f"/games/{game_id}")
            assert [h["number"] for h in game["hands"]] == list(range(1, len(game["hands"]) + 1))
    with app.app_context():
        assert db.session.get(Player, players[0]).name == f"A{appends_each * 2 - 1}"
        hands = sum(db.session.get(Game, game_id).hand_count for game_id in games)
    assert hands == ROUNDS * appends_each * (RACERS - 1)
