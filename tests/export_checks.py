"""Helpers for the export tests: print-shop builds to compare with, pages rendered straight
from those PDFs by pypdfium2's own ``render`` (not the exporter's code), and picture
comparisons in numbers a person can read."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from PIL import Image

from pdf.build import BuildOptions, build_game

EXAMPLE_DATA = Path(__file__).resolve().parent / "example_game" / "cards_data"


def print_shop(game: str, out: Path, data: Path | None = None, **options) -> Path:
    """The game's print-shop PDFs (one piece per page, a back after its front)."""
    build_game(game, out, BuildOptions(print_shop=True, data_dir=data, **options))
    return out / game


def manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def designs_of(folder: Path, component: str) -> list[dict]:
    """The print-shop set's designs of ``component`` (``front``/``back`` page numbers from 1,
    ``quantity``), in the order their first piece comes in the deck or component."""
    return next(c for c in manifest(folder)["components"] if c["id"] == component)["designs"]


def pages_of_pieces(seen: list, designs: list[dict]) -> list[tuple[int, int | None]]:
    """Each piece's (front, back) page index in the print-shop PDF, for pieces that show the
    pictures ``seen`` (any keys, one per piece, equal for pieces that look alike): the print
    shop writes each design once, numbered in the order its first piece comes, so the n-th
    distinct key is the n-th design; the pieces of each key must be as many as its quantity."""
    order = list(dict.fromkeys(seen))
    assert [seen.count(k) for k in order] == [d["quantity"] for d in designs], "pieces and designs differ"
    of = {k: (d["front"] - 1, d["back"] - 1 if d["back"] else None) for k, d in zip(order, designs)}
    return [of[k] for k in seen]


def rows(folder: Path) -> list[dict]:
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def page_image(pdf: Path, index: int, scale: float) -> Image.Image:
    """Page ``index`` of ``pdf`` as pypdfium2 renders a whole page at ``scale`` pixels a point."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        return document[index].render(scale=scale).to_pil().convert("RGB")
    finally:
        document.close()


def trim_image(pdf: Path, index: int, size: tuple[int, int], over: int = 4) -> Image.Image:
    """The trim box of page ``index`` (the piece as cut) at ``size`` pixels: the whole page as
    pypdfium2 renders it, ``over`` times finer (it stretches the page over whole pixels, so each
    axis has its own scale, measured from the result), the trim cut out of it and averaged down."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        page = document[index]
        x0, y0, x1, y1 = page.get_trimbox()
        width, height = page.get_size()
        whole = page.render(scale=over * size[0] / (x1 - x0)).to_pil().convert("RGB")
        fx, fy = whole.width / width, whole.height / height
        box = (x0 * fx, (height - y1) * fy, x1 * fx, (height - y0) * fy)
        return whole.resize(size, Image.Resampling.BOX, box=box)
    finally:
        document.close()


def worst_spot(a: Image.Image, b: Image.Image, blur: float = 1.5) -> int:
    """The largest difference (0-255) anywhere once both are softened by ``blur`` pixels: two
    renderings of one drawing differ only in their edges' shading, which the blur evens out
    (under 50), while a different digit, word or mark anywhere stays (over 150)."""
    from PIL import ImageFilter

    w, h = min(a.width, b.width), min(a.height, b.height)
    x = np.asarray(a.convert("RGB").crop((0, 0, w, h)).filter(ImageFilter.GaussianBlur(blur)), dtype=np.int16)
    y = np.asarray(b.convert("RGB").crop((0, 0, w, h)).filter(ImageFilter.GaussianBlur(blur)), dtype=np.int16)
    return int(np.abs(x - y).max())


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel (0-255) over the pixels both pictures have."""
    w, h = min(a.width, b.width), min(a.height, b.height)
    x = np.asarray(a.convert("RGB").crop((0, 0, w, h)), dtype=np.int16)
    y = np.asarray(b.convert("RGB").crop((0, 0, w, h)), dtype=np.int16)
    return float(np.abs(x - y).mean())


def pages_of(pdf: Path) -> int:
    document = pdfium.PdfDocument(str(pdf))
    try:
        return len(document)
    finally:
        document.close()


def copy_example(tmp_path: Path, rows_csv: str | None = None) -> Path:
    """A copy of the example game's data; ``rows_csv`` replaces its claim cards."""
    data = tmp_path / "data"
    shutil.copytree(EXAMPLE_DATA, data)
    if rows_csv is not None:
        (data / "prospect" / "claims.csv").write_text(rows_csv, encoding="utf-8")
    return data


def changed(a: Image.Image, b: Image.Image, by: int = 40) -> float:
    """The share of pixels (both pictures have) with a channel more than ``by`` apart."""
    w, h = min(a.width, b.width), min(a.height, b.height)
    x = np.asarray(a.convert("RGB").crop((0, 0, w, h)), dtype=np.int16)
    y = np.asarray(b.convert("RGB").crop((0, 0, w, h)), dtype=np.int16)
    return float((np.abs(x - y).max(axis=2) > by).mean())
