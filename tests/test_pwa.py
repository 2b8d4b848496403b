"""The installable app's server side: the service worker's list, the favicon, the offline page, the head links."""

import json
import re

from ramo_keeper import rules


def precache_of(client) -> dict:
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert "no-cache" in response.headers["Cache-Control"]
    match = re.search(r"^self\.PRECACHE = (.*);$", response.get_data(as_text=True), re.M)
    return json.loads(match.group(1))


def test_the_worker_keeps_the_shell_static_files_and_rules_pages_only(client):
    precache = precache_of(client)
    assert precache["offline"] == "/offline"
    assert precache["pages"] == ["/rules"] + [f"/rules/{key}" for key in rules.VARIANTS]
    files = precache["files"]
    for needed in ("/static/css/app.css", "/static/js/app.js", "/static/js/outbox.js", "/static/js/live.js",
                   "/static/vendor/htmx-2.0.11.min.js", "/static/icons/icon-192.png", "/static/manifest.webmanifest"):
        assert needed in files
    assert "/static/js/sw.js" not in files
    assert all(url.startswith("/static/") for url in files)


def test_every_kept_url_is_public(client):
    """Precached as a stranger: nothing in the list needs a login (member pages are never kept)."""
    precache = precache_of(client)
    for url in [precache["offline"], *precache["pages"], *precache["files"]]:
        with client.get(url) as response:
            assert response.status_code == 200, url


def test_the_worker_version_changes_with_the_files(app, client, tmp_path):
    from ramo_keeper.shell import pwa

    first = client.get("/sw.js").get_data(as_text=True).splitlines()[0]
    pwa._static_files.cache_clear()
    static = tmp_path / "static"
    (static / "js").mkdir(parents=True)
    (static / "js" / "sw.js").write_text("// worker\n")
    (static / "a.css").write_text("a {}")
    app.static_folder = str(static)
    try:
        second = client.get("/sw.js").get_data(as_text=True).splitlines()[0]
        (static / "a.css").write_text("a { color: red }")
        pwa._static_files.cache_clear()
        third = client.get("/sw.js").get_data(as_text=True).splitlines()[0]
    finally:
        pwa._static_files.cache_clear()
    assert len({first, second, third}) == 3


def test_favicon_at_the_root_and_the_offline_page_need_no_login(client):
    with client.get("/favicon.ico") as favicon:
        assert favicon.status_code == 200 and favicon.data[:4] == b"\x00\x00\x01\x00"
    offline = client.get("/offline").get_data(as_text=True)
    assert "No connection" in offline and 'id="outbox"' in offline and "data-reload-when-online" in offline


def test_every_page_links_the_manifest_icons_and_worker(client):
    page = client.get("/rules").get_data(as_text=True)
    assert 'rel="manifest"' in page and 'rel="apple-touch-icon"' in page and 'rel="icon"' in page
    assert 'data-service-worker="/sw.js"' in page
    assert "<script>" not in page and " onload=" not in page


def test_manifest_is_installable(app):
    from pathlib import Path

    manifest = json.loads((Path(app.static_folder) / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["scope"] == "/"
    purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
    for icon in manifest["icons"]:
        assert (Path(app.static_folder) / icon["src"].removeprefix("/static/")).is_file()
