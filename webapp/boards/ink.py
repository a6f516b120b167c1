"""Which ink reads on a fill: the relative luminance of a colour, as WCAG 2 defines it."""

from __future__ import annotations

# sRGB to linear light, and each channel's share of the luminance (WCAG 2, after sRGB)
KNEE, SLOPE, OFFSET, GAMMA = 0.04045, 12.92, 0.055, 2.4
WEIGHTS = (0.2126, 0.7152, 0.0722)


def luminance(colour: str) -> float:
    """0 (black) to 1 (white) for ``#rgb`` or ``#rrggbb``; ValueError for anything else."""
    digits = colour.strip().lstrip("#")
    digits = "".join(c * 2 for c in digits) if len(digits) == 3 else digits
    if len(digits) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    channels = [int(digits[i:i + 2], 16) / 255 for i in range(0, 6, 2)]
    return sum(w * (c / SLOPE if c <= KNEE else ((c + OFFSET) / (1 + OFFSET)) ** GAMMA)
               for w, c in zip(WEIGHTS, channels))


FLARE = 0.05  # the light any screen reflects, added to both sides of a contrast


def contrast(lighter: float, darker: float) -> float:
    """WCAG 2's contrast ratio of two luminances (1 to 21)."""
    return (lighter + FLARE) / (darker + FLARE)


__all__ = ["contrast", "luminance"]
