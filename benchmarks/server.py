"""gunicorn with 2 sync workers on loopback, and the HTTP calls the benchmark needs from it."""

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from contextlib import contextmanager
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.request import HTTPCookieProcessor, Request, build_opener

ROOT = Path(__file__).resolve().parent.parent
FIRST_PORT = int(os.environ.get("BENCH_PORT", "18500"))
PORTS = range(FIRST_PORT, FIRST_PORT + 100)  # BENCH_PORT may lie above the default range
WORKERS = 2


def free_port() -> int:
    for port in PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"No free port in {PORTS.start}-{PORTS.stop - 1}; set BENCH_PORT.")


@contextmanager
def gunicorn(database_url: str, log: Path):
    """Serve app:app on 127.0.0.1 until the block ends; yields the base URL."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "benchmark-only", "RAMO_ENV": "development"}
    # The largest backup import takes seconds; on a busy machine more than gunicorn's default 30 s.
    command = [sys.executable, "-m", "gunicorn", "-w", str(WORKERS), "-b", f"127.0.0.1:{port}", "--timeout", "300",
               "--error-logfile", str(log), "app:app"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base, process)
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def _wait_until_up(base: str, process) -> None:
    for _ in range(300):
        if process.poll() is not None:
            raise RuntimeError("gunicorn exited; see its log")
        try:
            status, _, _ = get(base, "/healthz")
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError("gunicorn did not answer /healthz within 30 s")


def connection(base: str) -> http.client.HTTPConnection:
    parsed = urllib.parse.urlsplit(base)
    return http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=30)


def get(base: str, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    conn = connection(base)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def login_cookie(base: str, username: str, password: str) -> str:
    """Log in through the real form (CSRF token and all); the Cookie header a phone would send."""
    jar = CookieJar()
    opener = build_opener(HTTPCookieProcessor(jar))
    page = opener.open(base + "/login").read().decode()
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    form = urllib.parse.urlencode({"csrf_token": csrf, "username": username, "password": password}).encode()
    opener.open(Request(base + "/login", data=form))
    cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
    status, _, _ = get(base, "/account", {"Cookie": cookies})
    if status != 200:
        raise RuntimeError(f"logging in for the benchmark failed ({status})")
    return cookies


def post_json(conn: http.client.HTTPConnection, path: str, body: dict, headers: dict) -> int:
    conn.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json", **headers})
    response = conn.getresponse()
    response.read()
    return response.status
