"""A backup import's memory on a real gunicorn worker (issue 34, item 2), on SQLite or DATABASE_URL's PostgreSQL.

`{"players":[],"games":[{},{},…]}` of 90 MB gzips to 88 KB. Uploaded, it grew the worker from 136 MB
to 2.4 GB and kept it busy 17 s before a 422: the file was unpacked whole and parsed whole. Now it is
read as it arrives (backups/reading.py) and refused at the 2,001st game. The worker's peak resident
memory is measured from the kernel (VmHWM, reset before the upload through /proc/PID/clear_refs).
The largest backup a league may hold (every cap: 500 players, 200 seasons, 50 house rules,
2,000 games, 20,000 hands), as the app's own download writes it, still imports, gzipped: that is
tests/perf/test_league_at_the_caps.py, in process (a real worker's timeout is shorter than replaying
20,000 hands on a busy machine).
"""

import gzip
import time
import uuid
from pathlib import Path

import pytest
from gunicorn_server import Phone, app_with_server

from ramo_keeper.accounts.service import create_user
from ramo_keeper.extensions import db
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import Game

PASSWORD = "correct horse"
MB = 1024 * 1024


def hostile() -> bytes:
    """A tiny gzip of 90 MB of empty games: made when the test runs, not when each worker collects the suite."""
    return gzip.compress(b'{"players":[],"games":[' + b"{}," * 30_000_000 + b"{}]}")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with app_with_server(tmp_path_factory, "import-memory", workers=1) as app:
        yield app


def the_worker(master: int) -> int:
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                children.append(int(entry.name))
    assert len(children) == 1, children
    return children[0]


def memory(pid: int | str) -> dict[str, int]:
    """The process's resident memory now (VmRSS) and at its peak (VmHWM), in bytes."""
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    return {key: int(value.split()[0]) * 1024 for key, _, value in (line.partition(":") for line in lines)
            if key in ("VmRSS", "VmHWM")}


def reset_peak(pid: int | str) -> None:
    Path(f"/proc/{pid}/clear_refs").write_text("5")  # VmHWM starts again from VmRSS


def upload(phone: Phone, league_id: int, body: bytes) -> tuple[int, str]:
    assert phone.get(f"/leagues/{league_id}/import")[0] == 200
    boundary = uuid.uuid4().hex
    form = (f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{phone.csrf}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup.json.gz"\r\n'
            f"Content-Type: application/gzip\r\n\r\n").encode() + body + f"\r\n--{boundary}--\r\n".encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}", **phone._cookie_header()}
    status, _, raw = phone.server.request("POST", f"/leagues/{league_id}/import", form, headers)
    return status, raw.decode()


def test_a_tiny_gzip_of_90_mb_of_empty_games_is_refused_with_the_worker_under_200_mb_above_its_baseline(app):
    bomb = hostile()
    assert len(bomb) < 100_000
    with app.app_context():
        league_id = create_league(create_user("Ana", PASSWORD), "Target").id
        db.session.commit()
    phone = Phone(app.server, "Ana", PASSWORD)
    worker = the_worker(app.server.process.pid)
    upload(phone, league_id, gzip.compress(b"{}"))  # the import path warmed up once: its modules are loaded
    reset_peak(worker)
    baseline = memory(worker)["VmRSS"]
    started = time.monotonic()
    status, page = upload(phone, league_id, bomb)
    print(f"refused in {time.monotonic() - started:.2f} s")
    rise = memory(worker)["VmHWM"] - baseline
    print(f"the worker's peak rose {rise / MB:.1f} MB")
    assert status == 422
    assert rise < 200 * MB
    assert "A league holds at most 2,000 games; this backup has more." in page
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Game.id)).filter_by(league_id=league_id)) == 0
