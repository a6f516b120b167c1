"""Pixels from the print engine's own pages: pdfium (``pypdfium2``) renders a region of a
print-shop page at an exact size in pixels. Nothing here draws a piece; it only looks at the
PDF the painters drew, so an image is the PDF's own drawing.

A ``Shot`` names the region: one of the page's boxes (``bleed``: the piece and its bleed,
``trim``: the piece as cut), grown by ``pad`` points on each side, and the size in pixels
(``size``) or the resolution (``dpi``) to render it at. ``render_shots`` runs in a worker
process: it opens one chunk of pages and writes each shot as a PNG file.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

PT_PER_INCH = 72.0


@dataclass(frozen=True)
class Shot:
    page: int                               # page number in the chunk, from 0
    box: str = "bleed"                      # "bleed" or "trim"
    dpi: float = 300.0                      # used when ``size`` is None
    size: tuple[int, int] | None = None     # exact pixels (width, height) of the region
    pad: tuple[float, float] = (0.0, 0.0)   # points added to the box left and right, top and bottom
    turn: bool = False                      # a quarter turn clockwise after rendering


def pixels_for(length_pt: float, dpi: float) -> int:
    """Whole pixels for a length at ``dpi``: rounded, at least one."""
    return max(1, round(length_pt / PT_PER_INCH * dpi))


def region(page, shot: Shot) -> tuple[float, float, float, float]:
    """The shot's rectangle in PDF points (left, bottom, right, top)."""
    box = page.get_bleedbox() if shot.box == "bleed" else page.get_trimbox()
    x0, y0, x1, y1 = box
    px, py = shot.pad
    return x0 - px, y0 - py, x1 + px, y1 + py


def render(page, shot: Shot):
    """The shot as a PIL RGB image of exactly its size."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    x0, y0, x1, y1 = region(page, shot)
    width, height = shot.size or (pixels_for(x1 - x0, shot.dpi), pixels_for(y1 - y0, shot.dpi))
    sx, sy = width / (x1 - x0), height / (y1 - y0)
    bitmap = pdfium.PdfBitmap.new_native(width, height, raw.FPDFBitmap_BGR, rev_byteorder=True)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
    # pdfium applies the matrix to the page as shown (1 unit a point, origin top-left): scale
    # each axis on its own, so the region fills exactly the pixels asked for
    _, page_h = page.get_size()
    matrix = raw.FS_MATRIX(sx, 0, 0, sy, -x0 * sx, -(page_h - y1) * sy)
    clip = raw.FS_RECTF(0, 0, width, height)
    raw.FPDF_RenderPageBitmapWithMatrix(bitmap, page, matrix, clip,
                                        raw.FPDF_ANNOT | raw.FPDF_REVERSE_BYTE_ORDER)
    image = bitmap.to_pil()
    if shot.turn:
        from PIL import Image

        image = image.transpose(Image.Transpose.ROTATE_270)
    return image


def png_bytes(image, dpi: float | None = None) -> bytes:
    """PNG with Pillow's default settings (the same bytes for the same pixels), carrying its
    resolution (a pHYs chunk) so a print service or an editor opens it at its printed size."""
    out = io.BytesIO()
    image.save(out, format="PNG", **({"dpi": (dpi, dpi)} if dpi else {}))
    return out.getvalue()


def render_shots(pdf: str, shots: list[Shot], out: str) -> list[tuple[int, bytes, tuple[int, int], str]]:
    """Each shot of one chunk's PDF (a file) as a PNG file in the folder ``out``:
    (page, digest of the PNG, (width, height), file). Files, not bytes, go between the
    processes, so neither holds a chunk's pictures."""
    import hashlib
    from pathlib import Path

    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        done = []
        for shot in shots:
            page = document[shot.page]
            try:
                image = render(page, shot)
            finally:
                page.close()
            data = png_bytes(image, shot.dpi)
            path = Path(out) / f"{Path(pdf).stem}-{shot.page}.png"
            path.write_bytes(data)
            done.append((shot.page, hashlib.blake2b(data, digest_size=20).digest(), image.size, str(path)))
        return done
    finally:
        document.close()
