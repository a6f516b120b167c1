"""Measures of printed pages shared by the margin, seam and report code, all read from the
produced PDFs: where ink lands (pages rendered by PDFium, the way a printer driver would
rasterise them), where each piece may paint (its clips) and where the crop marks are.

- ``edge_distances(pdf)``: per page, the nearest ink to the paper's edge in millimetres.
- ``painted_regions(page)``: the area each piece paints, the intersection of the clips that
  frame it (a butted card is clipped to its trim plus the outer bleed inside its bleed box).
- ``mark_problems(page)``: crop marks inside a piece's painted area, and sides of the grid
  without crop marks.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium

DPI = 100
PX_MM = 25.4 / DPI
EPS = 0.05


def _pixels(page) -> np.ndarray:
    image = page.render(scale=DPI / 72, grayscale=True).to_numpy()
    return image[..., 0] if image.ndim == 3 else image


def edge_distances(pdf: Path | str) -> list[float | None]:
    """Per page, the distance in mm from the paper's edge to the nearest inked pixel (None on
    a blank page). A pixel counts as ink when it is visibly darker than paper; the distance
    is measured to the pixel's outer edge, so it errs towards the edge by at most a pixel."""
    doc = pdfium.PdfDocument(str(pdf))
    out = []
    try:
        for index in range(len(doc)):
            pixels = _pixels(doc[index])
            ys, xs = np.nonzero(pixels < 250)
            if len(xs) == 0:
                out.append(None)
                continue
            h, w = pixels.shape
            nearest = int(np.minimum.reduce([xs, w - 1 - xs, ys, h - 1 - ys]).min())
            out.append(round(nearest * PX_MM, 2))
    finally:
        doc.close()
    return out


def _area(b) -> float:
    return max(0.0, b[2] - b[0]) * max(0.0, b[3] - b[1])


def _meet(a, b):
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def painted_regions(page) -> list[tuple]:
    """The boxes pieces paint in (page mm): each clip narrowed by every other clip that
    overlaps most of it; clips covering the whole page (tile windows) are left out."""
    clips = [c for c in page.clips() if c[2] - c[0] < page.width - 1 or c[3] - c[1] < page.height - 1]
    regions = []
    for i, clip in enumerate(clips):
        region = clip
        for j, other in enumerate(clips):
            if i != j and _area(_meet(clip, other)) > 0.5 * min(_area(clip), _area(other)):
                region = _meet(region, other)
        regions.append(tuple(round(v, 3) for v in region))
    return list(dict.fromkeys(regions))


def _crosses(segment, box) -> bool:
    (x0, y0), (x1, y1) = segment
    return (min(x0, x1) < box[2] - EPS and max(x0, x1) > box[0] + EPS
            and min(y0, y1) < box[3] - EPS and max(y0, y1) > box[1] + EPS)


def mark_problems(page) -> list[str]:
    """Crop marks that run into a piece's painted area (its bleed or trim), and sides of the
    page's grid of pieces that carry no crop mark."""
    regions = painted_regions(page)
    marks = page.hairlines()
    if not regions or not marks:
        return []
    problems = [f"crop mark {_fmt(m)} inside the bleed {r}" for m in marks for r in regions if _crosses(m, r)]
    x0, y0 = min(r[0] for r in regions), min(r[1] for r in regions)
    x1, y1 = max(r[2] for r in regions), max(r[3] for r in regions)
    sides = {"left": lambda a, b: max(a[0], b[0]) <= x0 + EPS, "right": lambda a, b: min(a[0], b[0]) >= x1 - EPS,
             "bottom": lambda a, b: max(a[1], b[1]) <= y0 + EPS, "top": lambda a, b: min(a[1], b[1]) >= y1 - EPS}
    problems += [f"no crop mark {side} of the grid" for side, beyond in sides.items()
                 if not any(beyond(*m) for m in marks)]
    return problems


def _fmt(segment) -> str:
    (x0, y0), (x1, y1) = segment
    return f"({x0:.1f}, {y0:.1f})-({x1:.1f}, {y1:.1f})"
