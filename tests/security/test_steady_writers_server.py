"""Steady writers on a real gunicorn: four scripts keep appending hands, and none ever gets a 500.

Issue 18, break 4: four clients appending for 30 s on SQLite got one 500 "database is locked" in
832 requests. Here four clients each send a fixed number of hands through the API (no durations,
no timing assertions: the slowest request is only printed), to a game of their own and, every
fourth hand, to one game they share. A write that cannot get the lock in time may be answered 503,
but only with Retry-After, and the client then sends it again with the same Idempotency-Key, as
the phones' outbox does. Afterwards every acknowledged hand is stored exactly once, in the order
of its game's hand numbers, and each game's version moved once per hand.

On SQLite or on DATABASE_URL's PostgreSQL, with the default busy timeout; on SQLite also with a
busy timeout of 20 ms, so that the 503 path is taken for certain and its retries are checked too.
"""

import itertools
import time

import pytest
from gunicorn_server import Api, app_with_server, race

from conftest import ON_POSTGRES
from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import add_player, create_league

WORKERS = 4
CLIENTS = 4
HANDS_EACH = 40
SHARED_EVERY = 4  # every fourth hand of each client goes to the shared game
# The outbox resends until the hand gets through. With a 20 ms busy timeout SQLite's lock is not
# handed out fairly, and on two loaded cores one client lost 20 rounds in a row (CI, 2026-12-01)
# while the others went on: slow, not wrong. A client still refused after this many is starved.
MAX_ATTEMPTS = 200
RUNS = itertools.count(1)


@pytest.fixture(scope="module", params=["default busy timeout", "20 ms busy timeout"])
def server(request, tmp_path_factory):
    """A gunicorn per busy timeout (starting one costs seconds); each test makes its own league."""
    if ON_POSTGRES and request.param != "default busy timeout":
        pytest.skip("the busy timeout is SQLite's")
    env = {"SQLITE_BUSY_TIMEOUT_MS": "20"} if request.param != "default busy timeout" else {}
    with app_with_server(tmp_path_factory, "writers", WORKERS, env) as app:
        yield app


def hand_body(players, winner: int, pips: int) -> dict:
    return {"results": [{"player_id": p, "cards": {} if p == winner else {"pips": pips}, "went_out": p == winner}
                        for p in players]}


class Client:
    """A script with its own token that sends each hand until it is acknowledged, as the outbox does."""

    def __init__(self, api: Api, number: int):
        self.api, self.number = api, number
        self.acknowledged: list[tuple[int, int]] = []  # (game id, the pips that mark the hand)
        self.statuses: list[int] = []
        self.slowest = 0.0

    def send(self, game_id: int, players, k: int) -> None:
        pips = 2 + self.number * HANDS_EACH + k  # unique in every game (and at least 2, the smallest pip card)
        body, key = hand_body(players, players[k % len(players)], pips), f"client-{self.number}-hand-{k}"
        for _ in range(MAX_ATTEMPTS):
            started = time.monotonic()
            status, headers, answer = self.api.call("POST", f"/games/{game_id}/hands", body, {"Idempotency-Key": key})
            self.slowest = max(self.slowest, time.monotonic() - started)
            self.statuses.append(status)
            if status == 201:
                self.acknowledged.append((game_id, pips))
                return
            assert status == 503, (status, answer)
            assert answer["details"]["code"] == "busy", answer
            retry_after = int(headers["Retry-After"])  # a 503 always says when to send again
            assert 0 < retry_after <= 60, retry_after
            time.sleep(min(retry_after, 0.2))  # the outbox waits Retry-After; a shorter wait keeps the test short
        pytest.fail(f"client {self.number} hand {k}: still busy after {MAX_ATTEMPTS} attempts")


def test_four_steady_writers_never_get_a_500_and_every_acknowledged_hand_is_kept(server):
    app = server
    with app.app_context():
        owner = create_user(f"Writer{next(RUNS)}", "correct horse")
        league = create_league(owner, "Steady")
        players = [add_player(league, name).id for name in ("A", "B", "C")]
        tokens = [issue_token(owner) for _ in range(CLIENTS)]
        db.session.commit()
        league_id = league.id
    # The clients see every 503 themselves (the shared client would resend it before they saw it).
    clients = [Client(Api(app.server, token, retry_busy=False), n) for n, token in enumerate(tokens)]

    def new_game() -> dict:
        status, _, game = clients[0].api.call("POST", f"/leagues/{league_id}/games", {
            "variant": "rummy", "player_ids": players, "options": {"end": "hands", "hands": 100}})
        assert status == 201, game
        return game

    own_games, shared = [new_game() for _ in range(CLIENTS)], new_game()
    started_at = {game["id"]: game["version"] for game in [*own_games, shared]}

    def write(i):
        try:
            for k in range(HANDS_EACH):
                game = shared if k % SHARED_EVERY == SHARED_EVERY - 1 else own_games[i]
                clients[i].send(game["id"], players, k)
        except BaseException as failure:  # a thread's failure is the test's: raised again below
            return failure
        return None

    failures = [failure for failure in race(CLIENTS, write, timeout=600) if failure is not None]
    if failures:
        raise failures[0]
    statuses = [status for client in clients for status in client.statuses]
    print(f"\n{len(statuses)} requests, {statuses.count(503)} answered 503 and sent again; "
          f"slowest {max(client.slowest for client in clients):.2f} s")
    assert 500 not in statuses
    assert sum(len(client.acknowledged) for client in clients) == CLIENTS * HANDS_EACH

    for game_id, first_version in started_at.items():
        status, headers, game = clients[0].api.call("GET", f"/games/{game_id}")
        assert status == 200
        sent = sorted(pips for client in clients for g, pips in client.acknowledged if g == game_id)
        stored = sorted(next(r["cards"]["pips"] for r in hand["results"] if not r["went_out"])
                        for hand in game["hands"])
        assert stored == sent, game_id  # every acknowledged hand, once, and nothing else
        assert [hand["number"] for hand in game["hands"]] == list(range(1, len(sent) + 1))
        assert game["version"] == first_version + len(sent), (game_id, first_version, game["version"])
        assert headers["ETag"] == f'"{game["version"]}"'
    assert len(shared_hands := [p for c in clients for g, p in c.acknowledged if g == shared["id"]]) == \
        CLIENTS * HANDS_EACH // SHARED_EVERY, shared_hands
