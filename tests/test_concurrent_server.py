"""Phones racing each other on a real multi-worker server (gunicorn), on SQLite or on DATABASE_URL's PostgreSQL.

Each test fires N requests at once from N threads, each on its own connection, and checks that the
game took exactly the writes it accepted: one winner among stale edits, and a version that moves
once per accepted write.
"""

import hashlib
import json
import re
import threading

import pytest
from gunicorn_server import Api, Phone, Server, race

from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import add_player, create_league

RACERS = 6
ROUNDS = 3


@pytest.fixture
def served(app):
    """Ana's league with A, B and C, API tokens, and gunicorn with 4 workers on the same database."""
    with app.app_context():
        owner = create_user("Ana", "correct horse")
        league = create_league(owner, "Friday")
        players = [add_player(league, name).id for name in ("A", "B", "C")]
        # One token per racer, as separate phones or scripts would hold.
        tokens = [issue_token(owner) for _ in range(RACERS)]
        db.session.commit()
        league_id = league.id
    server = Server(app.config["SQLALCHEMY_DATABASE_URI"], workers=4)
    try:
        apis = [Api(server, token) for token in tokens]
        status, _, game = apis[0].call("POST", f"/leagues/{league_id}/games", {
            "variant": "rummy", "player_ids": players, "options": {"end": "hands", "hands": 100}})
        assert status == 201, game
        yield server, apis, game["id"], players
    finally:
        server.stop()


def hand_body(players, winner: int, pips: int) -> dict:
    return {"results": [{"player_id": p, "cards": {} if p == winner else {"pips": pips}, "went_out": p == winner}
                        for p in players]}


def version_of(api: Api, game_id: int) -> int:
    status, _, game = api.call("GET", f"/games/{game_id}")
    assert status == 200
    return game["version"]


def test_of_n_page_edits_from_one_version_exactly_one_is_saved_and_the_rest_get_409(served):
    server, apis, game_id, (a, b, c) = served
    api = apis[0]
    assert api.call("POST", f"/games/{game_id}/hands", hand_body([a, b, c], a, 5))[0] == 201
    phone = Phone(server, "Ana", "correct horse")
    for _ in range(ROUNDS):
        version = version_of(api, game_id)
        status, _ = phone.get(f"/games/{game_id}/hands/1/edit")
        assert status == 200

        def edit(i, version=version):
            return phone.post(f"/games/{game_id}/hands/1", {
                "went_out": str(a), f"c_{b}_pips": str(10 + i), f"c_{c}_pips": "3",
                "expected_version": str(version), "idempotency_key": f"edit-{version}-{i}"})[0]

        answers = race(RACERS, edit)
        assert sorted(answers) == [303] + [409] * (RACERS - 1), answers
        assert version_of(api, game_id) == version + 1


def test_of_n_api_edits_with_one_if_match_exactly_one_answers_200(served):
    server, apis, game_id, players = served
    api = apis[0]
    assert api.call("POST", f"/games/{game_id}/hands", hand_body(players, players[0], 5))[0] == 201
    for _ in range(ROUNDS):
        version = version_of(api, game_id)

        def edit(i, version=version):
            return apis[i].call("PUT", f"/games/{game_id}/hands/1", hand_body(players, players[1], 2 + i),
                            {"If-Match": f'"{version}"'})[0]

        answers = race(RACERS, edit)
        assert sorted(answers) == [200] + [409] * (RACERS - 1), answers
        assert version_of(api, game_id) == version + 1


def test_racing_appends_move_the_version_once_each_keep_hands_gapless_and_one_etag_means_one_scoreboard(served):
    server, apis, game_id, players = served
    api = apis[0]
    appends_each = 4
    phone = Phone(server, "Ana", "correct horse")
    phone.get(f"/games/{game_id}")
    assert phone.post(f"/games/{game_id}/share", {})[0] == 303
    live = re.search(r"/live/[\w-]+", phone.get(f"/games/{game_id}")[1]).group(0)
    seen: dict[str, set[str]] = {}
    errors = []
    appending = threading.Event()
    appending.set()

    def poll_live():
        # The live board, as a friend's phone polls it: each validator must stand for one scoreboard.
        while appending.is_set():
            status, headers, body = server.request("GET", live, headers={"HX-Request": "true"})
            if status != 200:
                errors.append(status)
                continue
            seen.setdefault(headers["ETag"], set()).add(hashlib.sha256(body).hexdigest())

    def poll_api():
        # A script reading the game through the API (whose token lookup writes) alongside the appends.
        while appending.is_set():
            status, headers, game = api.call("GET", f"/games/{game_id}")
            if status != 200:
                errors.append(status)
                continue
            seen.setdefault("api" + headers["ETag"], set()).add(
                hashlib.sha256(json.dumps(game["hands"], sort_keys=True).encode()).hexdigest())

    pollers = [threading.Thread(target=poll_live), threading.Thread(target=poll_api)]
    for poller in pollers:
        poller.start()

    def append(i):
        return [apis[i].call("POST", f"/games/{game_id}/hands", hand_body(players, players[(i + k) % 3], 2 + k),
                         {"Idempotency-Key": f"append-{i}-{k}"})[0] for k in range(appends_each)]

    try:
        answers = [status for statuses in race(RACERS, append) for status in statuses]
    finally:
        appending.clear()
        for poller in pollers:
            poller.join(60)
    assert answers == [201] * (RACERS * appends_each), answers
    status, headers, game = api.call("GET", f"/games/{game_id}")
    assert [h["number"] for h in game["hands"]] == list(range(1, RACERS * appends_each + 1))
    # Version 1 when created, 2 once shared, then one more for each append.
    assert game["version"] == 2 + RACERS * appends_each and headers["ETag"] == f'"{game["version"]}"'
    assert errors == [] and len(seen) > 1
    assert all(len(bodies) == 1 for bodies in seen.values()), {tag: len(b) for tag, b in seen.items()}
