"""Boards assemble cleanly: on a tiled board every alignment mark sits in a glue margin that
the next tile covers, never on the board itself, and boards that fit one page are not told to
be trimmed and joined. Measured from the PDFs."""

import pytest
from pypdf import PdfReader

import pdf_probe
from print_sets import build, games, manifest

TILE_INK = (0.753, 0.188, 0.541)   # #c0308a
GLUE = (0.902, 0.902, 0.902)       # #e6e6e6


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return build(tmp_path_factory)


def _overlap(a, b, eps=0.01):
    return a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps


def _meet(a, b):
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def _board_shown(page) -> list[tuple]:
    """Where the board is drawn on a tile page, as rectangles: inside the tile's shown outline
    (a polygon where its seams step) and the board's own bleed box, the smallest and largest
    of the page's big clips."""
    big = sorted((s for s in page.clip_shapes() if _area(s.bbox) > 2000), key=lambda s: _area(s.bbox))
    board = big[-1].bbox
    return [_meet(r, board) for r in pdf_probe.rectangles(big[0].points)]


def _area(b) -> float:
    return (b[2] - b[0]) * (b[3] - b[1])


def tile_pages(out):
    for folder in games(out):
        for entry in manifest(folder)["components"]:
            if entry["kind"] != "board":
                continue
            reader = PdfReader(folder / entry["file"])
            texts = [p.extract_text() or "" for p in reader.pages]
            if not any(" - tile " in t for t in texts):
                continue
            pages = pdf_probe.read(folder / entry["file"])
            for number, (page, text) in enumerate(zip(pages, texts), start=1):
                if " - tile " in text:
                    yield f"{folder.name}/{entry['file']} page {number}", page


def test_no_alignment_mark_lands_on_the_board(out):
    seen = 0
    for where, page in tile_pages(out):
        # the board is drawn inside every clip that holds it: the tile's shown outline and the
        # board's own bleed box; whatever lies outside both is not the board
        shown = _board_shown(page)
        marks = [s for s in page.fills() if s.fill == TILE_INK]
        glue = [r for s in page.fills() if s.fill == GLUE for r in pdf_probe.rectangles(s.points)]
        for mark in marks:
            assert not any(_overlap(mark.bbox, r) for r in shown), f"{where}: alignment mark {mark.bbox} on the board"
            assert any(_overlap(mark.bbox, g) for g in glue), f"{where}: mark {mark.bbox} outside every glue margin"
        seen += len(marks)
    assert seen > 0, "no tiled board with alignment marks was built"


def test_the_covering_tile_shows_the_board_where_the_glue_margin_was(out):
    for where, page in tile_pages(out):
        shown = _board_shown(page)
        for g in (r for s in page.fills() if s.fill == GLUE for r in pdf_probe.rectangles(s.points)):
            assert not any(_overlap(g, r) for r in shown), f"{where}: glue margin {g} over the board"


@pytest.mark.parametrize("game", ["ore", "mine-shaft", "tinners-trail"])
def test_boards_on_one_page_are_not_told_to_be_trimmed_and_joined(out, game):
    folder = out / game
    checklist = " ".join(p.extract_text() for p in PdfReader(folder / "checklist.pdf").pages)
    checklist = " ".join(checklist.split())
    for entry in manifest(folder)["components"]:
        if entry["kind"] != "board":
            continue
        texts = [p.extract_text() or "" for p in PdfReader(folder / entry["file"]).pages]
        tiled = any(" - tile " in t for t in texts)
        line = checklist[checklist.index(entry["file"]):][:400]
        line = line[:line.index(".pdf", len(entry["file"]))] if ".pdf" in line[len(entry["file"]):] else line
        assert ("trim and join" in line) == tiled, f"{game}/{entry['file']}: {line!r}"
