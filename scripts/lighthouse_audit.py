"""Lighthouse's accessibility score for the table's pages, light and dark: `make audit` runs it.

Seeds a throw-away SQLite database (Ana's league, a Ramo game with two hands and a live link, the same
table as the README's screenshots, and a new game of each other game for its hand form), serves the app
on 127.0.0.1 (AUDIT_PORT, default 18320) and runs Lighthouse (LIGHTHOUSE, the pinned npm install in
.audit/) on Debian's Chromium for each page in each colour scheme. Prints a table of page × mode × score
and exits 1 when any score is below 100, with the failing audits named. `--hand-forms` audits only the
six games' hand forms, as tests/e2e/test_lighthouse.py does. Dark mode is Chromium's
`preferredColorScheme` setting (0 = dark); each run checks from its final screenshot that the page
really was drawn light or dark.
"""

import base64
import io
import json
import logging
import os
import re
import shutil
import subprocess  # nosec B404: runs the pinned Lighthouse on this machine's Chromium
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image, ImageStat
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ramo_keeper import create_app, rules  # noqa: E402
from ramo_keeper.extensions import db  # noqa: E402
from scripts.screenshots import seed  # noqa: E402

LIGHTHOUSE = Path(os.environ.get("LIGHTHOUSE", ROOT / ".audit" / "node_modules" / ".bin" / "lighthouse"))
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
BASE_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"
MODES = {"light": "--blink-settings=preferredColorScheme=1", "dark": "--blink-settings=preferredColorScheme=0"}


def session_cookie(app, name: str, password: str) -> str:
    """Log in through the real form (CSRF and all) and return the Cookie header it earns."""
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    client.post("/login", data={"csrf_token": token, "username": name, "password": password})
    cookie = client.get_cookie("session")
    if cookie is None:
        raise SystemExit("audit: could not log in as the seeded member")
    return f"session={cookie.value}"


def brightness(report: dict) -> float:
    """The mean brightness (0–255) of the page as Lighthouse last saw it."""
    shot = report["audits"]["final-screenshot"]["details"]["data"]
    image = Image.open(io.BytesIO(base64.b64decode(shot.split(",", 1)[1]))).convert("L")
    return ImageStat.Stat(image).mean[0]


# Runs at once: each is mostly waiting (node starting, Chromium starting, the page settling), so three share
# two cores well and the twelve runs of the hand forms take a third of the time they took one by one.
JOBS = int(os.environ.get("LIGHTHOUSE_JOBS", "3"))


def run(url: str, mode: str, headers: dict, out: Path) -> dict:
    # The final screenshot is asked for beside the category: it shows which colour scheme was drawn. The
    # full-page screenshot (a second of each run) is not: nothing here reads it.
    command = [str(LIGHTHOUSE), url, "--only-categories=accessibility", "--only-audits=final-screenshot",
               "--disable-full-page-screenshot", "--output=json", f"--output-path={out}", "--quiet",
               "--form-factor=mobile", f"--chrome-flags={BASE_FLAGS} {MODES[mode]}"]
    if headers:
        command.append(f"--extra-headers={json.dumps(headers)}")
    subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROME}, timeout=300)  # nosec B603
    return json.loads(out.read_text())


def new_games(app, game_id: int) -> dict[str, int]:
    """A new game of every other game beside the seeded Ramo game, in the same league, at the fewest
    players it takes: each one's hand form. (Fewer blocks put a player's boxes at the foot of the first
    screen, where the sticky Record bar covers them.)"""
    from ramo_keeper.games import service
    from ramo_keeper.models import Game, User

    with app.app_context():
        ramo = db.session.get(Game, game_id)
        ana = db.session.execute(db.select(User).filter_by(username="Ana")).scalar_one()
        ids = [seat.player_id for seat in ramo.seats]
        games = {"ramo": game_id}
        for key in sorted(set(rules.VARIANTS) - {"ramo"}):
            games[key] = service.create_game(ramo.league, ana, key, ids[:rules.VARIANTS[key].min_players]).id
        db.session.commit()
        return games


def audit(pages: list[tuple[str, str, dict]], workdir: Path, only: set | None = None) -> tuple[list[tuple], list[str]]:
    """Lighthouse on each page in each mode (or only the (page, mode) pairs given): the rows (page, mode,
    score, brightness) and what failed."""
    rows, failures = [], []
    runs = [(name, url, headers, mode) for name, url, headers in pages for mode in MODES
            if only is None or (name, mode) in only]
    with ThreadPoolExecutor(max_workers=max(1, JOBS)) as pool:
        reports = list(pool.map(lambda n: run(runs[n][1], runs[n][3], runs[n][2], workdir / f"report-{n}.json"),
                                range(len(runs))))
    for (name, url, _headers, mode), report in zip(runs, reports, strict=True):
        if report.get("finalDisplayedUrl", url).rstrip("/") != url.rstrip("/"):
            failures.append(f"{name} ({mode}): ended on {report.get('finalDisplayedUrl')}")
        shade = brightness(report)
        if (mode == "dark") != (shade < 128):
            failures.append(f"{name} ({mode}): the page was drawn {'dark' if shade < 128 else 'light'}")
        category = report["categories"]["accessibility"]
        if len(category["auditRefs"]) < 20:
            failures.append(f"{name} ({mode}): only {len(category['auditRefs'])} accessibility audits ran")
        score = round(category["score"] * 100)
        rows.append((name, mode, score, shade))
        for found in report["audits"].values():
            if found.get("scoreDisplayMode") == "binary" and found.get("score") not in (None, 1):
                items = (found.get("details") or {}).get("items") or []
                where = "; ".join(str((item.get("node") or {}).get("selector", "")) for item in items[:3])
                failures.append(f"{name} ({mode}): {found['id']}: {found['title']}"
                                + (f" at {where}" if where else ""))
    return rows, failures


def table_of(rows: list[tuple]) -> str:
    lines = [f"{'page':<24} {'mode':<6} {'accessibility':>13}  {'brightness':>10}"]
    lines += [f"{name:<24} {mode:<6} {score:>13}  {shade:>10.0f}" for name, mode, score, shade in rows]
    return "\n".join(lines)


def main(hand_forms_only: bool = False) -> int:
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"audit: {LIGHTHOUSE} is missing (make audit installs lighthouse@12.8.2 there)")
    workdir = Path(tempfile.mkdtemp())
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{workdir / 'audit.sqlite3'}", "SECRET_KEY": "audit"})
    game_id = seed(app)
    games = new_games(app, game_id)
    member = {"Cookie": session_cookie(app, "Ana", "correct horse")}
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", int(os.environ.get("AUDIT_PORT", "18320")), app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    with app.app_context():
        from ramo_keeper.models import Game

        live = base + f"/live/{db.session.get(Game, game_id).share_token}"
    hand_forms = [(f"hand form ({key})", f"{base}/games/{games[key]}", member) for key in sorted(games)]
    pages = hand_forms if hand_forms_only else [
        ("home", base + "/", {}), ("rules (Ramo)", base + "/rules/ramo", {}), ("play", base + "/play", {}),
        *hand_forms, ("live view", live, {})]
    try:
        rows, failures = audit(pages, workdir)
    finally:
        server.shutdown()
        shutil.rmtree(workdir, ignore_errors=True)
    print(table_of(rows))
    for line in failures:
        print("FAIL", line)
    return 1 if failures or any(score < 100 for _, _, score, _ in rows) else 0


if __name__ == "__main__":
    sys.exit(main(hand_forms_only="--hand-forms" in sys.argv[1:]))
