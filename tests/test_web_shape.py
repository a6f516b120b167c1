"""The web room's shape, checked on the source: what one module shares with another has a
public name in the module that owns it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEBAPP = ROOT / "webapp"


def _private_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {alias.name} from "
                                 f"{'.' * node.level}{node.module or ''}")
    return found


def test_no_web_module_imports_another_modules_private_name():
    offences = [line for path in sorted(WEBAPP.rglob("*.py")) for line in _private_imports(path)]
    assert offences == []


def test_the_store_has_one_database_layer():
    """Every statement goes through ``db.Sql`` as plain SQL: only ``webapp/db.py`` (the schema,
    the engine and the pool) imports SQLAlchemy."""
    users = sorted(str(path.relative_to(ROOT)) for path in WEBAPP.rglob("*.py")
                   if _imports(path, "sqlalchemy") and path.name != "cli.py")
    assert users == ["webapp/db.py"]


def _imports(path: Path, package: str) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == package for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == package:
            return True
    return False
