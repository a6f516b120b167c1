"""The Tinners' Trail main board as printed: a map drawn from map.toml, with a tile space per
area the size of an area tile and a development-board space the printed development boards
fit. Everything is measured from the print-shop PDFs (one piece per page, trim box set)."""

import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.data import load_game
from companion.tinners_trail.data.geometry import board_geometry
from pdf.build import BuildOptions, build_game

sys.path.insert(0, str(Path(__file__).parent))
import pdf_probe  # noqa: E402
from test_tinners_trail_legible import pages_of  # noqa: E402

GAME = load_game("tinners-trail")
PANEL = (0xfb / 255, 0xf8 / 255, 0xf1 / 255)


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    out = tmp_path_factory.mktemp("shop")
    build_game("tinners-trail", out, BuildOptions(print_shop=True))
    return out / "tinners-trail"


def _close(a, b, tol=0.02):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def _board(shop):
    page = pdf_probe.read(shop / "main-board.pdf")[0]
    x0, y0, x1, y1 = page.trim
    return page, x0, page.height - y1  # trim's top-left corner, y down


def _rects(page, x0, top, fill):
    """Filled four-cornered shapes of one colour, as (x, y, w, h) in board mm (y down)."""
    found = []
    for shape in page.fills():
        if not _close(shape.fill, fill, 0.004):
            continue
        bx0, by0, bx1, by1 = shape.bbox
        found.append((round(bx0 - x0, 2), round(page.height - by1 - top, 2), round(bx1 - bx0, 2),
                      round(by1 - by0, 2)))
    return found


def test_each_area_has_a_tile_space_the_size_of_an_area_tile_where_the_map_puts_it(shop):
    page, x0, top = _board(shop)
    tile_w, tile_h = GAME.decks["area-tiles"].size_mm
    squares = [r for r in _rects(page, x0, top, PANEL) if abs(r[2] - tile_w) < 0.3 and abs(r[3] - tile_h) < 0.3]
    geometry = board_geometry()
    assert len(squares) == len(geometry.areas) == 28
    centres = sorted((round(x + w / 2, 1), round(y + h / 2, 1)) for x, y, w, h in squares)
    assert centres == sorted(shape.tile for shape in geometry.areas.values())


def test_the_map_prints_every_area_name_and_region_letter_legibly(shop):
    page, _, _ = _board(shop)
    text = PdfReader(shop / "main-board.pdf").pages[0].extract_text()
    for area in GAME.tables["map"]["areas"].values():
        assert area["name"] in text
    names = [size for _, _, font, size in page.texts if size >= 9.5]
    assert len(names) >= 28  # names at 10 pt: readable across a table
    assert min(size for *_, size in page.texts) >= 5.0


def test_development_board_fits_its_space_on_the_main_board(shop):
    page, x0, top = _board(shop)
    spaces = [r for r in _rects(page, x0, top, PANEL) if r[2] > 100]
    assert len(spaces) == 1
    _, _, space_w, space_h = spaces[0]
    path, pages = pages_of(shop, "development-boards")
    for n in pages:
        bx0, by0, bx1, by1 = pdf_probe.read(path)[n].trim
        board_w, board_h = bx1 - bx0, by1 - by0
        assert 0 < space_w - board_w <= 4 and 0 < space_h - board_h <= 4, (space_w, space_h, board_w, board_h)


def test_every_adit_border_is_marked_on_the_board(shop):
    page, x0, top = _board(shop)
    mark = (0x7a / 255, 0x4a / 255, 0x22 / 255)
    dots = sorted((round(x + w / 2, 1), round(y + h / 2, 1)) for x, y, w, h in _rects(page, x0, top, mark))
    expected = sorted(adit.at for adit in board_geometry().adits.values())
    assert len(dots) == len(expected) == 57
    assert all(abs(a[0] - b[0]) < 0.15 and abs(a[1] - b[1]) < 0.15 for a, b in zip(dots, expected))
