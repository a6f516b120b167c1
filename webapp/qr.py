"""The join link as a QR code, drawn as inline SVG so the page needs no image file or PIL.

The code is always dark on white with a quiet zone: phone cameras read that reliably even
when the page itself is in the dark theme.
"""

from __future__ import annotations

import re

import qrcode
import qrcode.image.svg
from markupsafe import Markup, escape

QUIET_ZONE = 4  # modules of white around the code, as the QR standard asks


def qr_svg(text: str, label: str = "QR code") -> Markup:
    """An ``<svg>`` element encoding ``text``, with ``label`` as its accessible name."""
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=QUIET_ZONE,
                        error_correction=qrcode.constants.ERROR_CORRECT_M)
    markup = image.to_string(encoding="unicode")
    size = re.search(r'viewBox="0 0 (\d+) (\d+)"', markup)
    path = re.search(r'<path d="([^"]+)"', markup)
    if size is None or path is None:  # the factory's output format changed: fail loudly, not blankly
        raise RuntimeError("unexpected SVG from qrcode")
    width = int(size.group(1))
    return Markup(
        f'<svg class="qr" viewBox="0 0 {width} {width}" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'aria-label="{escape(label)}" shape-rendering="crispEdges">'
        f'<rect width="{width}" height="{width}" fill="#ffffff"/>'
        f'<path d="{path.group(1)}" fill="#000000"/></svg>')
