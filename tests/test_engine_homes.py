"""Each engine lives in one home (issue 36): the engine's module declares what the app needs of it, and the
places docs/GAMES.md lists under "A new engine … touches" are the only ones that name an engine."""

import json
import re
from pathlib import Path

from ramo_keeper.api.schemas import Definition
from ramo_keeper.rules.engines import ENGINES

ROOT = Path(__file__).resolve().parents[1]
# An engine's name where code or a page names one: a quoted "knock" or "winner_takes" ("levels" is also a
# document field, so only where it is compared with or set as an engine), or a formula's key in a script.
NAMES = "|".join(map(re.escape, ENGINES))
UNAMBIGUOUS = "|".join(re.escape(name) for name in ENGINES if name != "levels")
NAMING = re.compile(
    rf"""engine\W*\s*(?:[!=]==?|[=:])\s*["'](?:{NAMES})["']|["'](?:{NAMES})["']\s*[!=]==?\s*[\w.]*engine"""
    rf"""|["'](?:{UNAMBIGUOUS})["']|^\s*(?:{NAMES}):\s*function""",
    re.MULTILINE)


def naming_files() -> set[str]:
    """Files of the app, its pages and scripts that name an engine outside a docstring's example."""
    found = set()
    paths = [*ROOT.glob("ramo_keeper/**/*.py"), *ROOT.glob("templates/**/*.html"), *ROOT.glob("static/js/*.js")]
    for path in paths:
        lines = [line for line in path.read_text(encoding="utf-8").splitlines()
                 if not line.lstrip().startswith((">>>", "..."))]  # a doctest's example game is data
        if NAMING.search("\n".join(lines)):
            found.add(path.relative_to(ROOT).as_posix())
    return found


def listed_places() -> list[str]:
    """The paths docs/GAMES.md lists under "A new engine … touches"."""
    text = (ROOT / "docs" / "GAMES.md").read_text(encoding="utf-8")
    section = text.split("**A new engine**", 1)[1].split("Nothing else names an engine", 1)[0]
    return re.findall(r"`((?:ramo_keeper|static|docs|tests)/[^`]+)`", section)


def test_the_listed_places_are_the_only_ones_that_name_an_engine():
    places = listed_places()
    patterns = [re.escape(p).replace(re.escape("<engine>"), r"\w+") for p in places]
    unlisted = sorted(f for f in naming_files() if not any(re.fullmatch(p, f) for p in patterns))
    assert unlisted == [], f"these name an engine but docs/GAMES.md does not list them: {unlisted}"
    # And each listed place is there (the list is short and true).
    for place in places:
        if "<engine>" not in place:
            assert (ROOT / place).exists(), place
    assert {f"ramo_keeper/rules/engines/{name}.py" for name in ENGINES} <= naming_files()


def test_the_json_schema_and_the_api_name_the_registered_engines():
    schema = json.loads((ROOT / "docs" / "definition.schema.json").read_text(encoding="utf-8"))
    assert schema["properties"]["engine"]["enum"] == list(ENGINES)
    assert Definition.model_json_schema()["properties"]["engine"]["enum"] == list(ENGINES)


def test_the_checker_sees_an_engine_named_in_a_template_a_script_and_code():
    for text in ("{% if doc.engine == 'levels' %}", 'ranking = "x" if doc["engine"] == "levels" else "y"',
                 'if (engine === "winner_takes") out = value;',
                 'if engine == "knock":', '    knock: function (s, values) {'):
        assert NAMING.search(text), text
    for text in ('"levels": [{"number": 1}]', "doc.get('levels')", "knocked", 'elif field == "levels":'):
        assert not NAMING.search(text), text
