"""The rules core stays pure: only the standard library and ramo_keeper.rules itself."""

import ast
import doctest
import importlib
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "ramo_keeper" / "rules"
MODULES = sorted(RULES.glob("*.py"))
FORBIDDEN = {"flask", "sqlalchemy", "flask_sqlalchemy", "wtforms", "flask_wtf"}


def imported_modules(path: Path) -> list[str]:
    """Absolute module names imported by a file (relative imports resolved inside ramo_keeper.rules)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                names.append(node.module or "")
            else:
                base = ["ramo_keeper", "rules"][: 3 - node.level] if node.level <= 2 else []
                if node.module:
                    names.append(".".join([*base, node.module]))
                else:
                    names += [".".join([*base, alias.name]) for alias in node.names]
    return names


def allowed(name: str) -> bool:
    top = name.split(".")[0]
    return top in sys.stdlib_module_names or name == "ramo_keeper.rules" or name.startswith("ramo_keeper.rules.")


def test_there_are_rules_modules_to_check():
    assert {p.name for p in MODULES} >= {"__init__.py", "base.py", "ramo.py", "contract.py", "rummy.py",
                                         "manipulation.py", "replay.py", "placement.py"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_rules_modules_import_only_the_standard_library_and_each_other(path):
    names = imported_modules(path)
    assert not [n for n in names if n.split(".")[0] in FORBIDDEN], "web or database import in the rules core"
    assert [n for n in names if not allowed(n)] == []


def test_the_checker_catches_web_imports(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import flask\nfrom sqlalchemy import select\nfrom .. import models\n")
    assert [n for n in imported_modules(bad) if not allowed(n)] == ["flask", "sqlalchemy", "ramo_keeper.models"]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_docstring_examples_hold(path):
    name = "ramo_keeper.rules" if path.stem == "__init__" else f"ramo_keeper.rules.{path.stem}"
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_every_rules_function_has_a_docstring(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    missing = [node.name for node in ast.walk(tree)
               if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_")
               and ast.get_docstring(node) is None]
    assert missing == []
