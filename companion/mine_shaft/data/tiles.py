"""Reading ``tiles.csv``: one row per tile design, checked cell by cell with the same column
types as a deck, every problem reported as ``path:line: field: message``.

The tiles are a printed component rather than a deck (their track art is drawn by code), so
the generic loader does not read this file; this module does, for both the rules and the
print set.
"""

from __future__ import annotations

from pathlib import Path

from ...data import columns as col
from ...data import read_rows
from ...data.model import GameData, Row
from ...errors import DataError, Problem

MAX_SLOTS = 4  # four corners of rock beside the track


def read_tiles(data: GameData) -> list[Row]:
    spec = data.tables.get("tiles")
    where = str(data.toml_path)
    if not isinstance(spec, dict) or not isinstance(spec.get("file"), str) or not isinstance(spec.get("columns"), dict):
        raise DataError(Problem(where, data.line_of("tables.tiles"), "tables.tiles",
                                "needs file = \"tiles.csv\" and a columns table"))
    problems: list[Problem] = []
    types = {}
    for name, text in spec["columns"].items():
        try:
            types[name] = col.parse_type(text)
        except ValueError as exc:
            problems.append(Problem(where, data.line_of("tables.tiles"), f"tables.tiles.columns.{name}", str(exc)))
    for needed in ("id", "qty", "shape", "colour", "slots", "players", "icon"):
        if needed not in types:
            problems.append(Problem(where, data.line_of("tables.tiles"), "tables.tiles.columns",
                                    f"the tile table needs a {needed!r} column"))
    if problems:
        raise DataError(problems)
    path = data.root / spec["file"]
    rows = _rows(path, types, problems)
    total = sum(r.qty for r in rows)
    component = data.components.get("shaft-tiles")
    if component is not None and not problems and total != component.count:
        problems.append(Problem(str(path), None, "qty",
                                f"the designs add up to {total} tiles but components.shaft-tiles.count is "
                                f"{component.count}"))
    if problems:
        raise DataError(problems)
    return rows


def _rows(path: Path, types: dict, problems: list[Problem]) -> list[Row]:
    rows, found = read_rows(path, types, set(), set())  # the deck reader: same cells, same messages
    problems.extend(found)
    for row in rows:
        slots = row.values.get("slots")
        if isinstance(slots, int) and not 0 <= slots <= MAX_SLOTS:
            problems.append(Problem(str(path), row.line, "slots", f"a tile holds 0 to {MAX_SLOTS} minerals, not {slots}"))
    return rows
