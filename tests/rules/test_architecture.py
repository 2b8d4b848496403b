"""The rules core stays pure: only the standard library and ramo_keeper.rules itself."""

import ast
import doctest
import importlib
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "ramo_keeper" / "rules"
MODULES = sorted(RULES.rglob("*.py"))
FORBIDDEN = {"flask", "sqlalchemy", "flask_sqlalchemy", "wtforms", "flask_wtf"}


def imported_modules(path: Path) -> list[str]:
    """Absolute module names imported by a file (relative imports resolved from the file's own package)."""
    inside = path.parent.relative_to(RULES).parts if path.is_relative_to(RULES) else ()
    package = ["ramo_keeper", "rules", *inside]
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                names.append(node.module or "")
            else:
                base = package[: len(package) + 1 - node.level]
                if node.module:
                    names.append(".".join([*base, node.module]))
                else:
                    names += [".".join([*base, alias.name]) for alias in node.names]
    return names


def allowed(name: str) -> bool:
    top = name.split(".")[0]
    return top in sys.stdlib_module_names or name == "ramo_keeper.rules" or name.startswith("ramo_keeper.rules.")


def test_there_are_rules_modules_to_check():
    names = {p.relative_to(RULES).as_posix() for p in MODULES}
    assert names >= {"__init__.py", "base.py", "variant.py", "registry.py", "validation.py", "replay.py",
                     "placement.py", "engines/levels.py", "engines/winner_takes.py", "engines/knock.py"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(RULES).as_posix())
def test_rules_modules_import_only_the_standard_library_and_each_other(path):
    names = imported_modules(path)
    assert not [n for n in names if n.split(".")[0] in FORBIDDEN], "web or database import in the rules core"
    assert [n for n in names if not allowed(n)] == []


def test_the_checker_catches_web_imports(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import flask\nfrom sqlalchemy import select\nfrom .. import models\n")
    assert [n for n in imported_modules(bad) if not allowed(n)] == ["flask", "sqlalchemy", "ramo_keeper.models"]


def module_name(path: Path) -> str:
    """ramo_keeper.rules.engines.levels for rules/engines/levels.py; a package for its __init__.py."""
    parts = ["ramo_keeper", "rules", *path.relative_to(RULES).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(RULES).as_posix())
def test_docstring_examples_hold(path):
    result = doctest.testmod(importlib.import_module(module_name(path)))
    assert result.attempted > 0, "no docstring example ran: every rules module shows a worked example"
    assert result.failed == 0


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(RULES).as_posix())
def test_every_rules_function_has_a_docstring(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    missing = [node.name for node in ast.walk(tree)
               if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_")
               and ast.get_docstring(node) is None]
    assert missing == []
