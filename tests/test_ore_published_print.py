"""Ore (published edition) print set: every piece the issue's manifest names with its count,
geometry measured from the PDFs, the two-player set, and byte-identical rebuilds."""

import json

import pytest
from pypdf import PdfReader

import pdf_probe
from companion.ore_published.data import catalog
from pdf.build import BuildOptions, build_game
from headframe.cli import main

EXPECTED = {
    "board": ("board", 1), "mine-cards": ("card", 32), "contracts": ("card", 40), "buildings": ("card", 64),
    "money": ("card", 120), "overtime-tiles": ("token", 2), "mine-cage-tokens": ("token", 5),
    "drill-bits": ("token", 5), "private-mine-tokens": ("token", 5), "round-tracker": ("token", 1),
    "first-player-marker": ("token", 1), "resource-tokens": ("token", 130), "workers": ("token", 30),
    "reference-cards": ("card", 5),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("ore-published-build")
    manifest = build_game("ore-published", out, BuildOptions())
    return out / "ore-published", manifest


def text_of(path, pages=None):
    reader = PdfReader(path)
    chosen = reader.pages if pages is None else [reader.pages[i] for i in pages]
    return " ".join(" ".join(page.extract_text() for page in chosen).split())


def test_the_manifest_lists_every_piece_with_its_count(built):
    folder, manifest = built
    listed = {c["id"]: (c["kind"], c["count"]) for c in manifest["components"]}
    # the 64th building, alone on a sheet of its own on A4, prints on the pieces sheet instead
    last = listed.pop("buildings-last", ("card", 0))
    listed["buildings"] = ("card", listed["buildings"][1] + last[1])
    assert listed == EXPECTED
    assert json.loads((folder / "manifest.json").read_text()) == manifest
    for entry in manifest["components"]:
        assert len(PdfReader(folder / entry["file"]).pages) == entry["pages"] > 0, entry["id"]
    assert (folder / "checklist.pdf").exists()


def test_cards_are_poker_size_with_bleed_measured_from_the_pdf(built):
    folder, _ = built
    page = pdf_probe.read(folder / "mine-cards.pdf")[0]
    sizes = sorted((round(b[2] - b[0], 1), round(b[3] - b[1], 1)) for b in page.clips())
    # 63.5 x 88.9 mm trim plus 3 mm bleed on each side (each card's own frame), nine to a
    # sheet butted edge to edge; the other clips are what each card may paint of it
    assert [s for s in sizes if s in ((69.5, 94.9), (94.9, 69.5))] == [(69.5, 94.9)] * 9
    board = pdf_probe.read(folder / "board.pdf")
    assert len(board) == 5  # four tiles of the 420 x 297 mm board and the assembly page


def _file(manifest, component):
    """A component's file, through the manifest: small pieces print on a shared sheet."""
    return next(c["file"] for c in manifest["components"] if c["id"] == component)


def test_printed_cards_carry_the_data_in_our_words(built):
    folder, manifest = built
    mines = text_of(folder / "mine-cards.pdf", [0])
    assert "Lead mine" in mines and "cage side 1" in mines and "sink one space each collection" in mines
    contracts = text_of(folder / "contracts.pdf")
    assert "Contract" in contracts and "$8" in contracts and "$10" in contracts
    assert "c1" not in contracts.split()      # a face shows names and numbers, not the data's ids
    buildings = text_of(folder / "buildings.pdf", [0])
    assert "Slag Heap" in buildings and "$17" in buildings and "sell up to three cubes" in buildings
    money = text_of(folder / "money.pdf")
    assert money.count("$20") >= 40 and "$5" in money
    reference = text_of(folder / _file(manifest, "reference-cards"))
    assert "Tasking" in reference and "Two players" in reference and "most money" in reference


def test_the_two_player_set_leaves_out_copper_and_unmarked_cards(tmp_path, capsys):
    assert main(["build", "ore-published", "--players", "2", "--out", str(tmp_path), "--sides", "fronts"]) == 0
    folder = tmp_path / "ore-published"
    manifest = json.loads((folder / "manifest.json").read_text())
    counts = {c["id"]: c["count"] for c in manifest["components"]}
    cat = catalog()
    assert counts["mine-cards"] == 32 - 6
    assert counts["contracts"] == sum(1 for c in cat.contracts.values() if c.two_player) == 21
    # a last card alone on a sheet goes to the pieces sheet ("buildings-last")
    assert counts["buildings"] + counts.get("buildings-last", 0) == sum(b.qty for b in cat.buildings.values()
                                                                       if b.two_player) == 56
    assert counts["resource-tokens"] == 130 - 25
    assert "overtime-tiles" not in counts
    assert "Copper mine" not in text_of(folder / "mine-cards.pdf")


def test_five_players_get_the_five_player_overtime_tile(tmp_path):
    manifest = build_game("ore-published", tmp_path, BuildOptions(players=5, sides="fronts"))
    text = text_of(tmp_path / "ore-published" / _file(manifest, "overtime-tiles"))
    assert "5 players" in text and "3-4 players" not in text


def test_builds_are_reproducible(built, tmp_path):
    folder, manifest = built
    build_game("ore-published", tmp_path, BuildOptions())
    for name in ("board.pdf", "mine-cards.pdf", "contracts.pdf", "buildings.pdf", _file(manifest, "resource-tokens")):
        assert (tmp_path / "ore-published" / name).read_bytes() == (folder / name).read_bytes(), name


def _colours() -> set[str]:
    from companion.data import load_game

    return {c.capitalize() for c in load_game("ore-published").setup["player_colours"]}


def _labelled(page, below: str) -> list[tuple[str, str, float]]:
    """(colour word, the word under it, x centre) for each token whose label puts a colour name
    above ``below`` ("Cage" or "Private"), read from the page's words."""
    colours = _colours()
    words = page.extract_words()
    found = []
    for w in words:
        if w["text"] not in colours:
            continue
        x = (w["x0"] + w["x1"]) / 2
        under = [u for u in words if u["text"] == below and abs((u["x0"] + u["x1"]) / 2 - x) < 8
                 and 0 < u["top"] - w["top"] < 20]
        if under:
            # the word after it: on its line, or centred on the next one
            after = [n for n in words if abs(n["top"] - under[0]["top"]) < 3 and 0 < n["x0"] - under[0]["x1"] < 8] or \
                [n for n in words if abs(n["top"] - under[0]["top"] - 14) < 3 and abs((n["x0"] + n["x1"]) / 2 - x) < 6]
            found.append((w["text"], after[0]["text"] if after else "", x))
    return found


def test_colour_tokens_name_their_colour_in_words_on_both_sides(built):
    """Mine cage and private mine tokens say whose they are in words, not by colour alone; each
    cage's back (level 2) names the same colour at the mirrored place."""
    import pdfplumber

    colours = _colours()
    path = built[0] / "pieces.pdf"
    with pdfplumber.open(path) as doc:
        pages = doc.pages
        fronts = [(n, t) for n, p in enumerate(pages) for t in _labelled(p, "Cage") if t[1] == "1"]
        assert {t[0] for _, t in fronts} == colours
        for n, (colour, _, x) in fronts:
            back = _labelled(pages[n + 1], "Cage")
            assert any(c == colour and level == "2" and abs(bx - (pages[n + 1].width - x)) < 2
                       for c, level, bx in back), (colour, back)
        private = [t[0] for p in pages for t in _labelled(p, "Private")]
        assert sorted(private) == sorted(colours)
