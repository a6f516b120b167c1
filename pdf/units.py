"""Millimetres are the only unit in ``pdf``; this is the one place they become points.

Everything upstream (data files, geometry specs, painters) speaks millimetres. Only the
``Pen`` and the page writer call ``pt`` when they hand numbers to reportlab.
"""

from __future__ import annotations

from companion.errors import InvalidDimension

PT_PER_MM = 72.0 / 25.4

# Paper sizes (width, height) in millimetres, portrait.
PAPERS_MM = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * PT_PER_MM


def mm_from_pt(points: float) -> float:
    """Points to millimetres (for font metrics measured in points)."""
    return points / PT_PER_MM


PERCENT = 100   # positions written as percent of a board's width and height (maps)


def percent_of(value: float, whole: float) -> float:
    """``value`` percent of ``whole`` millimetres."""
    return value / PERCENT * whole


def paper_size(name: str) -> tuple[float, float]:
    try:
        return PAPERS_MM[name.lower()]
    except (KeyError, AttributeError):
        raise InvalidDimension(f"unknown paper {name!r}; papers: {', '.join(PAPERS_MM)}") from None
