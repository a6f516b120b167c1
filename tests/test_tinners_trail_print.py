"""The Tinners' Trail print set: manifest ids, counts and kinds, and every PDF opens."""

import json

import pytest
from pypdf import PdfReader

from pdf.build import BuildOptions, build_game

EXPECTED = {
    "main-board": ("board", 1), "development-boards": ("board", 4), "area-tiles": ("tile", 32),
    "area-setup-cards": ("card", 28), "survey-cards": ("card", 45), "kickstarter-survey-cards": ("card", 6),
    "kickstarter-area-tiles": ("tile", 8), "price-dice": ("die", 3), "arsenic-market-board": ("board", 1),
    "emigration-board": ("board", 1), "reference-cards": ("card", 5), "emigration-tokens": ("token", 8),
    "drainage-tokens": ("token", 24), "peek-tokens": ("token", 10), "hundred-pound-tokens": ("token", 10),
    "extra-score-tokens": ("token", 10), "calciners": ("token", 5), "work-track-limiters": ("token", 5),
    "mines": ("token", 30), "own-miners": ("token", 20), "development-pieces": ("token", 46),
    "cube-substitutes": ("token", 120),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("print")
    manifest = build_game("tinners-trail", out, BuildOptions(companion_url="http://192.168.1.5:8000/t/abc"))
    return out / "tinners-trail", manifest


def test_manifest_lists_every_piece_with_its_count_and_kind(built):
    folder, manifest = built
    found = {c["id"]: (c["kind"], c["count"]) for c in manifest["components"]}
    assert found == EXPECTED
    assert json.loads((folder / "manifest.json").read_text()) == manifest
    # 46 development pieces, as in the box.
    assert found["development-pieces"][1] == 46


def test_every_pdf_opens_with_the_pages_the_manifest_names(built):
    folder, manifest = built
    for component in manifest["components"]:
        reader = PdfReader(folder / component["file"])
        assert len(reader.pages) == component["pages"] > 0, component["id"]
    assert len(PdfReader(folder / "checklist.pdf").pages) >= 1


def test_reference_cards_are_two_sided_and_in_our_words(built):
    folder, manifest = built
    entry = next(c for c in manifest["components"] if c["id"] == "reference-cards")
    reader = PdfReader(folder / entry["file"])
    assert len(reader.pages) % 2 == 0  # a backs page for every fronts page
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Opening bid: at least £1, plus £1 for every player who has" in text
    assert "Survey cards, 2 players" in text and "End of the game" in text
    assert "Table companion" in text  # the QR code's caption on the front


def test_main_board_prints_the_investment_example_rate(built):
    folder, _ = built
    text = " ".join(page.extract_text() for page in PdfReader(folder / "main-board.pdf").pages)
    assert "22/10" in text and "Work track" in text


def test_area_tiles_are_square_and_fit_the_map_areas():
    from companion.data import load_game
    from companion.tinners_trail.rules import load_rules
    from pdf.games.tinners_trail import ROW_H, TRACK, _area_boxes
    game = load_game("tinners-trail")
    for deck_id in ("area-tiles", "kickstarter-area-tiles"):
        deck = game.decks[deck_id]
        width, height = deck.size_mm
        assert deck.shape == "rect" and width == height, deck_id
        assert "hex" not in {b.kind for b in game.layouts[deck.layout].boxes}, deck_id
    rows = {aid: a["row"] for aid, a in game.tables["map"]["areas"].items()}
    map_width = game.components["main-board"].size_mm[0] - 2 * TRACK - 10  # as main_board lays it out
    boxes = _area_boxes(load_rules(str(game.root)), rows, 0.0, 0.0, map_width)
    tile = game.decks["area-tiles"].size_mm[0]
    # the tile's space sits between the area's label (8 mm) and its name (at least 4 mm)
    assert all(tile <= w - 2 for _, _, w, _ in boxes.values()) and tile <= ROW_H - 12
