"""Writing pieces onto paper: one ``Document`` per output PDF, and ``print_pieces`` which
imposes a run of identical-size pieces with their backs for the chosen way of printing.

A piece is given as two drawing functions ``front(pen)`` and ``back(pen)`` (``back`` may be
None); each is called with a ``Pen`` already moved and turned onto the piece's slot and
clipped to its bleed box.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from reportlab.pdfgen import canvas as rl_canvas

from . import style
from .geometry import (ButtedGrid, Mark, Paper, PieceSpec, Rect, Slot, back_slot, crop_marks, cut_lines,
                       gutterfold, impose, impose_butted)
from .icons import IconSet, colour
from .pen import Pen
from .units import pt

Draw = Callable[[Pen], None]

# Page labels sit just inside the printable edge, in a band kept clear of crop marks.
LABEL_RISE_MM = 0.8
LABEL_BAND_MM = 2.5
LABEL_CLEAR_MM = 1.0

# Fixed document metadata: with reportlab's invariant mode this makes output byte-identical.
PRODUCER = "Headframe"


@dataclass(frozen=True)
class Job:
    """One physical piece to print."""

    front: Draw
    back: Draw | None = None


class Document:
    def __init__(self, target, paper: Paper, game=None, title: str = ""):
        self.paper = paper
        self.game = game
        # the initial font is ours too, so no base-14 font (Helvetica) ends up in the file
        self.canvas = rl_canvas.Canvas(target, pagesize=(pt(paper.w), pt(paper.h)), invariant=1,
                                       pageCompression=1, initialFontName=_label_face(),
                                       initialFontSize=style.BODY_PT)
        c = self.canvas
        c.setCreator(PRODUCER)
        c.setProducer(PRODUCER)
        c.setAuthor(PRODUCER)
        c.setTitle(title)
        c.setSubject(getattr(game, "name", "") or "")
        self.icons = IconSet(c, game)
        self.pages = 0
        self._page_size = (paper.w, paper.h)
        self._page_marks: list[Mark] = []  # crop marks on the current page, kept clear by labels
        self.cut_contour = False  # print-shop pages: trim lines in the CutContour spot colour
        self.designs: list[Design] = []  # print-shop pages: each design and its quantity

    def set_page_size(self, w: float, h: float) -> None:
        self._page_size = (w, h)
        self.canvas.setPageSize((pt(w), pt(h)))

    @property
    def qr_codes(self) -> int:
        """QR codes drawn in this document so far (``Pen.qr`` counts them on the canvas)."""
        return getattr(self.canvas, "headframe_qr_codes", 0)

    @property
    def page_w(self) -> float:
        return self._page_size[0]

    @property
    def page_h(self) -> float:
        return self._page_size[1]

    def place(self, slot: Slot, spec: PieceSpec, draw: Draw, guides: bool = False,
              offset: tuple[float, float] = (0.0, 0.0), clip: Rect | None = None) -> None:
        """Draw one piece in ``slot``: move the origin to the slot, turn it by ``slot.rot``,
        clip to the bleed box (and to ``clip``, page millimetres, for butted pieces) and hand
        the drawing function a local Pen."""
        c = self.canvas
        c.saveState()
        x, y = slot.x + offset[0], slot.y + offset[1]
        if clip is not None:
            path = c.beginPath()
            path.rect(pt(clip.x + offset[0]), pt(clip.y + offset[1]), pt(clip.w), pt(clip.h))
            c.clipPath(path, stroke=0, fill=0)
        shift = {0: (0.0, 0.0), 90: (slot.w, 0.0), 180: (slot.w, slot.h), 270: (0.0, slot.h)}[slot.rot]
        c.translate(pt(x + shift[0]), pt(y + shift[1]))
        if slot.rot:
            c.rotate(slot.rot)
        b = spec.bleed
        clip = c.beginPath()
        clip.rect(pt(-b), pt(-b), pt(spec.w + 2 * b), pt(spec.h + 2 * b))
        c.clipPath(clip, stroke=0, fill=0)
        pen = Pen(c, spec.w, spec.h, self.game, b, self.icons)
        draw(pen)
        if spec.shape in ("round", "hex"):
            trim_line(pen, spec, self.cut_contour)
        if guides:
            draw_guides(pen, spec)
        c.restoreState()

    def marks(self, marks: Sequence[Mark], offset: tuple[float, float] = (0.0, 0.0)) -> None:
        if not marks:
            return
        c = self.canvas
        c.setStrokeColor(colour(style.MARK_INK))
        c.setLineWidth(style.MARK_WIDTH_PT)
        c.setDash([])
        dx, dy = offset
        c.lines([(pt(m.x0 + dx), pt(m.y0 + dy), pt(m.x1 + dx), pt(m.y1 + dy)) for m in marks])
        self._page_marks.extend(Mark(m.x0 + dx, m.y0 + dy, m.x1 + dx, m.y1 + dy) for m in marks)

    def cut_lines(self, lines: Sequence[Mark], offset: tuple[float, float] = (0.0, 0.0)) -> None:
        """The shared cut lines of a butted grid, over the pieces."""
        c = self.canvas
        c.saveState()
        c.setStrokeColor(colour(style.CUT_LINE_INK))
        c.setLineWidth(style.HAIRLINE_PT)
        dx, dy = offset
        c.lines([(pt(m.x0 + dx), pt(m.y0 + dy), pt(m.x1 + dx), pt(m.y1 + dy)) for m in lines])
        c.restoreState()

    def fold_line(self, mark: Mark) -> None:
        c = self.canvas
        c.saveState()
        c.setStrokeColor(colour(style.FOLD_INK))
        c.setLineWidth(style.THIN_PT)
        c.setDash([pt(3), pt(2)])
        c.line(pt(mark.x0), pt(mark.y0), pt(mark.x1), pt(mark.y1))
        c.restoreState()

    def page_label(self, text: str) -> None:
        """A small note in the bottom margin (which file, which page, how to print), set in
        the widest stretch between crop marks and shrunk or shortened to fit there."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        c = self.canvas
        face = _label_face()
        base = style.PAGE_MARGIN_MM + LABEL_RISE_MM
        top = base + LABEL_BAND_MM
        blocked = sorted((min(m.x0, m.x1) - LABEL_CLEAR_MM, max(m.x0, m.x1) + LABEL_CLEAR_MM)
                         for m in self._page_marks if min(m.y0, m.y1) < top and max(m.y0, m.y1) > base - 1)
        spans, start = [], style.PAGE_MARGIN_MM
        for lo, hi in blocked:
            spans.append((start, lo))
            start = max(start, hi)
        spans.append((start, self.page_w - style.PAGE_MARGIN_MM))
        x0, x1 = max(spans, key=lambda s: s[1] - s[0])
        room = pt(x1 - x0)
        for size in (style.LABEL_PT - 1, style.LABEL_PT - 1.5, style.GLYPH_MIN_PT):
            if stringWidth(text, face, size) <= room:
                break
        while text and stringWidth(text, face, size) > room:
            text = text.rsplit(" - ", 1)[0] if " - " in text else ""
        if text:
            c.setFillColor(colour(style.LABEL_INK))
            c.setFont(face, size)
            c.drawString(pt(x0), pt(base), text)

    def end_page(self, trim: Rect | None = None, bleed: Rect | None = None) -> None:
        """Finish the page; a page that holds one piece records its TrimBox and BleedBox."""
        c = self.canvas
        if trim is not None:
            c.setTrimBox(_box(trim))
        if bleed is not None:
            c.setBleedBox(_box(bleed))
        c.showPage()
        self._page_marks = []
        # setTrimBox/setBleedBox stick to later pages in reportlab; clear them.
        c._cropBox = c._bleedBox = c._trimBox = c._artBox = None
        self.pages += 1
        c.setPageSize((pt(self.page_w), pt(self.page_h)))

    def save(self) -> None:
        self.canvas.save()


def _label_face() -> str:
    from .fonts import face

    return face("regular")


def _box(r: Rect) -> tuple[float, float, float, float]:
    return (pt(r.x), pt(r.y), pt(r.x1), pt(r.y1))


def trim_line(pen: Pen, spec: PieceSpec, cut_contour: bool = False) -> None:
    """The outline of a round or hex piece, exactly at its trim: crop marks only show a
    box, so this is the line to cut along. For a print shop it is the die line, one path in
    the ``CutContour`` spot colour."""
    from reportlab.lib.colors import CMYKColorSep

    from .pen import hex_points

    c = pen.canvas
    c.saveState()
    strokes = [(CMYKColorSep(0, 1, 0, 0, spotName=style.CUT_CONTOUR), style.HAIRLINE_PT)] if cut_contour else [
        (colour(style.TRIM_HALO), style.TRIM_HALO_PT), (colour(style.TRIM_INK), style.TRIM_PT)]
    for ink, width in strokes:
        c.setStrokeColor(ink)
        c.setLineWidth(width)
        path = c.beginPath()
        if spec.shape == "round":
            path.ellipse(0, 0, pt(spec.w), pt(spec.h))
        else:
            points = [(pt(x), pt(spec.h - y)) for x, y in hex_points(0, 0, spec.w, spec.h)]
            path.moveTo(*points[0])
            for point in points[1:]:
                path.lineTo(*point)
            path.close()
        c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def draw_guides(pen: Pen, spec: PieceSpec) -> None:
    """Safe zone: keep text inside this line."""
    s = style.SAFE_ZONE_MM
    c = pen.canvas
    c.saveState()
    c.setDash([pt(1), pt(1)])
    pen.rect(s, s, spec.w - 2 * s, spec.h - 2 * s, stroke=style.GUIDE_INK, width=style.HAIRLINE_PT,
             radius=max(0.0, spec.corner - s))
    c.restoreState()


def page_area(paper: Paper) -> Rect:
    return Rect(0, 0, paper.w, paper.h)


def print_pieces(doc: Document, spec: PieceSpec, jobs: Sequence[Job], sides: str, guides: bool = False,
                 back_offset: tuple[float, float] = (0.0, 0.0), label: str = "",
                 progress: Callable[[int], None] | None = None, butted: bool = False) -> int:
    """Impose ``jobs`` on as many sheets as they need. Returns the number of pages written.
    ``butted``: rectangular pieces edge to edge with shared cut lines (not for gutterfold)."""
    paper = doc.paper
    has_backs = sides != "fronts" and any(j.back is not None for j in jobs)
    start = doc.pages
    if butted and not (has_backs and sides == "gutterfold"):
        found = impose_butted(spec, paper)
        if found is not None:
            return _print_butted(doc, spec, jobs, sides, has_backs, found, guides, back_offset, label, progress)
    if has_backs and sides == "gutterfold":
        fold = gutterfold(spec, paper)
        per = fold.grid.per_sheet
        for first in range(0, len(jobs), per):
            chunk = jobs[first:first + per]
            slots = fold.grid.slots[:len(chunk)]
            backs = [fold.back(s, paper) for s in slots]
            for slot, job in zip(slots, chunk):
                doc.place(slot, spec, job.front, guides)
            for slot, job in zip(backs, chunk):
                if job.back is not None:
                    doc.place(slot, spec, job.back, guides)
            doc.marks(crop_marks(slots, spec.bleed, fold.front_area, fold.front_fold_side))
            doc.marks(crop_marks(backs, spec.bleed, fold.back_area(paper), fold.back_fold_side))
            doc.fold_line(fold.fold)
            _label(doc, label, "gutterfold: fold on the dashed line, glue, then cut")
            _end(doc, slots, spec)
            if progress:
                progress(len(chunk))
        return doc.pages - start
    grid = impose(page_area(paper), spec, paper)
    per = grid.per_sheet
    for first in range(0, len(jobs), per):
        chunk = jobs[first:first + per]
        slots = grid.slots[:len(chunk)]
        for slot, job in zip(slots, chunk):
            doc.place(slot, spec, job.front, guides)
        doc.marks(crop_marks(slots, spec.bleed, grid.area))
        _label(doc, label, "fronts")
        _end(doc, slots, spec)
        if has_backs:
            backs = [back_slot(s, paper, sides) for s in slots]
            for slot, job in zip(backs, chunk):
                if job.back is not None:
                    doc.place(slot, spec, job.back, guides, back_offset)
            doc.marks(crop_marks(backs, spec.bleed, grid.area), back_offset)
            _label(doc, label, f"backs ({sides})")
            _end(doc, backs, spec, back_offset)
        if progress:
            progress(len(chunk))
    return doc.pages - start


def _print_butted(doc: Document, spec: PieceSpec, jobs: Sequence[Job], sides: str, has_backs: bool,
                  found: ButtedGrid, guides, back_offset, label: str, progress) -> int:
    start = doc.pages
    per = found.grid.per_sheet
    bx, by = found.bleed_x, found.bleed_y
    # the page note needs its band below the grid; a grid reaching into it goes without
    room = min(s.y for s in found.grid.slots) - by >= style.PAGE_MARGIN_MM + LABEL_RISE_MM + LABEL_BAND_MM
    for first in range(0, len(jobs), per):
        chunk = jobs[first:first + per]
        slots = found.grid.slots[:len(chunk)]
        for slot, job in zip(slots, chunk):
            doc.place(slot, spec, job.front, guides, clip=found.clip(slot, slots))
        doc.marks(crop_marks(slots, bx, found.grid.area, bleed_y=by))
        doc.cut_lines(cut_lines(slots, bx, by))
        if room:
            _label(doc, label, "fronts")
        doc.end_page()
        if has_backs:
            backs = [back_slot(s, doc.paper, sides) for s in slots]
            for slot, job in zip(backs, chunk):
                if job.back is not None:
                    doc.place(slot, spec, job.back, guides, back_offset, clip=found.clip(slot, backs))
            doc.marks(crop_marks(backs, bx, found.grid.area, bleed_y=by), back_offset)
            doc.cut_lines(cut_lines(backs, bx, by), back_offset)
            if room:
                _label(doc, label, f"backs ({sides})")
            doc.end_page()
        if progress:
            progress(len(chunk))
    return doc.pages - start


def _label(doc: Document, label: str, what: str) -> None:
    if label:
        doc.page_label(f"{label} - page {doc.pages + 1} - {what} - print at 100% (actual size)")


def _end(doc: Document, slots, spec: PieceSpec, offset=(0.0, 0.0)) -> None:
    if len(slots) == 1:
        s = slots[0]
        trim = Rect(s.x + offset[0], s.y + offset[1], s.w, s.h)
        doc.end_page(trim, trim.grow(spec.bleed))
    else:
        doc.end_page()


@dataclass
class Design:
    """One print-shop design: the page of its front, of its back (or None) and how many to print."""

    front: int
    back: int | None
    quantity: int = 1


def print_shop(doc: Document, spec: PieceSpec, jobs: Sequence[Job], sides: str,
               progress: Callable[[int], None] | None = None, alike_once: bool = True) -> int:
    """One page per design, the page exactly the bleed box, TrimBox and BleedBox set; backs
    (when printed) follow their front as the next page, upright. Pieces that print alike,
    front and back, are one design whose quantity counts them (``doc.designs``): a print
    shop takes a quantity, not copies. With ``alike_once`` false every piece has its own
    pages (an export matches each page to its piece)."""
    start = doc.pages
    b = spec.bleed
    doc.cut_contour = True
    doc.set_page_size(spec.w + 2 * b, spec.h + 2 * b)
    slot = Slot(b, b, spec.w, spec.h, 0)
    trim = Rect(b, b, spec.w, spec.h)
    bleed = Rect(0, 0, spec.w + 2 * b, spec.h + 2 * b)
    seen: dict[tuple[str, ...], Design] = {}
    for job in jobs:
        # each side is drawn, its page operators taken back, and written out only when no
        # earlier piece drew exactly the same (the canvas starts a new list on every page)
        sides_drawn = []
        for draw in (job.front, job.back if sides != "fronts" else None):
            if draw is None:
                continue
            c = doc.canvas
            mark, forms = len(c._code), len(c._formsinuse)
            doc.place(slot, spec, draw)
            # the page's operators and the forms (icons, static backs) they call, taken back
            sides_drawn.append((c._code[mark:], c._formsinuse[forms:]))
            del c._code[mark:], c._formsinuse[forms:]
        key = tuple("\n".join(ops) for ops, _ in sides_drawn)
        if alike_once and key in seen:
            seen[key].quantity += 1
        else:
            design = seen[key] = Design(doc.pages + 1, doc.pages + 2 if len(sides_drawn) > 1 else None)
            doc.designs.append(design)
            for ops, forms in sides_drawn:
                doc.canvas._code.extend(ops)
                doc.canvas._formsinuse.extend(forms)
                doc.end_page(trim, bleed)
        if progress:
            progress(1)
    doc.cut_contour = False
    doc.set_page_size(doc.paper.w, doc.paper.h)
    return doc.pages - start
