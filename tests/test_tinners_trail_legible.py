"""Tinners' Trail pieces read and fit: no glyph under 5 pt, reference text at 7 pt or more
with the companion's QR code, every token no larger than the space it sits on, and the text
slips fixed. Measured from the print-shop PDFs (one piece per page, trim box set)."""

import json
import sys
from functools import lru_cache
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from pdf.build import BuildOptions, build_game

sys.path.insert(0, str(Path(__file__).parent))
import pdf_probe  # noqa: E402

URL = "http://192.168.1.5:8000"


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    out = tmp_path_factory.mktemp("shop")
    build_game("tinners-trail", out, BuildOptions(print_shop=True, companion_url=URL))
    return out / "tinners-trail"


def pages_of(folder, component):
    """The file and the pages (from 0) of one component, found through the manifest: a
    print-shop set prints each component in a file of its own, one page per design (its
    front, and its back when it has one)."""
    listed = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["components"]
    entry = next(c for c in listed if c["id"] == component)
    pages = sorted(n - 1 for d in entry["designs"] for n in (d["front"], d["back"]) if n)
    assert pages, (component, entry)
    return folder / entry["file"], pages


def glyph_sizes(path, pages=None):
    """Every printed character's size in points (rotated pieces measured across the line)."""
    with pdfplumber.open(path) as pdf:
        chosen = pdf.pages if pages is None else [pdf.pages[i] for i in pages]
        return [(ch["size"] if ch["upright"] else ch["x1"] - ch["x0"], ch["text"])
                for page in chosen for ch in page.chars if ch["text"].strip()]


def test_no_glyph_under_five_points_and_reference_body_at_seven(shop):
    smallest = {}
    for path in sorted(shop.glob("*.pdf")):
        sizes = glyph_sizes(path)
        smallest[path.name] = min(size for size, _ in sizes)
    assert min(smallest.values()) >= 4.99, {k: v for k, v in smallest.items() if v < 4.99}
    assert min(size for size, _ in glyph_sizes(*pages_of(shop, "reference-cards"))) >= 6.99


def test_reference_card_carries_the_companion_qr_code(shop):
    path, pages = pages_of(shop, "reference-cards")
    text = PdfReader(path).pages[pages[0]].extract_text()
    assert "Table companion" in text


@lru_cache(maxsize=None)
def _pages(path):
    return pdf_probe.read(path)


def _trim(path, page=0):
    x0, y0, x1, y1 = _pages(path)[page].trim
    return x1 - x0, y1 - y0


def _spaces(path, fill, low, high):
    """(w, h) of the filled rectangles of one colour whose sides lie between low and high mm."""
    found = []
    for page in _pages(path):
        for shape in page.fills():
            if all(abs(a - b) <= 0.004 for a, b in zip(shape.fill, fill)):
                x0, y0, x1, y1 = shape.bbox
                if low <= x1 - x0 <= high and low <= y1 - y0 <= high:
                    found.append((x1 - x0, y1 - y0))
    return found


def _rgb(hex_colour):
    return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


PANEL, WHITE, LIMITER, ROUND = _rgb("#fbf8f1"), (1.0, 1.0, 1.0), _rgb("#e4eedb"), _rgb("#e9d8a6")
# token -> where it sits: (board file, space fill, smallest and largest side of such spaces)
WHERE = {
    "player-markers": [("main-board.pdf", PANEL, 13, 17)],            # outer and work track spaces
    "work-track-limiters": [("main-board.pdf", LIMITER, 13, 15)],     # the limiter row
    "round-marker": [("main-board.pdf", ROUND, 11.5, 21)],            # a round's label
    "development-pieces": [("development-boards.pdf", WHITE, 14, 35)],  # development-board cells
    "arsenic-cube-substitutes": [("arsenic-market-board.pdf", WHITE, 15, 40)],
    "emigration-tokens": [("emigration-board.pdf", WHITE, 20, 40)],
    "own-miners": [("emigration-board.pdf", WHITE, 20, 40), ("main-board.pdf", PANEL, 27, 29)],
    "mines": [("main-board.pdf", PANEL, 27, 29)],                     # an area's tile space
    "peek-tokens": [("main-board.pdf", PANEL, 27, 29)],
    "auction-marker": [("main-board.pdf", PANEL, 27, 29)],
    "drainage-tokens": [("main-board.pdf", PANEL, 27, 29)],
    "calciners": [("main-board.pdf", PANEL, 27, 29)],
    "cube-substitutes": [("main-board.pdf", PANEL, 27, 29)],
}


@pytest.mark.parametrize("token", sorted(WHERE))
def test_each_token_fits_the_space_it_sits_on(shop, token):
    path, pages = pages_of(shop, token)
    side = max(max(_trim(path, n)) for n in pages)
    for board, fill, low, high in WHERE[token]:
        spaces = _spaces(shop / board, fill, low, high)
        assert spaces, (token, board)
        assert side <= min(min(w, h) for w, h in spaces) + 0.01, (token, side, board)


def test_text_slips(shop):
    emigration = PdfReader(shop / "emigration-board.pdf").pages[0].extract_text()
    assert "Free 2 miners" in emigration and "miner + miner" not in emigration
    survey = " ".join(p.extract_text() for p in PdfReader(shop / "survey-cards.pdf").pages)
    assert "Wild" in survey and "wild" not in survey.replace("Wild", "")
    # a Kickstarter card in hand shows no regions on its back: all six backs are the same
    path, pages = pages_of(shop, "kickstarter-survey-cards")
    backs = [PdfReader(path).pages[n].extract_text() for n in pages[1::2]]
    assert len(backs) == 6 and len(set(backs)) == 1 and "Kickstarter" in backs[0]
