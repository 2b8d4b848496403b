"""The app's parts depend on each other one way: no import cycle between the packages under ramo_keeper/,
none between its files, and leagues/ stands below games/ and seasons/ (the backup, which needs all three,
is backups/, above them).

A part is a sub-package (games/, leagues/, …) or a top-level module (i18n.py, variants.py, …).
Every import counts, wherever it is written: an import moved into a function to dodge a cycle still
makes one, and only hides it until the day the import runs first.
"""

import ast
from itertools import pairwise
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "ramo_keeper"
ROOT_PART = "ramo_keeper/__init__"  # the app factory: it imports every part to register it
# Cycles known and not yet broken, each with its reason (none today: own-phone counting lives inside
# games/, as games/drafts/, since recording a hand drops its drafts and the drafts read the game).
KNOWN_CYCLES: list[list[str]] = []


def parts_of(app: Path) -> set[str]:
    """The sub-packages and top-level modules of the app."""
    return {p.name if p.is_dir() else p.stem for p in app.iterdir()
            if (p.is_dir() and (p / "__init__.py").exists()) or (p.suffix == ".py" and p.stem != "__init__")}


def imported_parts(path: Path, app: Path, parts: set[str]) -> dict[str, int]:
    """The parts a file imports, each with the first line that does, relative imports resolved."""
    here = list(path.relative_to(app).parent.parts)  # the file's package below ramo_keeper
    found: dict[str, int] = {}

    def add(names: list[str], line: int) -> None:
        target = names[0] if names else ROOT_PART
        found.setdefault(target if target in parts else ROOT_PART, line)

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "ramo_keeper":
                    add(alias.name.split(".")[1:], node.lineno)
        elif isinstance(node, ast.ImportFrom):
            module = (node.module or "").split(".") if node.module else []
            if node.level == 0:
                if module[:1] != ["ramo_keeper"]:
                    continue
                base = module[1:]
            else:
                base = here[: len(here) + 1 - node.level] + module
            if base:
                add(base, node.lineno)
            else:  # from ramo_keeper import messages / from .. import rules: each name may be a part
                for alias in node.names:
                    add([alias.name] if alias.name in parts else [], node.lineno)
    return found


def import_graph(app: Path) -> dict[str, dict[str, str]]:
    """part -> {part it imports: "file:line" of one such import}, leaving out imports within a part."""
    parts = parts_of(app)
    graph: dict[str, dict[str, str]] = {}
    for path in sorted(app.rglob("*.py")):
        relative = path.relative_to(app)
        source = ROOT_PART if relative == Path("__init__.py") else relative.parts[0].removesuffix(".py")
        for target, line in imported_parts(path, app, parts).items():
            if target != source:
                graph.setdefault(source, {}).setdefault(target, f"{relative.as_posix()}:{line}")
    return graph


def cycles(graph: dict[str, dict[str, str]]) -> list[list[str]]:
    """The strongly connected groups of more than one part (Tarjan), each sorted; none in a layered app."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(part: str) -> None:
        index[part] = low[part] = len(index)
        stack.append(part)
        for target in graph.get(part, {}):
            if target not in index:
                visit(target)
                low[part] = min(low[part], low[target])
            elif target in stack:
                low[part] = min(low[part], index[target])
        if low[part] == index[part]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == part:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for part in sorted(set(graph) | {t for targets in graph.values() for t in targets}):
        if part not in index:
            visit(part)
    return sorted(groups)


def shortest_cycles(graph: dict[str, dict[str, str]], group: list[str]) -> list[str]:
    """The shortest way round from each part of a cycle back to itself, with the import behind each step:
    'games -> leagues -> games (games/routes.py:10, leagues/service.py:24)'."""
    found = {}
    for start in group:
        paths, frontier = {start: [start]}, [start]
        while frontier and "back" not in paths:
            following = []
            for part in frontier:
                for target in sorted(graph.get(part, {})):
                    if target == start and "back" not in paths:
                        paths["back"] = [*paths[part], start]
                    elif target in group and target not in paths:
                        paths[target] = [*paths[part], target]
                        following.append(target)
            frontier = following
        cycle = paths["back"]
        turn = cycle.index(min(cycle[:-1]))  # one spelling per cycle, from its first part by name
        cycle = [*cycle[turn:-1], *cycle[:turn], cycle[turn]]
        found[tuple(cycle)] = ", ".join(graph[a][b] for a, b in pairwise(cycle))
    return [f"{' -> '.join(cycle)} ({where})" for cycle, where in sorted(found.items())]


def module_file(app: Path, names: list[str]) -> Path | None:
    """The file of the module ramo_keeper.<names> (a package's __init__.py), or None for a name in a module."""
    base = app.joinpath(*names)
    if (base / "__init__.py").exists():
        return base / "__init__.py"
    return base.with_suffix(".py") if base.with_suffix(".py").exists() else None


def imported_files(path: Path, app: Path) -> dict[Path, int]:
    """The app's files a file imports, each with the first line that does: `from .drafts import store` is
    drafts/store.py, `from .stored import load_game` is stored.py, `from .. import rules` rules/__init__.py."""
    here = list(path.relative_to(app).parent.parts)
    found: dict[Path, int] = {}

    def add(names: list[str], line: int) -> None:
        target = module_file(app, names)
        if target is not None and target != path:
            found.setdefault(target, line)

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "ramo_keeper":
                    add(alias.name.split(".")[1:], node.lineno)
        elif isinstance(node, ast.ImportFrom):
            module = node.module.split(".") if node.module else []
            if node.level == 0:
                if module[:1] != ["ramo_keeper"]:
                    continue
                base = module[1:]
            else:
                base = here[: len(here) + 1 - node.level] + module
            for alias in node.names:
                add([*base, alias.name] if module_file(app, [*base, alias.name]) else base, node.lineno)
    return found


def file_graph(app: Path) -> dict[str, dict[str, str]]:
    """file -> {file it imports: "file:line" of the import}, paths relative to ramo_keeper/."""
    graph: dict[str, dict[str, str]] = {}
    for path in sorted(app.rglob("*.py")):
        source = path.relative_to(app).as_posix()
        for target, line in imported_files(path, app).items():
            graph.setdefault(source, {})[target.relative_to(app).as_posix()] = f"{source}:{line}"
    return graph


def reachable(graph: dict[str, dict[str, str]], start: str) -> dict[str, list[str]]:
    """Every part `start` imports, directly or through others, with the first path found to it."""
    paths, frontier = {start: [start]}, [start]
    while frontier:
        following = []
        for part in frontier:
            for target in sorted(graph.get(part, {})):
                if target not in paths:
                    paths[target] = [*paths[part], target]
                    following.append(target)
        frontier = following
    return paths


def test_the_graph_sees_the_parts_and_their_imports():
    graph = import_graph(APP)
    assert {"games", "leagues", "seasons", "rules", "models", "web"} <= parts_of(APP)
    assert "rules" in graph["games"] and "models" in graph["games"]
    assert ROOT_PART not in {t for targets in graph.values() for t in targets}, "a part imports the app factory"


def test_no_import_cycle_between_packages():
    graph = import_graph(APP)
    found = [group for group in cycles(graph) if group not in KNOWN_CYCLES]
    assert found == [], "\n".join(line for group in found for line in shortest_cycles(graph, group))


def test_the_top_level_holds_only_what_every_part_shares():
    """The rest is grouped by what it serves: shell/ (the app around the features), web/ (what pages and the
    API share), text/ (text and names), database/ (transactions, locks, contention), and the features."""
    modules = {p.stem for p in APP.glob("*.py")} - {"__init__"}
    assert modules == {"config", "errors", "extensions", "i18n", "models", "variants"}


def test_no_import_cycle_between_files():
    graph = file_graph(APP)
    found = cycles(graph)
    assert found == [], "\n".join(line for group in found for line in shortest_cycles(graph, group))


def test_leagues_import_neither_games_nor_seasons():
    """Games and seasons build on leagues (a game's players are its league's roster), never the reverse."""
    graph = import_graph(APP)
    paths = reachable(graph, "leagues")
    wrong = {part: paths[part] for part in ("games", "seasons") if part in paths}
    assert wrong == {}, "; ".join(
        f"{' -> '.join(path)} ({', '.join(graph[a][b] for a, b in pairwise(path))})" for path in wrong.values())


def test_each_known_cycle_is_still_there_and_no_larger():
    assert [group for group in cycles(import_graph(APP)) if group in KNOWN_CYCLES] == KNOWN_CYCLES, \
        "a known cycle is broken (or grew into a larger one): update KNOWN_CYCLES"


def _write(app: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (app / name).parent.mkdir(parents=True, exist_ok=True)
        (app / name).write_text(text, encoding="utf-8")


def test_the_checker_finds_a_cycle_hidden_in_a_function(tmp_path):
    app = tmp_path / "ramo_keeper"
    _write(app, {
        "__init__.py": "from . import web\n",
        "web.py": "from .games import routes\n",
        "games/__init__.py": "",
        "games/routes.py": "from ..leagues.service import roster\n",
        "leagues/__init__.py": "",
        "leagues/service.py": "def backup():\n    from ramo_keeper.games import stored\n",
        "charts.py": "from . import messages\n",
        "messages.py": "import ramo_keeper.charts\n",
        "rules/__init__.py": "",
        "rules/base.py": "from . import state\nfrom .. import rules\n",
    })
    graph = import_graph(app)
    assert cycles(graph) == [["charts", "messages"], ["games", "leagues"]]
    assert shortest_cycles(graph, ["games", "leagues"]) == [
        "games -> leagues -> games (games/routes.py:1, leagues/service.py:2)"]
    assert "rules" not in graph  # imports within a package are not between packages


def test_the_file_checker_finds_cycles_inside_a_package(tmp_path):
    app = tmp_path / "ramo_keeper"
    _write(app, {
        "__init__.py": "",
        "games/__init__.py": "",
        "games/service.py": "from .stored import load\n\ndef record():\n    from .drafts import store\n",
        "games/stored.py": "",
        "games/drafts/__init__.py": "",
        "games/drafts/store.py": "from ..service import record\n",
        "api/__init__.py": "bp = None\nfrom . import games\n",
        "api/games.py": "from . import bp\n",
        "rules/__init__.py": "from .base import Level\n",
        "rules/base.py": "from . import state\n",
        "rules/state.py": "from ramo_keeper.rules.base import Level\n",
        "leagues/__init__.py": "",
        "leagues/service.py": "from ..games.service import record\n",
    })
    graph = file_graph(app)
    assert cycles(graph) == [["api/__init__.py", "api/games.py"],
                             ["games/drafts/store.py", "games/service.py"],
                             ["rules/base.py", "rules/state.py"]]
    assert shortest_cycles(graph, ["games/drafts/store.py", "games/service.py"]) == [
        "games/drafts/store.py -> games/service.py -> games/drafts/store.py"
        " (games/drafts/store.py:1, games/service.py:4)"]
    assert graph["games/service.py"] == {"games/stored.py": "games/service.py:1",
                                         "games/drafts/store.py": "games/service.py:4"}
    assert reachable(import_graph(app), "leagues")["games"] == ["leagues", "games"]
