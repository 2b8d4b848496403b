"""Every message the code and templates mark is translated in Korean and Italian: present, not empty,
not fuzzy, every plural form filled, and with the same placeholders as the English."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("ko", "it")


def _keywords() -> list[str]:
    # The same extra keywords `make i18n` uses, read from the Makefile so the two never drift apart.
    line = re.search(r"^I18N_KEYWORDS := (.+)$", (ROOT / "Makefile").read_text(), re.M)
    assert line, "the Makefile defines I18N_KEYWORDS"
    return line.group(1).split()


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """A fresh extraction from the sources, as `make i18n` does it."""
    pot = tmp_path_factory.mktemp("i18n") / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg",
                    *_keywords(), "-o", str(pot), "."], cwd=ROOT, check=True)
    with pot.open("rb") as f:
        return read_po(f)


def _catalogue(language: str):
    with (ROOT / "translations" / language / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=language)


def _key(message):
    return (message.context, message.id if isinstance(message.id, str) else tuple(message.id))


def test_extraction_finds_the_messages_of_code_and_templates(extracted):
    ids = {_key(m)[1] for m in extracted if m.id}
    assert "Log in to see that page." in ids  # web.py
    assert "Start a season" in ids  # a template
    assert ("%(num)d game", "%(num)d games") in ids  # ngettext
    assert "Season name" in ids  # a lazy form label


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated(extracted, language):
    catalogue = _catalogue(language)
    translated = {_key(m): m for m in catalogue if m.id}
    problems = []
    for message in extracted:
        if not message.id:
            continue
        found = translated.get(_key(message))
        if found is None:
            problems.append(f"missing: {message.id!r}")
        elif found.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        elif isinstance(message.id, str) and not found.string:
            problems.append(f"empty: {message.id!r}")
        elif not isinstance(message.id, str):
            forms = found.string if isinstance(found.string, (list, tuple)) else (found.string,)
            if len(forms) != catalogue.num_plurals or not all(forms):
                problems.append(f"plural forms not all filled ({len([f for f in forms if f])} of "
                                f"{catalogue.num_plurals}): {message.id[0]!r}")
    assert problems == [], f"{language}: run `make i18n` and translate:\n" + "\n".join(problems)


PLACEHOLDER = re.compile(r"%\((\w+)\)")


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language):
    """Babel's check finds unknown placeholders; a dropped one (a player's name lost) is checked here."""
    catalogue = _catalogue(language)
    problems = [f"{message.id!r}: {error}" for message, errors in catalogue.check() for error in errors]
    for message in catalogue:
        if not message.id:
            continue
        if isinstance(message.id, str):
            expected, forms = set(PLACEHOLDER.findall(message.id)), [message.string]
        else:
            # A plural form may leave out the count ("una partita"), never anything else.
            expected = set(PLACEHOLDER.findall(message.id[1])) - {"num"}
            forms = list(message.string)
        for form in forms:
            if not expected <= set(PLACEHOLDER.findall(form or "")):
                problems.append(f"{message.id!r} loses {sorted(expected - set(PLACEHOLDER.findall(form)))}")
    assert problems == []


@pytest.mark.parametrize("language, forms", [("ko", 1), ("it", 3), ("en", 2)])
def test_catalogue_declares_the_languages_plural_forms(language, forms):
    # Italian has three forms in current Babel (one, whole millions, other): a missing third form
    # would silently fall back to English.
    assert _catalogue(language).num_plurals == forms
