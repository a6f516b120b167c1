"""The shipped DejaVu fonts, registered by path so every machine renders £, €, ×, →, ½ and
accented names the same way; system font names are never used."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources as importlib_resources
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

# Layout font names (layouts.toml `font = ...`) -> (reportlab name, file)
FACES = {
    "regular": ("HF-Regular", "DejaVuSans.ttf"),
    "bold": ("HF-Bold", "DejaVuSans-Bold.ttf"),
    "italic": ("HF-Italic", "DejaVuSans-Oblique.ttf"),
    "bold-italic": ("HF-BoldItalic", "DejaVuSans-BoldOblique.ttf"),
    "condensed": ("HF-Condensed", "DejaVuSansCondensed.ttf"),
    "condensed-bold": ("HF-CondensedBold", "DejaVuSansCondensed-Bold.ttf"),
}
# What **bold** inside text switches each face to.
BOLD_OF = {"regular": "bold", "bold": "bold", "italic": "bold-italic", "bold-italic": "bold-italic",
           "condensed": "condensed-bold", "condensed-bold": "condensed-bold"}


def font_dir() -> Path:
    return Path(str(importlib_resources.files("cards_data"))) / "fonts"


@lru_cache(maxsize=None)
def face(style: str) -> str:
    """The reportlab font name for a layout font style, registering that face on first use
    (reading a TrueType file costs ~0.07 s, so faces nobody uses are never read)."""
    name, filename = FACES[style]
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(font_dir() / filename)))
    return name
