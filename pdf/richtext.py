"""Rules text with inline icons and **bold**, word-wrapped into a box and shrunk to fit.

Markup: ``:name:`` is an icon (a resource id or a built-in icon) drawn as a glyph sitting on
the baseline and as wide as the text is tall; ``**words**`` are bold; a line break in the cell
(or the two characters ``\\n``) starts a new line. Icons are measured with the words they
touch, so ``:tin:,`` never wraps between the icon and its comma.

``fit`` tries the box's size and steps down by ``TEXT_STEP_PT`` to ``min_size`` (never below
``TEXT_MIN_PT``); text that still does not fit raises ``TextOverflow`` so the caller can name
the card and box -- text is never clipped silently. Everything here is in points.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth

from . import fonts, keepclear, style
from .icons import min_size_pt as icon_min_size_pt
from .units import mm_from_pt

ICON_LINE = 1.05  # a line holding an icon taller than the text is this many icon heights
# How far a line's glyphs reach below and above its baseline, in font sizes (DejaVu Sans: the
# descent of "g", the top of accented capitals), for what a board's cuts keep clear of.
GLYPH_DESCENT = 0.24
GLYPH_ASCENT = 0.93

_TOKEN = re.compile(r"(\*\*|:[a-z][a-z0-9_\-]*:|\\n|\n|[ \t\r]+)")


class TextOverflow(Exception):
    """Text that does not fit its box even at the smallest allowed size."""

    def __init__(self, text: str, min_size: float, need_pt: float, have_pt: float):
        self.text = text
        self.min_size = min_size
        shown = text if len(text) <= 40 else text[:37] + "..."
        super().__init__(f"text {shown!r} does not fit its box even at {min_size:g} pt "
                         f"(needs {mm_from_pt(need_pt):.1f} mm, box is {mm_from_pt(have_pt):.1f} mm); "
                         f"shorten the text or enlarge the box")


# A word is a tuple of pieces with no space between them: ("t", text, bold) or ("i", icon).
Piece = tuple
Word = tuple


@lru_cache(maxsize=4096)
def parse(text: str) -> tuple[tuple[Word, ...], ...]:
    """Paragraphs (split at line breaks) of words."""
    paragraphs: list[tuple[Word, ...]] = []
    words: list[Word] = []
    word: list[Piece] = []
    bold = False
    for token in _TOKEN.split(text):
        if not token:
            continue
        if token == "**":
            bold = not bold
        elif token in ("\n", "\\n"):
            if word:
                words.append(tuple(word))
                word = []
            paragraphs.append(tuple(words))
            words = []
        elif token[0] in " \t\r":
            if word:
                words.append(tuple(word))
                word = []
        elif len(token) > 2 and token[0] == ":" and token[-1] == ":":
            word.append(("i", token[1:-1]))
        else:
            word.append(("t", token, bold))
    if word:
        words.append(tuple(word))
    paragraphs.append(tuple(words))
    return tuple(paragraphs)


@lru_cache(maxsize=65536)
def _unit_width(text: str, font: str) -> float:
    return stringWidth(text, font, 1.0)


@lru_cache(maxsize=65536)
def _word_parts(word: Word, regular: str, bold: str) -> tuple[float, tuple[str, ...]]:
    """A word's text width per point of size, and the icons in it."""
    total = 0.0
    icons = []
    for piece in word:
        if piece[0] == "i":
            icons.append(piece[1])
        else:
            total += _unit_width(piece[1], bold if piece[2] else regular)
    return total, tuple(icons)


def icon_size(name: str, size: float) -> float:
    """An inline icon is as tall as the text, but never so small that its letters drop
    under ``GLYPH_MIN_PT``."""
    return max(style.ICON_EM * size, icon_min_size_pt(name))


def _word_width(word: Word, size: float, regular: str, bold: str) -> float:
    text, icons = _word_parts(word, regular, bold)
    return text * size + sum(icon_size(name, size) for name in icons)


def _line_height(paragraphs, size: float, leading: float) -> float:
    """Lines stand far enough apart for the tallest icon in the text."""
    tallest = max((icon_size(p[1], size) for words in paragraphs for word in words for p in word if p[0] == "i"),
                  default=0.0)
    return max(size * leading, tallest * ICON_LINE)


@dataclass(frozen=True)
class Fitted:
    """Text laid out at ``size``: lines of (x offset, word) plus each line's width."""

    size: float
    leading: float
    lines: tuple[tuple[float, tuple[tuple[float, Word], ...]], ...]
    regular: str
    bold: str
    line_height: float = 0.0  # points from one baseline to the next

    @property
    def height(self) -> float:
        return len(self.lines) * self.line_height


def _wrap(paragraphs, size: float, width: float, regular: str, bold: str):
    space = _unit_width(" ", regular) * size
    lines = []
    for words in paragraphs:
        line: list[tuple[float, Word]] = []
        x = 0.0
        for word in words:
            w = _word_width(word, size, regular, bold)
            if w > width + 1e-6:
                return None
            if line and x + space + w > width + 1e-6:
                lines.append((x, tuple(line)))
                line, x = [], 0.0
            if line:
                x += space
            line.append((x, word))
            x += w
        lines.append((x, tuple(line)))
    return tuple(lines)


@lru_cache(maxsize=8192)
def fit(text: str, width: float, height: float, font: str = "regular", size: float = 9.0,
        min_size: float | None = None, leading: float = style.LEADING) -> Fitted:
    """Lay out ``text`` in a ``width`` x ``height`` point box at the largest size that fits."""
    regular, bold = fonts.face(font), fonts.face(fonts.BOLD_OF[font])
    floor = max(style.TEXT_MIN_PT, min_size if min_size is not None else style.TEXT_MIN_PT)
    floor = min(floor, size)
    paragraphs = parse(text)
    current = size
    while True:
        lines = _wrap(paragraphs, current, width, regular, bold)
        line_h = _line_height(paragraphs, current, leading)
        if lines is not None and len(lines) * line_h <= height + 1e-6:
            return Fitted(current, leading, lines, regular, bold, line_h)
        if current - style.TEXT_STEP_PT < floor - 1e-9:
            need = len(lines) * line_h if lines else float("inf")
            if lines is None:
                widest = max((_word_width(w, current, regular, bold) for p in paragraphs for w in p), default=0)
                raise TextOverflow(text, floor, widest, width)
            raise TextOverflow(text, floor, need, height)
        current = round(current - style.TEXT_STEP_PT, 3)


def draw(canvas, icons, fitted: Fitted, x: float, top: float, width: float, height: float,
         align: str = "left", valign: str = "top", ink=None) -> None:
    """Draw ``fitted`` in the box whose top-left corner is (x, top) in points (y grows up)."""
    size = fitted.size
    line_h = fitted.line_height
    block = len(fitted.lines) * line_h
    if valign == "middle":
        top -= (height - block) / 2
    elif valign == "bottom":
        top -= height - block
    baseline = top - (line_h - size) / 2 - size * 0.78
    text = canvas.beginText()
    if ink is not None:
        text.setFillColor(ink)
    current_font = None
    placed_icons = []
    for line_w, words in fitted.lines:
        if align == "center":
            lx = x + (width - line_w) / 2
        elif align == "right":
            lx = x + width - line_w
        else:
            lx = x
        keepclear.note(canvas, "glyph", lx, baseline - GLYPH_DESCENT * size, lx + line_w,
                       baseline + GLYPH_ASCENT * size)
        # Runs of regular words are written as one string with their spaces (fewer operators,
        # same positions: the layout measured those spaces in the regular face).
        run: list[str] = []
        run_x = 0.0
        for offset, word in words:
            px = lx + offset
            for i, piece in enumerate(word):
                if piece[0] == "t" and not piece[2]:
                    if run and i == 0:
                        run.append(" ")
                    elif run and i > 0:
                        pass
                    else:
                        run_x = px
                    run.append(piece[1])
                    px += _unit_width(piece[1], fitted.regular) * size
                    continue
                if run:
                    current_font = _out(text, current_font, fitted.regular, size, run_x, baseline, run)
                    run = []
                if piece[0] == "i":
                    icon_w = icon_size(piece[1], size)
                    # an icon taller than the text is centred on the text's middle
                    rise = style.ICON_RISE * size - (icon_w - style.ICON_EM * size) / 2
                    placed_icons.append((piece[1], px, baseline + rise, icon_w))
                    px += icon_w
                else:
                    current_font = _out(text, current_font, fitted.bold, size, px, baseline, [piece[1]])
                    px += _unit_width(piece[1], fitted.bold) * size
            if run and word[-1][0] != "t":
                current_font = _out(text, current_font, fitted.regular, size, run_x, baseline, run)
                run = []
        if run:
            current_font = _out(text, current_font, fitted.regular, size, run_x, baseline, run)
        baseline -= line_h
    if current_font is not None:
        canvas.drawText(text)
    for name, ix, iy, isize in placed_icons:
        icons.place(name, ix, iy, isize)


def _out(text, current_font, face, size, x, y, parts) -> str:
    if face != current_font:
        text.setFont(face, size)
    text.setTextOrigin(x, y)
    text.textOut("".join(parts))
    return face
