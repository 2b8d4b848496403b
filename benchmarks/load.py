"""Load generators: wrk (Debian's) for throughput, and a sequential client for latency percentiles."""

import re
import shutil
import statistics
import subprocess
import time
from dataclasses import dataclass

from .server import connection, post_json

THREADS, CONNECTIONS = 2, 16
# wrk's default of 2 s counts a slow answer on an overloaded shared machine as an error; a phone waits longer.
TIMEOUT_SECONDS = 10


@dataclass
class Throughput:
    name: str
    requests_per_second: float
    errors: int  # failed connections, reads and writes, and 4xx/5xx answers
    timeouts: int  # answers slower than TIMEOUT_SECONDS


def wrk_path() -> str:
    path = shutil.which("wrk")
    if path is None:
        raise SystemExit("wrk is missing: run `bash scripts/system-deps.sh wrk` (or `make bench`, which does it).")
    return path


def wrk(name: str, url: str, headers: dict | None = None, seconds: int = 5) -> Throughput:
    """`wrk -t2 -c16 -dNs` on one URL: 16 concurrent keep-alive readers."""
    command = [wrk_path(), f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{seconds}s", f"--timeout={TIMEOUT_SECONDS}s"]
    for key, value in (headers or {}).items():
        command += ["-H", f"{key}: {value}"]
    output = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    errors = timeouts = 0
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    if socket_errors:
        connect, read, write, timeouts = (int(n) for n in socket_errors.groups())
        errors += connect + read + write
    bad_status = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if bad_status:
        errors += int(bad_status.group(1))
    return Throughput(name, rate, errors, timeouts)


@dataclass
class Latency:
    p50: float
    p95: float


def percentiles(samples: list[float]) -> Latency:
    cuts = statistics.quantiles(samples, n=20, method="inclusive")
    return Latency(statistics.median(samples), cuts[18])


def timed_gets(base: str, path: str, count: int, headers: dict | None = None) -> Latency:
    """One keep-alive client, one request at a time: the latency a single phone sees."""
    conn = connection(base)
    samples = []
    try:
        for _ in range(count):
            start = time.perf_counter()
            conn.request("GET", path, headers=headers or {})
            response = conn.getresponse()
            response.read()
            samples.append(time.perf_counter() - start)
            if response.status != 200:
                raise RuntimeError(f"GET {path} answered {response.status}")
    finally:
        conn.close()
    return percentiles(samples)


def timed_hand_entries(base: str, token: str, entries: dict[int, list[dict]]) -> dict[int, Latency]:
    """Record hands through the API one after another, as a scorer's phone would, taking turns
    between the games so that both see the same moments of a noisy machine."""
    conn = connection(base)
    headers = {"Authorization": f"Bearer {token}"}
    samples: dict[int, list[float]] = {game_id: [] for game_id in entries}
    try:
        for bodies in zip(*entries.values(), strict=True):
            for game_id, body in zip(entries, bodies, strict=True):
                start = time.perf_counter()
                status = post_json(conn, f"/api/v1/games/{game_id}/hands", body, headers)
                samples[game_id].append(time.perf_counter() - start)
                if status != 201:
                    raise RuntimeError(f"recording a hand in game {game_id} answered {status}")
    finally:
        conn.close()
    return {game_id: percentiles(times) for game_id, times in samples.items()}
