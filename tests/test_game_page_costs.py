"""What the game page costs, counted rather than timed (issue 36, item 7; docs/PERFORMANCE.md, "The game page").

A read of an unchanged game runs a fixed handful of SQL statements and loads a fixed handful of templates:
the hand form, the board fragments and the running-totals chart come from what the worker kept for the game's
version (worker_cache.py), and each page puts its own CSRF token and idempotency key into the kept hand form.
A template that starts to be rendered on every read again, or a statement more, fails here.
"""

import re

import pytest
from babel.support import Translations
from flask_wtf import FlaskForm
from flask_wtf.i18n import translations as flask_wtf_translations

from conftest import Browser, statements
from ramo_keeper.web.forms import KEPT_CATALOGUE, Form

# An unchanged game's page, read again by a scorer: user, game+league+season+seats+players, membership,
# corrections with their authors, the seats phones hold. The hands' outcomes are kept.
UNCHANGED_GAME_PAGE_STATEMENTS = 5
# The templates such a read loads (includes, imports and the page itself), a margin of one:
# games/show.html, base.html, _top_bar, _share_top, _live_qr (the live link's QR code, in the top bar's share
# and in the game's tools), _main_links, _outbox, _play, _game_tools, macros/forms (twice), _undo_form,
# drafts/_seat_panel, _language_switcher. Not the hand form, the scoreboard, the deal facts, the grid or the
# chart: they are kept.
UNCHANGED_GAME_PAGE_TEMPLATES = 16
KEPT_TEMPLATES = {"games/_hand_form.html", "games/_scoreboard.html", "games/_deal_facts.html",
                  "games/_grid.html", "charts/_running_totals.html"}

KEY_RE = re.compile(r'name="idempotency_key" type="hidden" value="([0-9a-f]{32})"')
TOKEN_RE = re.compile(r'<form[^>]*id="hand-form".*?name="csrf_token" type="hidden" value="([^"]+)"', re.S)


def templates_loaded(app, request) -> tuple:
    """The response to `request()`, the names of the templates it loaded, and the pages it rendered."""
    names, pages = [], []
    load = app.jinja_env.get_template

    def spy(name, *args, **kwargs):
        names.append(name if isinstance(name, str) else getattr(name, "name", repr(name)))
        return load(name, *args, **kwargs)

    from flask import template_rendered

    def rendered(sender, template, context, **extra):
        pages.append(template.name)

    app.jinja_env.get_template = spy
    template_rendered.connect(rendered, app)
    try:
        response = request()
    finally:
        del app.jinja_env.get_template
        template_rendered.disconnect(rendered, app)
    return response, names, pages


def hand_form_of(page: str) -> str:
    start = page.index('<form method="post" action="/games/')
    return page[start:page.index("</form>", start)]


@pytest.fixture
def game(table):
    """A Ramo game of four with two hands, shared by a live link (the page draws its QR code)."""
    game_id = table.new_game("ramo", ["A", "B", "C", "D"])
    table.post_hand(game_id, out="A", cards={"B": {"low": 2}, "C": {"low": 1}, "D": {"high": 1}})
    table.post_hand(game_id, out="B", cards={"A": {"low": 1}, "C": {"low": 3}, "D": {"low": 2}})
    assert table.web.post(f"/games/{game_id}/share").status_code == 303
    return game_id


def test_an_unchanged_game_page_runs_a_fixed_handful_of_statements_and_templates(table, game):
    url = f"/games/{game}"
    table.web.get(url)  # the first read after the writes builds what the worker keeps
    for _ in range(2):
        (response, names, pages), seen = statements(table.app, lambda: templates_loaded(
            table.app, lambda: table.web.client.get(url)))
        assert response.status_code == 200 and 'id="hand-form"' in response.get_data(as_text=True)
        assert len(seen) <= UNCHANGED_GAME_PAGE_STATEMENTS, seen
        assert pages == ["games/show.html"]
        assert len(names) <= UNCHANGED_GAME_PAGE_TEMPLATES, names
        assert not KEPT_TEMPLATES & set(names), names


def test_the_hand_form_is_rendered_once_per_version_of_the_game(table, game):
    url = f"/games/{game}"
    _, first, _ = templates_loaded(table.app, lambda: table.web.client.get(url))
    _, again, _ = templates_loaded(table.app, lambda: table.web.client.get(url))
    assert "games/_hand_form.html" in first and "games/_hand_form.html" not in again
    table.post_hand(game, out="C", cards={"A": {"low": 1}, "B": {"low": 1}, "D": {"low": 1}})  # a new version
    _, after_write, _ = templates_loaded(table.app, lambda: table.web.client.get(url))
    assert "games/_hand_form.html" in after_write


def test_a_kept_hand_form_equals_a_fresh_one_with_this_pages_own_tokens(table, game, other_worker):
    url = f"/games/{game}"
    table.web.get(url)
    kept_pages = [table.web.client.get(url).get_data(as_text=True) for _ in range(2)]  # both from the kept form
    cold = Browser(other_worker().test_client())  # another worker, nothing kept: it renders the form afresh
    cold.login("Ana")
    fresh_page = cold.client.get(url).get_data(as_text=True)

    keys = [KEY_RE.search(page).group(1) for page in (*kept_pages, fresh_page)]
    assert len(set(keys)) == 3  # every page offers a new idempotency key: two retries never share one
    for page in kept_pages:
        # The hand form carries this session's token, the one the page's other forms carry.
        assert TOKEN_RE.search(page).group(1) == re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    fresh_form = hand_form_of(fresh_page)
    fresh_token = TOKEN_RE.search(fresh_page).group(1)
    for page, key in zip(kept_pages, keys[:2], strict=True):
        kept_form = hand_form_of(page).replace(key, keys[2]).replace(TOKEN_RE.search(page).group(1), fresh_token)
        assert kept_form == fresh_form
    # Two hands are recorded: the form asks for the third.
    assert 'name="hand_number" type="hidden" value="3"' in fresh_form
    assert "<span data-hand-number>3</span>" in fresh_form


def test_a_hand_recorded_through_another_worker_moves_the_kept_hand_form_on(table, game, other_worker):
    url = f"/games/{game}"
    table.web.get(url)
    assert "<span data-hand-number>3</span>" in table.web.client.get(url).get_data(as_text=True)
    writer = Browser(other_worker().test_client())
    writer.login("Ana")
    writer.get(url)
    assert writer.post(f"/games/{game}/hands", table.hand_data(
        out="D", cards={"A": {"low": 1}, "B": {"low": 1}, "C": {"low": 1}})).status_code == 303
    page = table.web.client.get(url).get_data(as_text=True)
    assert "<span data-hand-number>4</span>" in hand_form_of(page)
    assert 'name="hand_number" type="hidden" value="4"' in hand_form_of(page)


def test_wtforms_own_catalogue_is_read_once_per_worker_not_on_every_page(table, game, monkeypatch):
    reads = []
    load = Translations.load.__func__

    def counting(cls, dirname=None, locales=None, domain=None):
        if domain == "wtforms":
            reads.append(locales)
        return load(cls, dirname, locales, domain)

    monkeypatch.setattr(Translations, "load", classmethod(counting))
    for _ in range(3):
        assert table.web.client.get(f"/games/{game}").status_code == 200
    assert len(reads) <= 1, reads


@pytest.mark.parametrize("language", ["en", "ko", "it"])
def test_the_kept_wtforms_catalogue_says_what_flask_wtfs_own_says(app, language):
    words = ["Not a valid choice.", "This field is required.", "Invalid input.", "Idempotency Key"]
    with app.test_request_context("/", headers={"Accept-Language": language}):
        for word in words:
            assert KEPT_CATALOGUE.gettext(word) == flask_wtf_translations.gettext(word)
        assert KEPT_CATALOGUE.ngettext("Field must be at least %(min)d character long.",
                                       "Field must be at least %(min)d characters long.", 3) == \
            flask_wtf_translations.ngettext("Field must be at least %(min)d character long.",
                                            "Field must be at least %(min)d characters long.", 3)
    if language == "ko":
        with app.test_request_context("/", headers={"Accept-Language": "ko"}):
            assert KEPT_CATALOGUE.gettext("Not a valid choice.") != "Not a valid choice."


def test_every_form_of_the_app_keeps_wtforms_catalogue(app):
    """A form built on Flask-WTF's own class would read WTForms' catalogue file on every request again."""
    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    offenders = sorted(f"{cls.__module__}.{cls.__qualname__}" for cls in FlaskForm.__subclasses__()
                       if cls.__module__.startswith("ramo_keeper") and cls is not Form)
    assert offenders == []
    assert any(cls.__module__ == "ramo_keeper.accounts.forms" for cls in subclasses(Form))
