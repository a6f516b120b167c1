"""Vector glyphs for inline icons and icon boxes.

Each icon is drawn once per PDF into a reportlab form (an XObject) on a 100 x 100 unit
square and reused by reference, so a deck of 960 cards carries each glyph's paths once.
Resource icons take their shape, colour and letter from the game's data (colour is never
the only cue); ``money`` shows the game's currency symbol.
"""

from __future__ import annotations

import math
from typing import Callable

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str

from . import fonts, style

UNIT = 100.0  # form side in form units; forms are scaled to the icon size when placed
PALETTE = style.ICON_COLOURS
# Glyph coordinates below are in those form units: they are the drawing, not layout.

_colour_cache: dict[str, HexColor] = {}


def colour(value: str) -> HexColor:
    found = _colour_cache.get(value)
    if found is None:
        found = _colour_cache[value] = HexColor(value)
    return found


def contrast(hex_colour: str) -> str:
    """Black or white, whichever reads better on ``hex_colour``."""
    c = colour(hex_colour)
    luminance = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue
    return style.DARK_ON_LIGHT if luminance > 0.55 else style.LIGHT_ON_DARK


def _poly(c, points, fill=True, stroke=True) -> None:
    p = c.beginPath()
    p.moveTo(*points[0])
    for pt_ in points[1:]:
        p.lineTo(*pt_)
    p.close()
    c.drawPath(p, fill=1 if fill else 0, stroke=1 if stroke else 0)


def _regular(n: int, cx: float, cy: float, r: float, start: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(start + i * 360 / n)), cy + r * math.sin(math.radians(start + i * 360 / n)))
            for i in range(n)]


# Letters inside icons, in form units: one letter in bold, two or more in condensed bold. An
# icon is never placed smaller than ``min_size_pt`` so its letters stay >= GLYPH_MIN_PT.
LETTER_UNITS = 60.0
LETTERS_UNITS = 46.0
CAP_HEIGHT = 0.73           # DejaVu capitals stand this many font sizes tall
# Built-in icons drawn without any letter: they may be placed at any size.
LETTERLESS = frozenset({"work", "miner", "quake", "arrow", "peek", "water"})


def letter_units(text: str) -> float:
    return LETTER_UNITS if len(text) <= 1 else LETTERS_UNITS


def min_size_pt(name: str) -> float:
    """The smallest size an icon may be placed at: its letters (if any) then measure
    GLYPH_MIN_PT. Icons whose letters are unknown here count as two-letter ones."""
    if name in LETTERLESS:
        return 0.0
    return style.GLYPH_MIN_PT * UNIT / LETTERS_UNITS


def _letter(c, text: str, ink: str, cy: float = 50) -> None:
    """``text`` centred on (50, cy), as large as an icon's letters are."""
    if not text:
        return
    size = letter_units(text)
    c.setFillColor(colour(ink))
    c.setFont(fonts.face("bold" if len(text) <= 1 else "condensed-bold"), size)
    c.drawCentredString(50, cy - size * CAP_HEIGHT / 2, text)


def _outline(c, fill: str) -> None:
    c.setFillColor(colour(fill))
    c.setStrokeColor(colour(style.INK))
    c.setLineWidth(5)
    c.setLineJoin(1)


def shape_glyph(c, shape: str, fill: str, letter: str) -> None:
    """A resource: its shape filled with its colour and its letter on top."""
    _outline(c, fill)
    if shape == "disc":
        c.circle(50, 50, 44, stroke=1, fill=1)
    elif shape == "barrel":
        c.roundRect(14, 6, 72, 88, 18, stroke=1, fill=1)
        c.line(16, 28, 84, 28)
        c.line(16, 72, 84, 72)
    elif shape == "nugget":
        _poly(c, [(10, 40), (28, 12), (66, 8), (92, 34), (86, 70), (56, 92), (20, 80)])
    elif shape == "drop":
        p = c.beginPath()
        p.moveTo(50, 96)
        p.curveTo(62, 70, 86, 52, 86, 36)
        p.curveTo(86, 14, 68, 4, 50, 4)
        p.curveTo(32, 4, 14, 14, 14, 36)
        p.curveTo(14, 52, 38, 70, 50, 96)
        p.close()
        c.drawPath(p, fill=1, stroke=1)
    elif shape == "hex":
        _poly(c, _regular(6, 50, 50, 46, 90))
    elif shape == "star":
        pts = []
        for i in range(10):
            r = 47 if i % 2 == 0 else 20
            a = math.radians(90 + i * 36)
            pts.append((50 + r * math.cos(a), 46 + r * math.sin(a)))
        _poly(c, pts)
        _letter(c, letter, contrast(fill), 46)
        return
    else:  # cube: a block seen slightly from above - a square face under a thin top face
        _poly(c, [(6, 78), (22, 94), (94, 94), (94, 22), (78, 6), (6, 6)])
        c.setStrokeColor(colour(style.INK))
        c.lines([(6, 78, 78, 78), (78, 78, 94, 94), (78, 78, 78, 6)])
        if letter:
            size = letter_units(letter)
            c.setFillColor(colour(contrast(fill)))
            c.setFont(fonts.face("bold" if len(letter) <= 1 else "condensed-bold"), size)
            c.drawCentredString(42, 42 - size * CAP_HEIGHT / 2, letter)
        return
    _letter(c, letter, contrast(fill))


def _money(c, symbol: str) -> None:
    _outline(c, PALETTE["coin"])
    c.circle(50, 50, 45, stroke=1, fill=1)
    c.setStrokeColor(colour(PALETTE["coin_rim"]))
    c.setLineWidth(3)
    c.circle(50, 50, 35, stroke=1, fill=0)
    _letter(c, symbol or "£", style.INK)


def _vp(c) -> None:
    _outline(c, PALETTE["vp"])
    _poly(c, [(50, 96), (90, 80), (86, 34), (50, 4), (14, 34), (10, 80)])
    _letter(c, "VP", style.LIGHT_ON_DARK, 54)


def _work(c) -> None:
    # a pick: curved head on a handle
    c.setStrokeColor(colour(style.INK))
    c.setLineCap(1)
    c.setLineWidth(12)
    c.line(24, 8, 70, 80)
    c.setLineWidth(9)
    p = c.beginPath()
    p.moveTo(34, 90)
    p.curveTo(56, 90, 80, 84, 94, 58)
    c.drawPath(p, fill=0, stroke=1)


def _miner(c) -> None:
    _outline(c, PALETTE["skin"])
    c.circle(50, 40, 28, stroke=1, fill=1)               # face
    c.setFillColor(colour(PALETTE["helmet"]))
    c.wedge(16, 44, 84, 108, 0, 180, stroke=1, fill=1)    # helmet
    c.rect(10, 58, 80, 9, stroke=1, fill=1)               # brim
    c.setFillColor(colour(PALETTE["lamp"]))
    c.circle(50, 84, 9, stroke=1, fill=1)                 # lamp


def _quake(c) -> None:
    c.setStrokeColor(colour(PALETTE["quake"]))
    c.setLineWidth(9)
    c.setLineJoin(1)
    c.setLineCap(1)
    p = c.beginPath()
    p.moveTo(8, 50)
    for x, y in ((24, 80), (40, 20), (56, 84), (72, 16), (92, 50)):
        p.lineTo(x, y)
    c.drawPath(p, fill=0, stroke=1)


def _arrow(c) -> None:
    c.setFillColor(colour(style.INK))
    _poly(c, [(6, 38), (58, 38), (58, 14), (96, 50), (58, 86), (58, 62), (6, 62)], stroke=False)


def _peek(c) -> None:
    _outline(c, PALETTE["eye"])
    p = c.beginPath()
    p.moveTo(4, 50)
    p.curveTo(30, 86, 70, 86, 96, 50)
    p.curveTo(70, 14, 30, 14, 4, 50)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setFillColor(colour(PALETTE["iris"]))
    c.circle(50, 50, 18, stroke=0, fill=1)
    c.setFillColor(colour(style.INK))
    c.circle(50, 50, 8, stroke=0, fill=1)


def _water(c) -> None:
    shape_glyph(c, "drop", PALETTE["water"], "")


BUILTIN: dict[str, Callable] = {
    "vp": _vp, "work": _work, "miner": _miner, "quake": _quake, "arrow": _arrow,
    "peek": _peek, "water": _water,
}


class IconSet:
    """The icons of one game in one PDF: each drawn into a form on first use."""

    def __init__(self, canvas, game=None):
        self.canvas = canvas
        self.game = game
        self._forms: dict[str, str] = {}
        prefix = getattr(game, "id", "any")
        self._prefix = "".join(ch for ch in prefix if ch.isalnum())

    def knows(self, name: str) -> bool:
        resources = getattr(self.game, "resources", {}) or {}
        return name in BUILTIN or name == "money" or name in resources

    def form(self, name: str) -> str:
        found = self._forms.get(name)
        if found is not None:
            return found
        form_name = f"i{self._prefix}{''.join(ch for ch in name if ch.isalnum())}{len(self._forms)}"
        c = self.canvas
        c.beginForm(form_name, 0, 0, UNIT, UNIT)
        c.saveState()
        resources = getattr(self.game, "resources", {}) or {}
        if name == "money":
            _money(c, getattr(self.game, "currency", "£"))
        elif name in resources:
            r = resources[name]
            shape_glyph(c, r.shape, r.colour, r.letter)
        elif name in BUILTIN:
            BUILTIN[name](c)
        else:
            raise KeyError(name)
        c.restoreState()
        c.endForm()
        self._forms[name] = form_name
        return form_name

    def place(self, name: str, x_pt: float, y_pt: float, size_pt: float) -> None:
        """Draw icon ``name`` with its bottom-left corner at (x_pt, y_pt) in the current frame."""
        form = self.form(name)
        c = self.canvas
        s = size_pt / UNIT
        # q/cm/Do/Q written directly: placing a form changes no state the canvas tracks, and
        # this runs for every inline icon of every card
        c._code.append(f"q {fp_str(s, 0, 0, s, x_pt, y_pt)} cm /{c._doc.getXObjectName(form)} Do Q")
        c._formsinuse.append(form)
