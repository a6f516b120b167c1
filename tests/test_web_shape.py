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
