"""Korean and Italian wherever the app starts: a deployment that never runs `make` still speaks them.

The compiled catalogues (.mo) are not committed; `make` builds them. A container or a platform
installs requirements.txt, runs `flask db upgrade` and starts gunicorn, and must not lose both
languages without a word: the app compiles them at start-up, and readiness fails without them.
"""

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from ramo_keeper.shell import catalogues

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("ko", "it")


def _copy_sources(target: Path) -> None:
    """The files git would commit, as a fresh clone has them: no .mo, no .venv, no database."""
    listing = ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
    listed = subprocess.run(listing, cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def test_a_missing_or_stale_catalogue_is_compiled_and_a_fresh_one_left_alone(tmp_path):
    for language in LANGUAGES:
        po_path, _ = catalogues.paths(str(ROOT / "translations"), language)
        (tmp_path / language / "LC_MESSAGES").mkdir(parents=True)
        shutil.copy2(po_path, tmp_path / language / "LC_MESSAGES" / "messages.po")
    directory = str(tmp_path)
    assert catalogues.unservable(directory, LANGUAGES) == ["ko", "it"]

    assert catalogues.ensure_compiled(directory, LANGUAGES) == []
    assert catalogues.unservable(directory, LANGUAGES) == []
    ko_po, ko_mo = catalogues.paths(directory, "ko")
    edited_at = os.path.getmtime(ko_po)

    os.utime(ko_mo, (edited_at - 100, edited_at - 100))  # the .po edited after the last build
    assert catalogues.is_stale(directory, "ko")
    catalogues.ensure_compiled(directory, LANGUAGES)
    assert not catalogues.is_stale(directory, "ko")
    assert not catalogues.is_stale(directory, "it")


def test_readiness_fails_while_a_language_cannot_be_served(app, client, tmp_path):
    assert client.get("/healthz/ready").status_code == 200
    app.config["TRANSLATIONS_DIRECTORY"] = str(tmp_path)  # no catalogue at all there
    response = client.get("/healthz/ready")
    assert response.status_code == 503
    assert response.get_json() == {"status": "unavailable", "database": "ok", "languages_missing": ["ko", "it"]}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _get(port: int, path: str, language: str | None = None) -> tuple[int, str]:
    headers = {"Accept-Language": language} if language else {}
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 (loopback only)
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.slow
def test_the_production_path_without_make_serves_korean_and_italian(tmp_path):
    """README's production section, in a fresh copy: `flask db upgrade`, then gunicorn. No `make`."""
    clone = tmp_path / "clone"
    _copy_sources(clone)
    assert not list(clone.glob("translations/*/LC_MESSAGES/*.mo"))
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "RAMO_ENV": "production", "SECRET_KEY": "x" * 40,
           "DATABASE_URL": f"sqlite:///{tmp_path / 'prod.sqlite3'}"}
    env.pop("PUBLIC_URL", None)
    env.pop("TRUSTED_HOSTS", None)
    upgrade = subprocess.run([str(bin_dir / "flask"), "--app", "app", "db", "upgrade"], cwd=clone, env=env,
                             capture_output=True, text=True)
    assert upgrade.returncode == 0, upgrade.stderr
    port = _free_port()
    server = subprocess.Popen([str(bin_dir / "gunicorn"), "-w", "2", "-b", f"127.0.0.1:{port}", "app:app"],
                              cwd=clone, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, body = _get(port, "/healthz/ready")
                break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.2)
        assert status == 200, body
        status, korean = _get(port, "/rules/ramo", "ko-KR")
        assert status == 200
        assert '<html lang="ko"' in korean and "<h1>라모</h1>" in korean
        status, italian = _get(port, "/", "it-IT")
        assert status == 200
        assert '<html lang="it"' in italian and "Gioca subito" in italian
    finally:
        server.terminate()
        server.wait(timeout=30)
