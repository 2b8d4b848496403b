"""A league backup import on a real gunicorn never stops another table, and only one import runs at a time.

Issue 18: a 20,000-hand import held SQLite's write lock for its whole request, so another user's
hand waited 5 s and failed with 500; and concurrent imports took every worker. Here a table keeps
recording hands (through the API and the page) for as long as the largest import runs, and two
imports started together get one 303 and one 429 with Retry-After. On SQLite, or on DATABASE_URL's
PostgreSQL.

The file has 6,000 hands by default: its import takes seconds, long enough for the other table to
record many hands meanwhile, while the suite runs in parallel beside it (gunicorn_server's workers
are killed after 60 s). `make bench` times the largest import a league may hold (20,000 hands);
IMPORT_TEST_HANDS sets another size here.
"""

import json
import os
import threading
import time
import uuid

import pytest
from gunicorn_server import Api, Phone, Server

from benchmarks.backup_file import league_backup
from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.leagues.limits import MAX_HANDS_PER_LEAGUE
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import Game, Hand

PASSWORD = "correct horse"
IMPORT_HANDS = min(int(os.environ.get("IMPORT_TEST_HANDS", 6000)), MAX_HANDS_PER_LEAGUE)


@pytest.fixture
def served(app):
    """Owners with empty leagues to import into; Bo's league Friday with A, B and C and an API token."""
    with app.app_context():
        empty = {}
        for owner in ("Ana", "Cy"):
            empty[owner] = create_league(create_user(owner, PASSWORD), f"{owner}'s restore")
        bo = create_user("Bo", PASSWORD)
        friday = create_league(bo, "Friday")
        players = [add_player(friday, name).id for name in ("A", "B", "C")]
        token = issue_token(bo)
        db.session.commit()
        ids, friday_id = {owner: league.id for owner, league in empty.items()}, friday.id
    server = Server(app.config["SQLALCHEMY_DATABASE_URI"], workers=4)
    try:
        yield server, ids, Api(server, token), friday_id, players
    finally:
        server.stop()


def upload(phone: Phone, league_id: int, body: bytes, open_page: bool = True) -> tuple[int, dict, str]:
    """POST the import form as a browser sends it: multipart, with the page's CSRF token."""
    if open_page:
        assert phone.get(f"/leagues/{league_id}/import")[0] == 200
    boundary = uuid.uuid4().hex
    form = (f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{phone.csrf}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup.json"\r\n'
            f"Content-Type: application/json\r\n\r\n").encode() + body + f"\r\n--{boundary}--\r\n".encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}", **phone._cookie_header()}
    status, got, raw = phone.server.request("POST", f"/leagues/{league_id}/import", form, headers)
    return status, got, raw.decode()


def backup_body(hands: int) -> bytes:
    return json.dumps(league_backup(hands)).encode()


def new_game(api: Api, league_id: int, players: list[int]) -> int:
    status, _, game = api.call("POST", f"/leagues/{league_id}/games", {
        "variant": "rummy", "player_ids": players, "options": {"end": "hands", "hands": 100}})
    assert status == 201, game
    return game["id"]


def test_hands_at_another_table_never_fail_while_the_largest_backup_is_imported(app, served):
    server, empty, api, friday, (a, b, c) = served
    body = backup_body(IMPORT_HANDS)
    ana, bo = Phone(server, "Ana", PASSWORD), Phone(server, "Bo", PASSWORD)
    imported = {}
    importing = threading.Thread(target=lambda: imported.update(answer=upload(ana, empty["Ana"], body)))
    answers, slowest = [], 0.0
    game_id, recorded = new_game(api, friday, [a, b, c]), 0
    bo.get(f"/games/{game_id}")
    importing.start()
    while importing.is_alive() or recorded < 4:
        if recorded and recorded % 90 == 0:  # a game holds 100 hands: start the next one in time
            game_id = new_game(api, friday, [a, b, c])
            bo.get(f"/games/{game_id}")
        start = time.monotonic()
        if recorded % 2:
            status = api.call("POST", f"/games/{game_id}/hands", {"results": [
                {"player_id": a, "cards": {}, "went_out": True}, {"player_id": b, "cards": {"pips": 7}},
                {"player_id": c, "cards": {"pips": 3}}]}, {"Idempotency-Key": uuid.uuid4().hex})[0]
        else:
            status = bo.post(f"/games/{game_id}/hands", {
                "went_out": str(b), f"c_{a}_pips": "4", f"c_{c}_pips": "9", "idempotency_key": uuid.uuid4().hex})[0]
        slowest = max(slowest, time.monotonic() - start)
        answers.append(status)
        recorded += 1
        time.sleep(0.1)  # still far busier than a table, and it leaves the import some of the CPU
    importing.join()
    status, headers, page = imported["answer"]
    assert status == 303, page[:2000]
    # Every hand was taken (201 from the API, 303 from the page): none waited out a lock and failed.
    assert set(answers) <= {201, 303} and len(answers) == recorded, answers
    print(f"{recorded} hands recorded beside the import; the slowest took {slowest:.2f} s")
    with app.app_context():
        # 100 hands a game.
        assert db.session.scalar(db.select(db.func.count(Game.id)).filter_by(league_id=empty["Ana"])) \
            == IMPORT_HANDS // 100
        assert db.session.scalar(db.select(db.func.count(Hand.id)).join(Game)
                                 .where(Game.league_id == empty["Ana"])) == IMPORT_HANDS
        assert db.session.scalar(db.select(db.func.count(Hand.id)).join(Game)
                                 .where(Game.league_id == friday)) == recorded


def test_of_two_imports_started_together_one_runs_and_the_other_is_told_to_retry(app, served):
    server, empty, *_ = served
    body = backup_body(4_000)
    phones = {owner: Phone(server, owner, PASSWORD) for owner in empty}
    answers = {}
    barrier = threading.Barrier(len(phones))

    def run(owner):
        phones[owner].get(f"/leagues/{empty[owner]}/import")
        barrier.wait()
        answers[owner] = upload(phones[owner], empty[owner], body, open_page=False)

    threads = [threading.Thread(target=run, args=(owner,)) for owner in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    statuses = sorted(status for status, _, _ in answers.values())
    assert statuses == [303, 429], statuses
    owner, (_, headers, page) = next((o, a) for o, a in answers.items() if a[0] == 429)
    assert int(headers["Retry-After"]) > 0
    assert "Another backup is being imported right now" in page
    with app.app_context():
        # The refused league is untouched; the other holds the whole backup.
        counts = {o: db.session.scalar(db.select(db.func.count(Game.id)).filter_by(league_id=empty[o])) for o in empty}
    assert counts[owner] == 0 and sorted(counts.values()) == [0, 40]
    # Once the first is done the lock is gone: the refused owner's retry is imported.
    assert upload(phones[owner], empty[owner], body)[0] == 303

