"""The Mine Shaft print set: manifest ids and counts, pages, every PDF opens, reproducible."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from pdf.build import BuildOptions, build_game
from pdf.games.mine_shaft import _designs
from companion.data import load_game

EXPECTED = {"shaft-tiles": ("tile", 100), "start-tile": ("tile", 1), "minerals": ("token", 100),
            "dice": ("die", 2), "player-pieces": ("token", 4), "reference-cards": ("card", 4)}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("print")
    manifest = build_game("mine-shaft", out, BuildOptions())
    return out / "mine-shaft", manifest


def test_manifest_lists_every_piece_with_its_count(built):
    folder, manifest = built
    got = {c["id"]: (c["kind"], c["count"]) for c in manifest["components"]}
    assert got == EXPECTED
    assert json.loads((folder / "manifest.json").read_text()) == manifest


def test_every_pdf_opens_with_the_pages_it_claims(built):
    folder, manifest = built
    for entry in manifest["components"]:
        reader = PdfReader(str(folder / entry["file"]))
        assert len(reader.pages) == entry["pages"] > 0
    # 100 two-sided tiles at 15 a sheet take 7 sheets, fronts and backs; the starting tile,
    # dice and standees share the tiles' file and take an eighth, whose blank backs page is left out
    tiles = next(c for c in manifest["components"] if c["id"] == "shaft-tiles")
    assert tiles["pages"] == 15 and tiles["file"] == "shaft-tiles.pdf"
    assert {c["file"] for c in manifest["components"] if c["id"] in ("start-tile", "dice", "player-pieces")} \
        == {"shaft-tiles.pdf"}
    checklist = "".join(p.extract_text() for p in PdfReader(str(folder / "checklist.pdf")).pages)
    assert "Cloth bag for the mineral counters" in checklist  # gathered, not printed


def test_tile_fronts_follow_the_csv_and_backs_show_the_collapse(built):
    folder, _ = built
    reader = PdfReader(str(folder / "shaft-tiles.pdf"))
    assert "COLLAPSED" in reader.pages[1].extract_text()  # page 2 is the first page of backs
    designs = _designs(str(load_game("mine-shaft").root))
    assert len(designs) == 100
    assert sum(1 for d in designs if d["icon"]) == 14
    fronts = "".join(reader.pages[i].extract_text() for i in range(0, len(reader.pages), 2))
    lines = fronts.splitlines()
    assert lines.count("3-4") == sum(1 for d in designs if d["players"] == "3-4") == 20
    assert lines.count("4") == sum(1 for d in designs if d["players"] == "4") == 20
    for letter, colour in (("Y", "yellow"), ("B", "blue"), ("R", "red"), ("G", "green")):
        assert lines.count(letter) == sum(1 for d in designs if d["colour"] == colour) == 20
    for name in ("Swap", "Fire!", "Timed fuse", "Porous rock", "Mine kart", "Tunnel", "Call for help"):
        assert name in fronts


def test_die_a_shows_the_quake_twice_and_the_start_tile_is_labelled(built):
    folder, _ = built
    from print_sets import file_of

    dice = "".join(p.extract_text() for p in PdfReader(str(file_of(folder, "dice"))).pages)
    assert dice.count("QUAKE") == 2  # the two pickaxe faces of die A
    assert "START" in "".join(p.extract_text() for p in PdfReader(str(file_of(folder, "start-tile"))).pages)


def test_same_data_gives_byte_identical_pdfs(built, tmp_path):
    folder, _ = built
    build_game("mine-shaft", tmp_path, BuildOptions())
    for name in ("shaft-tiles.pdf", "minerals.pdf", "reference-cards.pdf"):
        assert (tmp_path / "mine-shaft" / name).read_bytes() == (folder / name).read_bytes()


def test_gutterfold_build_works(tmp_path):
    manifest = build_game("mine-shaft", tmp_path, BuildOptions(sides="gutterfold", paper="letter"))
    assert {c["id"] for c in manifest["components"]} == set(EXPECTED)
