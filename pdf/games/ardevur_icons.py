"""ARDEVUR's card badges: a small drawing for each development card a territory asks for
(license, geologist, workforce, machinery), always printed with the card's name under it so
the picture is never the only cue. Lengths are millimetres in the piece's frame, y down."""

from __future__ import annotations

import math

from .. import style
from ..pen import Pen

# Badge fill per card: the two exploration permits share a hue, the two exploitation ones another.
BADGE_FILL = {"license": "#e8dcb5", "geologist": "#e8dcb5", "workforce": "#cfdde8", "machinery": "#cfdde8"}
WORD = {"license": "License", "geologist": "Geologist", "workforce": "Workforce", "machinery": "Machinery"}
WORD_PT = 6.5   # the card name under a badge


def _license(pen: Pen, x: float, y: float, s: float) -> None:
    """A permit: a sheet with lines of text and a seal."""
    pen.rect(x + 0.22 * s, y + 0.12 * s, 0.56 * s, 0.76 * s, fill="#ffffff", stroke=style.INK, width=style.THIN_PT)
    for i in range(3):
        yy = y + (0.3 + 0.14 * i) * s
        pen.line(x + 0.3 * s, yy, x + 0.7 * s, yy, width=style.THIN_PT)
    pen.circle(x + 0.62 * s, y + 0.74 * s, 0.09 * s, fill="#b03a2e")


def _geologist(pen: Pen, x: float, y: float, s: float) -> None:
    """A magnifying glass over rock."""
    pen.polygon([(x + 0.12 * s, y + 0.86 * s), (x + 0.3 * s, y + 0.62 * s), (x + 0.5 * s, y + 0.7 * s),
                 (x + 0.66 * s, y + 0.58 * s), (x + 0.88 * s, y + 0.86 * s)], fill="#8a6a4a")
    pen.circle(x + 0.42 * s, y + 0.36 * s, 0.2 * s, fill="#ffffff", stroke=style.INK, width=1.2)
    pen.line(x + 0.56 * s, y + 0.5 * s, x + 0.78 * s, y + 0.72 * s, width=2.2)


def _workforce(pen: Pen, x: float, y: float, s: float) -> None:
    """A hard hat."""
    cx = x + 0.5 * s
    dome = [(cx + 0.3 * s * math.cos(math.radians(a)), y + 0.62 * s - 0.34 * s * math.sin(math.radians(a)))
            for a in range(0, 181, 15)]
    pen.polygon(dome, fill="#e0a526", stroke=style.INK, width=style.THIN_PT)
    pen.rect(x + 0.1 * s, y + 0.6 * s, 0.8 * s, 0.1 * s, fill="#e0a526", stroke=style.INK, width=style.THIN_PT)
    pen.rect(cx - 0.04 * s, y + 0.3 * s, 0.08 * s, 0.3 * s, fill=style.INK)


def _machinery(pen: Pen, x: float, y: float, s: float) -> None:
    """A gear wheel."""
    cx, cy = x + 0.5 * s, y + 0.5 * s
    teeth = []
    for i in range(16):
        r = 0.38 * s if i % 2 == 0 else 0.28 * s
        for da in (-8, 8):
            a = math.radians(i * 22.5 + da)
            teeth.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pen.polygon(teeth, fill="#5b6670", stroke=style.INK, width=style.THIN_PT)
    pen.circle(cx, cy, 0.11 * s, fill="#ffffff")


GLYPH = {"license": _license, "geologist": _geologist, "workforce": _workforce, "machinery": _machinery}


def badge(pen: Pen, card: str, x: float, y: float, size: float, word: bool = True) -> float:
    """The badge of ``card`` in the size x size square at (x, y) and, under it, the card's
    name; returns the height used."""
    pen.rect(x, y, size, size, fill=BADGE_FILL[card], stroke=style.INK, width=style.HAIRLINE_PT, radius=size * 0.18)
    GLYPH[card](pen, x, y, size)
    if not word:
        return size
    pen.label(WORD[card], x + size / 2, y + size + 2.6, size=WORD_PT, font="bold", align="center")
    return size + 3.2
