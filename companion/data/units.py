"""Lengths in data files are unit strings ("3mm", "0.125in", "9pt"). They are parsed to
millimetres here; ``pdf`` converts millimetres to points in exactly one place."""

from __future__ import annotations

import re

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")

# Named card sizes (width, height) in millimetres, as print shops sell them.
CARD_SIZES_MM = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "tarot": (70.0, 120.0),
}


def parse_length(text: str | int | float) -> float:
    """Return millimetres for a unit string; bare numbers are refused so units are never guessed."""
    if isinstance(text, bool) or not isinstance(text, str):
        raise ValueError(f"expected a length with a unit such as \"3mm\", got {text!r}")
    m = _LENGTH.match(text)
    if not m:
        raise ValueError(f"expected a length such as \"3mm\", \"0.5in\" or \"9pt\", got {text!r}")
    return float(m.group(1)) * MM_PER_UNIT[m.group(2)]


def parse_size(text: str) -> tuple[float, float]:
    """A size is a named card size or "W x H" with units ("63.5mm x 88.9mm"), or one length for a square."""
    if not isinstance(text, str):
        raise ValueError(f"expected a size such as \"poker\" or \"40mm x 40mm\", got {text!r}")
    key = text.strip().lower()
    if key in CARD_SIZES_MM:
        return CARD_SIZES_MM[key]
    parts = [p for p in re.split(r"\s*[x×]\s*", key) if p]
    if len(parts) == 1:
        side = parse_length(parts[0])
        return side, side
    if len(parts) == 2:
        return parse_length(parts[0]), parse_length(parts[1])
    names = ", ".join(CARD_SIZES_MM)
    raise ValueError(f"expected a size ({names}, or \"W x H\" such as \"40mm x 40mm\"), got {text!r}")
