"""``Pen``: drawing in a piece's own millimetre coordinates.

The origin is the top-left corner of the piece's trim, x grows to the right and y grows
DOWN (the way layouts.toml places boxes); the trim is ``pen.w`` x ``pen.h`` mm and the bleed
extends ``pen.bleed`` mm beyond it on every side (negative coordinates reach into it). The
page writer has already moved and turned the canvas so the piece is upright; a painter never
thinks about where on the sheet it is.

Colours are names from the game's [colours], a resource id (its colour) or ``#rrggbb``.
Lengths are millimetres; line widths and font sizes are points.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from typing import Iterable

from reportlab.lib.rl_accel import fp_str

from companion.errors import InvalidDimension

from . import fonts, keepclear, richtext, style
from .icons import IconSet, colour as hex_colour
from .units import pt


_KAPPA = 0.5522847498  # control-point distance of a quarter circle drawn as one Bezier curve
_PAINT_OP = {(1, 1): "B", (1, 0): "f", (0, 1): "S"}


class UnknownColour(ValueError):
    pass


class Pen:
    def __init__(self, canvas, w: float, h: float, game=None, bleed: float = 0.0, icons: IconSet | None = None):
        self.canvas = canvas
        self.w = w
        self.h = h
        self.game = game
        self.bleed = bleed
        self.icons = icons or IconSet(canvas, game)

    # --- coordinates: the only place local millimetres become points ----------------------
    def X(self, x: float) -> float:
        return pt(x)

    def Y(self, y: float) -> float:
        return pt(self.h - y)

    # --- colour ----------------------------------------------------------------------------
    def colour(self, name: str):
        """A reportlab colour for a named colour, a resource id or ``#rrggbb``."""
        if name.startswith("#"):
            return hex_colour(name)
        found = self.game.colour(name) if self.game is not None else None
        if found is None:
            known = sorted(set(getattr(self.game, "colours", {}) or {}) | set(getattr(self.game, "resources", {}) or {}))
            raise UnknownColour(f"unknown colour {name!r}; use #rrggbb or one of: {', '.join(known) or '(none)'}")
        return hex_colour(found)

    def _paint(self, fill, stroke, width) -> tuple[int, int]:
        c = self.canvas
        if fill:
            c.setFillColor(self.colour(fill))
        if stroke:
            c.setStrokeColor(self.colour(stroke))
            c.setLineWidth(width)
        return (1 if fill else 0), (1 if stroke else 0)

    # --- shapes ----------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
             width: float = style.THIN_PT, radius: float = 0.0) -> None:
        f, s = self._paint(fill, stroke, width)
        if radius > 0:
            self.canvas.roundRect(pt(x), pt(self.h - y - h), pt(w), pt(h), pt(radius), stroke=s, fill=f)
        else:
            self.canvas.rect(pt(x), pt(self.h - y - h), pt(w), pt(h), stroke=s, fill=f)

    def ellipse(self, x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
                width: float = style.THIN_PT) -> None:
        f, s = self._paint(fill, stroke, width)
        if f or s:
            # four Bezier quarters written directly: reportlab's general arc code is ~10x slower
            # and a deck may hold a thousand cost circles
            rx, ry = pt(w) / 2, pt(h) / 2
            cx, cy = pt(x) + rx, pt(self.h - y) - ry
            kx, ky = rx * _KAPPA, ry * _KAPPA
            self.canvas._code.append(
                f"{fp_str(cx + rx, cy)} m {fp_str(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)} c "
                f"{fp_str(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)} c "
                f"{fp_str(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)} c "
                f"{fp_str(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)} c h {_PAINT_OP[(f, s)]}")

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None, stroke: str | None = None,
               width: float = style.THIN_PT) -> None:
        self.ellipse(cx - r, cy - r, 2 * r, 2 * r, fill=fill, stroke=stroke, width=width)

    def polygon(self, points: Iterable[tuple[float, float]], fill: str | None = None, stroke: str | None = None,
                width: float = style.THIN_PT) -> None:
        f, s = self._paint(fill, stroke, width)
        points = list(points)
        path = self.canvas.beginPath()
        path.moveTo(pt(points[0][0]), pt(self.h - points[0][1]))
        for x, y in points[1:]:
            path.lineTo(pt(x), pt(self.h - y))
        path.close()
        self.canvas.drawPath(path, stroke=s, fill=f)

    def hexagon(self, x: float, y: float, w: float, h: float, **kw) -> None:
        """A flat-sided hexagon (points left and right) filling the box."""
        self.polygon(hex_points(x, y, w, h), **kw)

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str = style.INK,
             width: float = style.THIN_PT, dash: tuple[float, ...] | None = None) -> None:
        c = self.canvas
        c.setStrokeColor(self.colour(colour))
        c.setLineWidth(width)
        if dash:
            c.saveState()
            c.setDash([pt(d) for d in dash])
        c.line(pt(x1), pt(self.h - y1), pt(x2), pt(self.h - y2))
        if dash:
            c.restoreState()

    # --- text and icons ----------------------------------------------------------------------
    def text(self, text: str, x: float, y: float, w: float, h: float, font: str = "regular", size: float = 9.0,
             min_size: float | None = None, align: str = "left", valign: str = "top", colour: str = style.INK,
             leading: float = style.LEADING) -> float:
        """Rich text (``:icon:``, ``**bold**``, line breaks) wrapped in the box and shrunk to fit.
        Returns the size used; raises ``richtext.TextOverflow`` when it cannot fit."""
        if not text:
            return size
        fitted = richtext.fit(text, pt(w), pt(h), font, float(size), min_size, leading)
        richtext.draw(self.canvas, self.icons, fitted, pt(x), pt(self.h - y), pt(w), pt(h), align, valign,
                      self.colour(colour))
        return fitted.size

    def label(self, text: str, x: float, y: float, size: float = style.LABEL_PT, font: str = "regular",
              colour: str = style.INK, align: str = "left") -> None:
        """One line of plain text with its baseline at y (no wrapping, no shrinking)."""
        c = self.canvas
        c.setFillColor(self.colour(colour))
        c.setFont(fonts.face(font), size)
        draw = {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}[align]
        draw(pt(x), pt(self.h - y), text)
        if getattr(c, keepclear.ATTR, None) is not None:
            width = c.stringWidth(text, fonts.face(font), size)
            left = pt(x) - {"left": 0, "center": width / 2, "right": width}[align]
            keepclear.note(c, "glyph", left, pt(self.h - y) - richtext.GLYPH_DESCENT * size, left + width,
                           pt(self.h - y) + richtext.GLYPH_ASCENT * size)

    def icon(self, name: str, x: float, y: float, size: float) -> None:
        """Icon ``name`` in the size x size mm square whose top-left corner is (x, y)."""
        self.icons.place(name, pt(x), pt(self.h - y - size), pt(size))
        keepclear.note(self.canvas, "glyph", pt(x), pt(self.h - y - size), pt(x + size), pt(self.h - y))

    def space(self, x: float, y: float, w: float, h: float) -> None:
        """Say that a piece sits in this box (the piece's footprint, not the art around it):
        a board's cuts keep clear of it. Draws nothing."""
        keepclear.note(self.canvas, "space", pt(x), pt(self.h - y - h), pt(x + w), pt(self.h - y))

    def qr(self, data: str, x: float, y: float, size: float, colour: str = style.INK) -> None:
        """A QR code as vector squares in the size x size mm square at (x, y)."""
        import qrcode

        code = qrcode.QRCode(border=0, error_correction=qrcode.constants.ERROR_CORRECT_M)
        code.add_data(data)
        code.make(fit=True)
        matrix = code.get_matrix()
        n = len(matrix)
        cell = size / n
        c = self.canvas
        c.setFillColor(self.colour(colour))
        path = c.beginPath()
        for r, row in enumerate(matrix):
            start = None
            for col_i, on in enumerate(list(row) + [False]):
                if on and start is None:
                    start = col_i
                elif not on and start is not None:
                    path.rect(pt(x + start * cell), pt(self.h - y - (r + 1) * cell), pt((col_i - start) * cell), pt(cell))
                    start = None
        c.drawPath(path, stroke=0, fill=1)
        c.headframe_qr_codes = getattr(c, "headframe_qr_codes", 0) + 1

    # --- frames -----------------------------------------------------------------------------
    @contextmanager
    def rotated(self, cx: float, cy: float, degrees: float):
        """Turn drawing ``degrees`` clockwise about (cx, cy); coordinates inside stay local."""
        c = self.canvas
        c.saveState()
        if degrees:
            c.translate(pt(cx), pt(self.h - cy))
            c.rotate(-degrees)
            c.translate(-pt(cx), -pt(self.h - cy))
        try:
            yield self
        finally:
            c.restoreState()

    @contextmanager
    def clipped(self, x: float, y: float, w: float, h: float):
        c = self.canvas
        c.saveState()
        path = c.beginPath()
        path.rect(pt(x), pt(self.h - y - h), pt(w), pt(h))
        c.clipPath(path, stroke=0, fill=0)
        try:
            yield self
        finally:
            c.restoreState()

    @contextmanager
    def region(self, x: float, y: float, w: float, h: float):
        """A sub-pen whose origin is (x, y) here and whose size is w x h: for drawing one face
        of a die net or one panel of a standee with the same local-coordinate code."""
        c = self.canvas
        c.saveState()
        c.translate(pt(x), pt(self.h - y - h))
        try:
            yield Pen(c, w, h, self.game, 0.0, self.icons)
        finally:
            c.restoreState()


def hex_points(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    q = w / 4
    return [(x, y + h / 2), (x + q, y), (x + w - q, y), (x + w, y + h / 2), (x + w - q, y + h), (x + q, y + h)]


def check_positive(name: str, value: float) -> float:
    if not value > 0 or math.isinf(value):
        raise InvalidDimension(f"{name} must be a positive length in millimetres, got {value!r}")
    return value
