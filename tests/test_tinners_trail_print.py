"""The Tinners' Trail print set: manifest ids, counts and kinds, and every PDF opens."""

import json

import pytest
from pypdf import PdfReader

from pdf.build import BuildOptions, build_game

EXPECTED = {
    "main-board": ("board", 1), "development-boards": ("board", 4), "area-tiles": ("tile", 32),
    "main-board-assembly": ("card", 1),   # how the board's tiles go together, on the tokens sheet
    "area-setup-cards": ("card", 28), "survey-cards": ("card", 45), "kickstarter-survey-cards": ("card", 6),
    "kickstarter-area-tiles": ("tile", 8), "price-dice": ("die", 3), "arsenic-market-board": ("board", 1),
    "emigration-board": ("board", 1), "reference-cards": ("card", 5), "emigration-tokens": ("token", 8),
    "drainage-tokens": ("token", 24), "peek-tokens": ("token", 10), "hundred-pound-tokens": ("token", 10),
    "extra-score-tokens": ("token", 10), "calciners": ("token", 5), "work-track-limiters": ("token", 5),
    "mines": ("token", 30), "own-miners": ("token", 20), "development-pieces": ("token", 46),
    "cube-substitutes": ("token", 104), "arsenic-cube-substitutes": ("token", 16), "map-setup-cards": ("card", 4),
    "player-markers": ("token", 15), "auction-marker": ("token", 1), "round-marker": ("token", 1),
    "lord-wallace-cards": ("card", 10), "lord-wallace-reference": ("card", 1),
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
