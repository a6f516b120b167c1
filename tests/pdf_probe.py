"""Reading geometry back out of the PDFs we write, for the print-engine tests.

Walks a page's content stream with pypdf, follows q/Q/cm, and records every painted or
clipping path as page millimetres: filled shapes, stroked segments (with their width in
points and stroke colour), clip rectangles and XObject placements. Forms are not entered.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 25.4 / 72.0


def _mul(a, b):
    # PDF matrices [a b c d e f] compose as row vectors: m1 then m2 = m1 x m2
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def _apply(m, x, y):
    return (m[0] * x + m[2] * y + m[4]) * MM, (m[1] * x + m[3] * y + m[5]) * MM


@dataclass
class Shape:
    op: str                     # "fill", "stroke", "fillstroke", "clip"
    points: list                # every path point, page mm
    segments: list              # straight segments ((x0, y0), (x1, y1)), page mm
    line_width_pt: float
    stroke: tuple
    fill: tuple

    @property
    def bbox(self):
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass
class Page:
    width: float
    height: float
    shapes: list = field(default_factory=list)
    forms: list = field(default_factory=list)  # (name, matrix)
    texts: list = field(default_factory=list)  # (x, y, font, size): where each text run starts, page mm
    trim: tuple | None = None
    bleed: tuple | None = None

    def clips(self):
        return [s.bbox for s in self.shapes if s.op == "clip"]

    def clip_shapes(self):
        return [s for s in self.shapes if s.op == "clip"]

    def fills(self):
        return [s for s in self.shapes if s.op in ("fill", "fillstroke")]

    def hairlines(self, width_pt=0.25, colour=(0.0, 0.0, 0.0)):
        """Crop marks: black hairline segments."""
        out = []
        for s in self.shapes:
            if s.op == "stroke" and abs(s.line_width_pt - width_pt) < 1e-3 and s.stroke == colour:
                out.extend(s.segments)
        return out


def rectangles(points, eps=1e-6) -> list[tuple]:
    """A polygon whose edges are all level or upright (a tile's stepped outline) as the
    rectangles (x0, y0, x1, y1) that make it up: one slab between each pair of corner
    heights, cut where the upright edges cross it (even-odd)."""
    edges = [(a, b) for a, b in zip(points, points[1:] + points[:1]) if abs(a[0] - b[0]) < eps and abs(a[1] - b[1]) > eps]
    ys = sorted({round(p[1], 6) for p in points})
    out = []
    for y0, y1 in zip(ys, ys[1:]):
        mid = (y0 + y1) / 2
        xs = sorted(a[0] for a, b in edges if min(a[1], b[1]) < mid < max(a[1], b[1]))
        out += [(xa, y0, xb, y1) for xa, xb in zip(xs[::2], xs[1::2])]
    return out


def _box(value):
    return tuple(float(v) * MM for v in value) if value is not None else None


def read(path) -> list[Page]:
    reader = PdfReader(path if hasattr(path, "read") else str(path))
    pages = []
    for pdf_page in reader.pages:
        mb = pdf_page.mediabox
        page = Page(float(mb.width) * MM, float(mb.height) * MM)
        if "/TrimBox" in pdf_page:
            page.trim = _box(pdf_page["/TrimBox"])
        if "/BleedBox" in pdf_page:
            page.bleed = _box(pdf_page["/BleedBox"])
        _walk(ContentStream(pdf_page.get_contents(), reader), page)
        pages.append(page)
    return pages


def _walk(content, page: Page) -> None:
    ctm = [1, 0, 0, 1, 0, 0]
    stack = []
    lw, stroke, fill = 1.0, (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)
    points, segments = [], []
    current = start = None
    clip_pending = False
    in_text = False
    for operands, op in content.operations:
        op = op.decode() if isinstance(op, bytes) else op
        nums = [float(v) for v in operands] if op in ("cm", "m", "l", "c", "re", "w", "RG", "rg", "G", "g") else []
        if op == "BT":
            in_text = True
            font, size, origin = None, 0.0, None
        elif op == "ET":
            in_text = False
        elif in_text:
            if op == "Tf":
                font, size = str(operands[0]), float(operands[1])
            elif op == "Tm":
                m = [float(v) for v in operands]
                origin = _apply(ctm, m[4], m[5])
            elif op in ("Tj", "TJ") and origin is not None:  # a run starts where the last Tm put it
                page.texts.append((origin[0], origin[1], font, size))
                origin = None
            continue
        elif op == "q":
            stack.append((ctm, lw, stroke, fill))
        elif op == "Q":
            ctm, lw, stroke, fill = stack.pop()
        elif op == "cm":
            ctm = _mul(nums, ctm)
        elif op == "w":
            lw = nums[0]
        elif op == "RG":
            stroke = tuple(round(v, 3) for v in nums)
        elif op == "rg":
            fill = tuple(round(v, 3) for v in nums)
        elif op == "G":
            stroke = (round(nums[0], 3),) * 3
        elif op == "g":
            fill = (round(nums[0], 3),) * 3
        elif op == "m":
            current = start = _apply(ctm, *nums)
            points.append(current)
        elif op == "l":
            p = _apply(ctm, *nums)
            segments.append((current, p))
            points.append(p)
            current = p
        elif op == "c":
            for i in (0, 2, 4):
                points.append(_apply(ctm, nums[i], nums[i + 1]))
            current = points[-1]
        elif op == "re":
            x, y, w, h = nums
            corners = [_apply(ctm, x, y), _apply(ctm, x + w, y), _apply(ctm, x + w, y + h), _apply(ctm, x, y + h)]
            points.extend(corners)
            segments.extend(zip(corners, corners[1:] + corners[:1]))
        elif op == "h":
            if current is not None and start is not None:
                segments.append((current, start))
        elif op in ("W", "W*"):
            clip_pending = True
        elif op in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"):
            scale = (abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])) ** 0.5
            kind = {"S": "stroke", "s": "stroke", "n": None}.get(op, "fillstroke" if op.startswith(("B", "b")) else "fill")
            if clip_pending and points:
                page.shapes.append(Shape("clip", points, segments, lw * scale, stroke, fill))
            if kind and points:
                page.shapes.append(Shape(kind, points, segments, lw * scale, stroke, fill))
            points, segments, current, start, clip_pending = [], [], None, None, False
        elif op == "Do":
            page.forms.append((str(operands[0]), list(ctm)))
