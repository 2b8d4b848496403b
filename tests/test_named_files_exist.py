"""The code's own maps are true: every file a docstring or comment of ramo_keeper/ names (`games/service.py`,
or `locks.py` alone when one file has that name) exists. A name left behind by a move points a reader
nowhere."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "ramo_keeper"
# Names of other projects' files, not ours.
ELSEWHERE = {"openskill.py"}
NAMED = re.compile(r"(?<![\w.-])((?:[\w-]+/)*[\w-]+\.py)\b")


def missing_files(path: Path, text: str) -> list[str]:
    """The .py files `text` (of the file at `path`) names that are neither beside it, nor under ramo_keeper/
    at that path, nor (for a bare name) anywhere in ramo_keeper/."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for name in NAMED.findall(line):
            if name in ELSEWHERE or (path.parent / name).exists() or (APP / name).exists() or (ROOT / name).exists():
                continue
            if "/" not in name and any(APP.rglob(name)):
                continue
            if "/" in name and any(p.as_posix().endswith("/" + name) for p in APP.rglob(Path(name).name)):
                continue
            found.append(f"line {number}: {name}")
    return found


def test_every_file_the_code_names_exists():
    found = {path.relative_to(APP).as_posix(): missing_files(path, path.read_text(encoding="utf-8"))
             for path in sorted(APP.rglob("*.py"))}
    assert {name: names for name, names in found.items() if names} == {}


def test_the_check_finds_a_name_left_behind_by_a_move():
    text = '"""Kept by the stamp (kept.py); the caller commits (database.py), locks.py and games/service.py."""'
    assert missing_files(APP / "games" / "stored.py", text) == ["line 1: kept.py", "line 1: database.py"]
