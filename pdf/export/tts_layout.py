"""Sizes and sheets for the simulator: the numbers of ``cards_data/export/tabletop-simulator.toml``,
the grid of a deck's face sheet, and the pixels of each cell or image within ``max_px``."""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.data.units import parse_length
from companion.errors import DataError, Problem

MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Table:
    most_columns: int
    most_rows: int
    least_columns: int
    least_rows: int
    card_height_mm: float
    tile_long_mm: float
    tile_thickness: float
    die_edge_mm: float
    die_grid: tuple[int, int]
    die_cells: tuple[tuple[int, int], ...]


def table_file():
    from companion.data.loader import builtin_data_dir

    return builtin_data_dir() / "export" / "tabletop-simulator.toml"


def load_table() -> Table:
    from companion.data.files import ANYWHERE, read_toml

    path = table_file()
    raw, lines = read_toml(path, ANYWHERE)
    problems: list[Problem] = []

    def get(dotted: str, parse):
        node = raw
        for key in dotted.split("."):
            node = node.get(key) if isinstance(node, dict) else None
        try:
            if node is None:
                raise ValueError("missing")
            return parse(node)
        except (TypeError, ValueError) as exc:
            problems.append(Problem(str(path), lines.line(dotted), dotted, str(exc)))
            return None

    table = Table(get("sheets.most_columns", _count), get("sheets.most_rows", _count),
                  get("sheets.least_columns", _count), get("sheets.least_rows", _count),
                  get("cards.height_at_scale_1", parse_length), get("tiles.long_side_at_scale_1", parse_length),
                  get("tiles.thickness", _number), get("dice.edge_at_scale_1", parse_length),
                  (get("dice.columns", _count), get("dice.rows", _count)), get("dice.cells", _cells))
    if problems:
        raise DataError(problems)
    return table


def _count(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"expected a whole number of 1 or more, got {value!r}")
    return value


def _number(value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise ValueError(f"expected a number above 0, got {value!r}")
    return float(value)


def _cells(value) -> tuple[tuple[int, int], ...]:
    if not (isinstance(value, list) and len(value) == 6 and all(isinstance(c, list) and len(c) == 2 for c in value)):
        raise ValueError("expected six [column, row] pairs, one per face")
    return tuple((int(c[0]), int(c[1])) for c in value)


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    cell: tuple[int, int]   # pixels of one card

    @property
    def cells(self) -> int:
        return self.columns * self.rows

    @property
    def hidden(self) -> int:
        """The last cell: the picture of a card in another player's hand."""
        return self.cells - 1

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.cell[0], self.rows * self.cell[1]


def cell_pixels(size_mm: tuple[float, float], columns: int, rows: int, dpi: float, max_px: int) -> tuple[int, int]:
    """The largest card picture at most ``dpi`` whose sheet of ``columns`` x ``rows`` stays
    within ``max_px`` each way."""
    w, h = size_mm
    width = min(round(w / MM_PER_INCH * dpi), max_px // columns, math.floor(max_px / rows * w / h))
    width = max(1, width)
    height = max(1, round(width * h / w))
    while height * rows > max_px and width > 1:
        width -= 1
        height = max(1, round(width * h / w))
    return width, height


def shape_for(designs: int, table: Table, aspect: float) -> tuple[int, int]:
    """Columns and rows for ``designs`` cards and the hidden-card picture: the fewest empty
    cells, then the squarest sheet (``aspect``: a card's width over its height)."""
    best = None
    for rows in range(table.least_rows, table.most_rows + 1):
        columns = max(table.least_columns, math.ceil((designs + 1) / rows))
        if columns > table.most_columns:
            continue
        rank = (columns * rows - designs - 1, abs(math.log(columns * aspect / rows)))
        if best is None or rank < best[0]:
            best = (rank, (columns, rows))
    if best is None:
        raise ValueError(f"{designs} cards do not fit one sheet of {table.most_columns} x {table.most_rows}")
    return best[1]


def grid_for(designs: int, size_mm: tuple[float, float], table: Table, dpi: float, max_px: int) -> Grid:
    """The sheet for ``designs`` cards, its cells as sharp as ``dpi`` and ``max_px`` allow."""
    columns, rows = shape_for(designs, table, size_mm[0] / size_mm[1])
    return Grid(columns, rows, cell_pixels(size_mm, columns, rows, dpi, max_px))


def per_sheet(table: Table) -> int:
    return table.most_columns * table.most_rows - 1


def image_pixels(size_mm: tuple[float, float], dpi: float, max_px: int) -> tuple[int, int]:
    """A tile's or board's picture at ``dpi``, its longer side at most ``max_px``."""
    w, h = size_mm
    scale = min(dpi / MM_PER_INCH, max_px / max(w, h))
    return max(1, round(w * scale)), max(1, round(h * scale))
