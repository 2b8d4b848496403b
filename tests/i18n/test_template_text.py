"""No template shows words outside a translation call (issue 10)."""

from pathlib import Path

import pytest

from .template_text import untranslated_text

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def _all_templates() -> list[str]:
    return sorted(str(path.relative_to(TEMPLATES)) for path in TEMPLATES.rglob("*.html"))


def test_no_template_shows_untranslated_words():
    names = _all_templates()
    assert "base.html" in names and len(names) > 30
    found = {name: untranslated_text((TEMPLATES / name).read_text(encoding="utf-8")) for name in names}
    assert {name: problems for name, problems in found.items() if problems} == {}, \
        "text outside _(): wrap it, then run `make i18n` and translate it"


@pytest.mark.parametrize("source, words", [
    ("<p>Hello {{ name }}</p>", ["Hello"]),
    ('<a href="/x" title="Open the rules">{{ _("Rules") }}</a>', ["Open the rules"]),
    ('<input type="submit" value="Save">', ["Save"]),
    ("<p>{{ 'Restore' if archived else 'Archive' }}</p>", ["Restore", "Archive"]),
    ("{{ button_form(url, 'Make current', classes='secondary') }}", ["Make current"]),
    ("{{ render_field(form.name, placeholder='New player', autocomplete='off') }}", ["New player"]),
    ("<h1>{{ {404: 'Not found'}.get(code) }}</h1>", ["Not found"]),
    ("<p>{{ count }} game{{ 's' if count != 1 }}</p>", ["game", "s"]),
    ("{% block title %}Seasons · {{ league.name }}{% endblock %}<title></title>", ["Seasons"]),
    ("{% block scripts %}game{% endblock %}<p>Hand</p>", ["Hand"]),  # the kind of page is no word, the rest is
])
def test_the_lint_finds_untranslated_words(source, words):
    problems = " ".join(untranslated_text(source))
    for word in words:
        assert word in problems


@pytest.mark.parametrize("source", [
    "<p>{{ _('Hello %(name)s', name=user.name) }}</p>",
    "<p>{% trans trimmed n=count %}{{ n }} players{% endtrans %}</p>",
    "<p>{{ ngettext('%(num)d hand', '%(num)d hands', count) }}</p>",
    '<li class="{{ \'archived\' if p.archived }}" id="p-{{ p.id }}">{{ p.name }}</li>',
    "{% if season.ranking == 'wins' %}{{ _('Ranked by wins.') }}{% endif %}",
    "<td>{{ row.rank if row.rank is not none else '–' }} · 12 · {{ value|decimalformat('0.00') }}</td>",
    "<a href=\"{{ url_for('seasons.index', league_id=1) }}\">← {{ league.name }}</a> CSV JSON · Ramo Keeper",
    "{# Comments are for us, not for players. #}<p>{{ request.args.get('next') }}</p>",
    "<script src=\"x.js\"></script><p>{{ _('Go') }}</p>",
])
def test_the_lint_lets_translated_and_wordless_text_through(source):
    assert untranslated_text(source) == []
