"""Reading the CSV tables a game's own code draws and plays (mine cards, contracts): each is
named in ``[tables.<name>]`` of ``game.toml`` with its file and typed columns, and read with the
same column checks as a deck, so a bad cell is ``path:line: column: message``."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..data import columns as col
from ..data import read_rows
from ..data.model import BUILTIN_ICONS, GameData, Row
from ..errors import Problem


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


def cell(problems: list[Problem], path: Path, row: Row, column: str, parse: Callable[[Any], Any]) -> Any:
    """``parse`` of one cell, or None with the cell's problem (``path:line: column: ...``) noted."""
    try:
        return parse(row[column])
    except ValueError as exc:
        problems.append(Problem(str(path), row.line, column, str(exc)))
        return None


__all__ = ["cell", "read_table"]
