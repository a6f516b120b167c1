"""How wide a board picture must be drawn for its smallest word to stay readable on a phone.

A picture that fits a 360 px screen would shrink its smallest labels below ``LEAST_PX``; so
it is given, as its ``width`` attribute, the least width at which they reach it, and boards.css
lets it grow past the screen inside a box that scrolls sideways (one finger pans it, as it does
Mine Shaft's mine). On a wider screen the picture simply fills its card."""

from __future__ import annotations

import math
import re

LEAST_PX = 9.0  # the smallest label, in CSS pixels
FRAME_PX = 2    # a picture's border takes this much of its width
FONT = re.compile(r'font-size="([0-9.]+)"')


def least_width(markup: str, view_width: float, least_px: float = LEAST_PX) -> int:
    """The width in CSS px at which the smallest ``font-size`` in ``markup`` (in the units of a
    viewBox ``view_width`` wide) is drawn at ``least_px``."""
    sizes = [float(s) for s in FONT.findall(markup) if float(s) > 0]
    return math.ceil(view_width * least_px / min(sizes)) + FRAME_PX if sizes else 0


__all__ = ["LEAST_PX", "least_width"]
