"""Where a board too large for the paper is cut into tiles: seams clear of text and spaces.

A board is split in bands of tiles: rows whose seams run the board's whole width, each row
cut into tiles by seams of its own (or columns, each cut into tiles of its own; whichever
keeps more clear). A seam is where one tile's cut edge lies on its neighbour: the tile
before it shows the board up to the seam and a glue margin of ``style.TILE_OVERLAP_MM``
beyond it, which the next tile covers. Every seam keeps ``KEEP_CLEAR_MM`` from every glyph,
icon and space a piece sits on (``keepclear``), and each tile uses as much of its page as
that allows, so a tile is board, not glue. Lengths are millimetres, in the board's frame
with the origin at the top-left of its bleed box and y growing down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import style

KEEP_CLEAR_MM = 3.0
STEP_MM = 0.5    # seams are tried at this spacing


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float
    kind: str = "glyph"   # or "space": where a piece sits


@dataclass(frozen=True)
class Cut:
    """The tiles of one plan: per tile its window ``(col, row, x0, y0, w, h)`` in bleed-box
    millimetres, and the number of seams that run within ``KEEP_CLEAR_MM`` of something."""

    windows: tuple[tuple[int, int, float, float, float, float], ...]
    crowded: int
    rows_first: bool


def _forbidden(keep: list[Box], axis: int, lo: float, hi: float) -> tuple[list[tuple[float, float]], list[float]]:
    """Intervals along ``axis`` (0: x, 1: y) where a seam would run near something whose
    extent across the seam overlaps [lo, hi], and the lines where two spaces meet (a track's
    cells): a seam may follow such a line, since a piece in either space lies on one tile."""
    near = []
    for b in keep:
        a0, a1, c0, c1 = (b.x0, b.x1, b.y0, b.y1) if axis == 0 else (b.y0, b.y1, b.x0, b.x1)
        if c1 > lo - KEEP_CLEAR_MM and c0 < hi + KEEP_CLEAR_MM:
            near.append((a0, a1, c0, c1, b.kind))
    spaces = [n for n in near if n[4] == "space"]
    out, meets = [], set()
    for a0, a1, c0, c1, kind in near:
        cuts = [a0 - KEEP_CLEAR_MM]
        if kind == "space":
            for edge in (a0, a1):
                if any(abs(o[1] - edge if edge == a0 else o[0] - edge) < 1e-3 and o[2] < c1 and o[3] > c0
                       for o in spaces if o[:4] != (a0, a1, c0, c1)):
                    cuts.append(edge)
                    meets.add(round(edge, 3))
        cuts.append(a1 + KEEP_CLEAR_MM)
        out += list(zip(cuts, cuts[1:]))
    return out, sorted(meets)


def _crowding(position: float, forbidden: list[tuple[float, float]]) -> int:
    return sum(1 for a, b in forbidden if a < position - 1e-6 and position + 1e-6 < b)


def seams(length: float, window: float, keep: list[Box], axis: int, lo: float, hi: float,
          count: int) -> tuple[list[float], int] | None:
    """``count`` - 1 seams cutting [0, length] into ``count`` tiles of at most ``window``
    each (glue included), as far along as each may go while keeping clear; where no clear
    position is left, the least crowded one. Returns the seams and how many are crowded, or
    None when ``count`` tiles cannot cover ``length``."""
    glue = style.TILE_OVERLAP_MM
    if count == 1:
        return ([], 0) if length <= window + 1e-6 else None
    if length > count * (window - glue) + glue + 1e-6:
        return None
    forbidden, meets = _forbidden(keep, axis, lo, hi)
    found, crowded, start = [], 0, 0.0
    for left in range(count - 1, 0, -1):
        # the furthest this seam may go, and the nearest that still lets the rest reach the end
        far = min(start + window - glue, length - 1.0)
        near = max(start + 1.0, length - left * (window - glue) - glue)
        steps = int(math.floor((far - near) / STEP_MM + 1e-9))
        tries = sorted({round(far - i * STEP_MM, 3) for i in range(steps + 1)} |
                       {m for m in meets if near <= m <= far}, reverse=True)
        if not tries:
            return None
        best = min(tries, key=lambda s: _crowding(s, forbidden))  # ties: the furthest
        crowded += _crowding(best, forbidden) > 0
        found.append(best)
        start = best
    return found, crowded


def plan(width: float, height: float, window_w: float, window_h: float, keep: list[Box]) -> Cut | None:
    """The best plan on one page shape: rows of tiles, or columns of tiles, with as few
    tiles as cover the board or, when only that keeps every seam clear, one band or tile more."""
    best = None
    for rows_first in (True, False):
        for extra in (0, 1):
            cut = _banded(width, height, window_w, window_h, keep, rows_first, extra)
            if cut is not None and (best is None or _rank(cut) < _rank(best)):
                best = cut
    return best


def _rank(cut: Cut) -> tuple[bool, int, int]:
    # a plan whose seams all keep clear first; where none does, the fewest tiles (more paper
    # would not make it clean), then the fewest crowded seams
    return cut.crowded > 0, len(cut.windows), cut.crowded


def _least(length: float, window: float) -> int:
    glue = style.TILE_OVERLAP_MM
    return 1 if length <= window + 1e-6 else math.ceil((length - glue) / (window - glue) - 1e-9)


def _banded(width, height, window_w, window_h, keep, rows_first: bool, extra: int) -> Cut | None:
    # along the bands' seams (the whole board's length) and across them (within one band)
    long_len, long_win, cross_len, cross_win = (height, window_h, width, window_w) if rows_first else \
        (width, window_w, height, window_h)
    long_axis = 1 if rows_first else 0
    bands = _least(long_len, long_win) + extra
    found = seams(long_len, long_win, keep, long_axis, 0.0, cross_len, bands)
    if found is None:
        return None
    edges, crowded = [0.0, *found[0], long_len], found[1]
    windows = []
    for band in range(bands):
        b0, b1 = edges[band], edges[band + 1]
        end = min(b1 + style.TILE_OVERLAP_MM, long_len) if band < bands - 1 else long_len
        best = None
        for more in (0, 1):
            count = _least(cross_len, cross_win) + more * extra
            cut = seams(cross_len, cross_win, keep, 1 - long_axis, b0, b1, count)
            if cut is not None and (best is None or (cut[1], len(cut[0])) < (best[1], len(best[0]))):
                best = cut
        if best is None:
            return None
        crowded += best[1]
        cuts = [0.0, *best[0], cross_len]
        for i in range(len(cuts) - 1):
            c0 = cuts[i]
            c1 = min(cuts[i + 1] + style.TILE_OVERLAP_MM, cross_len) if i < len(cuts) - 2 else cross_len
            if rows_first:
                windows.append((i, band, c0, b0, c1 - c0, end - b0))
            else:
                windows.append((band, i, b0, c0, end - b0, c1 - c0))
    return Cut(tuple(windows), crowded, rows_first)
