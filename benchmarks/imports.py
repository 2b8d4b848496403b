"""The largest backup import, timed against a single hand write on the same server (issue 18).

The import goes through the real page (login cookie, CSRF token, multipart upload) into an empty
league made through the API; the hand writes go through the API into a Rummy game of their own.
While the import runs, one phone keeps recording hands at another table: their slowest answer shows
what the import costs the others (before issue 18 a hand waited 5 s and failed on SQLite).
`python -m benchmarks import` runs only this part, on a small database of its own.
"""

import json
import re
import threading
import time
import uuid

from ramo_keeper import create_app
from ramo_keeper.accounts.service import create_user, issue_token
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import add_player, create_league

from .backup_file import league_backup
from .load import percentiles
from .server import connection, get, post_json

IMPORT_HANDS = 20_000
SINGLE_WRITES = 30


def _api(base: str, token: str, method: str, path: str, body: dict) -> tuple[int, dict]:
    conn = connection(base)
    try:
        conn.request(method, "/api/v1" + path, body=json.dumps(body),
                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        conn.close()


def _upload(base: str, cookie: str, league_id: int, body: bytes) -> int:
    _, _, page = get(base, f"/leagues/{league_id}/import", {"Cookie": cookie})
    csrf = re.search(rb'name="csrf_token"[^>]*value="([^"]+)"', page).group(1).decode()
    boundary = uuid.uuid4().hex
    form = (f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{csrf}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup.json"\r\n'
            f"Content-Type: application/json\r\n\r\n").encode() + body + f"\r\n--{boundary}--\r\n".encode()
    conn = connection(base)
    conn.timeout = 600  # the largest import takes seconds, more on a busy machine
    try:
        conn.request("POST", f"/leagues/{league_id}/import", body=form, headers={
            "Cookie": cookie, "Content-Type": f"multipart/form-data; boundary={boundary}"})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def _hand(players: list[int], n: int) -> dict:
    out = players[n % len(players)]
    return {"results": [{"player_id": p, "cards": {} if p == out else {"pips": 2 + (n + p) % 9}, "went_out": p == out}
                        for p in players]}


def import_lines(base: str, token: str, cookie: str, players_league_id: int, players: list[int]) -> list[str]:
    """Time one import of IMPORT_HANDS hands and SINGLE_WRITES single hand writes; the lines to print."""
    def new_game() -> int:
        status, game = _api(base, token, "POST", f"/leagues/{players_league_id}/games",
                            {"variant": "rummy", "player_ids": players, "options": {"end": "hands", "hands": 100}})
        if status != 201:
            raise SystemExit(f"creating a game for the import benchmark answered {status}")
        return game["id"]

    status, league = _api(base, token, "POST", "/leagues", {"name": "Import target"})
    game_id, headers = new_game(), {"Authorization": f"Bearer {token}"}
    conn, writes = connection(base), []
    for n in range(SINGLE_WRITES):
        start = time.perf_counter()
        if post_json(conn, f"/api/v1/games/{game_id}/hands", _hand(players, n), headers) != 201:
            raise SystemExit("a single hand write failed in the import benchmark")
        writes.append(time.perf_counter() - start)
    conn.close()
    single = percentiles(writes).p50

    body = json.dumps(league_backup(IMPORT_HANDS)).encode()
    answer, beside, failures = {}, [], []
    importing = threading.Thread(target=lambda: answer.update(status=_upload(base, cookie, league["id"], body)))
    game_id = new_game()
    start = time.perf_counter()
    importing.start()
    conn = connection(base)
    while importing.is_alive():
        sent = time.perf_counter()
        status = post_json(conn, f"/api/v1/games/{game_id}/hands", _hand(players, len(beside)), headers)
        beside.append(time.perf_counter() - sent)
        if status != 201:
            failures.append(status)
        if len(beside) % 90 == 0:
            game_id = new_game()
    importing.join()
    took = time.perf_counter() - start
    conn.close()
    if answer.get("status") != 303:
        raise SystemExit(f"the {IMPORT_HANDS:,}-hand import answered {answer.get('status')}")
    return [
        f"{IMPORT_HANDS:,}-hand import through the page: {took / single:,.0f}x a single hand write"
        f" ({took:.1f} s vs p50 {single * 1000:.1f} ms; absolute times for orientation only)",
        f"hands recorded at another table meanwhile: {len(beside)}, {len(failures)} failed,"
        f" slowest {max(beside, default=0) / single:.1f}x a single hand write",
    ]


def seed_players(database_url: str, user: str, password: str) -> tuple[str, int, list[int]]:
    """A user with an API token and a league of four players: what the import part alone needs."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url})
    with app.app_context():
        db.create_all()
        owner = create_user(user, password)
        league = create_league(owner, "Table")
        players = [add_player(league, name).id for name in ("Ana", "Bo", "Cy", "Di")]
        token = issue_token(owner)
        db.session.commit()
        league_id = league.id
        db.engine.dispose()
    return token, league_id, players
