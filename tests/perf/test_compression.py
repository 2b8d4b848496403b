"""Issue 12: pages, htmx fragments and JSON are sent brotli- or gzip-compressed; a 304 stays empty,
validators still match after compression, and static files keep their long-lived caching."""

import gzip
import re

import brotli
import pytest

from .seeding import seed

BR, GZIP = {"Accept-Encoding": "br, gzip"}, {"Accept-Encoding": "gzip"}


def decoded(response) -> bytes:
    encoding = response.headers.get("Content-Encoding")
    data = response.get_data()
    if encoding == "br":
        return brotli.decompress(data)
    if encoding == "gzip":
        return gzip.decompress(data)
    assert encoding is None, encoding
    return data


@pytest.fixture
def seeded(app):
    return seed(app, finished=2)


def without_csrf_tokens(body: bytes) -> bytes:
    return re.sub(rb'(X-CSRFToken": "|name="csrf_token" type="hidden" value="|name="csrf_token" value=")[^"]+',
                  rb"\1TOKEN", body)


@pytest.mark.parametrize(("accept", "expected"), [(BR, "br"), (GZIP, "gzip")])
def test_a_page_is_compressed_and_decodes_to_the_same_html(app, seeded, member_of, accept, expected):
    client = member_of(seeded.user_name).client
    url = f"/leagues/{seeded.league_id}/games"
    plain = client.get(url)
    packed = client.get(url, headers=accept)
    assert plain.headers.get("Content-Encoding") is None
    assert packed.headers["Content-Encoding"] == expected
    assert "Accept-Encoding" in packed.headers["Vary"] and "HX-Request" in packed.headers["Vary"]
    # The CSRF token is signed with the time in seconds: two requests a second apart carry different ones.
    assert without_csrf_tokens(decoded(packed)) == without_csrf_tokens(plain.get_data())
    assert len(packed.get_data()) < len(plain.get_data()) / 2


@pytest.mark.parametrize(("accept", "expected"), [(BR, "br"), (GZIP, "gzip")])
def test_an_htmx_fragment_is_compressed(app, member_of, accept, expected):
    # Enough games that the fragment is over COMPRESS_MIN_SIZE (tiny bodies are sent as they are).
    seeded = seed(app, finished=12)
    client = member_of(seeded.user_name).client
    response = client.get(f"/leagues/{seeded.league_id}/games", headers={"HX-Request": "true", **accept})
    assert response.headers["Content-Encoding"] == expected
    assert decoded(response).lstrip().startswith(b'<div id="game-list">')


@pytest.mark.parametrize(("accept", "expected"), [(BR, "br"), (GZIP, "gzip")])
def test_json_is_compressed(app, seeded, accept, expected):
    client = app.test_client()
    document = client.get("/api/v1/openapi.json", headers=accept)
    assert document.headers["Content-Encoding"] == expected
    assert decoded(document).startswith(b"{") and b'"openapi"' in decoded(document)
    token = {"Authorization": f"Bearer {seeded.api_token}"}
    game = client.get(f"/api/v1/games/{seeded.game_id}", headers={**token, **accept})
    assert game.headers["Content-Encoding"] == expected
    assert decoded(game) == client.get(f"/api/v1/games/{seeded.game_id}", headers=token).get_data()


def test_a_client_that_takes_no_compression_gets_none(app, seeded):
    response = app.test_client().get("/api/v1/openapi.json", headers={"Accept-Encoding": "identity"})
    assert response.headers.get("Content-Encoding") is None


def test_etags_survive_compression_so_polling_still_gets_304s(app, seeded, member_of):
    """The validator is the game's state: the same with or without compression, and it still matches."""
    client = member_of(seeded.user_name).client
    board = f"/games/{seeded.game_id}/board"
    fragment = {"HX-Request": "true"}
    plain = client.get(board, headers=fragment)
    packed = client.get(board, headers={**fragment, **BR})
    assert packed.headers["Content-Encoding"] == "br"
    assert packed.headers["ETag"] == plain.headers["ETag"]
    again = client.get(board, headers={**fragment, **BR, "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304
    api = app.test_client()
    token = {"Authorization": f"Bearer {seeded.api_token}"}
    url = f"/api/v1/games/{seeded.game_id}"
    assert api.get(url, headers={**token, **GZIP}).headers["ETag"] == api.get(url, headers=token).headers["ETag"]


@pytest.mark.parametrize("accept", [BR, GZIP])
def test_a_304_stays_empty_and_unencoded(app, seeded, member_of, accept):
    client = member_of(seeded.user_name).client
    live = client.get(f"/live/{seeded.share_token}", headers={"HX-Request": "true", **accept})
    response = client.get(f"/live/{seeded.share_token}",
                          headers={"HX-Request": "true", "If-None-Match": live.headers["ETag"], **accept})
    assert response.status_code == 304
    assert response.get_data() == b""
    assert "Content-Encoding" not in response.headers


def test_static_files_keep_their_long_lived_versioned_caching(app):
    client = app.test_client()
    for accept in (BR, {}):
        response = client.get("/static/vendor/htmx-2.0.11.min.js", headers=accept)
        assert response.status_code == 200
        assert response.cache_control.max_age == 365 * 24 * 3600
        if accept:
            assert response.headers["Content-Encoding"] == "br"
            assert brotli.decompress(response.get_data()).startswith(b"var htmx=")
        response.close()
    css = client.get("/static/css/app.css", headers=BR)
    etag = css.headers["ETag"]
    css.close()
    revalidated = client.get("/static/css/app.css", headers={**BR, "If-None-Match": etag})
    assert revalidated.status_code == 304 and revalidated.get_data() == b""
    revalidated.close()
