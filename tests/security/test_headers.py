"""Every route answers with the security headers; pages private to a member are never stored."""

import re

import pytest

from ramo_keeper.extensions import db
from ramo_keeper.models import Game, Membership

HEADER_CHECKS = {
    "X-Content-Type-Options": lambda v: v == "nosniff",
    "Referrer-Policy": lambda v: v in ("same-origin", "no-referrer", "strict-origin-when-cross-origin"),
    "Content-Security-Policy": lambda v: "frame-ancestors 'none'" in v,
}


def _script_sources(csp: str) -> str:
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";") if " " in part.strip())
    return directives.get("script-src", directives.get("default-src", ""))


@pytest.fixture
def walked(app, table):
    """One URL per rule of the URL map (every method), filled with ids of Ana's own league."""
    game_id = table.new_game("rummy", ["A", "B", "C"])
    table.post_hand(game_id, out="A", cards={"B": {"pips": 5}, "C": {"pips": 7}})
    with app.app_context():
        game = db.session.get(Game, game_id)
        game.share_token = "live-token-for-the-walk"
        member_id = db.session.execute(db.select(Membership.id)).scalar()
        from ramo_keeper.house_rules.service import create_ruleset
        from ramo_keeper.models import League

        ruleset = create_ruleset(db.session.get(League, table.league_id), "Nonna's Ramo", {"out_score": -30},
                                 based_on="ramo")
        ruleset_id, ruleset_key = ruleset.id, ruleset.key
        db.session.commit()
    values = {"league_id": table.league_id, "season_id": table.season_id, "player_id": table.id("A"),
              "game_id": game_id, "member_id": member_id, "number": 1, "token_id": 1,
              "token": "live-token-for-the-walk", "variant_key": "rummy", "filename": "css/app.css",
              "ruleset_id": ruleset_id, "key": ruleset_key, "night_id": 1, "table": 1}
    urls = []
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[a-z_]+:)?([a-z_]+)>", lambda m: str(values[m.group(1)]), rule.rule)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            urls.append((method, path, rule.endpoint))
    return urls


def test_every_route_sends_the_security_headers(table, walked):
    client = table.web.client
    assert len(walked) > 60
    for method, path, _endpoint in walked:
        response = client.open(path, method=method)
        response.close()
        for name, check in HEADER_CHECKS.items():
            assert name in response.headers and check(response.headers[name]), (method, path, name)
        scripts = _script_sources(response.headers["Content-Security-Policy"])
        assert "'self'" in scripts and "unsafe-inline" not in scripts and "unsafe-eval" not in scripts, path


def test_error_pages_and_unknown_urls_send_the_headers_too(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]


def test_member_pages_are_not_stored_by_caches(table, walked):
    client = table.web.client
    private_pages = [(m, p) for m, p, endpoint in walked if m == "GET" and endpoint.split(".")[0] in
                     ("leagues", "players", "games", "hands", "seasons", "stats", "backups", "auth", "main")
                     and endpoint not in ("auth.login", "auth.register")]
    assert len(private_pages) > 15
    for _, path in private_pages:
        response = client.get(path)
        # Closed as a browser would: a streamed download (the league backup) keeps its context until then.
        response.close()
        assert "no-store" in response.headers.get("Cache-Control", ""), path


def test_public_pages_and_static_files_may_be_cached(client):
    assert "no-store" not in client.get("/rules").headers.get("Cache-Control", "")
    with client.get("/static/css/app.css") as response:
        assert "no-store" not in response.headers.get("Cache-Control", "")


def test_hsts_only_under_https(client):
    assert "Strict-Transport-Security" not in client.get("/rules").headers
    secure = client.get("/rules", base_url="https://keeper.test")
    assert secure.headers["Strict-Transport-Security"].startswith("max-age=")


def test_no_template_carries_inline_script_handlers_or_style(app):
    import pathlib

    root = pathlib.Path(app.root_path).parent / "templates"
    handler = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
    for template in root.rglob("*.html"):
        source = template.read_text()
        assert not handler.search(source), f"{template}: inline handler (CSP blocks it)"
        assert not re.search(r"<script(?![^>]*\ssrc=)[^>]*>", source), f"{template}: inline <script>"
        assert not re.search(r"\sstyle\s*=", source), f"{template}: style attribute (CSP blocks it)"
        assert "hx-on" not in source, f"{template}: hx-on needs eval"


def test_htmx_is_told_not_to_inject_its_indicator_style(client):
    page = client.get("/rules").get_data(as_text=True)
    assert '"includeIndicatorStyles": false' in page
