"""One shape for every game's engine (ARCHITECTURE.md, "A game's rules"), checked on the code:
the same parts in every game, typed state, moves declared with their rules, no game reaching
for a shipped singleton, no import circles anywhere and no function too tangled to read."""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path

import pytest

import companion
from companion import PlayerSpec, find_game, registry
from companion.moves import Moves

ROOT = Path(__file__).resolve().parent.parent


def game_package(game_id: str) -> Path:
    """The folder of the package that makes ``game_id``, wherever the registry found it."""
    pkg = registry._packages()[game_id]
    return next(Path(p) / pkg for p in companion.__path__ if (Path(p) / pkg).is_dir())


def full_games() -> list[str]:
    """Every game with rules of its own, found as the registry finds games (a package with a
    ``game.py``; the score pads are one family of generic games and have none)."""
    return [g for g in sorted(registry._packages()) if (game_package(g) / "game.py").is_file()]


GAMES = tuple(full_games())
# Every game package has these parts, each a module or a package of sub-parts:
PARTS = {
    "data": "the game's numbers, read from a data folder into typed tables",
    "state": "the typed state and its JSON form",
    "setup": "the first state for the players, variant and seed",
    "moves": "the moves table: each action's declaration and rule",
    "options": "candidates and the phone's buttons",
    "bots": "the bots (and any solo opponent)",
    "scoring": "the score sheet and the end-of-game file",
    "views": "what each seat may see, the log lines and the turn words",
    "notation": "the compact text notation of a position",
    "game": "the skeleton binding the parts to one data folder",
}
# Games still to be moved to the shape; emptied as each one lands.
PENDING: set[str] = set()
MAX_COMPLEXITY = 25


def package_of(game_id: str) -> Path:
    return ROOT / "companion" / game_id.replace("-", "_")


def shaped(game_id: str):
    if game_id in PENDING:
        pytest.skip(f"{game_id} is not in the one shape yet")
    return game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_the_same_parts_and_no_others(game_id):
    shaped(game_id)
    folder = package_of(game_id)
    found = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"} | \
        {p.name for p in folder.iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    missing = sorted(set(PARTS) - found)
    extra = sorted(found - set(PARTS))
    assert missing == [], f"{game_id} lacks {', '.join(f'{m} ({PARTS[m]})' for m in missing)}"
    assert extra == [], f"{game_id} has parts outside the shape: {extra}; make each a sub-part of one of {sorted(PARTS)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_module_of_a_game_reaches_for_a_shipped_singleton(game_id):
    shaped(game_id)
    package = importlib.import_module(f"companion.{game_id.replace('-', '_')}")
    assert not hasattr(package, "GAME"), "a game is an instance bound to a data folder: no module-level GAME"
    offences = []
    for path in sorted(package_of(game_id).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and any(a.name == "GAME" for a in node.names):
                offences.append(str(path.relative_to(ROOT)))
    assert offences == []


def _plain_values(value, where: str, found: list[str]) -> None:
    if isinstance(value, dict):
        found.append(where)
        return
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            _plain_values(getattr(value, f.name), f"{where}.{f.name}", found)
    elif isinstance(value, (tuple, list, frozenset)):
        for index, item in enumerate(value):
            _plain_values(item, f"{where}[{index}]", found)


@pytest.mark.parametrize("game_id", GAMES)
def test_state_is_typed_and_moves_are_declared_with_their_rules(game_id):
    shaped(game_id)
    game = find_game(game_id)
    low = game.players[0]
    state = game.setup([PlayerSpec(f"P{i}") for i in range(max(low, 2))], None, 1)
    assert dataclasses.is_dataclass(state)
    dicts: list[str] = []
    _plain_values(state, "state", dicts)
    assert dicts == [], f"string-keyed dicts in the state: {dicts[:5]}"
    assert isinstance(game.moves, Moves)
    assert game.actions is game.moves.declaration


def _modules(rooms=("companion", "pdf", "webapp", "lab", "headframe")) -> dict[str, Path]:
    found = {}
    for room in rooms:
        base = ROOT / room
        if not base.exists():
            continue
        for path in base.rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports, wherever in the module the import stands
    (a function-level import still ties the two together)."""
    modules = _modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                for alias in node.names:
                    target = f"{base}.{alias.name}"
                    if target in modules:
                        graph[name].add(target)
                    elif base in modules:
                        graph[name].add(base)
            elif isinstance(node, ast.Import):
                graph[name].update(a.name for a in node.names if a.name in modules)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    group.append(top)
                    if top == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circles_anywhere():
    found = circles(import_graph())
    pending = {f"companion.{g.replace('-', '_')}" for g in PENDING}
    found = [group for group in found if not any(m == p or m.startswith(p + ".") for m in group for p in pending)]
    assert found == [], "modules that import each other: " + "; ".join(" <-> ".join(g) for g in found)


def test_no_function_is_too_tangled_to_read():
    from radon.complexity import cc_visit

    pending = [package_of(g) for g in PENDING]
    tangled = []
    for room in ("companion", "pdf", "webapp", "lab", "headframe"):
        for path in sorted((ROOT / room).rglob("*.py")) if (ROOT / room).exists() else ():
            if any(path.is_relative_to(p) for p in pending):
                continue
            for block in cc_visit(path.read_text(encoding="utf-8")):
                if block.complexity > MAX_COMPLEXITY:
                    tangled.append(f"{path.relative_to(ROOT)}:{block.lineno} {block.name} ({block.complexity})")
    assert tangled == [], f"cyclomatic complexity over {MAX_COMPLEXITY}: {tangled}"
