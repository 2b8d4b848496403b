"""A real gunicorn server with several worker processes on the test database, and a small HTTP client.

Threads in the tests share nothing with the workers but the database, as phones at a table would.
"""

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from contextlib import contextmanager
from pathlib import Path

from xdist_isolation import server_ports

ROOT = Path(__file__).resolve().parent.parent
# Each xdist worker probes its own range, so two workers never pick the same free port at once.
PORTS = server_ports()
# How often a request answered 503 with Retry-After is sent again before the 503 is returned.
BUSY_RETRIES = 5


def free_port() -> int:
    for port in PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS.start}-{PORTS.stop - 1}")


class Server:
    """`gunicorn -w WORKERS` serving create_app() on DATABASE_URL; stopped on exit."""

    def __init__(self, database_url: str, workers: int = 4):
        # A port found free can still be taken before gunicorn binds it (by a program outside this
        # run): then gunicorn exits saying so, and it starts again on the next free port.
        self.busy_answers = 0
        for _attempt in range(3):
            log = self._start(database_url, workers)
            if log is None:
                return
            if "Address already in use" not in log:
                break
        raise RuntimeError("gunicorn did not start: " + log)

    def _start(self, database_url: str, workers: int) -> str | None:
        """None once gunicorn answers; else what it logged before it was stopped."""
        self.port = free_port()
        env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "test-secret", "RAMO_ENV": "development"}
        gunicorn = Path(sys.executable).with_name("gunicorn")
        self.log = tempfile.TemporaryFile()
        # --preload: the app is built once in the master and the workers are forked from it (create_app() opens
        # no connection), instead of four processes importing it at once: about 4 s of CPU less a server.
        # --no-control-socket: gunicorn 27 opens one at a fixed path in $HOME, which two servers would share.
        # A session of its own, so that stop() reaches the master and its workers at once.
        self.process = subprocess.Popen(
            [str(gunicorn), "--preload", "--no-control-socket", "-w", str(workers), "-b", f"127.0.0.1:{self.port}",
             "--timeout", "60", "--log-level", "warning", "ramo_keeper:create_app()"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=self.log, start_new_session=True)
        # Four workers importing the app take a few seconds, and far longer on a machine running
        # other tests at the same time: waiting longer costs nothing when the server is quick.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                if self.request("GET", "/rules")[0] == 200:
                    return None
            except OSError:
                time.sleep(0.2)
        return self.stop()

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
                retry_busy: bool = True):
        """(status, headers, body) over a fresh connection, as a separate phone would send it.

        A 503 with Retry-After says the database was too busy and nothing was saved: like the phones'
        outbox, the request is sent again after a pause (at most BUSY_RETRIES times; a 503 that
        outlasts them is returned). Tests run on busy cores, where a write can wait past SQLite's busy
        timeout; a busy answer is not a wrong one. self.busy_answers counts them. retry_busy=False
        returns every 503, for a test that handles them itself.
        """
        for _attempt in range(BUSY_RETRIES if retry_busy else 0):
            status, got, raw = self._send(method, path, body, headers)
            if status != 503 or "Retry-After" not in got:
                return status, got, raw
            self.busy_answers += 1
            time.sleep(min(float(got["Retry-After"]), 1.0))
        return self._send(method, path, body, headers)

    def _send(self, method: str, path: str, body: bytes | None, headers: dict | None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            headers = dict(response.getheaders())
            # A dict keeps one value per name: every cookie set is kept, one a line (Phone reads them all).
            cookies = [value for name, value in response.getheaders() if name.lower() == "set-cookie"]
            if cookies:
                headers = {k: v for k, v in headers.items() if k.lower() != "set-cookie"}
                headers["Set-Cookie"] = "\n".join(cookies)
            return response.status, headers, response.read()
        finally:
            connection.close()

    def stop(self) -> str:
        """Stop the server; returns what it logged (warnings and errors) until it was told to stop.

        The test is over and every answer it waited for has come, so the master and its workers are all told
        to quit at once (SIGQUIT, gunicorn's quick shutdown); whatever is left after 0.2 s is killed. A
        graceful stop cost 1.5–2 s a server, the master waking once a second to notice its workers gone. The
        log is read first: a worker told to quit mid-write logs its own SystemExit, which is no fault of the app."""
        self.log.seek(0)
        log = self.log.read().decode(errors="replace")
        try:
            os.killpg(self.process.pid, signal.SIGQUIT)
            self.process.wait(0.2)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        except ProcessLookupError:
            self.process.wait()
        self.log.close()
        return log


class Api:
    """The JSON API with a bearer token."""

    def __init__(self, server: Server, token: str, retry_busy: bool = True):
        self.server, self.token, self.retry_busy = server, token, retry_busy

    def call(self, method: str, path: str, body=None, headers=None):
        sent = {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json", **(headers or {})}
        status, got, raw = self.server.request(method, "/api/v1" + path,
                                               json.dumps(body).encode() if body is not None else None, sent,
                                               retry_busy=self.retry_busy)
        return status, got, json.loads(raw) if raw else None


class Phone:
    """A logged-in browser: a session cookie and the CSRF token of the last page read."""

    CSRF = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')

    def __init__(self, server: Server, username: str, password: str):
        self.server, self.cookies = server, {}
        self.get("/login")
        status, _, _ = self.post("/login", {"username": username, "password": password})
        assert status == 303, f"login answered {status}"

    def _cookie_header(self) -> dict:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}

    def _keep_cookies(self, headers: dict) -> None:
        for key, value in headers.items():
            if key.lower() == "set-cookie":
                for cookie in value.split("\n"):
                    name, _, rest = cookie.partition("=")
                    self.cookies[name] = rest.split(";", 1)[0]

    def get(self, path: str) -> tuple[int, str]:
        status, headers, body = self.server.request("GET", path, headers=self._cookie_header())
        self._keep_cookies(headers)
        text = body.decode()
        found = self.CSRF.search(text)
        if found:
            self.csrf = found.group(1)
        return status, text

    def post(self, path: str, data: dict) -> tuple[int, dict, str]:
        body = urllib.parse.urlencode({"csrf_token": self.csrf, **data}).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded", **self._cookie_header()}
        status, got, raw = self.server.request("POST", path, body, headers)
        self._keep_cookies(got)
        return status, got, raw.decode()



class Visitor(Phone):
    """A browser that is not logged in: someone about to register, or a phone with only the live link."""

    def __init__(self, server: Server):
        self.server, self.cookies = server, {}


def race(count: int, job, timeout: float = 120) -> list:
    """job(i) in `count` threads released together; their answers in order."""
    barrier = threading.Barrier(count)
    answers = [None] * count

    def run(i):
        barrier.wait()
        answers[i] = job(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    return answers


@contextmanager
def app_with_server(tmp_path_factory, name: str, workers: int = 4, env: dict[str, str] | None = None):
    """An app on a fresh database (the run's PostgreSQL, else a SQLite file of its own) and, as app.server, a
    gunicorn with `workers` serving it, started with `env` set. For a module-scoped fixture: starting gunicorn
    costs seconds. On the way out the server stops, and its log must hold no traceback (a 500 anywhere)."""
    from conftest import ON_POSTGRES, POSTGRES_URL, make_app, reset_database
    from ramo_keeper.extensions import db

    url = POSTGRES_URL if ON_POSTGRES else f"sqlite:///{tmp_path_factory.mktemp(name) / f'{name}.sqlite3'}"
    app = make_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "test-secret",
                      "SERVER_NAME": "keeper.test", "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000"})
    with app.app_context():
        reset_database()
    saved = {key: os.environ.get(key) for key in env or {}}
    os.environ.update(env or {})
    try:
        app.server = Server(url, workers=workers)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    try:
        yield app
    finally:
        log = app.server.stop()
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    assert "Traceback" not in log, log
