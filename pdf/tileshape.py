"""The shape of each tile of a tiled board, from the plan of its seams (``seams.Cut``).

A tile shows the board between the seams either side of it within its band. Beyond the seam
to the next tile in its band lies a glue strip ``style.TILE_OVERLAP_MM`` wide that the next
tile covers; where that seam steps sideways the strip reaches round the step, so the next
tile's stepped edge rests on glue all along. Beyond the band's end a strip as deep is covered
by the tiles of the next band. A straight-seamed tile is a rectangle; a stepped one a polygon.
Points are board millimetres, origin at the trim's top-left corner, y down.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from . import style
from .seams import Cut

Point = tuple[float, float]
Runs = list[tuple[float, float, float]]          # (start, end, at) along a band
Edge = tuple[Point, Point, Point]                # a stretch of seam and the way out of the strip


@dataclass(frozen=True)
class Tile:
    col: int
    row: int
    x0: float            # the window's bounding box: the board shown and its glue strips
    y0: float
    w: float
    h: float
    shown: tuple[Point, ...] = ()        # outline of the board the tile shows
    outline: tuple[Point, ...] = ()      # outline of the whole window
    glue_right: float = 0.0              # depth of the strips the next tiles go over (0: none)
    glue_below: float = 0.0
    right_strip: tuple[Point, ...] = ()
    below_strip: tuple[Point, ...] = ()
    right_edge: tuple[Edge, ...] = ()    # the seam each strip lies against: the arrows point at it
    below_edge: tuple[Edge, ...] = ()
    right_by: tuple[str, ...] = ()       # the tiles laid over those strips
    below_by: tuple[str, ...] = ()
    middle: Point = (0.0, 0.0)           # the middle of its widest stretch of board

    @property
    def name(self) -> str:
        return f"{column_letter(self.col)}{self.row + 1}"


def column_letter(i: int) -> str:
    letters = string.ascii_uppercase
    return letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26]


def at(runs: Runs, along: float) -> float:
    return next((a for s, e, a in runs if along <= e), runs[-1][2])


def widened(runs: Runs, glue: float, cap: float) -> Runs:
    """How far the glue beyond a seam reaches at each point along it: the furthest the seam
    comes within ``glue`` along, plus ``glue`` (a step is covered round its corner)."""
    b0, b1 = runs[0][0], runs[-1][1]
    cuts = sorted({b0, b1} | {v for s, e, _ in runs for v in (s - glue, s + glue, e - glue, e + glue)
                              if b0 < v < b1})
    out: Runs = []
    for p, q in zip(cuts, cuts[1:]):
        m = (p + q) / 2
        reach = min(max(a for s, e, a in runs if s < m + glue and e > m - glue) + glue, cap)
        if out and out[-1][2] == reach:
            out[-1] = (out[-1][0], q, reach)
        else:
            out.append((p, q, reach))
    return out


def between(left: Runs, right: Runs) -> list[Point]:
    """The outline of what lies between two seams, as (across, along) points."""
    points = [p for s, e, a in right for p in ((a, s), (a, e))]
    points += [p for s, e, a in reversed(left) for p in ((a, e), (a, s))]
    return [p for i, p in enumerate(points) if p != points[i - 1]]


def _extend(runs: Runs, end: float) -> Runs:
    return [*runs, (runs[-1][1], end, runs[-1][2])] if end > runs[-1][1] else runs


def _jog_edges(runs: Runs) -> list[tuple[Point, Point, Point]]:
    """The stretches of a seam with the way from the strip beyond it back to the board:
    across the band along each run; at a step, towards the side the strip is not."""
    edges = [((a, s), (a, e), (-1.0, 0.0)) for s, e, a in runs]
    for (_, e, a), (_, _, b) in zip(runs, runs[1:]):
        edges.append(((a, e), (b, e), (0.0, 1.0 if b > a else -1.0)))
    return edges


def _middle(left: Runs, right: Runs) -> Point:
    cuts = sorted({v for s, e, _ in left + right for v in (s, e)})
    best = max(zip(cuts, cuts[1:]), key=lambda pq: (at(right, pq[0] + 1e-9) - at(left, pq[0] + 1e-9)) * (pq[1] - pq[0]))
    m = (best[0] + best[1]) / 2
    return ((at(left, m) + at(right, m)) / 2, m)


@dataclass(frozen=True)
class _Band:
    """One tile's place in its band, in the band's frame (across, along)."""

    left: Runs
    right: Runs
    reach: Runs          # where the glue beyond the right seam ends (the right seam itself: none)
    end: float           # where the glue beyond the band's end ends (the band's end: none)


def _shapes(band: _Band, glue: float) -> dict:
    """The outlines and glue strips of one tile, in the band's frame."""
    b1 = band.left[-1][1]
    left, right, reach = (_extend(r, band.end) for r in (band.left, band.right, band.reach))
    out = {"shown": between(band.left, band.right), "outline": between(left, reach), "across": [],
           "across_edge": [], "end": [], "end_edge": []}
    if band.reach != band.right:
        out["across"] = between(right, reach)
        out["across_edge"] = _jog_edges(band.right)
    if band.end > b1:
        l1, r1 = at(band.left, b1), at(band.right, b1)
        out["end"] = [(r1, b1), (r1, band.end), (l1, band.end), (l1, b1)]
        out["end_edge"] = [((l1, b1), (r1, b1), (0.0, -1.0))]
    return out


def tiles(cut: Cut, width: float, height: float, bleed: float) -> list[Tile]:
    """Every tile of ``cut`` for a board whose bleed box is ``width`` x ``height``."""
    glue = style.TILE_OVERLAP_MM
    across_len = width if cut.rows_first else height
    bands = []
    for r, (b0, b1) in enumerate(zip(cut.edges, cut.edges[1:])):
        seams = [[(b0, b1, 0.0)], *[list(s.runs) for s in cut.seams[r]], [(b0, b1, across_len)]]
        end = b1 if r == len(cut.seams) - 1 else b1 + glue
        bands.append([_Band(seams[i], seams[i + 1], widened(seams[i + 1], glue, across_len)
                            if i < len(seams) - 2 else seams[i + 1], end) for i in range(len(seams) - 1)])
    out = []
    for r, band in enumerate(bands):
        for i, place in enumerate(band):
            out.append(_tile(cut.rows_first, r, i, place, _shapes(place, glue), bands, bleed))
    return out


def _covering(bands: list[list[_Band]], r: int, lo: float, hi: float, rows_first: bool) -> tuple[str, ...]:
    """The names of the tiles of band ``r`` whose board starts across [lo, hi]."""
    if r >= len(bands):
        return ()
    b0 = bands[r][0].left[0][0]
    return tuple(_name(rows_first, r, i) for i, t in enumerate(bands[r])
                 if min(hi, at(t.right, b0)) - max(lo, at(t.left, b0)) > 1e-6)


def _name(rows_first: bool, band: int, index: int) -> str:
    col, row = (index, band) if rows_first else (band, index)
    return f"{column_letter(col)}{row + 1}"


def _tile(rows_first: bool, r: int, i: int, place: _Band, shapes: dict, bands, bleed: float) -> Tile:
    def xy(p: Point) -> Point:
        x, y = (p[0], p[1]) if rows_first else (p[1], p[0])
        return (round(x - bleed, 6), round(y - bleed, 6))

    def way(v: Point) -> Point:
        return v if rows_first else (v[1], v[0])

    def edges(found) -> tuple[Edge, ...]:
        return tuple((xy(a), xy(b), way(o)) for a, b, o in found)

    outline = tuple(xy(p) for p in shapes["outline"])
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    glue = style.TILE_OVERLAP_MM
    b1 = place.left[-1][1]
    across = tuple(xy(p) for p in shapes["across"])
    end = tuple(xy(p) for p in shapes["end"])
    nxt = (_name(rows_first, r, i + 1),) if across else ()
    below = _covering(bands, r + 1, at(place.left, b1), at(place.reach, b1), rows_first) if end else ()
    strips = {"right": (across, edges(shapes["across_edge"]), nxt), "below": (end, edges(shapes["end_edge"]), below)}
    if not rows_first:
        strips = {"right": strips["below"], "below": strips["right"]}
    col, row = (i, r) if rows_first else (r, i)
    return Tile(col, row, min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys),
                shown=tuple(xy(p) for p in shapes["shown"]), outline=outline,
                glue_right=glue if strips["right"][0] else 0.0, glue_below=glue if strips["below"][0] else 0.0,
                right_strip=strips["right"][0], below_strip=strips["below"][0],
                right_edge=strips["right"][1], below_edge=strips["below"][1],
                right_by=strips["right"][2], below_by=strips["below"][2],
                middle=xy(_middle(place.left, place.right)))
