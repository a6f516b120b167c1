"""ARDEVUR's card badges: a small drawing for each development card a territory asks for
(license, geologist, workforce, machinery), always printed with the card's name under it so
the picture is never the only cue. The badge's shapes and colours are the ``badge`` layout of
``cards_data/ardevur/layouts.toml``, proportions of a square drawn at any size; lengths are
millimetres in the piece's frame, y down."""

from __future__ import annotations

import math

from companion.errors import DataError, Problem

from .. import style
from ..boxes import game_boxes
from ..pen import Pen

WORD = {"license": "License", "geologist": "Geologist", "workforce": "Workforce", "machinery": "Machinery"}
BADGE = ("frame", "permit", "permit-lines", "seal", "rock", "lens", "handle", "hat-dome", "hat-brim", "hat-ridge",
         "gear", "gear-root", "hub")
BADGE_WORD = ("word",)
HALF_TURN = math.degrees(math.pi)   # 180 degrees


class _Square:
    """The badge layout's boxes laid on the size x size square at (x, y): a box's lengths are
    shares of the layout's side."""

    def __init__(self, pen: Pen, x: float, y: float, s: float):
        self.b = game_boxes(pen.game, "badge", BADGE)
        layout = pen.game.layouts["badge"]
        if layout.size_mm is None:
            raise DataError(Problem(str(pen.game.root / "layouts.toml"), layout.line, "badge.size",
                                    'missing: the square the boxes are given in, such as "100mm x 100mm"'))
        self.side = layout.size_mm[0]
        self.x, self.y, self.s = x, y, s

    def scale(self, mm: float) -> float:
        return mm / self.side * self.s

    def at(self, name: str) -> tuple[float, float, float, float]:
        """(x, y, w, h) of box ``name`` on the page."""
        box = self.b[name]
        return self.x + self.scale(box.x), self.y + self.scale(box.y), self.scale(box.w), self.scale(box.h)

    def centre(self, name: str) -> tuple[float, float, float, float]:
        """Centre and the two half axes of box ``name`` on the page."""
        box = self.b[name]
        return (self.x + self.scale(box.x + box.w / 2), self.y + self.scale(box.y + box.h / 2),
                self.scale(box.w / 2), self.scale(box.h / 2))

    def paint(self, name: str) -> dict:
        box = self.b[name]
        return {"fill": box.get("fill"), "stroke": box.get("stroke"), "width": box.get("stroke_width", style.THIN_PT)}


def _license(pen: Pen, q: _Square) -> None:
    """A permit: a sheet with lines of text and a seal."""
    pen.rect(*q.at("permit"), **q.paint("permit"))
    lines = q.b["permit-lines"]
    step = lines.get("gap_mm", 0.0)
    for i in range(int(lines.h / step) + 1 if step else 1):
        yy = q.y + (lines.y / q.side + step / q.side * i) * q.s
        pen.line(q.x + q.scale(lines.x), yy, q.x + q.scale(lines.x + lines.w), yy, colour=lines.get("stroke", style.INK),
                 width=lines.get("stroke_width", style.THIN_PT))
    cx, cy, r, _ = q.centre("seal")
    pen.circle(cx, cy, r, fill=q.b["seal"].get("fill"))


def _geologist(pen: Pen, q: _Square) -> None:
    """A magnifying glass over rock."""
    rock = q.b["rock"]
    pen.polygon([(q.x + q.scale(rock.x + px), q.y + q.scale(rock.y + py)) for px, py in rock.get("vertices_mm")],
                fill=rock.get("fill"))
    cx, cy, r, _ = q.centre("lens")
    pen.circle(cx, cy, r, **q.paint("lens"))
    handle = q.b["handle"]
    x, y = q.at("handle")[:2]
    pen.line(x, y, q.x + q.scale(handle.x + handle.w), q.y + q.scale(handle.y + handle.h),
             colour=handle.get("stroke", style.INK), width=handle.get("stroke_width", style.THIN_PT))


def _workforce(pen: Pen, q: _Square) -> None:
    """A hard hat."""
    cx, cy, rx, ry = q.centre("hat-dome")
    pieces = q.b["hat-dome"].get("subdivisions", style.ARC_PIECES)
    angles = [HALF_TURN / pieces * i for i in range(pieces + 1)]
    dome = [(cx + rx * math.cos(math.radians(a)), cy - ry * math.sin(math.radians(a))) for a in angles]
    pen.polygon(dome, **q.paint("hat-dome"))
    pen.rect(*q.at("hat-brim"), **q.paint("hat-brim"))
    pen.rect(*q.at("hat-ridge"), fill=q.b["hat-ridge"].get("fill"))


def _machinery(pen: Pen, q: _Square) -> None:
    """A gear wheel."""
    cx, cy, tip, _ = q.centre("gear")
    root = q.centre("gear-root")[2]
    corners = q.b["gear"].get("subdivisions", style.ARC_PIECES)
    teeth = []
    for i in range(corners):
        r = tip if i % 2 == 0 else root
        for da in (-style.GEAR_TOOTH_DEG, style.GEAR_TOOTH_DEG):
            a = math.radians(i * (2 * HALF_TURN / corners) + da)
            teeth.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pen.polygon(teeth, **q.paint("gear"))
    hx, hy, hr, _ = q.centre("hub")
    pen.circle(hx, hy, hr, fill=q.b["hub"].get("fill"))


GLYPH = {"license": _license, "geologist": _geologist, "workforce": _workforce, "machinery": _machinery}


def badge(pen: Pen, card: str, x: float, y: float, size: float, word: bool = True) -> float:
    """The badge of ``card`` in the size x size square at (x, y) and, under it, the card's
    name; returns the height used."""
    q = _Square(pen, x, y, size)
    frame = q.b["frame"]
    fill = frame.get("fill")
    pen.rect(*q.at("frame"), fill=fill.format(card=card) if fill else None, stroke=frame.get("stroke"),
             width=frame.get("stroke_width", style.THIN_PT), radius=q.scale(frame.get("radius_mm", 0.0)))
    GLYPH[card](pen, q)
    if not word:
        return size
    label = game_boxes(pen.game, "badge-word", BADGE_WORD)["word"]
    pen.label(WORD[card], x + size / 2, y + size + label.h, size=label.get("size", style.LABEL_PT),
              font=label.get("font", "regular"), align=label.get("align", "center"))
    return size + (label.h + label.get("gap_mm", 0.0))
