"""Boards and full-page sheets.

A board that fits the paper is imposed like any piece (one per page gets TrimBox/BleedBox).
A larger board is split into tiles (on portrait or landscape pages, whichever needs fewer):
each page shows a window of the board (bleed included)
that overlaps its neighbours by at least ``TILE_OVERLAP_MM``. Where the tile to the right or
below is laid over a tile, that tile prints no board but a grey glue margin whose magenta
arrows point at the line the covering tile's edge goes on, so no mark lands on the finished
board; crop marks show the board's own edges,
each page is labelled with its tile ("B2" = column B, row 2), and a last page shows how the
tiles go together; a board whose game names an ``assembly_sheet`` prints that diagram instead
as a card on the shared sheet of that name (``assembly_card``), so it takes no sheet of its own.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass
from typing import Callable

from companion.errors import InvalidDimension

from . import style
from .geometry import Mark, Paper, PieceSpec, Rect, Slot, impose
from .icons import colour
from .sheets import Document, Job, page_area, print_pieces
from .units import pt

# A tile window keeps this much paper outside it for the printer's edge, crop marks and labels.
TILE_MARGIN_MM = style.PAGE_MARGIN_MM + style.MARK_GAP_MM + style.MARK_MAX_MM
# Alignment arrows in a glue margin: tip this far from the margin's inner edge, this deep and
# half as wide as ..._HALF, at these fractions along the edge.
GLUE_MARK_GAP_MM = 0.5
GLUE_MARK_DEPTH_MM = 4.0
GLUE_MARK_HALF_MM = 2.0
GLUE_MARK_AT = (0.2, 0.5, 0.8)
# The assembly diagram as a card on a shared sheet: a strip (so it fits beside or under other
# pieces) with the words on the left and the tiles on the right, the margin inside it and the
# sizes of its words.
ASSEMBLY_CARD_MM = (150.0, 50.0)
ASSEMBLY_CARD_MARGIN_MM = 4.0
ASSEMBLY_CARD_TITLE_PT = 10.0
ASSEMBLY_CARD_TEXT_PT = 7.0
ASSEMBLY_PAGE_TILE_PT = 12.0
ASSEMBLY_CARD_TILE_PT = 9.0


@dataclass(frozen=True)
class Tile:
    col: int
    row: int
    x0: float  # window in board millimetres (origin at the trim's top-left, y down)
    y0: float
    w: float
    h: float

    @property
    def name(self) -> str:
        return f"{column_letter(self.col)}{self.row + 1}"


def column_letter(i: int) -> str:
    letters = string.ascii_uppercase
    return letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26]


def _split(length: float, window: float, overlap: float) -> list[float]:
    """Starts of windows covering ``length`` with neighbours overlapping by >= ``overlap``."""
    if length <= window + 1e-6:
        return [0.0]
    n = math.ceil((length - overlap) / (window - overlap) - 1e-9)
    step = (length - window) / (n - 1)
    return [round(i * step, 6) for i in range(n)]


def plan_tiles(spec: PieceSpec, paper: Paper, landscape: bool = False) -> tuple[list[Tile], float, float]:
    """The tiles for a board and the window size used on each page (of the paper turned
    landscape when ``landscape``)."""
    page_w, page_h = (paper.h, paper.w) if landscape else (paper.w, paper.h)
    aw, ah = page_w - 2 * TILE_MARGIN_MM, page_h - 2 * TILE_MARGIN_MM
    if aw <= style.TILE_OVERLAP_MM * 2 or ah <= style.TILE_OVERLAP_MM * 2:
        raise InvalidDimension(f"{paper.label} paper is too small to tile boards on")
    bw, bh = spec.w + 2 * spec.bleed, spec.h + 2 * spec.bleed
    tw, th = min(aw, bw), min(ah, bh)
    xs = _split(bw, tw, style.TILE_OVERLAP_MM)
    ys = _split(bh, th, style.TILE_OVERLAP_MM)
    tiles = [Tile(c, r, x - spec.bleed, y - spec.bleed, tw, th) for r, y in enumerate(ys) for c, x in enumerate(xs)]
    return tiles, tw, th


def choose_tiling(spec: PieceSpec, paper: Paper) -> tuple[list[Tile], float, float, bool]:
    """Portrait or landscape pages, whichever needs fewer tiles (portrait on a tie)."""
    upright = plan_tiles(spec, paper)
    turned = plan_tiles(spec, paper, landscape=True)
    if len(turned[0]) < len(upright[0]):
        return (*turned, True)
    return (*upright, False)


def fits_one_page(spec: PieceSpec, paper: Paper) -> bool:
    """Whether a board prints whole on one page (cut like a card) rather than in tiles."""
    try:
        impose(page_area(paper), spec, paper)
    except InvalidDimension:
        return False
    return True


def boards(doc: Document, spec: PieceSpec, jobs: list[Job], options, label: str, progress,
           assembly_page: bool = True) -> int:
    """A board whole on a page when it fits, else in tiles followed by the page that shows how
    they go together (left out when ``assembly_page`` is False: the diagram is a card elsewhere)."""
    paper = doc.paper
    try:
        impose(page_area(paper), spec, paper)
        return print_pieces(doc, spec, jobs, options.sides, options.guides, options.back_offset_mm, label, progress)
    except InvalidDimension:
        pass
    start = doc.pages
    tiles, tw, th, landscape = choose_tiling(spec, paper)
    if landscape:
        doc.set_page_size(paper.h, paper.w)
    for number, job in enumerate(jobs):
        name = label if len(jobs) == 1 else f"{label} {number + 1}"
        for tile in tiles:
            _tile_page(doc, spec, job.front, tile, tiles, tw, th, name)
        if assembly_page:
            _assembly_page(doc, spec, tiles, name)
        if progress:
            progress(1)
    doc.set_page_size(paper.w, paper.h)
    return doc.pages - start


def _tile_page(doc: Document, spec: PieceSpec, draw, tile: Tile, tiles: list[Tile], tw: float, th: float,
               label: str) -> None:
    page_w, page_h = doc.page_w, doc.page_h
    c = doc.canvas
    wx = (page_w - tw) / 2             # window's left edge on the page
    wy_top = (page_h + th) / 2         # window's top edge on the page (y up)
    window = Rect(wx, wy_top - th, tw, th)
    slot = Slot(wx - tile.x0, wy_top - spec.h + tile.y0, spec.w, spec.h, 0)
    # The tile to the right and the tile below are laid over this one: where they overlap it,
    # this page prints no board but a glue margin carrying the alignment marks.
    right = _neighbour(tiles, tile, 1, 0)
    below = _neighbour(tiles, tile, 0, 1)
    glue_right = tile.x0 + tile.w - right.x0 if right else 0.0
    glue_below = tile.y0 + tile.h - below.y0 if below else 0.0
    shown = Rect(window.x, window.y + glue_below, window.w - glue_right, window.h - glue_below)
    c.saveState()
    for box in (window, shown):  # the whole window first, so the page reads as its tile
        clip = c.beginPath()
        clip.rect(pt(box.x), pt(box.y), pt(box.w), pt(box.h))
        c.clipPath(clip, stroke=0, fill=0)
    doc.place(slot, spec, draw)
    c.restoreState()
    if right:
        _glue_margin(doc, Rect(shown.x1, window.y, glue_right, window.h), "left", right.name)
    if below:
        _glue_margin(doc, Rect(window.x, window.y, shown.w, glue_below), "top", below.name)

    def to_page(bx: float, by: float) -> tuple[float, float]:
        return wx + (bx - tile.x0), wy_top - (by - tile.y0)

    # crop marks where the board's own trim edges cross this window
    marks = []
    gap, length = style.MARK_GAP_MM, style.MARK_MAX_MM - 1
    for bx in (0.0, spec.w):
        px, _ = to_page(bx, 0)
        if window.x < px < window.x1:
            marks += [Mark(px, window.y1 + gap, px, window.y1 + gap + length),
                      Mark(px, window.y - gap - length, px, window.y - gap)]
    for by in (0.0, spec.h):
        _, py = to_page(0, by)
        if window.y < py < window.y1:
            marks += [Mark(window.x - gap - length, py, window.x - gap, py),
                      Mark(window.x1 + gap, py, window.x1 + gap + length, py)]
    doc.marks(marks)
    # the window's outline, so the overlap is easy to trim
    c.setStrokeColor(colour(style.FOLD_INK))
    c.setLineWidth(style.HAIRLINE_PT)
    c.setDash([pt(1), pt(1.5)])
    c.rect(pt(window.x), pt(window.y), pt(window.w), pt(window.h), stroke=1, fill=0)
    c.setDash([])
    c.setFillColor(colour(style.TILE_INK))
    from .fonts import face

    c.setFont(face("bold"), 14)
    c.drawCentredString(pt(page_w / 2), pt(window.y1 + 2), tile.name)  # clear of the corner crop marks
    doc.page_label(f"{label} - tile {tile.name} (column {column_letter(tile.col)}, row {tile.row + 1}) - "
                   f"cut along the dotted line; the tiles to the right and below go over the grey glue margins, "
                   f"their edges on the magenta marks - print at 100%")
    doc.end_page()


def _neighbour(tiles: list[Tile], tile: Tile, dc: int, dr: int) -> Tile | None:
    return next((t for t in tiles if t.col == tile.col + dc and t.row == tile.row + dr), None)


def _glue_margin(doc: Document, margin: Rect, edge: str, other: str) -> None:
    """A grey strip the next tile is glued over, with magenta arrows pointing at the line its
    edge must lie on (the strip's ``edge`` side). Nothing of the board is printed here."""
    from .fonts import face

    c = doc.canvas
    c.saveState()
    c.setFillColor(colour(style.GLUE_FILL))
    c.rect(pt(margin.x), pt(margin.y), pt(margin.w), pt(margin.h), stroke=0, fill=1)
    c.setFillColor(colour(style.TILE_INK))
    gap, depth, half = GLUE_MARK_GAP_MM, GLUE_MARK_DEPTH_MM, GLUE_MARK_HALF_MM
    for f in GLUE_MARK_AT:
        if edge == "left":
            y = margin.y + f * margin.h
            tip = (margin.x + gap, y)
            base = [(margin.x + gap + depth, y - half), (margin.x + gap + depth, y + half)]
        else:
            x = margin.x + f * margin.w
            tip = (x, margin.y1 - gap)
            base = [(x - half, margin.y1 - gap - depth), (x + half, margin.y1 - gap - depth)]
        path = c.beginPath()
        path.moveTo(pt(tip[0]), pt(tip[1]))
        for bx, by in base:
            path.lineTo(pt(bx), pt(by))
        path.close()
        c.drawPath(path, stroke=0, fill=1)
    c.setFont(face("regular"), style.LABEL_PT)
    text = f"glue: {other} goes over this strip"
    if edge == "left":
        c.translate(pt(margin.x + margin.w / 2 + 1), pt(margin.y + margin.h * 0.35))
        c.rotate(90)
        c.drawCentredString(0, 0, text)
    else:
        c.drawCentredString(pt(margin.x + margin.w * 0.35), pt(margin.y + margin.h / 2 - 1), text)
    c.restoreState()


def _assembly_page(doc: Document, spec: PieceSpec, tiles: list[Tile], label: str) -> None:
    """The board outline, scaled to fit, with every tile's window drawn and named."""
    page_w, page_h = doc.page_w, doc.page_h
    c = doc.canvas
    from .fonts import face

    margin = 20.0
    bw, bh = spec.w + 2 * spec.bleed, spec.h + 2 * spec.bleed
    scale = min((page_w - 2 * margin) / bw, (page_h - 3 * margin) / bh)
    ox = (page_w - bw * scale) / 2
    top = page_h - 2 * margin
    c.setFillColor(colour(style.INK))
    c.setFont(face("bold"), style.HEADING_PT)
    c.drawString(pt(margin), pt(page_h - margin), f"How to assemble: {label}")
    c.setFont(face("regular"), style.BODY_PT)
    c.drawString(pt(margin), pt(page_h - margin - 7), _assembly_words(tiles))
    _tile_diagram(c, spec, tiles, ox, top, scale, ASSEMBLY_PAGE_TILE_PT)
    doc.page_label(f"{label} - assembly diagram")
    doc.end_page()


def _assembly_words(tiles: list[Tile]) -> str:
    return (f"{len(tiles)} tiles. Lay them out as shown: each tile goes over the grey glue margin of the "
            f"tile to its left and above, its edge on the magenta arrows.")


def _tile_diagram(c, spec: PieceSpec, tiles: list[Tile], ox: float, top: float, scale: float, name_pt: float) -> None:
    """The board's outline at ``scale``, its top-left bleed corner at (ox, top) mm (y up), with
    every tile's window drawn and named."""
    from .fonts import face

    def box(x0, y0, w, h):
        return pt(ox + (x0 + spec.bleed) * scale), pt(top - (y0 + spec.bleed + h) * scale), pt(w * scale), pt(h * scale)

    c.setStrokeColor(colour(style.INK))
    c.setLineWidth(style.RULE_PT)
    c.rect(*box(0, 0, spec.w, spec.h), stroke=1, fill=0)
    c.setLineWidth(style.THIN_PT)
    cols = max(t.col for t in tiles) + 1
    rows = max(t.row for t in tiles) + 1
    for tile in tiles:
        c.setStrokeColor(colour(style.TILE_INK))
        c.setFillColor(colour(style.TILE_INK), alpha=0.06)
        c.rect(*box(tile.x0, tile.y0, tile.w, tile.h), stroke=1, fill=1)
        x, y, w, h = box(tile.x0, tile.y0, tile.w, tile.h)
        c.setFillColor(colour(style.TILE_INK))
        c.setFont(face("bold"), name_pt)
        # tiles overlap a lot on small boards: name each one towards its own outer side
        fx = 0.5 if cols == 1 else 0.25 + 0.5 * tile.col / (cols - 1)
        fy = 0.5 if rows == 1 else 0.25 + 0.5 * tile.row / (rows - 1)
        c.drawCentredString(x + w * fx, y + h * (1 - fy) - name_pt / 3, tile.name)


def assembly_card(spec: PieceSpec, paper: Paper, label: str, bleed: float) -> tuple[PieceSpec, Callable]:
    """The assembly diagram of a tiled board as a card to print on a shared sheet: its piece
    size and its drawing (the heading and how to lay the tiles, then the tiles as a map)."""
    tiles = choose_tiling(spec, paper)[0]
    card_w, card_h = ASSEMBLY_CARD_MM
    card = PieceSpec(f"{label}: assembly", card_w, card_h, bleed)

    def draw(pen) -> None:
        m = ASSEMBLY_CARD_MARGIN_MM
        bw, bh = spec.w + 2 * spec.bleed, spec.h + 2 * spec.bleed
        scale = min((card_h - 2 * m) / bh, (card_w - 2 * m) / 2 / bw)   # the tiles take at most half
        left = card_w - m - bw * scale
        pen.text(f"**How to assemble: {label}**\n{_assembly_words(tiles)}", m, m, left - 2 * m, card_h - 2 * m,
                 size=ASSEMBLY_CARD_TITLE_PT, min_size=ASSEMBLY_CARD_TEXT_PT, valign="middle")
        _tile_diagram(pen.canvas, spec, tiles, left, card_h - (card_h - bh * scale) / 2, scale, ASSEMBLY_CARD_TILE_PT)
    return card, draw


def full_page_sheets(doc: Document, jobs: list[Job], progress) -> int:
    """Sheets (reference pages, player aids) fill the paper inside the printer's margin; they
    are not cut, so they carry no bleed or crop marks (TrimBox = BleedBox = that area). A
    back follows its front."""
    paper = doc.paper
    m = style.PAGE_MARGIN_MM
    spec = PieceSpec("sheet", paper.w - 2 * m, paper.h - 2 * m, 0.0)
    slot = Slot(m, m, spec.w, spec.h, 0)
    start = doc.pages
    area = Rect(m, m, spec.w, spec.h)  # one piece per page: its trim (it has no bleed)
    for job in jobs:
        doc.place(slot, spec, job.front)
        doc.end_page(area, area)
        if job.back is not None:
            doc.place(slot, spec, job.back)
            doc.end_page(area, area)
        if progress:
            progress(1)
    return doc.pages - start
