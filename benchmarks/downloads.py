"""A league at every cap downloaded beside another table's hand writes ("No data lost, round two", item 8).

The league (benchmarks/full_league.py: 500 players, 200 seasons, 2,000 finished games, all in its
first season, 20,000 hands) is downloaded through the owner's pages: its backup, then that season's
BG Stats file (one download at a time: the benchmark's server has two sync workers, and a download
holds one while it is sent), compressed as a browser asks (brotli, streamed). Meanwhile one phone
keeps recording hands at another table through the API. Their cost is printed as ratios to the p50
of single hand writes on the same server just before, so "at their usual cost" reads as a ratio
near 1. Before, the backup took a worker 14 s and three at
once outlasted gunicorn's timeout, while another account's hand write waited 32 s.
`python -m benchmarks download` runs only this part, on a small database of its own.
"""

import threading
import time

from ramo_keeper import create_app
from ramo_keeper.extensions import db
from ramo_keeper.models import Game, User

from .full_league import fill_league
from .imports import _api
from .load import percentiles
from .server import connection, post_json

SINGLE_WRITES = 30


def seed_full_league(database_url: str, username: str) -> tuple[int, int]:
    """A league at every cap owned by `username`; its id and the id of the season holding its games."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url})
    with app.app_context():
        owner = db.session.execute(db.select(User).filter_by(username=username)).scalar_one()
        from ramo_keeper.leagues.service import create_league

        league = create_league(owner, "At every cap")
        db.session.commit()
        fill_league(league.id, one_season=True)
        season_id = db.session.execute(db.select(Game.season_id).filter_by(league_id=league.id).limit(1)).scalar_one()
        league_id = league.id
        db.engine.dispose()
    return league_id, season_id


def _hand(players: list[int], n: int) -> dict:
    out = players[n % len(players)]
    return {"results": [{"player_id": p, "cards": {} if p == out else {"pips": 2 + (n + p) % 9}, "went_out": p == out}
                        for p in players]}


def download_lines(base: str, token: str, cookie: str, table_league_id: int, players: list[int], league_id: int,
                   season_id: int) -> tuple[list[str], float | None]:
    """Single hand writes, then the same writes while the league's downloads run: the lines to print, and
    the p50 of the writes beside the downloads over the p50 before them (None if none fitted)."""
    headers = {"Authorization": f"Bearer {token}"}

    def new_game() -> int:
        status, game = _api(base, token, "POST", f"/leagues/{table_league_id}/games",
                            {"variant": "rummy", "player_ids": players, "options": {"end": "hands", "hands": 100}})
        if status != 201:
            raise SystemExit(f"creating a game for the download benchmark answered {status}")
        return game["id"]

    game_id, conn, usual = new_game(), connection(base), []
    for n in range(SINGLE_WRITES):
        start = time.perf_counter()
        if post_json(conn, f"/api/v1/games/{game_id}/hands", _hand(players, n), headers) != 201:
            raise SystemExit("a single hand write failed in the download benchmark")
        usual.append(time.perf_counter() - start)
    conn.close()
    single = percentiles(usual).p50

    paths = [f"/leagues/{league_id}/backup.json", f"/leagues/{league_id}/seasons/{season_id}/bgstats.json"]
    answers: dict[str, tuple] = {}

    def download() -> None:
        for path in paths:
            start = time.perf_counter()
            conn = connection(base)
            conn.timeout = 600  # seconds on a quiet machine, far more on a busy one
            try:
                conn.request("GET", path, headers={"Cookie": cookie, "Accept-Encoding": "br, gzip"})  # a browser's
                response = conn.getresponse()
                body = response.read()
            finally:
                conn.close()
            answers[path] = (response.status, len(body), time.perf_counter() - start)

    threads = [threading.Thread(target=download)]
    game_id, beside, failures = new_game(), [], []
    conn = connection(base)
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        sent = time.perf_counter()
        status = post_json(conn, f"/api/v1/games/{game_id}/hands", _hand(players, len(beside)), headers)
        beside.append(time.perf_counter() - sent)
        if status != 201:
            failures.append(status)
        if len(beside) % 90 == 0:
            game_id = new_game()
    for thread in threads:
        thread.join()
    conn.close()
    for path, (status, _, _) in answers.items():
        if status != 200:
            raise SystemExit(f"GET {path} answered {status} in the download benchmark")
    during = percentiles(beside) if beside else None
    lines = [f"{name}: {answers[path][1]:,} bytes sent (brotli) in {answers[path][2] / single:,.0f}x"
             f" a single hand write ({answers[path][2]:.1f} s; absolute times for orientation only)"
             for name, path in zip(("backup of the league", "BG Stats file of its season of 2,000 games"),
                                   paths, strict=True)]
    if during is None:
        return [*lines, "the downloads ended before a hand could be recorded beside them"], None
    ratio = during.p50 / single
    return [*lines,
            f"hands recorded at another table meanwhile: {len(beside)}, {len(failures)} failed;"
            f" p50 {ratio:.2f}x and slowest {max(beside) / single:.1f}x a single hand write"
            f" (p50 {single * 1000:.1f} ms before the downloads)"], (ratio if not failures else float("inf"))
