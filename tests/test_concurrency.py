"""Several app instances (as several gunicorn workers would be) writing to one game at once."""

import threading

import pytest

from conftest import make_app
from ramo_keeper import rules
from ramo_keeper.accounts.service import create_user
from ramo_keeper.errors import ServiceError
from ramo_keeper.extensions import db
from ramo_keeper.games import service as games
from ramo_keeper.games.stored import load_game
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import Hand

WORKERS = 6


@pytest.fixture
def shared_game(app):
    with app.app_context():
        owner = create_user("Ana", "correct horse")
        league = create_league(owner, "L")
        players = [add_player(league, name).id for name in ("A", "B", "C")]
        game = games.create_game(league, owner, "rummy", players, options={"end": "hands", "hands": 50})
        db.session.commit()
        return game.id, players


def hand(players, winner_index=0, pips=5):
    winner = players[winner_index]
    return rules.HandInput(tuple(rules.PlayerResult(p, {} if p == winner else {"pips": pips},
                                                    {"went_out"} if p == winner else ()) for p in players))


def run_workers(app, job):
    """Each worker is its own app instance on the same database, started together."""
    instances = [make_app(dict(app.config)) for _ in range(WORKERS)]
    barrier = threading.Barrier(WORKERS)
    outcomes = [None] * WORKERS

    def work(i):
        # A POST request, as a worker serves one: its transaction takes SQLite's write lock first.
        with instances[i].test_request_context(method="POST"):
            barrier.wait()
            try:
                outcomes[i] = job(i)
                db.session.commit()
            except ServiceError as error:
                db.session.rollback()
                outcomes[i] = error.status
            finally:
                db.session.remove()
                db.engine.dispose()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(WORKERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return outcomes


def test_the_same_tap_sent_by_every_worker_records_one_hand(app, shared_game):
    game_id, players = shared_game

    def job(_):
        return games.record_hand(game_id, None, hand(players), idempotency_key="same-tap")[2]

    outcomes = run_workers(app, job)
    assert outcomes.count(True) == 1 and outcomes.count(False) == WORKERS - 1, outcomes
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(Hand.id))).scalar() == 1


def test_different_phones_entering_the_same_hand_record_it_once(app, shared_game):
    game_id, players = shared_game

    def job(i):
        return games.record_hand(game_id, None, hand(players, i % 3, 2 + i), idempotency_key=f"phone-{i}",
                                 expected_number=1)[2]

    outcomes = run_workers(app, job)
    assert outcomes.count(True) == 1 and outcomes.count(409) == WORKERS - 1, outcomes
    with app.app_context():
        assert [h.number for h in load_game(game_id).hands] == [1]


def test_hands_for_different_numbers_all_land_in_order(app, shared_game):
    game_id, players = shared_game

    def job(i):
        return games.record_hand(game_id, None, hand(players, i % 3, 2 + i), idempotency_key=f"hand-{i}")[2]

    outcomes = run_workers(app, job)
    # The game is locked while each hand is written, so none clashes with another.
    assert outcomes == [True] * WORKERS, outcomes
    with app.app_context():
        game = load_game(game_id)
        assert [h.number for h in game.hands] == list(range(1, WORKERS + 1))
        assert game.version == 1 + WORKERS
