"""`make bench`: what a read costs next to the app's cheapest requests, measured in one run.

A gunicorn with 2 sync workers serves a seeded SQLite file on 127.0.0.1; wrk drives it with
2 threads and 16 connections. Every figure that matters is a ratio between two requests of the
same run, because absolute times on a shared machine move from run to run. docs/PERFORMANCE.md
explains the method and keeps the latest figures.

`python -m benchmarks pages` runs only the page reads against /rules/ramo (issue 28: the game page keeps at
least 0.7 of the throughput of /rules/ramo, issue 36); a first visit's weight is tests/e2e/test_page_weight.py's.
`python -m benchmarks import` runs only the backup import part (benchmarks/imports.py) on a small
database of its own, `python -m benchmarks download` only the downloads of a league at every cap
beside a table (benchmarks/downloads.py), `python -m benchmarks nights` only the planning of club
nights' seating (benchmarks/nights.py, no server). BENCH_SECONDS (default 2) sets each wrk run's length,
BENCH_ROUNDS (default 3) the rounds of A-B-B-A runs behind each ratio, BENCH_HANDS (default 60) the
number of timed hand entries per league, BENCH_PORT the first port tried (default 18500).
"""

import os
import statistics
import sys
import tempfile
from pathlib import Path

from ramo_keeper import rules

from . import downloads, imports, inprocess, nights
from .load import CONNECTIONS, THREADS, TIMEOUT_SECONDS, Throughput, timed_gets, timed_hand_entries, wrk, wrk_path
from .seed import ENTRY_GAME_HANDS, HISTORIES, PASSWORD, READ_GAME_HANDS, USER, rummy_hand, seed
from .server import WORKERS, get, gunicorn, login_cookie

SECONDS = int(os.environ.get("BENCH_SECONDS", "2"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
HANDS = min(int(os.environ.get("BENCH_HANDS", "60")), ENTRY_GAME_HANDS - 1)
# Issue 36, item 7: the game page keeps at least 0.7 of /rules/ramo's throughput (issue 12 asked 0.5).
GAME_PAGE_GOAL = 0.7
# Issue 14: every phone at a table polls the board every 2 s while the game is on.
PHONES_PER_TABLE, POLL_SECONDS = 4, 2


def hand_body(players: list[int], n: int) -> dict:
    hand = rummy_hand(players, n)
    return {"results": [{"player_id": r.player_id, "cards": dict(r.cards), **rules.mark_fields(r.marks)}
                        for r in hand.results]}


def expect(base: str, path: str, status: int, headers: dict) -> dict:
    got, response_headers, _ = get(base, path, headers)
    if got != status:
        raise SystemExit(f"GET {path} answered {got}, expected {status}: the benchmark would measure the wrong thing")
    return response_headers


def compressed_size(base: str, path: str, headers: dict) -> tuple[int, int]:
    _, _, plain = get(base, path, headers)
    _, packed_headers, packed = get(base, path, {**headers, "Accept-Encoding": "br, gzip"})
    return len(plain), len(packed) if packed_headers.get("Content-Encoding") else len(plain)


def problems(*runs: Throughput) -> str:
    errors, timeouts = sum(t.errors for t in runs), sum(t.timeouts for t in runs)
    return f"  ({errors} errors, {timeouts} timeouts)" if errors or timeouts else ""


def paired(base: str, first, second) -> tuple[float, Throughput, Throughput]:
    """The throughput ratio second / first, as the median of ROUNDS rounds of wrk runs in the order
    A B B A: a machine that slows down or speeds up within a round weighs on both sides alike, and
    the median drops a round that another process on the machine spoiled."""
    ratios, totals = [], {first[0]: [], second[0]: []}
    for _ in range(ROUNDS):
        runs = {first[0]: [], second[0]: []}
        for name, path, headers, _ in (first, second, second, first):
            runs[name].append(wrk(name, base + path, headers, SECONDS))
        ratios.append(sum(t.requests_per_second for t in runs[second[0]])
                      / sum(t.requests_per_second for t in runs[first[0]]))
        for name, done in runs.items():
            totals[name] += done

    def mean(name):
        done = totals[name]
        return Throughput(name, sum(t.requests_per_second for t in done) / len(done), sum(t.errors for t in done),
                          sum(t.timeouts for t in done))
    return statistics.median(ratios), mean(first[0]), mean(second[0])


class Goals:
    def __init__(self):
        self.lines: list[tuple[str, bool]] = []

    def at_least(self, label: str, value: float, target: float, unit: str = "x") -> None:
        self.lines.append((f"{label}: {value:.2f}{unit} (goal >= {target}{unit})", value >= target))

    def at_most(self, label: str, value: float, target: float, unit: str = "x") -> None:
        self.lines.append((f"{label}: {value:.2f}{unit} (goal <= {target}{unit})", value <= target))

    def print(self) -> bool:
        print("\nGoals (issue 12)")
        for text, ok in self.lines:
            print(f"  {'PASS' if ok else 'FAIL'}  {text}")
        return all(ok for _, ok in self.lines)


def measure(base: str, data, seed_full_league) -> bool:
    small, large = data.leagues[HISTORIES[0]], data.leagues[HISTORIES[-1]]
    token = {"Authorization": f"Bearer {data.token}"}
    cookie = {"Cookie": login_cookie(base, USER, PASSWORD)}
    poll = {"HX-Request": "true"}
    live_path, board_path = f"/live/{small.share_token}", f"/games/{small.read_game_id}/board"
    live_etag = expect(base, live_path, 200, poll)["ETag"]
    board_etag = expect(base, board_path, 200, {**cookie, **poll})["ETag"]
    floor_api = ("openapi.json", "/api/v1/openapi.json", {}, 200)
    floor_page = ("/rules/ramo", "/rules/ramo", {}, 200)
    pairs = {
        "api game": (floor_api, ("API game read", f"/api/v1/games/{small.read_game_id}", token, 200)),
        "game page": (floor_page, ("game page", f"/games/{small.read_game_id}", cookie, 200)),
        "live 304": (floor_api, ("live poll 304", live_path, {**poll, "If-None-Match": live_etag}, 304)),
        "board 304": (floor_api, ("board poll 304", board_path, {**cookie, **poll, "If-None-Match": board_etag}, 304)),
        "standings": (("standings 30", f"/api/v1/seasons/{small.season_id}/standings", token, 200),
                      ("standings 300", f"/api/v1/seasons/{large.season_id}/standings", token, 200)),
        "home": (floor_page, ("home page", "/", cookie, 200)),
        "league games": (floor_page, ("league games", f"/leagues/{small.league_id}/games", cookie, 200)),
    }
    for first, second in pairs.values():
        for _, path, headers, status in (first, second):
            expect(base, path, status, headers)
    results = {key: paired(base, first, second) for key, (first, second) in pairs.items()}
    rate = {key: ratio for key, (ratio, _, _) in results.items()}
    measured = {key: (a, b) for key, (_, a, b) in results.items()}
    errors = sum(t.errors for pair in measured.values() for t in pair)
    timeouts = sum(t.timeouts for pair in measured.values() for t in pair)

    floor_latency = timed_gets(base, "/api/v1/openapi.json", 2 * HANDS)
    entries = timed_hand_entries(base, data.token, {
        small.entry_game_id: [hand_body(small.player_ids, n) for n in range(HANDS)],
        large.entry_game_id: [hand_body(large.player_ids, n) for n in range(HANDS)]})
    entry_small, entry_large = entries[small.entry_game_id], entries[large.entry_game_id]
    page_bytes = compressed_size(base, f"/games/{small.read_game_id}", cookie)

    print(f"Ramo Keeper benchmark: gunicorn {WORKERS} sync workers, SQLite file, wrk -t{THREADS} -c{CONNECTIONS}"
          f" -d{SECONDS}s, each ratio the median of {ROUNDS} rounds of A-B-B-A runs, one run\n")
    print(f"Throughput against the floor, {CONNECTIONS} concurrent readers (Ramo game of {READ_GAME_HANDS} hands;"
          " requests/s for orientation only)")
    for key, (first, second) in pairs.items():
        if key == "standings":
            continue
        a, b = measured[key]
        print(f"  {rate[key]:5.2f}x  {second[0]:<15} {b.requests_per_second:7.0f}/s  vs {first[0]:<13}"
              f" {a.requests_per_second:7.0f}/s   GET {second[1]}{problems(a, b)}")
    api_ratio, page_ratio, live_ratio = rate["api game"], rate["game page"], rate["live 304"]
    print(f"  game page bytes: {page_bytes[0]:,} plain, {page_bytes[1]:,} compressed (br)")
    print(f"  {inprocess.page_cpu_ratio()} (no server: the rendering's own cost)")

    print(f"\nHand entry latency, one phone at a time ({HANDS} hands per league, through the API)")
    print(f"  floor GET /api/v1/openapi.json: p50 {floor_latency.p50 * 1000:.1f} ms,"
          f" p95 {floor_latency.p95 * 1000:.1f} ms (absolute times for orientation only)")
    print(f"  hand entry p50: {entry_small.p50 / floor_latency.p50:.1f}x floor p50,"
          f" p95: {entry_small.p95 / floor_latency.p95:.1f}x floor p95")

    print(f"\nGrowth with history ({HISTORIES[0]} -> {HISTORIES[-1]} finished games; 1.0x = flat)")
    entry_growth = entry_large.p50 / entry_small.p50
    standings_growth = 1 / rate["standings"]
    print(f"  hand entry p50: {entry_growth:.2f}x   standings read: {standings_growth:.2f}x")
    for line in inprocess.growth_lines():
        print(f"  {line}")

    per_table = PHONES_PER_TABLE / POLL_SECONDS
    board = measured["board 304"][1].requests_per_second
    per_worker = board / WORKERS
    tables = board / per_table
    print(f"\nPolling cost per live table (issue 14: {PHONES_PER_TABLE} phones polling the board every "
          f"{POLL_SECONDS} s = {per_table:.0f} requests/s)")
    print(f"  one worker answers {per_worker:.0f} unchanged polls/s: a table takes {100 * per_table / per_worker:.2f}%"
          " of one worker")
    print(f"  one 2-core machine ({WORKERS} workers) carries about {tables:.0f} live tables on polling alone,"
          f" {tables / 2:.0f} keeping half its capacity for hand entries and page loads")
    live = measured["live 304"][1].requests_per_second
    print(f"  (at the live link's unchanged-poll cost, {live / WORKERS:.0f} polls/s per worker, it would carry"
          f" {live / per_table:.0f}; wrk shares the same 2 cores, so both figures are on the low side)")

    print("\nBackup import (issue 18: checked and replayed with no lock, written in one short transaction)")
    for line in imports.import_lines(base, data.token, cookie["Cookie"], small.league_id, small.player_ids):
        print(f"  {line}")

    print("\nDownloads of a league at every cap (round two, item 8: streamed, a batch of games at a time)")
    # Seeded only now (gunicorn idle meanwhile), so that the figures above read the same database as ever.
    lines, beside = downloads.download_lines(base, data.token, cookie["Cookie"], small.league_id, small.player_ids,
                                             *seed_full_league())
    for line in lines:
        print(f"  {line}")

    print("\nClub nights' seating (issue 31: a night planned at once, no server; CPU time of one core)")
    night_lines, slowest_night = nights.seating_lines()
    for line in night_lines:
        print(f"  {line}")
    print("\nSeating quality by shape (issue 37: the least repeats known, RULES.md §9)")
    shape_lines, every_shape = nights.shape_lines()
    for line in shape_lines:
        print(f"  {line}")

    goals = Goals()
    goals.at_least("game read through the API vs openapi.json", api_ratio, 0.5)
    goals.at_least("logged-in game page vs /rules/ramo", page_ratio, GAME_PAGE_GOAL)
    goals.at_least("live poll unchanged vs openapi.json", live_ratio, 0.9)
    goals.lines.append((f"no errors with {CONNECTIONS} concurrent readers: {errors} errors"
                        f" ({timeouts} answers slower than {TIMEOUT_SECONDS} s)", errors == 0 and timeouts == 0))
    goals.at_most(f"hand entry growth {HISTORIES[0]} -> {HISTORIES[-1]} games", entry_growth, 1.2)
    goals.at_most(f"standings growth {HISTORIES[0]} -> {HISTORIES[-1]} games", standings_growth, 1.2)
    goals.at_most("hand writes beside a cap-sized download, p50 vs before (none failed)",
                  beside if beside is not None else float("inf"), 1.5)
    goals.at_most("club night of 64 players and 12 rounds seated, CPU of one core", slowest_night,
                  nights.GOAL_SECONDS, " s")
    goals.lines.append(("every shape of a night seated with the least repeats known", every_shape))
    return goals.print()


def import_only() -> None:
    """Only the backup import's figures, on a database with one league of four players."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        print("Importing the largest backup beside a table (about a minute) ...", flush=True)
        token, league_id, players = imports.seed_players(url, USER, PASSWORD)
        with gunicorn(url, Path(folder) / "gunicorn.log") as base:
            print(f"\nBackup import, gunicorn {WORKERS} sync workers, SQLite file")
            for line in imports.import_lines(base, token, login_cookie(base, USER, PASSWORD), league_id, players):
                print(f"  {line}")


def download_only() -> None:
    """Only the downloads' figures, on a database with a league at every cap and a table of four players."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        print("Downloading a league at every cap beside a table (about a minute) ...", flush=True)
        token, league_id, players = imports.seed_players(url, USER, PASSWORD)
        full = downloads.seed_full_league(url, USER)
        with gunicorn(url, Path(folder) / "gunicorn.log") as base:
            print(f"\nDownloads of a league at every cap, gunicorn {WORKERS} sync workers, SQLite file")
            lines, _ = downloads.download_lines(base, token, login_cookie(base, USER, PASSWORD), league_id, players,
                                                *full)
            for line in lines:
                print(f"  {line}")


def pages_only() -> bool:
    """Only the pages' throughput against /rules/ramo, on the benchmark's database."""
    wrk_path()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        print("Seeding the benchmark database, then measuring the pages (about a minute) ...", flush=True)
        data = seed(url)
        with gunicorn(url, Path(folder) / "gunicorn.log") as base:
            small = data.leagues[HISTORIES[0]]
            cookie = {"Cookie": login_cookie(base, USER, PASSWORD)}
            floor = ("/rules/ramo", "/rules/ramo", {}, 200)
            pages = {"game page": ("game page", f"/games/{small.read_game_id}", cookie, 200),
                     "home": ("home page", "/", cookie, 200),
                     "play now": ("play now", "/play", {}, 200)}
            for _, path, headers, status in (floor, *pages.values()):
                expect(base, path, status, headers)
            print(f"\nThroughput against /rules/ramo, gunicorn {WORKERS} sync workers, wrk -t{THREADS} -c{CONNECTIONS}"
                  f" -d{SECONDS}s, each ratio the median of {ROUNDS} rounds of A-B-B-A runs")
            goals = Goals()
            for key, second in pages.items():
                ratio, a, b = paired(base, floor, second)
                print(f"  {ratio:5.2f}x  {second[0]:<10} {b.requests_per_second:7.0f}/s  vs /rules/ramo"
                      f" {a.requests_per_second:7.0f}/s   GET {second[1]}{problems(a, b)}")
                if key == "game page":
                    goals.at_least("logged-in game page vs /rules/ramo", ratio, GAME_PAGE_GOAL)
    print(f"  {inprocess.page_cpu_ratio()} (no server: the rendering's own cost)")
    return goals.print()


def main() -> None:
    if sys.argv[1:] == ["pages"]:
        if not pages_only() and os.environ.get("BENCH_STRICT"):
            sys.exit(1)
        return
    if sys.argv[1:] == ["import"]:
        import_only()
        return
    if sys.argv[1:] == ["download"]:
        download_only()
        return
    if sys.argv[1:] == ["nights"]:
        if not nights.main() and os.environ.get("BENCH_STRICT"):
            sys.exit(1)
        return
    wrk_path()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        print("Seeding the benchmark database, then measuring (about four minutes) ...", flush=True)
        data = seed(url)
        with gunicorn(url, Path(folder) / "gunicorn.log") as base:
            met = measure(base, data, lambda: downloads.seed_full_league(url, USER))
    if os.environ.get("BENCH_STRICT") and not met:
        sys.exit(1)


if __name__ == "__main__":
    main()
