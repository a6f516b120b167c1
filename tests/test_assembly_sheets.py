"""No sheet goes out for one lonely piece: Tinners' Trail's main board prints only its tiles and
says how they go together on a strip of the tokens sheet, and Ore's acquisition card prints
with the money and barrels. Measured from the PDFs, the manifest and the checklist, whose
sheet count stays the number of sheets the files really take."""

import json
import re

import pdfplumber
import pytest

import pdf_probe
from test_print_sheets import fill
from headframe.cli import main


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("assembly")
    for paper in ("a4", "letter"):
        assert main(["build", "tinners-trail", "ore", "--sides", "fronts", "--paper", paper,
                     "--out", str(out / paper)]) == 0
    return out


def _manifest(folder):
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def _words(pdf) -> list[set[str]]:
    with pdfplumber.open(pdf) as doc:
        return [{w["text"] for w in page.extract_words()} for page in doc.pages]


PAPERS = ("a4", "letter")


@pytest.mark.parametrize("paper", PAPERS)
def test_the_main_board_prints_only_its_tiles_and_its_assembly_strip_shares_the_tokens_sheet(built, paper):
    folder = built / paper / "tinners-trail"
    files = {c["id"]: c["file"] for c in _manifest(folder)["components"]}
    assert files["main-board"] == "main-board.pdf" and files["main-board-assembly"] == "tokens.pdf"
    board = pdf_probe.read(folder / "main-board.pdf")
    # 4 tiles above and 3 below (the seams step round the map's names), no diagram page
    assert len(board) == 7 and min(fill(page) for page in board) > 0.9
    # the strip names every tile and says how they join, on a page with tokens
    [page] = [n for n, words in enumerate(_words(folder / "tokens.pdf")) if {"assemble:", "Main"} <= words]
    words = _words(folder / "tokens.pdf")[page]
    assert {"A1", "B1", "C1", "D1", "A2", "B2", "C2", "glue", "margin"} <= words
    assert len(pdf_probe.read(folder / "tokens.pdf")[page].clips()) > 2   # tokens beside it


@pytest.mark.parametrize("paper", PAPERS)
def test_the_acquisition_card_shares_a_sheet_with_other_pieces(built, paper):
    folder = built / paper / "ore"
    files = {c["id"]: c["file"] for c in _manifest(folder)["components"]}
    assert files["acquisition-card"] == files["money"] == "one-sided-pieces.pdf"
    assert not (folder / "acquisition-card.pdf").exists()
    pages = _words(folder / "one-sided-pieces.pdf")
    # the card lies turned on the sheet, so its words may read backwards
    [page] = [n for n, words in enumerate(pages) if any("Slag" in w or "galS" in w for w in words)]
    clips = pdf_probe.read(folder / "one-sided-pieces.pdf")[page].clips()
    assert len(clips) > 2   # the card and pieces of other kinds


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", ["tinners-trail", "ore"])
def test_the_checklist_counts_the_sheets_the_files_take(built, paper, game):
    """One-sided: a page is a sheet. The manifest's count, the checklist's total and the pages
    of the PDFs agree, and no sheet of either game is under 30 % filled."""
    folder = built / paper / game
    pdfs = [pdf for pdf in sorted(folder.glob("*.pdf")) if pdf.name != "checklist.pdf"]
    fills = [fill(page) for pdf in pdfs for page in pdf_probe.read(pdf)]
    sheets = _manifest(folder)["sheets"]
    assert sheets == {"card stock": len(fills)}
    with pdfplumber.open(folder / "checklist.pdf") as doc:
        text = " ".join((page.extract_text() or "").replace("\n", " ") for page in doc.pages)
    assert re.search(rf"\b{len(fills)} in all\b", text), text[:400]
    assert min(fills) >= 0.30, [round(f, 2) for f in fills]
