"""The duplex calibration sheet (``headframe calibrate``).

Front page: a cross of two long lines through the centre of the page. Back page: two rulers
from -5 to +5 mm across the spot where those lines fall when the printer lines the sides up
perfectly (the page centre is the same point on both sides for long- and short-edge flips).
Held to the light, the front's vertical line crosses the X ruler at the printer's error, and
the horizontal line crosses the Y ruler. Both rulers are numbered in the back page's own
frame (+X right, +Y up as you look at the back), so the readings are exactly what
``--back-offset X,Y`` needs: the build shifts back pages right/up by that many millimetres.
"""

from __future__ import annotations

from pathlib import Path

from companion.errors import HeadframeError

from . import style
from .fonts import face
from .geometry import Paper
from .icons import colour
from .sheets import Document
from .units import pt

RANGE_MM = 5          # rulers read -5 .. +5 mm
TICK_MM = 0.5
LINE_MM = 70          # length of the front's lines


def write_calibration(path: Path | str, paper: str = "a4") -> None:
    p = Paper.named(paper)
    path = Path(path)
    if path.is_dir():
        raise HeadframeError(f"{path} is a folder; give a file name such as {path / 'calibration.pdf'}")
    if not path.parent.is_dir():
        raise HeadframeError(f"cannot write {path}: no folder {path.parent}")
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        doc = Document(str(tmp), p, None, "Duplex calibration")
        _front(doc, p)
        _back(doc, p)
        doc.save()
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise HeadframeError(f"cannot write {path}: {exc.strerror or exc}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _text(c, x: float, y: float, text: str, size: float = style.BODY_PT, bold: bool = False, centred: bool = False):
    c.setFillColor(colour(style.INK))
    c.setFont(face("bold" if bold else "regular"), size)
    (c.drawCentredString if centred else c.drawString)(pt(x), pt(y), text)


def _front(doc: Document, p: Paper) -> None:
    c = doc.canvas
    cx, cy = p.w / 2, p.h / 2
    c.setStrokeColor(colour(style.MARK_INK))
    c.setLineWidth(style.HAIRLINE_PT)
    c.lines([(pt(cx), pt(cy - LINE_MM / 2), pt(cx), pt(cy + LINE_MM / 2)),
             (pt(cx - LINE_MM / 2), pt(cy), pt(cx + LINE_MM / 2), pt(cy))])
    top = p.h - 20
    _text(c, 20, top, "Duplex calibration - front", style.HEADING_PT, bold=True)
    lines = [
        "1. Print this file two-sided at 100 % (actual size), flip on the long edge",
        "   (or on the short edge if that is how you will print the game).",
        "2. Hold the sheet up to a light with the BACK towards you.",
        "3. Read where this cross's vertical line meets the X ruler and where its",
        "   horizontal line meets the Y ruler (long ticks every 2 mm, then 1 mm and 0.5 mm).",
        "4. Build with: headframe build GAME --back-offset X,Y",
    ]
    for i, line in enumerate(lines):
        _text(c, 20, top - 12 - i * 5.5, line)
    doc.page_label(f"Headframe calibration sheet - {p.label} - front")
    doc.end_page()


def _back(doc: Document, p: Paper) -> None:
    c = doc.canvas
    cx, cy = p.w / 2, p.h / 2
    c.setStrokeColor(colour(style.MARK_INK))
    steps = int(RANGE_MM / TICK_MM)
    for i in range(-steps, steps + 1):
        v = i * TICK_MM
        major = i % 2 == 0
        labelled = i % 4 == 0
        length = 7.0 if labelled else 5.0 if major else 3.0
        c.setLineWidth(style.HAIRLINE_PT if not major else style.THIN_PT)
        # X ruler: vertical ticks along a line above the centre, crossing the front's vertical line
        c.line(pt(cx + v), pt(cy + 20), pt(cx + v), pt(cy + 20 + length))
        # Y ruler: horizontal ticks right of the centre, crossing the front's horizontal line
        c.line(pt(cx + 20), pt(cy + v), pt(cx + 20 + length), pt(cy + v))
        if labelled:
            label = f"{v:g}"
            _text(c, cx + v, cy + 28.5, label, 5, centred=True)
            _text(c, cx + 28.5, cy + v - 0.8, label, 5)
    _text(c, cx, cy + 34, "X (mm, + = right)", 8, bold=True, centred=True)
    _text(c, cx + 38, cy + 5.5, "Y (mm, + = up)", 8, bold=True)
    top = p.h - 20
    _text(c, 20, top, "Duplex calibration - back", style.HEADING_PT, bold=True)
    _text(c, 20, top - 12, "Read the X and Y rulers where the front's lines show through, then build with")
    _text(c, 20, top - 17.5, "--back-offset X,Y (for example --back-offset 1,-0.5). 0,0 means your printer is exact.")
    doc.page_label(f"Headframe calibration sheet - {p.label} - back")
    doc.end_page()
