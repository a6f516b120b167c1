"""Margins a home printer can print, measured from every page of every game's PDFs on A4 and
Letter (duplex, and gutterfold and spaced on the other paper): no ink within 5 mm of the paper's
edge, crop marks on all four sides of every grid of pieces, and no crop mark inside a piece's
bleed. Pages are rendered by PDFium for the edge, and read with pypdf for marks and clips."""

import pytest
from pypdf import PdfReader

import pdf_probe
from print_pages import PX_MM, edge_distances, mark_problems
from print_sets import build, games

PRINTER_EDGE_MM = 5.0
BUILDS = {"a4": ("--paper", "a4"), "letter": ("--paper", "letter"),
          "a4-gutterfold": ("--sides", "gutterfold"), "letter-spaced": ("--paper", "letter", "--spaced")}


@pytest.fixture(scope="module", params=sorted(BUILDS))
def printed(request, tmp_path_factory):
    return request.param, build(tmp_path_factory, *BUILDS[request.param])


def _pdfs(out):
    return [pdf for folder in games(out) for pdf in sorted(folder.glob("*.pdf"))]


def test_no_ink_within_5mm_of_the_paper_edge(printed):
    name, out = printed
    near, pages = [], 0
    for pdf in _pdfs(out):
        for number, distance in enumerate(edge_distances(pdf), start=1):
            pages += 1
            # the measure errs towards the edge by up to a pixel
            if distance is not None and distance < PRINTER_EDGE_MM - PX_MM:
                near.append(f"{pdf.parent.name}/{pdf.name} p{number}: {distance} mm")
    assert pages > 150
    assert near == [], f"{name}: ink within {PRINTER_EDGE_MM} mm of the paper edge: {near[:10]}"


def test_every_grid_has_crop_marks_on_four_sides_and_none_in_a_bleed(printed):
    name, out = printed
    problems, grids = [], 0
    for pdf in _pdfs(out):
        if pdf.name == "checklist.pdf":
            continue
        texts = [page.extract_text() or "" for page in PdfReader(pdf).pages]
        for number, (page, text) in enumerate(zip(pdf_probe.read(pdf), texts), start=1):
            if " - tile " in text:  # a board's tile: its marks show the board's own edges
                continue
            found = mark_problems(page)
            grids += bool(page.hairlines())
            problems += [f"{pdf.parent.name}/{pdf.name} p{number}: {p}" for p in found]
    assert grids > 100
    assert problems == [], f"{name}: {problems[:10]}"


def test_the_measures_see_a_mark_in_the_bleed_and_ink_at_the_edge(tmp_path):
    """The checks themselves: a crop mark drawn across a piece's bleed and a grid with marks
    on one side only are reported, and ink 2 mm from the edge measures 2 mm."""
    from reportlab.pdfgen import canvas

    mm = 72 / 25.4
    path = tmp_path / "probe.pdf"
    c = canvas.Canvas(str(path), pagesize=(210 * mm, 297 * mm))
    c.saveState()
    p = c.beginPath()
    p.rect(50 * mm, 50 * mm, 69.5 * mm, 94.9 * mm)
    c.clipPath(p, stroke=0, fill=0)
    c.rect(50 * mm, 50 * mm, 69.5 * mm, 94.9 * mm, stroke=0, fill=1)
    c.restoreState()
    c.setLineWidth(0.25)
    c.line(53 * mm, 40 * mm, 53 * mm, 52 * mm)   # from below the piece into its bleed
    c.rect(2 * mm, 150 * mm, 3 * mm, 3 * mm, stroke=0, fill=1)
    c.save()
    [page] = pdf_probe.read(path)
    found = mark_problems(page)
    assert any("inside the bleed" in p for p in found)
    assert {"no crop mark left of the grid", "no crop mark right of the grid", "no crop mark top of the grid"} \
        <= set(found)
    assert edge_distances(path) == [pytest.approx(2.0, abs=PX_MM)]
