"""The rules core stays pure: only the standard library and ramo_keeper.rules itself."""

import ast
import doctest
import importlib
import sys
from pathlib import Path

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


def each_module(check) -> dict[str, list]:
    """Each rules module with what `check(path)` finds in it; modules where it finds nothing are left out."""
    found = {path.relative_to(RULES).as_posix(): check(path) for path in MODULES}
    return {name: problems for name, problems in found.items() if problems}


def test_rules_modules_import_only_the_standard_library_and_each_other():
    web_or_database = each_module(lambda path: [n for n in imported_modules(path) if n.split(".")[0] in FORBIDDEN])
    assert web_or_database == {}, "web or database import in the rules core"
    assert each_module(lambda path: [n for n in imported_modules(path) if not allowed(n)]) == {}


def test_the_checker_catches_web_imports(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import flask\nfrom sqlalchemy import select\nfrom .. import models\n")
    assert [n for n in imported_modules(bad) if not allowed(n)] == ["flask", "sqlalchemy", "ramo_keeper.models"]


def module_name(path: Path) -> str:
    """ramo_keeper.rules.engines.levels for rules/engines/levels.py; a package for its __init__.py."""
    parts = ["ramo_keeper", "rules", *path.relative_to(RULES).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def doctest_problems(path: Path) -> list[str]:
    """What is wrong with a module's docstring examples: none to run, or one that fails (doctest prints it)."""
    result = doctest.testmod(importlib.import_module(module_name(path)))
    if result.attempted == 0:
        return ["no docstring example ran: every rules module shows a worked example"]
    return [f"{result.failed} of {result.attempted} examples failed (printed above)"] if result.failed else []


def test_docstring_examples_hold():
    assert each_module(doctest_problems) == {}


def undocumented(path: Path) -> list[str]:
    """The public functions and classes of a module without a docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.name for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_")
            and ast.get_docstring(node) is None]


def test_every_rules_function_has_a_docstring():
    assert each_module(undocumented) == {}


def test_the_checks_name_a_module_without_examples_or_docstrings(tmp_path, monkeypatch):
    bare = tmp_path / "bare.py"
    bare.write_text("def shown(x):\n    return x\n\n\nclass Kept:\n    pass\n\n\ndef _hidden():\n    pass\n")
    assert undocumented(bare) == ["shown", "Kept"]
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys.modules[__name__], "module_name", lambda path: path.stem)
    assert doctest_problems(bare) == ["no docstring example ran: every rules module shows a worked example"]
