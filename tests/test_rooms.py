"""The rooms of DESIGN.md: what each package may import, checked on the source."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "companion": {"pdf", "webapp", "lab", "headframe", "flask", "reportlab", "jinja2", "sqlalchemy", "qrcode",
                  "werkzeug", "waitress", "matplotlib", "distributed", "dask"},
    "pdf": {"webapp", "lab", "headframe", "flask", "sqlalchemy", "jinja2", "werkzeug", "waitress", "matplotlib"},
    # The simulation lab: the rules and bots, matplotlib for plots, Jinja2 for the page, dask's
    # distributed for a cluster; never the print engine or the web stack.
    "lab": {"pdf", "webapp", "headframe", "flask", "reportlab", "sqlalchemy", "werkzeug", "waitress", "qrcode"},
    # The tables: the rules, Flask and the database; never the lab or the command line.
    "webapp": {"lab", "headframe"},
    # The command line sits above every room and reaches the web stack only through webapp.
    "headframe": {"flask", "werkzeug", "waitress", "sqlalchemy"},
}
# The few modules a room may take from a room it otherwise leaves alone, and why.
NARROW = {
    ("webapp", "pdf"): {"pdf.scoresheet"},     # the printed score sheet a finished table offers
    ("headframe", "webapp"): {"webapp.serve"},  # `headframe serve`: the only subcommand that loads the web stack
}


def imported_modules(path: Path) -> set[str]:
    """The absolute modules a file imports (``from a.b import c`` counts as ``a.b``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module)
    return modules


def imported_roots(path: Path) -> set[str]:
    return {module.split(".")[0] for module in imported_modules(path)}


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


@pytest.mark.parametrize("room, other", sorted(NARROW))
def test_a_room_takes_only_its_few_modules_from_another(room, other):
    offences = []
    for path in sorted((ROOT / room).rglob("*.py")):
        taken = {m for m in imported_modules(path) if m.split(".")[0] == other} - NARROW[room, other]
        if taken:
            offences.append(f"{path.relative_to(ROOT)} imports {', '.join(sorted(taken))}")
    assert offences == []


def test_the_command_line_is_a_room_of_its_own():
    """`headframe` is the top room: its entry point is there, and nothing below imports it."""
    assert (ROOT / "headframe" / "cli.py").is_file() and (ROOT / "headframe" / "__main__.py").is_file()
    assert not (ROOT / "webapp" / "cli.py").exists() and not (ROOT / "lab" / "cli.py").exists()
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'headframe = "headframe.cli:main"' in project
    below = {path.relative_to(ROOT).as_posix() for room in ("companion", "pdf", "lab", "webapp")
             for path in (ROOT / room).rglob("*.py") if "headframe" in imported_roots(path)}
    assert below == set()
