"""Grid geometry: squares, edges and quarter turns.

Positions are (x, y) squares of the table, the starting cross at (0, 0), x growing east and
y growing south (as the phone's SVG draws it). Rotation is 0, 90, 180 or 270 degrees clockwise.
"""

from __future__ import annotations

EDGES = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
ROTATIONS = (0, 90, 180, 270)
MIDPOINT_UNITS = {"N": (50, 0), "E": (100, 50), "S": (50, 100), "W": (0, 50)}  # edge midpoints of a 100-unit square

Pos = tuple[int, int]


def rotate_edge(edge: str, rotation: int) -> str:
    return EDGES[(EDGES.index(edge) + rotation // 90) % 4]


def turned(openings: str) -> tuple[frozenset[str], ...]:
    """The open edges of a track with these unrotated ``openings`` at each quarter turn."""
    return tuple(frozenset(rotate_edge(e, rotation) for e in openings) for rotation in ROTATIONS)


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
    x, y = pos
    return [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]  # N, E, S, W


__all__ = ["EDGES", "MIDPOINT_UNITS", "OPPOSITE", "Pos", "ROTATIONS", "STEP", "adjacent", "edge_towards", "neighbour",
           "rotate_edge", "turned"]
