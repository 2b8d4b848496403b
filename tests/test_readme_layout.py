"""README's layout is a true map: it names every package under ramo_keeper/ and every script under static/js/.

A package is named by its path below ramo_keeper/ with a trailing slash (`nights/`, `games/drafts/`), a
script by its file name (`live.js`), each in backticks inside the "## Layout" section.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "ramo_keeper"


def layout_section(readme: str) -> str:
    match = re.search(r"^## Layout\n(.*?)(?=^## )", readme, re.S | re.M)
    assert match, "README has no '## Layout' section"
    return match.group(1)


def unnamed(layout: str) -> list[str]:
    """The packages and scripts the layout does not name."""
    named = set(re.findall(r"`([^`\s]+)`", layout))
    packages = sorted(f"{p.parent.relative_to(APP).as_posix()}/" for p in APP.rglob("__init__.py") if p.parent != APP)
    scripts = sorted(p.name for p in (ROOT / "static" / "js").glob("*.js"))
    return [name for name in packages + scripts if name not in named]


def test_the_layout_names_every_package_and_every_script():
    assert unnamed(layout_section((ROOT / "README.md").read_text(encoding="utf-8"))) == []


def test_the_check_finds_what_a_layout_leaves_out():
    missing = unnamed("`rules/` and `app.js`, and nights/ without its backticks")
    assert "rules/" not in missing and "app.js" not in missing
    assert {"nights/", "games/drafts/", "rules/engines/", "live.js", "hand-score.js"} <= set(missing)
