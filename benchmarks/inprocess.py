"""In-process growth ratios (no server): replay and game page at two sizes, and a live poll.

Each line compares the same operation at two sizes (or two variants of one request) in the same
run, so the figures are comparable across machines: a ratio near the size ratio means linear
cost, near 1 means flat.
"""

import statistics
import tempfile
import time
from pathlib import Path

from ramo_keeper import create_app, rules
from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.games import service as games
from ramo_keeper.leagues.service import add_player, create_league


def best_of(fn, repeat: int = 7) -> float:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def rummy_hands(seats, count):
    hands = []
    for n in range(count):
        out = seats[n % len(seats)].player_id
        hands.append(rules.HandInput(tuple(
            rules.PlayerResult(s.player_id, {} if s.player_id == out else {"pips": 5},
                               {"went_out"} if s.player_id == out else ())
            for s in seats)))
    return hands


def replay_ratio() -> str:
    seats = [rules.Seat(i, f"P{i}") for i in range(1, 5)]
    # Rummy played for a fixed number of hands never ends early, so both sizes replay in full.
    setup = rules.new_game("rummy", seats, options={"end": "hands", "hands": 100})
    small, large = rummy_hands(seats, 10), rummy_hands(seats, 100)
    t_small = best_of(lambda: rules.replay(setup, small))
    t_large = best_of(lambda: rules.replay(setup, large))
    return f"replay 100 hands / 10 hands: {t_large / t_small:.1f}x (10x = linear)"


def build_app(folder: str):
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
                      "TESTING": True, "WTF_CSRF_ENABLED": False, "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000"})
    with app.app_context():
        db.create_all()
        owner = create_user("Bench", "benchmark")
        league = create_league(owner, "Bench")
        players = [add_player(league, f"P{i}").id for i in range(4)]
        ids = {}
        for size in (5, 50):
            game = games.create_game(league, owner, "rummy", players, options={"end": "hands", "hands": 60})
            for n in range(size):
                winner = players[n % 4]
                games.record_hand(game.id, owner, rules.HandInput(tuple(
                    rules.PlayerResult(p, {} if p == winner else {"pips": 5}, {"went_out"} if p == winner else ())
                    for p in players)))
            ids[size] = game.id
            games.share(game.id)
        db.session.commit()
        tokens = {size: db.session.get(games.Game, gid).share_token for size, gid in ids.items()}
    return app, ids, tokens


def page_ratios(app, ids, tokens) -> list[str]:
    client = app.test_client()
    client.post("/login", data={"username": "Bench", "password": "benchmark"})
    t_small = best_of(lambda: client.get(f"/games/{ids[5]}"))
    t_large = best_of(lambda: client.get(f"/games/{ids[50]}"))
    link = f"/live/{tokens[50]}"
    etag = client.get(link).headers["ETag"]
    t_full = best_of(lambda: client.get(link))
    t_304 = best_of(lambda: client.get(link, headers={"If-None-Match": etag}))
    return [f"game page 50 hands / 5 hands: {t_large / t_small:.1f}x (10x = linear)",
            f"live poll unchanged (304) / full board: {t_304 / t_full:.2f}x (lower is cheaper)"]


def cpu_of(client, path: str, count: int) -> float:
    """The CPU time of `count` reads of one path in this process (the machine's other work counts less)."""
    start = time.process_time()
    for _ in range(count):
        client.get(path)
    return time.process_time() - start


def page_cpu_ratio(rounds: int = 5, count: int = 60) -> str:
    """The game page (50 hands, a scorer reading it) against /rules/ramo in one process, by CPU time: the
    rendering's own cost without gunicorn and wrk, steadier than wrk on a shared machine. Each round is
    A B B A; the median of the rounds' ratios is printed."""
    with tempfile.TemporaryDirectory() as folder:
        app, ids, _ = build_app(folder)
        client = app.test_client()
        client.post("/login", data={"username": "Bench", "password": "benchmark"})
        game = f"/games/{ids[50]}"
        for path in (game, "/rules/ramo"):
            assert client.get(path).status_code == 200
        ratios = []
        for _ in range(rounds):
            floor = cpu_of(client, "/rules/ramo", count)
            page = cpu_of(client, game, count) + cpu_of(client, game, count)
            floor += cpu_of(client, "/rules/ramo", count)
            ratios.append(floor / page)
    return f"game page vs /rules/ramo in one process, by CPU time: {statistics.median(ratios):.2f}x"


def growth_lines() -> list[str]:
    lines = [replay_ratio()]
    with tempfile.TemporaryDirectory() as folder:
        app, ids, tokens = build_app(folder)
        lines += page_ratios(app, ids, tokens)
    return lines
