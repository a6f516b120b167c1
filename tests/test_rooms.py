"""The rooms of DESIGN.md: what each package may import, checked on the source."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "companion": {"pdf", "webapp", "lab", "flask", "reportlab", "jinja2", "sqlalchemy", "qrcode", "werkzeug",
                  "waitress", "matplotlib", "distributed", "dask"},
    "pdf": {"webapp", "lab", "flask", "sqlalchemy", "jinja2", "werkzeug", "waitress", "matplotlib"},
    # The simulation lab: the rules and bots, matplotlib for plots, Jinja2 for the page, dask's
    # distributed for a cluster; never the print engine or the web stack.
    "lab": {"pdf", "webapp", "flask", "reportlab", "sqlalchemy", "werkzeug", "waitress", "qrcode"},
}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("room", sorted(FORBIDDEN))
def test_room_imports_only_what_it_may(room):
    offences = []
    for path in sorted((ROOT / room).rglob("*.py")):
        bad = imported_roots(path) & FORBIDDEN[room]
        if bad:
            offences.append(f"{path.relative_to(ROOT)} imports {', '.join(sorted(bad))}")
    assert offences == []


def test_cards_data_holds_no_code():
    code = [p for p in (ROOT / "cards_data").rglob("*.py") if p.name != "__init__.py"]
    assert code == []
    assert (ROOT / "cards_data" / "__init__.py").read_text().count("\n") <= 2
