"""Backups and league caps on a real gunicorn with several workers, on SQLite or DATABASE_URL's PostgreSQL.

- A worker killed (SIGKILL) in the middle of an import leaves no lock behind: the next import runs at
  once. Before, the lock was a row that only went stale after 300 s, while Retry-After said 10.
- The caps hold under concurrency: at 199 seasons (1,999 games, 19,999 hands) of requests sent together
  exactly one season (game, hand) is created and the others are answered 409 naming the cap, because
  each is counted under the league's lock.
- Three downloads of a league at every cap at once, beside another account's table, all arrive whole
  while every hand of that table is recorded (before, each took a worker 14 s and three outlasted
  gunicorn's timeout). `make bench` measures what the download costs the table's hands.
"""

import json
import os
import signal
import threading
import time
import uuid
from pathlib import Path

import pytest
from gunicorn_server import Api, Phone, app_with_server, race

from benchmarks.backup_file import league_backup
from benchmarks.full_league import fill_league
from ramo_keeper import rules
from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.games import service as games
from ramo_keeper.leagues.limits import MAX_GAMES_PER_LEAGUE, MAX_HANDS_PER_LEAGUE, MAX_SEASONS_PER_LEAGUE
from ramo_keeper.leagues.service import add_player, create_league
from ramo_keeper.models import Game, Hand, League, Player, Season, ThrottleCounter

WORKERS = 4
PASSWORD = "correct horse"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with app_with_server(tmp_path_factory, "backups", WORKERS) as app:
        yield app


def upload(phone: Phone, league_id: int, body: bytes) -> tuple[int, dict, str]:
    """POST the import form as a browser sends it (the page opened first for its CSRF token)."""
    assert phone.get(f"/leagues/{league_id}/import")[0] == 200
    boundary = uuid.uuid4().hex
    form = (f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{phone.csrf}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup.json"\r\n'
            f"Content-Type: application/json\r\n\r\n").encode() + body + f"\r\n--{boundary}--\r\n".encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}", **phone._cookie_header()}
    status, got, raw = phone.server.request("POST", f"/leagues/{league_id}/import", form, headers)
    return status, got, raw.decode()


def workers_of(master: int) -> list[int]:
    """The gunicorn workers: the processes whose parent is the master."""
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                children.append(int(entry.name))
    return children


def count(app, query) -> int:
    with app.app_context():
        return db.session.execute(query).scalar_one()


def test_a_worker_killed_mid_import_leaves_no_lock_and_the_next_import_runs_at_once(app):
    server = app.server
    with app.app_context():
        ana = create_user("Ana", PASSWORD)
        killed, following = (create_league(ana, name).id for name in ("Killed", "Following"))
        db.session.commit()
    body = json.dumps(league_backup(6_000), separators=(",", ":")).encode()  # seconds of replay
    importer, after = (Phone(server, "Ana", PASSWORD) for _ in range(2))
    outcome = {}

    def run():
        try:
            outcome["answer"] = upload(importer, killed, body)[0]
        except OSError as error:  # the worker died with the connection open
            outcome["error"] = error

    importing = threading.Thread(target=run)
    importing.start()
    deadline, running = time.monotonic() + 120, False
    while not running and importing.is_alive() and time.monotonic() < deadline:
        # An import writes a row in the throttle table while it runs (its note; before, the lock itself).
        running = count(app, db.select(db.func.count()).select_from(ThrottleCounter).filter_by(bucket="import")) > 0
        time.sleep(0.05)
    # The note is written under the import lock, and the import has seconds of replay ahead of it: the kill
    # lands while the lock is held, with nothing to wait for.
    assert running, f"the import never began: {outcome}"
    for pid in workers_of(server.process.pid):  # the importer among them; gunicorn starts new ones
        os.kill(pid, signal.SIGKILL)
    importing.join(60)
    assert "answer" not in outcome, outcome
    started = time.monotonic()
    status, headers, page = upload(after, following, json.dumps(league_backup(30, hands_per_game=10)).encode())
    assert status == 303, (status, headers.get("Retry-After"), page[:1000])
    print(f"the next import ran {time.monotonic() - started:.1f} s after the kill (new workers starting included)")
    assert count(app, db.select(db.func.count(Game.id)).filter_by(league_id=following)) == 3
    # Nothing of the killed import was saved.
    assert count(app, db.select(db.func.count(Player.id)).filter_by(league_id=killed)) == 0
    assert count(app, db.select(db.func.count(Game.id)).filter_by(league_id=killed)) == 0


@pytest.fixture(scope="module")
def crowded(app):
    """Bo's league one row short of each cap (199 seasons, 1,999 games, 19,999 hands; two open games),
    and four API tokens of his."""
    with app.app_context():
        bo = create_user("Bo", PASSWORD)
        league = create_league(bo, "Crowded")
        tokens = [issue_token(bo) for _ in range(4)]
        db.session.commit()
        finished = MAX_GAMES_PER_LEAGUE - 3  # of 10 hands each; then two open games, 29 hands between them
        fill_league(league.id, players=8, seasons=MAX_SEASONS_PER_LEAGUE - 1, games=finished, hands=finished * 10)
        league = db.session.get(League, league.id)
        seats = list(db.session.scalars(db.select(Player.id).filter_by(league_id=league.id).order_by(Player.id)))
        open_games = []
        for table, played in ((seats[:4], 15), (seats[4:], 14)):
            game = games.create_game(league, bo, "rummy", table, options={"end": "hands", "hands": 100})
            for n in range(played):
                out = table[n % 4]
                games.record_hand(game.id, bo, rules.HandInput(tuple(
                    rules.PlayerResult(p, {} if p == out else {"pips": 5}, {"went_out"} if p == out else ())
                    for p in table)))
            open_games.append((game.id, table))
        db.session.commit()
        league_id = league.id
    return [Api(app.server, token) for token in tokens], league_id, seats, open_games


def held(app, league_id: int) -> tuple[int, int, int]:
    return (count(app, db.select(db.func.count(Season.id)).filter_by(league_id=league_id)),
            count(app, db.select(db.func.count(Game.id)).filter_by(league_id=league_id)),
            count(app, db.select(db.func.count(Hand.id)).join(Game).where(Game.league_id == league_id)))


def one_created_the_rest_refused(answers: list, limit: str) -> None:
    statuses = sorted(status for status, _, _ in answers)
    assert statuses == [201, 409, 409, 409], [(status, body) for status, _, body in answers]
    assert all(body["details"]["limit"] == limit for status, _, body in answers if status == 409), answers


def test_the_last_season_game_and_hand_sent_at_once_are_created_once(app, crowded):
    apis, league_id, seats, open_games = crowded
    assert held(app, league_id) == (MAX_SEASONS_PER_LEAGUE - 1, MAX_GAMES_PER_LEAGUE - 1, MAX_HANDS_PER_LEAGUE - 1)
    one_created_the_rest_refused(race(4, lambda i: apis[i].call(
        "POST", f"/leagues/{league_id}/seasons", {"name": f"Last {i}"})), "seasons")
    one_created_the_rest_refused(race(4, lambda i: apis[i].call(
        "POST", f"/leagues/{league_id}/games", {"variant": "rummy", "player_ids": seats[:4]})), "games")

    def hand(i):
        game_id, table = open_games[i % 2]
        return apis[i].call("POST", f"/games/{game_id}/hands", {"results": [
            {"player_id": p, "cards": {} if p == table[0] else {"pips": 4}, "went_out": p == table[0]}
            for p in table]})

    one_created_the_rest_refused(race(4, hand), "hands")
    assert held(app, league_id) == (MAX_SEASONS_PER_LEAGUE, MAX_GAMES_PER_LEAGUE, MAX_HANDS_PER_LEAGUE)


def test_three_downloads_of_a_league_at_every_cap_beside_a_table_all_arrive_and_every_hand_is_kept(app, crowded):
    _, league_id, _, _ = crowded
    _, games_held, hands_held = held(app, league_id)  # at the caps, or one short if the race has not run yet
    assert games_held >= MAX_GAMES_PER_LEAGUE - 1 and hands_held >= MAX_HANDS_PER_LEAGUE - 1
    with app.app_context():
        cy = create_user("Cy", PASSWORD)
        table = create_league(cy, "Table")
        players = [add_player(table, name).id for name in ("A", "B", "C")]
        token = issue_token(cy)
        db.session.commit()
        table_id = table.id
    api = Api(app.server, token)
    status, _, game = api.call("POST", f"/leagues/{table_id}/games", {
        "variant": "rummy", "player_ids": players, "options": {"end": "hands", "hands": 100}})
    assert status == 201, game
    phones = [Phone(app.server, "Bo", PASSWORD) for _ in range(3)]
    downloads = [None] * 3

    def download(i):
        downloads[i] = app.server.request("GET", f"/leagues/{league_id}/backup.json",
                                          headers=phones[i]._cookie_header())

    threads = [threading.Thread(target=download, args=(i,)) for i in range(3)]
    for thread in threads:
        thread.start()
    answers = []
    while any(thread.is_alive() for thread in threads) or len(answers) < 3:
        out = players[len(answers) % 3]
        answers.append(api.call("POST", f"/games/{game['id']}/hands", {"results": [
            {"player_id": p, "cards": {} if p == out else {"pips": 3}, "went_out": p == out} for p in players]},
            {"Idempotency-Key": uuid.uuid4().hex})[0])
    for thread in threads:
        thread.join()
    for status, _, body in downloads:
        assert status == 200
        backup = json.loads(body)
        assert len(backup["games"]) == games_held
        assert sum(len(g["hands"]) for g in backup["games"]) == hands_held
    assert answers == [201] * len(answers)
    print(f"{len(answers)} hands recorded beside three downloads of {len(downloads[0][2]):,} bytes each")
