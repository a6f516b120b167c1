"""Where a board too large for the paper is cut into tiles: seams clear of text and spaces.

A board is split in bands of tiles by straight seams across its whole width (rows) or height
(columns; whichever plan is better), and each band is cut into tiles by seams that run
across it. A seam is where one tile's cut edge lies on its neighbour: the tile before it
shows the board up to the seam and a glue margin of ``style.TILE_OVERLAP_MM`` beyond it,
which the next tile covers. Every seam keeps ``KEEP_CLEAR_MM`` from every glyph, icon and
space a piece sits on (``keepclear``), or follows the line where two spaces meet; where no
straight line across a band does, its seam steps sideways (``seampath``). Bands and tiles
need not be the same size: a band may take a tile or two more than the fewest that cover
it, and the board a band more, when only that keeps every seam clear. Each tile uses as much
of its page as that allows, so a tile is board, not glue. Lengths are millimetres, in the
board's frame with the origin at the top-left of its bleed box and y growing down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from . import style
from .seampath import Field, Obstacle, Seam, free

KEEP_CLEAR_MM = 3.0
STEP_MM = 0.5          # straight seams through crowded boards are tried at this spacing
MAX_JOGS = 3           # a seam steps sideways at most this often
MORE_TILES = 2         # a band may take this many tiles more than the fewest that cover it
EDGE_CHOICES = 4       # clear places tried for each seam between bands


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float
    kind: str = "glyph"   # or "space": where a piece sits


@dataclass(frozen=True)
class Cut:
    """A plan: bands (rows when ``rows_first``, else columns) between ``edges`` (0, where one
    band ends and the next begins, and the board's length), and per band the seams that cut
    it into tiles, each running along the band; how many seams run within ``KEEP_CLEAR_MM``
    of something."""

    rows_first: bool
    edges: tuple[float, ...]
    seams: tuple[tuple[Seam, ...], ...]
    crowded: int

    @property
    def tiles(self) -> int:
        return sum(len(s) + 1 for s in self.seams)

    @property
    def jogs(self) -> int:
        return sum(s.jogs for band in self.seams for s in band)


def _meets(b: Box, spaces: list[Box], axis: int) -> list[float]:
    """The edges of space ``b`` across ``axis`` that another space shares (a track's cells)."""
    a0, a1, c0, c1 = (b.x0, b.x1, b.y0, b.y1) if axis == 0 else (b.y0, b.y1, b.x0, b.x1)
    found = []
    for o in spaces:
        o0, o1, p0, p1 = (o.x0, o.x1, o.y0, o.y1) if axis == 0 else (o.y0, o.y1, o.x0, o.x1)
        if o is b or not (p0 < c1 and p1 > c0):
            continue
        found += [edge for edge, other in ((a0, o1), (a1, o0)) if abs(edge - other) < 1e-3]
    return sorted(set(found))


def _blocked(b: Box, spaces: list[Box], axis: int) -> list[tuple[float, float]]:
    """The open intervals along ``axis`` where a seam across it would pass near ``b``: a
    space is split where it meets another, since a seam may follow that line."""
    a0, a1 = (b.x0, b.x1) if axis == 0 else (b.y0, b.y1)
    cuts = [a0 - KEEP_CLEAR_MM, *(_meets(b, spaces, axis) if b.kind == "space" else []), a1 + KEEP_CLEAR_MM]
    return list(zip(cuts, cuts[1:]))


def obstacles(keep: list[Box]) -> list[Obstacle]:
    """What each box forbids a seam running down the board (along y, placed across x)."""
    spaces = [b for b in keep if b.kind == "space"]
    return [Obstacle(b.y0 - KEEP_CLEAR_MM, b.y1 + KEEP_CLEAR_MM, tuple(_blocked(b, spaces, 0))) for b in keep]


def _forbidden(keep: list[Box], axis: int, lo: float, hi: float) -> tuple[list[tuple[float, float]], list[float]]:
    """Intervals along ``axis`` (0: x, 1: y) where a straight seam would run near something
    whose extent across the seam overlaps [lo, hi], and the lines where two spaces meet."""
    spaces = [b for b in keep if b.kind == "space"]
    out, meets = [], set()
    for b in keep:
        c0, c1 = (b.y0, b.y1) if axis == 0 else (b.x0, b.x1)
        if c1 > lo - KEEP_CLEAR_MM and c0 < hi + KEEP_CLEAR_MM:
            out += _blocked(b, spaces, axis)
            if b.kind == "space":
                meets.update(round(m, 3) for m in _meets(b, spaces, axis))
    return out, sorted(meets)


def _crowding(position: float, forbidden: list[tuple[float, float]]) -> int:
    return sum(1 for a, b in forbidden if a < position - 1e-6 and position + 1e-6 < b)


def _least(length: float, window: float) -> int:
    glue = style.TILE_OVERLAP_MM
    return 1 if length <= window + 1e-6 else math.ceil((length - glue) / (window - glue) - 1e-9)


def _span(length: float, window: float, start: float, left: int) -> tuple[float, float]:
    """Where the next straight seam may go after ``start`` with ``left`` more to place: no
    further than the window reaches, no nearer than lets the rest reach the end."""
    glue = style.TILE_OVERLAP_MM
    return max(start + 1.0, length - left * (window - glue) - glue), min(start + window - glue, length - 1.0)


def seams(length: float, window: float, keep: list[Box], axis: int, lo: float, hi: float,
          count: int) -> tuple[list[float], int] | None:
    """``count`` - 1 straight seams cutting [0, length] into ``count`` tiles of at most
    ``window`` each (glue included), as far along as each may go while keeping clear; where
    no clear position is left, the least crowded one. Returns the seams and how many are
    crowded, or None when ``count`` tiles cannot cover ``length``."""
    glue = style.TILE_OVERLAP_MM
    if count == 1:
        return ([], 0) if length <= window + 1e-6 else None
    if length > count * (window - glue) + glue + 1e-6:
        return None
    forbidden, meets = _forbidden(keep, axis, lo, hi)
    found, crowded, start = [], 0, 0.0
    for left in range(count - 1, 0, -1):
        near, far = _span(length, window, start, left)
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
    """The best plan on one page shape: rows of tiles or columns of tiles, every seam clear
    with as few tiles and then as few jogs as that takes; where no plan keeps every seam
    clear, straight seams with as few tiles and then as few crowded seams as possible."""
    turned = [Box(b.y0, b.x0, b.y1, b.x1, b.kind) for b in keep]
    rows = _banded(width, height, window_w, window_h, keep)
    columns = _banded(height, width, window_h, window_w, turned)
    clean = [c for c in (rows, columns and replace(columns, rows_first=False)) if c is not None]
    if clean:
        return min(clean, key=lambda c: (c.tiles, c.jogs))
    crowded = [c for c in (_straight(width, height, window_w, window_h, keep, True),
                           _straight(height, width, window_h, window_w, turned, False)) if c is not None]
    return min(crowded, key=lambda c: (c.tiles, c.crowded)) if crowded else None


def _banded(width, height, window_w, window_h, keep: list[Box]) -> Cut | None:
    """Rows of tiles with every seam clear: the fewest bands, then one more; for each, the
    clear places for the seams between bands, furthest first; the first that lets every
    band be cut clear with the fewest tiles wins. None when nothing keeps clear."""
    obs = obstacles(keep)
    forbidden = _forbidden(keep, 1, 0.0, width)[0]
    fields: dict[tuple[float, float], Field] = {}
    best = None
    for bands in (_least(height, window_h), _least(height, window_h) + 1):
        for edges in _edge_choices(height, window_h, forbidden, bands):
            cut = _cut_bands(width, window_w, obs, edges, fields)
            if cut is not None and (best is None or (cut.tiles, cut.jogs) < (best.tiles, best.jogs)):
                best = cut
        if best is not None:
            return best
    return None


def _edge_choices(length: float, window: float, forbidden, bands: int):
    """Clear places for the seams between ``bands`` bands, as tuples (0, e1, ..., length),
    each seam as far along as it may go first."""
    def place(start: float, left: int):
        if left == 0:
            yield ()
            return
        near, far = _span(length, window, start, left)
        if near > far:
            return
        # the far end of each clear stretch (a line where two spaces meet is a stretch too)
        spots = sorted({b for a, b in free(forbidden, near, far)}, reverse=True)[:EDGE_CHOICES]
        for s in spots:
            for rest in place(s, left - 1):
                yield (s, *rest)

    for inner in place(0.0, bands - 1):
        if length - (inner[-1] if inner else 0.0) <= window + 1e-6:
            yield (0.0, *inner, length)


def _cut_bands(width, window_w, obs: list[Obstacle], edges, fields) -> Cut | None:
    found = []
    for b0, b1 in zip(edges, edges[1:]):
        field = fields.setdefault((b0, b1), Field(obs, b0, b1))
        band = _band(field, width, window_w)
        if band is None:
            return None
        found.append(band)
    return Cut(True, tuple(edges), tuple(found), 0)


def _band(field: Field, width: float, window: float) -> tuple[Seam, ...] | None:
    """The clear seams cutting one band into the fewest tiles that allow it."""
    least = _least(width, window)
    for count in range(least, least + MORE_TILES + 1):
        found = _place(field, width, window, count, 0.0, ())
        if found is not None:
            return found
    return None


def _place(field: Field, width: float, window: float, count: int, start: float,
           done: tuple[Seam, ...]) -> tuple[Seam, ...] | None:
    """The seams after ``done`` (the last of which comes nearest the band's start at
    ``start``), each with as few jogs as lets the rest be placed."""
    left = count - 1 - len(done)
    if left == 0:
        return done if width - start <= window + 1e-6 else None
    glue = style.TILE_OVERLAP_MM
    near, far = _span(width, window, start, left)
    tried = set()
    for jogs in range(MAX_JOGS + 1):
        seam = field.furthest(near, far, jogs)
        if seam is None or seam in tried:
            continue
        tried.add(seam)
        if seam.hi + glue - start > window + 1e-6:
            continue
        found = _place(field, width, window, count, seam.lo, (*done, seam))
        if found is not None:
            return found
    return None


def _straight(width, height, window_w, window_h, keep: list[Box], rows_first: bool) -> Cut | None:
    """Straight seams, the least crowded where none is clear: the fewest bands and tiles."""
    bands = _least(height, window_h)
    found = seams(height, window_h, keep, 1, 0.0, width, bands)
    if found is None:
        return None
    edges, crowded = (0.0, *found[0], height), found[1]
    cut = []
    for b0, b1 in zip(edges, edges[1:]):
        across = seams(width, window_w, keep, 0, b0, b1, _least(width, window_w))
        if across is None:
            return None
        crowded += across[1]
        cut.append(tuple(Seam.straight(b0, b1, s) for s in across[0]))
    return Cut(rows_first, edges, tuple(cut), crowded)
