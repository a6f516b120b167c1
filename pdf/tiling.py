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

import os
import string
from dataclasses import dataclass, replace
from typing import Callable

from companion.errors import InvalidDimension

from . import keepclear, style
from .geometry import Mark, Paper, PieceSpec, Rect, Slot, impose
from .icons import colour
from .seams import Box, Cut, plan
from .sheets import Document, Job, page_area, print_pieces
from .units import mm_from_pt, pt

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
    glue_right: float = 0.0   # the strips the next tiles are glued over
    glue_below: float = 0.0
    right_by: tuple[str, ...] = ()   # the tiles laid over them
    below_by: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return f"{column_letter(self.col)}{self.row + 1}"


def column_letter(i: int) -> str:
    letters = string.ascii_uppercase
    return letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26]


def _window(paper: Paper, landscape: bool) -> tuple[float, float]:
    page_w, page_h = (paper.h, paper.w) if landscape else (paper.w, paper.h)
    aw, ah = page_w - 2 * TILE_MARGIN_MM, page_h - 2 * TILE_MARGIN_MM
    if aw <= style.TILE_OVERLAP_MM * 2 or ah <= style.TILE_OVERLAP_MM * 2:
        raise InvalidDimension(f"{paper.label} paper is too small to tile boards on")
    return aw, ah


def plan_tiles(spec: PieceSpec, paper: Paper, landscape: bool = False,
               keep: list[Box] | None = None) -> tuple[list[Tile], int]:
    """The tiles of a board on pages of ``paper`` (turned landscape when ``landscape``), with
    seams kept clear of ``keep`` (boxes in the bleed box's frame) where the board allows,
    and how many seams could not be kept clear."""
    aw, ah = _window(paper, landscape)
    bw, bh = spec.w + 2 * spec.bleed, spec.h + 2 * spec.bleed
    cut = plan(bw, bh, aw, ah, keep or [])
    if cut is None:
        raise InvalidDimension(f"{spec.name} cannot be tiled on {paper.label} paper")
    return _tiles(cut, spec.bleed), cut.crowded


def _tiles(cut: Cut, bleed: float) -> list[Tile]:
    """Tiles from a plan's windows, each with the glue strips its neighbours cover: within a
    band the next tile covers the strip towards it; the next band covers the strip across the
    band's end, named by the tiles of it whose board (not their own glue) lies over this one."""
    plain = [Tile(c, r, x - bleed, y - bleed, w, h) for c, r, x, y, w, h in cut.windows]
    rows = cut.rows_first

    def key(t: Tile) -> tuple[int, int]:
        return (t.row, t.col) if rows else (t.col, t.row)

    by_key = {key(t): t for t in plain}
    along = []
    for t in plain:
        band, i = key(t)
        nxt = by_key.get((band, i + 1))
        glue = 0.0 if nxt is None else round((t.x0 + t.w - nxt.x0) if rows else (t.y0 + t.h - nxt.y0), 6)
        along.append(replace(t, **({"glue_right": glue, "right_by": (nxt.name,)} if rows else
                                   {"glue_below": glue, "below_by": (nxt.name,)})) if nxt else t)
    out = []
    for t in along:
        band = key(t)[0]
        if rows:
            over = [o for o in along if o.row == band + 1 and o.x0 < t.x0 + t.w - t.glue_right - 1e-6
                    and o.x0 + o.w - o.glue_right > t.x0 + 1e-6]
            out.append(replace(t, glue_below=round(t.y0 + t.h - over[0].y0, 6), below_by=tuple(o.name for o in over))
                       if over else t)
        else:
            over = [o for o in along if o.col == band + 1 and o.y0 < t.y0 + t.h - t.glue_below - 1e-6
                    and o.y0 + o.h - o.glue_below > t.y0 + 1e-6]
            out.append(replace(t, glue_right=round(t.x0 + t.w - over[0].x0, 6), right_by=tuple(o.name for o in over))
                       if over else t)
    return out


def choose_tiling(spec: PieceSpec, paper: Paper, keep: list[Box] | None = None) -> tuple[list[Tile], bool]:
    """Portrait or landscape pages: whichever keeps every seam clear, then needs fewer tiles,
    then has fewer crowded seams (portrait on a tie)."""
    upright = plan_tiles(spec, paper, False, keep)
    turned = plan_tiles(spec, paper, True, keep)

    def rank(found):
        return found[1] > 0, len(found[0]), found[1]

    if rank(turned) < rank(upright):
        return turned[0], True
    return upright[0], False


def keep_clear(spec: PieceSpec, draw, game) -> list[Box]:
    """What the seams of a board must keep clear of, found by drawing it once unseen: every
    glyph and icon, and every space its painter names (``Pen.space``), in the bleed box's frame."""
    from reportlab.pdfgen.canvas import Canvas

    from .icons import IconSet
    from .pen import Pen

    b = spec.bleed
    page_h = spec.h + 2 * b
    c = Canvas(os.devnull, pagesize=(pt(spec.w + 2 * b), pt(page_h)))
    c.translate(pt(b), pt(b))
    with keepclear.recording(c) as found:
        draw(Pen(c, spec.w, spec.h, game, b, IconSet(c, game)))
    return [Box(mm_from_pt(x0), page_h - mm_from_pt(y1), mm_from_pt(x1), page_h - mm_from_pt(y0), kind)
            for kind, x0, y0, x1, y1 in found]


class TilePlan:
    """A board's tiles on one paper, planned on first use from the first of ``jobs`` (read
    then, so it is the drawing the build finally uses) and shared by its pages and its
    assembly diagram."""

    def __init__(self, spec: PieceSpec, paper: Paper, jobs: list[Job], game):
        self.spec, self.paper, self._jobs, self._game = spec, paper, jobs, game
        self._found: tuple[list[Tile], bool] | None = None

    def tiles(self) -> tuple[list[Tile], bool]:
        if self._found is None:
            keep = keep_clear(self.spec, self._jobs[0].front, self._game) if self._jobs else []
            self._found = choose_tiling(self.spec, self.paper, keep)
        return self._found


def fits_one_page(spec: PieceSpec, paper: Paper) -> bool:
    """Whether a board prints whole on one page (cut like a card) rather than in tiles."""
    try:
        impose(page_area(paper), spec, paper)
    except InvalidDimension:
        return False
    return True


def boards(doc: Document, spec: PieceSpec, jobs: list[Job], options, label: str, progress,
           assembly_page: bool = True, tiling: TilePlan | None = None) -> int:
    """A board whole on a page when it fits, else in tiles followed by the page that shows how
    they go together (left out when ``assembly_page`` is False: the diagram is a card elsewhere).
    ``tiling``: the board's plan, when its assembly diagram is printed elsewhere too."""
    paper = doc.paper
    if fits_one_page(spec, paper):
        return print_pieces(doc, spec, jobs, options.sides, options.guides, options.back_offset_mm, label, progress)
    start = doc.pages
    for number, job in enumerate(jobs):
        plan_of = tiling if tiling is not None and number == 0 else TilePlan(spec, paper, [job], doc.game)
        tiles, landscape = plan_of.tiles()
        if landscape:
            doc.set_page_size(paper.h, paper.w)
        name = label if len(jobs) == 1 else f"{label} {number + 1}"
        for tile in tiles:
            _tile_page(doc, spec, job.front, tile, name)
        if assembly_page:
            _assembly_page(doc, spec, tiles, name)
        doc.set_page_size(paper.w, paper.h)
        if progress:
            progress(1)
    return doc.pages - start


def _tile_page(doc: Document, spec: PieceSpec, draw, tile: Tile, label: str) -> None:
    page_w, page_h = doc.page_w, doc.page_h
    c = doc.canvas
    wx = (page_w - tile.w) / 2             # window's left edge on the page
    wy_top = (page_h + tile.h) / 2         # window's top edge on the page (y up)
    window = Rect(wx, wy_top - tile.h, tile.w, tile.h)
    slot = Slot(wx - tile.x0, wy_top - spec.h + tile.y0, spec.w, spec.h, 0)
    # The tiles to the right and below are laid over this one: where they overlap it, this
    # page prints no board but a glue margin carrying the alignment marks.
    shown = Rect(window.x, window.y + tile.glue_below, window.w - tile.glue_right, window.h - tile.glue_below)
    c.saveState()
    for box in (window, shown):  # the whole window first, so the page reads as its tile
        clip = c.beginPath()
        clip.rect(pt(box.x), pt(box.y), pt(box.w), pt(box.h))
        c.clipPath(clip, stroke=0, fill=0)
    doc.place(slot, spec, draw)
    c.restoreState()
    if tile.right_by:
        _glue_margin(doc, Rect(shown.x1, window.y, tile.glue_right, window.h), "left", tile.right_by)
    if tile.below_by:
        _glue_margin(doc, Rect(window.x, window.y, shown.w, tile.glue_below), "top", tile.below_by)

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


def _glue_margin(doc: Document, margin: Rect, edge: str, others: tuple[str, ...]) -> None:
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
    text = f"glue: {' and '.join(others)} {'goes' if len(others) == 1 else 'go'} over this strip"
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
    margin = 20.0
    head = PieceSpec("assembly heading", page_w - 2 * margin, 2 * margin - 8, 0.0)

    def heading(pen) -> None:
        pen.text(f"**How to assemble: {label}**\n{_assembly_words(tiles)}", 0, 0, pen.w, pen.h,
                 size=style.HEADING_PT, min_size=style.BODY_PT, valign="top")

    doc.place(Slot(margin, page_h - margin - head.h + 8, head.w, head.h, 0), head, heading)
    bw, bh = spec.w + 2 * spec.bleed, spec.h + 2 * spec.bleed
    scale = min((page_w - 2 * margin) / bw, (page_h - 3 * margin) / bh)
    ox = (page_w - bw * scale) / 2
    top = page_h - 2 * margin
    _tile_diagram(doc.canvas, spec, tiles, ox, top, scale, ASSEMBLY_PAGE_TILE_PT)
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
    for tile in tiles:
        c.setStrokeColor(colour(style.TILE_INK))
        c.setFillColor(colour(style.TILE_INK), alpha=0.06)
        c.rect(*box(tile.x0, tile.y0, tile.w, tile.h), stroke=1, fill=1)
        # the name sits in the middle of what the tile shows of the board (its glue is covered)
        x, y, w, h = box(tile.x0, tile.y0, tile.w - tile.glue_right, tile.h - tile.glue_below)
        c.setFillColor(colour(style.TILE_INK))
        c.setFont(face("bold"), name_pt)
        c.drawCentredString(x + w / 2, y + h / 2 - name_pt / 3, tile.name)


def assembly_card(spec: PieceSpec, tiling: TilePlan, label: str, bleed: float) -> tuple[PieceSpec, Callable]:
    """The assembly diagram of a tiled board as a card to print on a shared sheet: its piece
    size and its drawing (the heading and how to lay the tiles, then the tiles as a map)."""
    card_w, card_h = ASSEMBLY_CARD_MM
    card = PieceSpec(f"{label}: assembly", card_w, card_h, bleed)

    def draw(pen) -> None:
        tiles = tiling.tiles()[0]
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
