"""Reading the CSV tables a game's own code draws and plays (mine cards, contracts): each is
named in ``[tables.<name>]`` of ``game.toml`` with its file and typed columns, and read with the
same column checks as a deck, so a bad cell is ``path:line: column: message``. First of all, the
data must name the resources the edition's rules play with (``check_resources``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from ..data import columns as col
from ..data import read_rows
from ..data.model import BUILTIN_ICONS, GameData, Row
from ..errors import DataError, Problem


def read_table(data: GameData, name: str, problems: list[Problem]) -> list[Row]:
    """Rows of the CSV named in ``[tables.<name>]`` (file + columns); what is wrong goes to
    ``problems``."""
    spec = data.tables.get(name)
    where = str(data.toml_path)
    if not isinstance(spec, dict) or not isinstance(spec.get("file"), str) or not isinstance(spec.get("columns"), dict):
        problems.append(Problem(where, data.line_of(f"tables.{name}"), f"tables.{name}",
                                f"needs file = \"{name}.csv\" and a columns table"))
        return []
    types = {}
    for column, text in spec["columns"].items():
        try:
            types[column] = col.parse_type(text)
        except ValueError as exc:
            problems.append(Problem(where, data.line_of(f"tables.{name}"), f"tables.{name}.columns.{column}", str(exc)))
    if problems:
        return []
    icons = set(BUILTIN_ICONS) | set(data.resources)
    rows, found = read_rows(data.root / spec["file"], types, icons, set(data.resources))
    problems.extend(found)
    return rows


def check_resources(data: GameData, resources: Sequence[str]) -> None:
    """A DataError, at ``[resources]`` of game.toml, unless the data names exactly ``resources``:
    the edition's rules (and its state, which keeps a count of each) play with those, so cards
    read against others would only repeat the one problem on every row."""
    named = tuple(data.resources)
    if set(named) == set(resources):
        return
    first = next((res for res in named if res not in resources), None)
    line = data.line_of(f"resources.{first}") if first else None
    raise DataError([Problem(str(data.toml_path), line, "resources",
                             f"the rules play with {', '.join(resources)}; this data names {', '.join(named) or 'none'}")])


def cell(problems: list[Problem], path: Path, row: Row, column: str, parse: Callable[[Any], Any]) -> Any:
    """``parse`` of one cell, or None with the cell's problem (``path:line: column: ...``) noted."""
    try:
        return parse(row[column])
    except ValueError as exc:
        problems.append(Problem(str(path), row.line, column, str(exc)))
        return None


__all__ = ["cell", "check_resources", "read_table"]
