"""What a cut must keep clear of on a board: every glyph and icon drawn, and every space a
piece sits on (painters say where with ``Pen.space``).

Recording is off unless a canvas was handed to ``recording``: drawing then costs one
attribute look-up per text line. While recording, each note is turned into page points
through the canvas's current transformation, so rotated and nested drawing lands where it
prints.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

ATTR = "headframe_keep_clear"


@contextmanager
def recording(canvas) -> Iterator[list[tuple[str, float, float, float, float]]]:
    """Collect, while the block runs, ``(what, x0, y0, x1, y1)`` in page points of everything
    drawn on ``canvas`` that a cut must keep clear of (``what``: "glyph" or "space")."""
    found: list[tuple[str, float, float, float, float]] = []
    setattr(canvas, ATTR, found)
    try:
        yield found
    finally:
        delattr(canvas, ATTR)


def note(canvas, what: str, x0: float, y0: float, x1: float, y1: float) -> None:
    """Note the box (x0, y0)-(x1, y1), in the canvas's current user space (points)."""
    found = getattr(canvas, ATTR, None)
    if found is None:
        return
    a, b, c, d, e, f = canvas._currentMatrix
    xs, ys = [], []
    for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    found.append((what, min(xs), min(ys), max(xs), max(ys)))
