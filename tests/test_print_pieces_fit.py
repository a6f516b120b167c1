"""Pieces that fit, faces without ids, sheets that are worth a sheet, read from the PDFs:

- Ore published edition's workers stand in every space they are put on: the worker tokens'
  cut circles, the mine cards' worker spaces and the board's worker spaces, all measured;
- a card face shows no internal id near its cut (print-shop pages, whose TrimBox is the cut);
- no two-sided file carries a blank page, and a deck's lonely last card goes to a shared sheet;
- Tinners' Trail's two expansion boards share a sheet; a 3-player Ore published build names its
  overtime tile for three players; ARDEVUR's dashboards set no glyph under 6 pt.
"""

import json

import pdfplumber
import pytest
from pypdf import PdfReader

import pdf_probe
from pdf import style
from pdf.build import BuildOptions, build_game
from print_pages import painted_regions
from print_sets import build, games, manifest
from test_print_legibility import glyph_pt

MM = 72 / 25.4
WHITE = (1.0, 1.0, 1.0)


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    out = tmp_path_factory.mktemp("fit-shop")
    for game in ("ore", "ore-published"):
        build_game(game, out, BuildOptions(print_shop=True))
    return out


def _circles(page, fill=WHITE):
    """Round filled shapes of colour ``fill`` (curves, no straight sides): (diameter, centre)."""
    out = []
    for s in page.shapes:
        straight = [g for g in s.segments if abs(g[0][0] - g[1][0]) + abs(g[0][1] - g[1][1]) > 0.01]
        if s.op in ("fill", "fillstroke") and s.fill == fill and not straight and len(s.points) >= 12:
            x0, y0, x1, y1 = s.bbox
            if abs((x1 - x0) - (y1 - y0)) < 0.05:
                out.append((x1 - x0, ((x0 + x1) / 2, (y0 + y1) / 2)))
    return out


def _worker_diameter(folder) -> float:
    """The cut circle of the worker tokens: the thin trim line drawn round each round piece,
    around a seat mark, the smallest such (cages and tokens of other kinds are larger)."""
    entry = next(e for e in manifest(folder)["components"] if e["id"] == "workers")
    sizes = []
    with pdfplumber.open(folder / entry["file"]) as doc:
        for page, probe in zip(doc.pages, pdf_probe.read(folder / entry["file"])):
            marks = [((c["x0"] + c["x1"]) / 2 / MM, (page.height - (c["top"] + c["bottom"]) / 2) / MM)
                     for c in page.chars if c["text"] in style.SEAT_MARKS]
            for s in probe.shapes:
                if s.op != "stroke" or abs(s.line_width_pt - style.TRIM_PT) > 1e-3:
                    continue
                x0, y0, x1, y1 = s.bbox
                if any(x0 < mx < x1 and y0 < my < y1 for mx, my in marks):
                    sizes.append(round(x1 - x0, 2))
    smallest = min(sizes)
    assert sizes.count(smallest) >= entry["count"], "a worker token without its cut circle and mark"
    return smallest


def test_ore_published_workers_fit_their_spaces(tmp_path_factory, shop):
    out = build(tmp_path_factory)
    folder = out / "ore-published"
    worker = _worker_diameter(folder)
    cards = pdf_probe.read(folder / "mine-cards.pdf")
    spaces = [c for page in cards[::2] for c in _circles(page)]   # fronts
    assert len(spaces) >= 100
    assert min(d for d, _ in spaces) >= worker + 0.5, (worker, min(d for d, _ in spaces))
    # on each card the spaces are far enough apart for a worker in every one
    for page in cards[::2]:
        centres = sorted(c for _, c in _circles(page))
        for i, a in enumerate(centres):
            for b in centres[i + 1:]:
                assert ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 >= worker - 1e-6
    board = pdf_probe.read(shop / "ore-published" / "board.pdf")[0]
    on_board = _circles(board)
    assert len(on_board) >= 12    # seven action spaces and five contract rows
    assert min(d for d, _ in on_board) >= worker + 0.5


def test_no_card_face_shows_an_id_near_its_cut(shop):
    import csv

    from companion.data import load_game

    for game in ("ore", "ore-published"):
        folder = shop / game
        ids = set()
        data = load_game(game)
        for deck in data.decks.values():
            ids |= {str(row["id"]) for row in deck.rows}
        for component in data.components.values():
            path = data.root / f"{component.id}.csv"
            if path.is_file():
                with path.open(encoding="utf-8", newline="") as f:
                    ids |= {row["id"] for row in csv.DictReader(f) if row.get("id")}
        for pdf in sorted(folder.glob("*.pdf")):
            with pdfplumber.open(pdf) as doc:
                for number, page in enumerate(doc.pages, start=1):
                    trim = [float(v) for v in PdfReader(pdf).pages[number - 1].trimbox]
                    for word in page.extract_words():
                        if word["text"] not in ids:
                            continue
                        x0, x1 = word["x0"], word["x1"]
                        y0, y1 = page.height - word["bottom"], page.height - word["top"]
                        gap = min(x0 - trim[0], trim[2] - x1, y0 - trim[1], trim[3] - y1) / MM
                        assert gap >= style.SAFE_ZONE_MM - 0.05, f"{game}/{pdf.name} p{number}: id {word['text']!r} " \
                                                                   f"{gap:.1f} mm from the cut"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_blank_page_and_no_lonely_last_card(tmp_path_factory, paper):
    out = build(tmp_path_factory, "--paper", paper)
    for folder in games(out):
        for pdf in sorted(folder.glob("*.pdf")):
            if pdf.name == "checklist.pdf":
                continue
            texts = [p.extract_text() or "" for p in PdfReader(pdf).pages]
            for number, (page, text) in enumerate(zip(pdf_probe.read(pdf), texts), start=1):
                if " - tile " in text or "assembly" in text or "How to assemble" in text:
                    continue
                assert painted_regions(page), f"{folder.name}/{pdf.name} page {number} prints nothing"
    for game, deck, sheet in (("ardevur", "action-cards", "tokens.pdf"), ("ore-published", "buildings", "pieces.pdf")):
        entries = {e["id"]: e for e in manifest(out / game)["components"]}
        pages = pdf_probe.read(out / game / entries[deck]["file"])
        fronts = [len(painted_regions(p)) for p in pages[::2]]
        assert min(fronts) >= 2, f"{game}/{deck}: a sheet holding {min(fronts)} card"
        printed = entries[deck]["count"] + entries.get(f"{deck}-last", {"count": 0})["count"]
        assert printed == 64
        if f"{deck}-last" in entries:
            assert entries[f"{deck}-last"]["file"] == sheet


def test_tinners_trail_expansion_boards_share_one_sheet(tmp_path_factory):
    out = build(tmp_path_factory)
    entries = {e["id"]: e for e in manifest(out / "tinners-trail")["components"]}
    arsenic, emigration = entries["arsenic-market-board"], entries["emigration-board"]
    assert arsenic["file"] == emigration["file"] and arsenic["pages"] == 1


def test_a_three_player_ore_published_checklist_names_its_overtime_tile(tmp_path):
    build_game("ore-published", tmp_path, BuildOptions(players=3))
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "ore-published" /
                                                                          "checklist.pdf").pages)
    assert "1 × Overtime tile (3-4 players)" in text and "3-4 and 5 players" not in text
    entries = json.loads((tmp_path / "ore-published" / "manifest.json").read_text())["components"]
    assert {e["name"] for e in entries if e["id"] == "overtime-tiles"} == {"Overtime tile (3-4 players)"}


def test_ardevur_dashboards_set_nothing_under_6pt(tmp_path_factory):
    out = build(tmp_path_factory)
    path = out / "ardevur" / manifest(out / "ardevur")["components"][1]["file"]
    assert path.name == "dashboards.pdf"
    with pdfplumber.open(path) as doc:
        sizes = [glyph_pt(c) for page in doc.pages for c in page.chars if c["text"].strip()
                 and c["bottom"] < page.height - 10 * MM]   # the file note in the margin aside
    assert sizes and min(sizes) >= 6 - 0.01
