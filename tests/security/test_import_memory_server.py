"""A backup import's memory on a real gunicorn worker (issue 34, item 2), on SQLite or DATABASE_URL's PostgreSQL.

`{"players":[],"games":[{},{},…]}` of 90 MB gzips to 88 KB. Uploaded, it grew the worker from 136 MB
to 2.4 GB and kept it busy 17 s before a 422: the file was unpacked whole and parsed whole. Now it is
read as it arrives (backups/reading.py) and refused at the 2,001st game. The worker's peak resident
memory is measured from the kernel (VmHWM, reset before the upload through /proc/PID/clear_refs).
The largest backup a league may hold (every cap: 500 players, 200 seasons, 50 house rules,
2,000 games, 20,000 hands), as the app's own download writes it, still imports, in process.
"""

import gzip
import json
import time
import uuid
from pathlib import Path

import pytest
from gunicorn_server import Phone, app_with_server
from uploads import post_backup

from benchmarks.full_league import fill_league
from conftest import Browser
from ramo_keeper.accounts.service import create_user
from ramo_keeper.backups.backup import export_league
from ramo_keeper.extensions import db
from ramo_keeper.house_rules.service import MAX_RULESETS_PER_LEAGUE, create_ruleset
from ramo_keeper.leagues.limits import MAX_GAMES_PER_LEAGUE, MAX_HANDS_PER_LEAGUE
from ramo_keeper.leagues.service import create_league
from ramo_keeper.models import Game, Hand, League, Player, Ruleset, Season

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


def test_the_largest_backup_a_league_may_hold_as_the_app_writes_it_still_imports(app):
    """In process (a real worker's timeout is shorter than replaying 20,000 hands on a busy machine)."""
    with app.app_context():
        owner = create_user("Bo", PASSWORD)
        full = create_league(owner, "Full")
        target = create_league(owner, "Restored")
        db.session.commit()
        fill_league(full.id)
        for n in range(MAX_RULESETS_PER_LEAGUE):
            create_ruleset(full, f"House {n}", {"out_score": n}, based_on="rummy")
        db.session.commit()
        backup = export_league(db.session.get(League, full.id))
        target_id = target.id
    assert (len(backup["players"]), len(backup["seasons"]), len(backup["rulesets"]), len(backup["games"]),
            sum(len(g["hands"]) for g in backup["games"])) == (500, 200, 50, MAX_GAMES_PER_LEAGUE, MAX_HANDS_PER_LEAGUE)
    json_text = json.dumps(backup, ensure_ascii=False, separators=(",", ":")).encode()
    body = gzip.compress(json_text)
    person = Browser(app.test_client())
    assert person.login("Bo", PASSWORD).status_code == 303
    with app.app_context():
        reset_peak("self")
        baseline = memory("self")["VmRSS"]
        assert post_backup(person, target_id, body).status_code == 303
        rise = memory("self")["VmHWM"] - baseline
    print(f"importing {len(body) / MB:.1f} MB gzipped ({len(json_text) / MB:.1f} MB of JSON): the peak rose "
          f"{rise / MB:.0f} MB")
    with app.app_context():
        counted = {model.__name__: db.session.scalar(db.select(db.func.count(model.id)).filter_by(league_id=target_id))
                   for model in (Player, Season, Ruleset, Game)}
        hands = db.session.scalar(db.select(db.func.count(Hand.id)).join(Game).where(Game.league_id == target_id))
    assert counted == {"Player": 500, "Season": 200, "Ruleset": 50, "Game": MAX_GAMES_PER_LEAGUE}
    assert hands == MAX_HANDS_PER_LEAGUE
