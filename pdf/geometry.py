"""Sheet geometry in millimetres: how many pieces fit on a paper, where each one goes,
where its back goes, and where the crop marks are.

Coordinates here are page millimetres with the origin at the paper's bottom-left corner
(PDF's convention), so a slot converts to points by ``units.pt`` alone. Every spec checks
itself at construction and raises ``InvalidDimension`` with a plain message.

Rules the imposition keeps (print-and-play practice):
- every piece carries its own bleed, so neighbouring trims are at least 2 x bleed apart
  (their bleed boxes touch and never overlap);
- the pieces sit inside a margin wide enough for the printer's unprintable edge
  (``PAGE_MARGIN_MM``) plus crop marks (``MARK_GAP_MM + MARK_MIN_MM``);
- a sheet may turn every piece a quarter turn when that fits more of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.errors import InvalidDimension

from . import style
from .units import PAPERS_MM

EPS = 1e-6
SIDES = ("duplex-long", "duplex-short", "gutterfold", "fronts")
# Room each edge of an imposition area needs outside the outermost bleed.
EDGE_ROOM_MM = style.PAGE_MARGIN_MM + style.MARK_GAP_MM + style.MARK_MIN_MM


def _fmt(v: float) -> str:
    return f"{v:g}"


@dataclass(frozen=True)
class Paper:
    name: str
    w: float
    h: float

    @classmethod
    def named(cls, name: str) -> "Paper":
        key = str(name).lower()
        if key not in PAPERS_MM:
            raise InvalidDimension(f"unknown paper {name!r}; papers: {', '.join(PAPERS_MM)}")
        return cls(key, *PAPERS_MM[key])

    def __post_init__(self):
        if self.w <= 2 * EDGE_ROOM_MM or self.h <= 2 * EDGE_ROOM_MM:
            raise InvalidDimension(f"paper {self.name} {_fmt(self.w)} x {_fmt(self.h)} mm is too small to print on")

    @property
    def label(self) -> str:
        return {"a4": "A4", "letter": "Letter"}.get(self.name, self.name)


@dataclass(frozen=True)
class PieceSpec:
    """One physical piece: trim size in millimetres (its own 'up' is the height), bleed, outline."""

    name: str
    w: float
    h: float
    bleed: float = style.DEFAULT_BLEED_MM
    shape: str = "rect"      # rect, round, hex
    corner: float = 0.0

    def __post_init__(self):
        if not (self.w > 0 and self.h > 0):
            raise InvalidDimension(f"{self.name}: size {_fmt(self.w)} x {_fmt(self.h)} mm must be positive")
        if self.bleed < 0:
            raise InvalidDimension(f"bleed must be 0 mm or more, got {_fmt(self.bleed)} mm")
        if self.bleed > 20:
            raise InvalidDimension(f"bleed {_fmt(self.bleed)} mm is more than the 20 mm any printer needs")
        if self.shape not in ("rect", "round", "hex"):
            raise InvalidDimension(f"{self.name}: unknown shape {self.shape!r}; shapes: rect, round, hex")
        if self.corner < 0 or 2 * self.corner > min(self.w, self.h):
            raise InvalidDimension(f"{self.name}: corner {_fmt(self.corner)} mm does not fit its size")


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    def grow(self, d: float) -> "Rect":
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)


@dataclass(frozen=True)
class Slot:
    """Where one piece's trim lies on the page (page frame, bottom-left origin) and how far
    its own frame is turned (0, 90, 180, 270 degrees anticlockwise)."""

    x: float
    y: float
    w: float
    h: float
    rot: int = 0

    @property
    def trim(self) -> Rect:
        return Rect(self.x, self.y, self.w, self.h)

    def bleed_box(self, bleed: float) -> Rect:
        return self.trim.grow(bleed)


@dataclass(frozen=True)
class Mark:
    """A crop mark: a hairline from (x0, y0) to (x1, y1), page millimetres."""

    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class Grid:
    """The slots of one full sheet inside ``area`` plus the crop marks for them."""

    area: Rect
    slots: tuple[Slot, ...]
    rot: int
    cols: int
    rows: int

    @property
    def per_sheet(self) -> int:
        return len(self.slots)


# On the fold side of a gutterfold half the fold is in the middle of the sheet, not at the
# printer's edge. The grid keeps FOLD_ROOM_MM clear of the fold, and its crop marks there run
# from FOLD_MARK_GAP_MM past the bleed to the fold itself, where the other half's mirrored
# marks continue them: one mark across the fold, MARK_MIN_MM long, serves both halves.
FOLD_MARK_GAP_MM = 0.5
FOLD_ROOM_MM = FOLD_MARK_GAP_MM + style.MARK_MIN_MM / 2


def _rooms(fold_side: str | None) -> dict[str, float]:
    rooms = {side: EDGE_ROOM_MM for side in ("left", "bottom", "right", "top")}
    if fold_side:
        rooms[fold_side] = FOLD_ROOM_MM
    return rooms


def _grid(area: Rect, piece: PieceSpec, rot: int, fold_side: str | None = None) -> Grid | None:
    sw, sh = (piece.w, piece.h) if rot in (0, 180) else (piece.h, piece.w)
    pitch_x, pitch_y = sw + 2 * piece.bleed, sh + 2 * piece.bleed
    room = _rooms(fold_side)
    room_w, room_h = area.w - room["left"] - room["right"], area.h - room["bottom"] - room["top"]
    cols = int(math.floor(room_w / pitch_x + EPS)) if room_w > 0 else 0
    rows = int(math.floor(room_h / pitch_y + EPS)) if room_h > 0 else 0
    if cols < 1 or rows < 1:
        return None
    x0 = area.x + room["left"] + (room_w - cols * pitch_x) / 2 + piece.bleed
    top = area.y1 - room["top"] - (room_h - rows * pitch_y) / 2 - piece.bleed
    slots = []
    for r in range(rows):           # reading order: left to right, top to bottom
        for c in range(cols):
            slots.append(Slot(round(x0 + c * pitch_x, 6), round(top - sh - r * pitch_y, 6), sw, sh, rot))
    return Grid(area, tuple(slots), rot, cols, rows)


def grid_in(area: Rect, piece: PieceSpec, rot: int) -> Grid:
    """The grid of ``piece`` turned by ``rot`` that fills ``area`` (InvalidDimension if none)."""
    grid = _grid(area, piece, rot)
    if grid is None:
        raise InvalidDimension(f"{piece.name} does not fit a {_fmt(area.w)} x {_fmt(area.h)} mm area")
    return grid


def impose(area: Rect, piece: PieceSpec, paper: Paper, fold_side: str | None = None) -> Grid:
    """The densest grid of ``piece`` inside ``area``: upright, or every piece turned a quarter
    when that fits more. Raises InvalidDimension when not even one fits."""
    upright, turned = _grid(area, piece, 0, fold_side), _grid(area, piece, 90, fold_side)
    best = upright
    if turned is not None and (best is None or turned.per_sheet > best.per_sheet):
        best = turned
    if best is None:
        need = sorted((piece.w + 2 * piece.bleed + 2 * EDGE_ROOM_MM, piece.h + 2 * piece.bleed + 2 * EDGE_ROOM_MM))
        raise InvalidDimension(
            f"{piece.name} ({_fmt(piece.w)} x {_fmt(piece.h)} mm with {_fmt(piece.bleed)} mm bleed) does not fit on "
            f"{paper.label} paper ({_fmt(paper.w)} x {_fmt(paper.h)} mm) inside {_fmt(EDGE_ROOM_MM)} mm margins for "
            f"the printer's edge and crop marks; it needs paper of at least {_fmt(round(need[0], 1))} x "
            f"{_fmt(round(need[1], 1))} mm - use a smaller size, less bleed or larger paper")
    return best


# --- butted grids ----------------------------------------------------------------------------
#
# Cards butted edge to edge share their cut lines: one cut separates two cards, so a sheet
# holds more (9 poker cards on A4, 8 on Letter). Only the grid's outer edge has bleed, as much
# of the asked bleed as the paper leaves room for (at least BUTTED_MIN_BLEED_MM), and outside
# it every side keeps room for crop marks of at least MARK_MIN_MM inside the printer's margin.

BUTTED_MIN_BLEED_MM = 1.0


@dataclass(frozen=True)
class ButtedGrid:
    grid: Grid
    bleed_x: float   # bleed left and right of the grid
    bleed_y: float   # bleed above and below it

    def clip(self, slot: Slot, slots) -> Rect:
        """The part of the page ``slot``'s piece may paint: its trim, plus the outer bleed on
        every side where no piece of ``slots`` is its neighbour (the grid's edge, or the gap a
        part-filled last row leaves), so every edge a cut exposes has its bleed."""
        def beside(dx: int, dy: int) -> bool:
            x = slot.x + dx * slot.w
            y = slot.y + dy * slot.h
            return any(abs(s.x - x) < EPS and abs(s.y - y) < EPS for s in slots)

        left = 0.0 if beside(-1, 0) else self.bleed_x
        right = 0.0 if beside(1, 0) else self.bleed_x
        below = 0.0 if beside(0, -1) else self.bleed_y
        above = 0.0 if beside(0, 1) else self.bleed_y
        return Rect(slot.x - left, slot.y - below, slot.w + left + right, slot.h + below + above)


def impose_butted(piece: PieceSpec, paper: Paper) -> ButtedGrid | None:
    """The densest butted grid of ``piece`` on ``paper`` (upright or turned), centred, with
    room for its bleed and its crop marks on all four sides; None when not even one fits."""
    best = None
    least = min(piece.bleed, BUTTED_MIN_BLEED_MM)
    room_w, room_h = paper.w - 2 * EDGE_ROOM_MM, paper.h - 2 * EDGE_ROOM_MM
    for rot in (0, 90):
        sw, sh = (piece.w, piece.h) if rot == 0 else (piece.h, piece.w)
        cols = int(math.floor((room_w - 2 * least) / sw + EPS))
        rows = int(math.floor((room_h - 2 * least) / sh + EPS))
        if cols < 1 or rows < 1:
            continue
        x0, top = (paper.w - cols * sw) / 2, (paper.h + rows * sh) / 2
        slots = tuple(Slot(round(x0 + c * sw, 6), round(top - sh - r * sh, 6), sw, sh, rot)
                      for r in range(rows) for c in range(cols))
        found = ButtedGrid(Grid(Rect(0, 0, paper.w, paper.h), slots, rot, cols, rows),
                           round(min(piece.bleed, (room_w - cols * sw) / 2), 6),
                           round(min(piece.bleed, (room_h - rows * sh) / 2), 6))
        if best is None or len(slots) > best.grid.per_sheet:
            best = found
    return best


def butting_pays(piece: PieceSpec, paper: Paper) -> bool:
    """Butt pieces only when that puts more on a sheet than spacing them with their own bleed
    (spaced pieces forgive an off cut: it never shows a neighbour's edge)."""
    butted = impose_butted(piece, paper)
    try:
        spaced = impose(Rect(0, 0, paper.w, paper.h), piece, paper).per_sheet
    except InvalidDimension:
        spaced = 0
    return butted is not None and butted.grid.per_sheet > spaced


def cut_lines(slots, bleed_x: float, bleed_y: float) -> list[Mark]:
    """Every trim line of a butted grid drawn across it, through the outer bleed."""
    gx0, gx1 = min(s.x for s in slots) - bleed_x, max(s.x + s.w for s in slots) + bleed_x
    gy0, gy1 = min(s.y for s in slots) - bleed_y, max(s.y + s.h for s in slots) + bleed_y
    xs = sorted({round(v, 6) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 6) for s in slots for v in (s.y, s.y + s.h)})
    return [Mark(x, gy0, x, gy1) for x in xs] + [Mark(gx0, y, gx1, y) for y in ys]


def crop_marks(slots: tuple[Slot, ...] | list[Slot], bleed: float, area: Rect,
               fold_side: str | None = None, bleed_y: float | None = None) -> list[Mark]:
    """Hairlines continuing every trim line outside the grid, on all four sides: they begin
    ``MARK_GAP_MM`` past the outermost bleed (so never touch a piece) and end
    ``PAGE_MARGIN_MM`` inside the area's edge (so never reach the printer's edge); on the
    ``fold_side`` of a gutterfold half they run to the fold. ``bleed_y``: the bleed above and
    below the grid when it differs from the bleed at its sides (butted grids)."""
    if not slots:
        return []
    bleed_y = bleed if bleed_y is None else bleed_y
    gx0 = min(s.x for s in slots) - bleed
    gx1 = max(s.x + s.w for s in slots) + bleed
    gy0 = min(s.y for s in slots) - bleed_y
    gy1 = max(s.y + s.h for s in slots) + bleed_y
    # per side: where the marks start (outside the bleed), the furthest they may reach, and
    # the shortest worth drawing; on a fold they reach the fold and meet their mirror image
    ends = {"left": (gx0, area.x + style.PAGE_MARGIN_MM), "right": (gx1, area.x1 - style.PAGE_MARGIN_MM),
            "bottom": (gy0, area.y + style.PAGE_MARGIN_MM), "top": (gy1, area.y1 - style.PAGE_MARGIN_MM)}
    if fold_side:
        edge = {"left": area.x, "right": area.x1, "bottom": area.y, "top": area.y1}[fold_side]
        ends[fold_side] = (ends[fold_side][0], edge)
    xs = sorted({round(v, 6) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 6) for s in slots for v in (s.y, s.y + s.h)})
    marks: list[Mark] = []
    for side, (outer, limit) in ends.items():
        out = 1 if side in ("right", "top") else -1
        gap, shortest = (FOLD_MARK_GAP_MM, style.MARK_MIN_MM / 2) if side == fold_side else \
            (style.MARK_GAP_MM, style.MARK_MIN_MM)
        start = outer + out * gap
        end = min(start + style.MARK_MAX_MM, limit) if out > 0 else max(start - style.MARK_MAX_MM, limit)
        if abs(end - start) < shortest - EPS or (end - start) * out < 0:
            continue
        lo, hi = min(start, end), max(start, end)
        if side in ("top", "bottom"):
            marks += [Mark(x, lo, x, hi) for x in xs]
        else:
            marks += [Mark(lo, y, hi, y) for y in ys]
    return marks


# --- backs ---------------------------------------------------------------------------------
#
# A back is placed by reflecting its front's slot through the axis the sheet turns over
# (duplex-long: the vertical centre line; duplex-short and gutterfold: a horizontal line).
# The back is drawn so that the physical top edge of the piece is the top of both faces:
# reflecting across a vertical axis turns the frame by -rot, across a horizontal by 180-rot.

def mirror_x(slot: Slot, axis_x: float) -> Slot:
    return Slot(round(2 * axis_x - slot.x - slot.w, 6), slot.y, slot.w, slot.h, (-slot.rot) % 360)


def mirror_y(slot: Slot, axis_y: float) -> Slot:
    return Slot(slot.x, round(2 * axis_y - slot.y - slot.h, 6), slot.w, slot.h, (180 - slot.rot) % 360)


def back_slot(slot: Slot, paper: Paper, sides: str) -> Slot:
    """Where the back of ``slot`` is printed for duplex printing.

    duplex-long: the backs page is the fronts page mirrored left to right (x -> W - x - w).
    duplex-short: the duplex-long backs page turned 180 degrees, which is the fronts page
    mirrored top to bottom (y -> H - y - h), each back upside down relative to the page.
    """
    if sides == "duplex-long":
        return mirror_x(slot, paper.w / 2)
    if sides == "duplex-short":
        return mirror_y(slot, paper.h / 2)
    raise InvalidDimension(f"sides {sides!r} has no separate backs page; sides: {', '.join(SIDES)}")


@dataclass(frozen=True)
class Gutterfold:
    """Fronts in one half of the page, backs mirrored across the fold in the other half."""

    front_area: Rect
    grid: Grid
    horizontal: bool            # fold line runs left-right across the middle of the page
    fold: Mark

    @property
    def front_fold_side(self) -> str:
        return "bottom" if self.horizontal else "right"

    @property
    def back_fold_side(self) -> str:
        return "top" if self.horizontal else "left"

    def back(self, slot: Slot, paper: Paper) -> Slot:
        return mirror_y(slot, paper.h / 2) if self.horizontal else mirror_x(slot, paper.w / 2)

    def back_area(self, paper: Paper) -> Rect:
        a = self.front_area
        if self.horizontal:
            return Rect(a.x, paper.h - a.y1, a.w, a.h)
        return Rect(paper.w - a.x1, a.y, a.w, a.h)


def gutterfold(piece: PieceSpec, paper: Paper) -> Gutterfold:
    """The better of a horizontal fold (fronts on the top half, backs upside down below) and a
    vertical one (fronts left, backs right); the horizontal fold wins ties."""
    options = []
    top = Rect(0, paper.h / 2, paper.w, paper.h / 2)
    left = Rect(0, 0, paper.w / 2, paper.h)
    for area, horizontal in ((top, True), (left, False)):
        try:
            grid = impose(area, piece, paper, "bottom" if horizontal else "right")
        except InvalidDimension:
            continue
        if horizontal:
            fold = Mark(style.PAGE_MARGIN_MM, paper.h / 2, paper.w - style.PAGE_MARGIN_MM, paper.h / 2)
        else:
            fold = Mark(paper.w / 2, style.PAGE_MARGIN_MM, paper.w / 2, paper.h - style.PAGE_MARGIN_MM)
        options.append(Gutterfold(area, grid, horizontal, fold))
    if not options:
        raise InvalidDimension(
            f"{piece.name} ({_fmt(piece.w)} x {_fmt(piece.h)} mm with {_fmt(piece.bleed)} mm bleed) does not fit in "
            f"half of {paper.label} paper for gutterfold; print it with --sides duplex-long instead")
    return max(options, key=lambda g: g.grid.per_sheet)
