"""One game, one file: no module or template outside ramo_keeper/rules/ branches on which game it is.

Code and templates ask the variant (its words, flags, categories, deal, finishing order); a
comparison with a variant key or a game key literal means per-game knowledge leaked out.
"""

import ast
from pathlib import Path

import jinja2
import pytest
from jinja2 import nodes

from ramo_keeper.rules import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
GAME_KEYS = set(VARIANTS)
PYTHON = sorted(p for p in (ROOT / "ramo_keeper").rglob("*.py") if "rules" not in p.relative_to(ROOT).parts[1:2])
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))


def _names_a_game(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value in GAME_KEYS
    if isinstance(node, ast.Attribute):
        return node.attr in ("key", "variant") and "variant" in ast.unparse(node).lower() \
            or (node.attr == "variant" and ast.unparse(node.value) in ("Game", "game"))
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_a_game(e) for e in node.elts)
    return False


def python_game_comparisons(source: str) -> list[str]:
    """Every comparison in a module with a game key literal or a variant key on either side."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(_names_a_game(n) for n in (node.left, *node.comparators)):
            found.append(ast.unparse(node))
    return found


def _jinja_names_a_game(node: nodes.Node) -> bool:
    if isinstance(node, nodes.Const):
        return node.value in GAME_KEYS
    if isinstance(node, nodes.Getattr):
        return node.attr == "key" or node.attr == "variant"
    if isinstance(node, nodes.Tuple | nodes.List):
        return any(_jinja_names_a_game(item) for item in node.items)
    return False


def template_game_comparisons(source: str) -> list[str]:
    """Every Jinja comparison with a game key literal, a ``.key`` or a ``.variant`` on either side."""
    tree = jinja2.Environment(extensions=["jinja2.ext.i18n", "jinja2.ext.do"]).parse(source)
    found = []
    for compare in tree.find_all(nodes.Compare):
        sides = [compare.expr, *(op.expr for op in compare.ops)]
        if any(_jinja_names_a_game(side) for side in sides):
            found.append(repr(compare))
    return found


def test_there_is_something_to_check():
    assert len(PYTHON) > 30 and len(TEMPLATES) > 30
    assert not any("rules" in p.relative_to(ROOT / "ramo_keeper").parts[:1] for p in PYTHON)


def offenders(paths: list[Path], check, root: Path = ROOT) -> dict[str, list[str]]:
    """Each file with what `check` finds in it; files where it finds nothing are left out."""
    found = {path.relative_to(root).as_posix(): check(path.read_text(encoding="utf-8")) for path in paths}
    return {name: problems for name, problems in found.items() if problems}


def test_no_module_outside_the_rules_compares_a_game():
    assert offenders(PYTHON, python_game_comparisons) == {}


def test_no_template_compares_a_game():
    assert offenders(TEMPLATES, template_game_comparisons) == {}


def test_the_scan_names_every_offending_file_with_what_it_found(tmp_path):
    (tmp_path / "good.py").write_text("ok = variant.counts_hands_won\n")
    (tmp_path / "bad.py").write_text('if variant.key == "ramo":\n    pass\n')
    (tmp_path / "worse.py").write_text('a = game.variant != "rummy"\nb = "contract" == key\n')
    assert offenders(sorted(tmp_path.glob("*.py")), python_game_comparisons, tmp_path) == {
        "bad.py": ["variant.key == 'ramo'"], "worse.py": ["game.variant != 'rummy'", "'contract' == key"]}
    (tmp_path / "bad.html").write_text("{% if game.variant == 'rummy' %}x{% endif %}")
    assert list(offenders(sorted(tmp_path.glob("*.html")), template_game_comparisons, tmp_path)) == ["bad.html"]


@pytest.mark.parametrize("source", [
    'if variant.key == "manipulation": pass',
    'ok = game.variant != "ramo"',
    'ok = "contract" == key',
    'ok = key in ("rummy", "x")',
    'ok = Game.variant == "phase10"',
])
def test_the_python_check_catches_game_branching(source):
    assert python_game_comparisons(source)


@pytest.mark.parametrize("source", [
    "{% if variant.key == 'manipulation' %}x{% endif %}",
    "{{ 'Contract' if variant.key == 'contract' else 'Level' }}",
    "{% if v.key == draft.variant.key %}selected{% endif %}",
    "{% if game.variant != 'ramo' %}x{% endif %}",
])
def test_the_template_check_catches_game_branching(source):
    assert template_game_comparisons(source)


def test_asking_the_variant_passes_both_checks():
    assert python_game_comparisons('label = variant.words.went_out\nok = "knocked" in variant.flags') == []
    assert template_game_comparisons("{{ variant.words.level|capitalize }}{% if variant.counts_hands_won %}"
                                     "x{% endif %}") == []
