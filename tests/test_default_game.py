"""The default game is declared once: the registry's first game in menu order (rules/games/index.json).

The new-game form, Play now and the house-rule editor all start from it, and no module outside the
rules core spells a game's key.
"""

import ast
import json
import re
from pathlib import Path

from ramo_keeper.rules import VARIANTS
from ramo_keeper.rules.registry import DEFAULT_GAME

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "ramo_keeper"
OUTSIDE_RULES = sorted(p for p in APP.rglob("*.py") if p.relative_to(APP).parts[0] != "rules")


def test_the_default_game_is_the_first_in_menu_order():
    index = json.loads((APP / "rules" / "games" / "index.json").read_text(encoding="utf-8"))
    assert DEFAULT_GAME == index["built_ins"][0] == "ramo"
    assert DEFAULT_GAME in VARIANTS


def game_keys_spelled(source: str) -> list[str]:
    """Every string literal in a module that is a game's key, with its line."""
    return [f"line {node.lineno}: {node.value!r}" for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in VARIANTS]


def test_no_module_outside_the_rules_core_spells_a_game_key():
    found = {path.relative_to(APP).as_posix(): game_keys_spelled(path.read_text(encoding="utf-8"))
             for path in OUTSIDE_RULES}
    assert {name: keys for name, keys in found.items() if keys} == {}, \
        "name the game through the registry (DEFAULT_GAME, VARIANTS), not by its key"


def test_the_scan_finds_a_game_key_wherever_it_is_spelled():
    assert game_keys_spelled('x = 1\nif key == "ramo" or f("rummy"):\n    pass\n') == ["line 2: 'ramo'",
                                                                                     "line 2: 'rummy'"]
    assert game_keys_spelled("key = DEFAULT_GAME\nname = 'Ramo'\n") == []


def test_the_new_game_form_play_now_and_the_editor_start_from_the_default_game(app, table, new_web):
    name = VARIANTS[DEFAULT_GAME].name
    page = table.web.get(f"/leagues/{table.league_id}/games/new").get_data(as_text=True)
    assert re.findall(r'<select[^>]*name="variant".*?<option value="([^"]+)" selected>', page, re.S) == [DEFAULT_GAME]
    page = table.web.get(f"/leagues/{table.league_id}/house-rules/new").get_data(as_text=True)
    assert f'<input type="hidden" name="from" value="{DEFAULT_GAME}">' in page
    assert f'value="{name}, our way"' in page
    page = new_web().get("/play").get_data(as_text=True)
    assert re.findall(r'<input checked[^>]*name="variant"[^>]*value="([^"]+)"', page) == [DEFAULT_GAME]
