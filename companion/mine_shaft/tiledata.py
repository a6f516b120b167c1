"""Reading ``tiles.csv``: one row per tile design, checked cell by cell with the same column
types as a deck, every problem reported as ``path:line: field: message``.

The tiles are a printed component rather than a deck (their track art is drawn by code), so
the generic loader does not read this file; this module does, for both the rules and the
print set.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

from ..data import columns as col
from ..data.model import GameData
from ..errors import DataError, Problem

SHAPE_OPENINGS = ("end", "straight", "curve", "tee", "cross")


@dataclass(frozen=True)
class TileRow:
    id: str
    qty: int
    values: dict[str, Any]
    line: int


def read_tiles(data: GameData) -> list[TileRow]:
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
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DataError(Problem(str(path), None, "file", "not found")) from None
    rows = _rows(str(path), text, types, problems)
    total = sum(r.qty for r in rows)
    component = data.components.get("shaft-tiles")
    if component is not None and not problems and total != component.count:
        problems.append(Problem(str(path), None, "qty",
                                f"the designs add up to {total} tiles but components.shaft-tiles.count is "
                                f"{component.count}"))
    if problems:
        raise DataError(problems)
    return rows


def _rows(where: str, text: str, types: dict, problems: list[Problem]) -> list[TileRow]:
    reader = csv.reader(io.StringIO(text, newline=""))
    header = [h.strip() for h in next(reader, [])]
    for name in header:
        if name not in types:
            problems.append(Problem(where, 1, name, f"unknown column; accepted columns: {', '.join(types)}"))
    for name, ctype in types.items():
        if name not in header and not ctype.optional:
            problems.append(Problem(where, 1, name, "missing column"))
    if problems:
        return []
    rows: list[TileRow] = []
    seen: set[str] = set()
    for record in reader:
        line = reader.line_num
        if not any(c.strip() for c in record):
            continue
        if len(record) != len(header):
            problems.append(Problem(where, line, "row", f"has {len(record)} cells but the header names "
                                                        f"{len(header)} columns"))
            continue
        values: dict[str, Any] = {}
        for name, cell in zip(header, record):
            try:
                values[name] = col.parse_cell(types[name], cell, set(), set())
            except col.CellError as exc:
                problems.append(Problem(where, line, name, str(exc)))
        if values.get("id") in seen:
            problems.append(Problem(where, line, "id", f"duplicate id {values['id']!r}"))
        seen.add(values.get("id"))
        slots = values.get("slots")
        if isinstance(slots, int) and not 0 <= slots <= 4:
            problems.append(Problem(where, line, "slots", f"a tile holds 0 to 4 minerals, not {slots}"))
        if isinstance(values.get("qty"), int) and values.get("id"):
            rows.append(TileRow(values["id"], values["qty"], values, line))
    return rows
