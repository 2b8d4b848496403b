"""The installable app: the service worker at the root scope, the favicon, and the offline page."""

import hashlib
import json
from functools import cache
from pathlib import Path

from flask import Blueprint, current_app, make_response, send_from_directory, url_for

from .. import rules
from ..web.rendering import render
from . import page_scripts
from .slim_static import STYLE_SHEET, slim_js
from .slim_static import slimmed as slimmed_file

bp = Blueprint("pwa", __name__)
WORKER = "js/sw.js"


@cache
def _static_files(folder: str) -> tuple[tuple[str, str], ...]:
    """(path under static/, content hash) of every file the app shell needs offline."""
    root = Path(folder)
    return tuple((name, hashlib.sha256(_served(folder, name, path)).hexdigest()[:16])
                 for path in sorted(root.rglob("*"))
                 if path.is_file() and (name := path.relative_to(root).as_posix()) != WORKER)


def _served(folder: str, name: str, path: Path) -> bytes:
    """The bytes a phone gets for the file: a slimmed one (slim_static.py) changes with what slims it."""
    slimmed = slimmed_file(folder, name)
    return slimmed[0] if slimmed else path.read_bytes()


@bp.get("/sw.js")
def service_worker():
    """The service worker, preceded by what it keeps for offline use and a version that changes with it."""
    folder = current_app.static_folder
    files = _static_files(folder)
    precache = {
        "offline": url_for("pwa.offline"),
        "pages": [url_for("rules_pages.index")]
        + [url_for("rules_pages.show", variant_key=key) for key in rules.VARIANTS],
        # Each kind of page's one script file (page_scripts.py), so that a page kept offline runs.
        "files": [url_for("static", filename=name) for name, _ in files]
        + [url_for("static", filename=STYLE_SHEET)]
        + [url_for("static", filename=page_scripts.file_of(page_scripts.scripts_of(kind)))
           for kind in page_scripts.PAGES],
        "static_prefix": url_for("static", filename=""),
    }
    source = (Path(folder) / WORKER).read_text(encoding="utf-8")
    # A new version of any cached file (or of the worker) makes a new worker and a fresh cache.
    version = hashlib.sha256(json.dumps([files, precache, source]).encode()).hexdigest()[:12]
    # Sent without its comments, as the app's other scripts are (slim_static.py).
    body = f"self.CACHE_VERSION = {json.dumps(version)};\nself.PRECACHE = {json.dumps(precache)};\n{slim_js(source)}"
    response = make_response(body)
    response.mimetype = "text/javascript"
    response.cache_control.no_cache = True
    return response


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask the root for it whatever the page says."""
    return send_from_directory(Path(current_app.static_folder) / "icons", "favicon.ico", max_age=86400)


# Crawlers may read the public rules; everything of a league, a game, a live link or the API is private.
ROBOTS = """User-agent: *
Allow: /$
Allow: /rules
Disallow: /live/
Disallow: /games/
Disallow: /leagues/
Disallow: /api/
Disallow: /guest
Disallow: /account
"""


@bp.get("/robots.txt")
def robots():
    """What search engines may read: the home page and the rules, never a game or a live link."""
    response = make_response(ROBOTS)
    response.mimetype = "text/plain"
    return response


@bp.get("/offline")
def offline():
    """What the service worker shows for a page it cannot fetch: the hands waiting on this phone."""
    return render("offline.html")
