"""Tile designs and grid geometry: which edges of a tile are open once it is turned.

Positions are (x, y) squares of the table, the starting cross at (0, 0), x growing east and
y growing south (as the phone's SVG draws it). Rotation is 0, 90, 180 or 270 degrees clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..data import load_game
from .tiledata import read_tiles

GAME_ID = "mine-shaft"
START = "start"
EDGES = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
ROTATIONS = (0, 90, 180, 270)
MIDPOINT_UNITS = {"N": (50, 0), "E": (100, 50), "S": (50, 100), "W": (0, 50)}  # edge midpoints of a 100-unit square
KINDS = ("coal", "silver", "gold")  # mineral order everywhere: counts are (coal, silver, gold)
LETTER = {"coal": "c", "silver": "s", "gold": "g"}

Pos = tuple[int, int]


@dataclass(frozen=True)
class Design:
    id: str
    shape: str      # end, straight, curve, tee, cross
    colour: str     # yellow, blue, red, green, none
    slots: int
    players: str    # all, 3-4, 4
    icon: str | None
    openings: str   # unrotated, e.g. "NES"
    qty: int = 1

    @property
    def is_end(self) -> bool:
        return self.shape == "end"


@dataclass(frozen=True)
class Rules:
    """The game's facts, read once from cards_data/mine-shaft."""

    designs: dict[str, Design]
    bag: tuple[int, int, int]
    values: tuple[int, int, int]
    die_a: tuple[str, ...]
    die_b: tuple[int, ...]
    markings: dict[int, tuple[str, ...]]
    icon_names: dict[str, str]

    def design(self, design_id: str) -> Design:
        return self.designs[design_id]


@lru_cache(maxsize=4)
def rules(data_dir: str | None = None) -> Rules:
    data = load_game(GAME_ID, data_dir)
    openings = data.tables["openings"]
    designs = {START: Design(START, "cross", "none", 0, "all", None, data.tables["start_openings"])}
    for row in read_tiles(data):
        v = row.values
        designs[row.id] = Design(row.id, v["shape"], v["colour"], v["slots"], v["players"], v["icon"],
                                 openings[v["shape"]], row.qty)
    bag = tuple(int(data.tables["bag"][k]) for k in KINDS)
    values = tuple(int(data.tables["values"][k]) for k in KINDS)
    markings = {int(n): tuple(m) for n, m in data.setup["markings"].items()}
    icons = {k: v["name"] for k, v in data.tables["icons"].items()}
    return Rules(designs, bag, values, tuple(data.tables["die_a"]), tuple(int(v) for v in data.tables["die_b"]),
                 markings, icons)


def rotate_edge(edge: str, rotation: int) -> str:
    return EDGES[(EDGES.index(edge) + rotation // 90) % 4]


def open_edges(design: Design, rotation: int) -> frozenset[str]:
    return frozenset(rotate_edge(e, rotation) for e in design.openings)


def neighbour(pos: Pos, edge: str) -> Pos:
    dx, dy = STEP[edge]
    return pos[0] + dx, pos[1] + dy


def edge_towards(a: Pos, b: Pos) -> str | None:
    """The edge of square ``a`` that faces the orthogonal neighbour ``b`` (None if not adjacent)."""
    for edge, (dx, dy) in STEP.items():
        if (a[0] + dx, a[1] + dy) == b:
            return edge
    return None


def adjacent(pos: Pos) -> list[Pos]:
    return [neighbour(pos, e) for e in EDGES]


def describe(design: Design) -> str:
    shape = {"end": "end of shaft", "tee": "T"}.get(design.shape, design.shape)
    colour = "" if design.colour == "none" else f"{design.colour} "
    return f"{colour}{shape}"
