"""ARDEVUR's print set: every manifest id, the card-count table under --players, card sizes
measured from the PDF, the data on the cards, the QR code, and byte-identical rebuilds."""

import json

import pytest
from pypdf import PdfReader

import pdf_probe
from companion.ardevur.data import catalog
from pdf.build import BuildOptions, build_game
from headframe.cli import main

FULL = {"map-board": 1, "dashboards": 4, "character-guides": 4, "territory-cards": 24, "development-cards": 18,
        "target-cards": 40, "incentive-cards": 6, "action-cards": 64, "target-grid": 2, "money": 96,
        "resource-tokens": 40, "structures": 56, "dice": 1, "score-sheet": 1, "reference-cards": 4}


def merged(components) -> dict[str, int]:
    """Count per component, a deck's last lonely cards ("<id>-last", printed on a shared
    sheet) counted with their deck."""
    counts: dict[str, int] = {}
    for c in components:
        key = c["id"].removesuffix("-last")
        counts[key] = counts.get(key, 0) + c["count"]
    return counts


def text_of(path, pages=None):
    reader = PdfReader(path)
    return "\n".join(reader.pages[i].extract_text() for i in (pages if pages is not None else range(len(reader.pages))))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("ardevur-build")
    manifest = build_game("ardevur", out, BuildOptions())
    return out / "ardevur", manifest


def test_manifest_lists_every_piece_and_every_pdf_opens(built):
    folder, manifest = built
    assert merged(manifest["components"]) == FULL
    # 64 action cards nine to an A4 sheet would leave one alone: it prints on the tokens sheet
    assert {c["id"]: c["file"] for c in manifest["components"]}["action-cards-last"] == "tokens.pdf"
    assert json.loads((folder / "manifest.json").read_text()) == manifest
    for entry in manifest["components"]:
        assert len(PdfReader(folder / entry["file"]).pages) == entry["pages"] > 0, entry["id"]
    assert (folder / "checklist.pdf").exists()


def test_cards_are_poker_size_with_bleed_measured_from_the_pdf(built):
    folder, _ = built
    page = pdf_probe.read(folder / "territory-cards.pdf")[0]
    sizes = sorted((round(b[2] - b[0], 1), round(b[3] - b[1], 1)) for b in page.clips())
    # 63.5 x 88.9 mm trim plus 3 mm bleed on each side (each card's own frame), nine to a sheet;
    # the other clips are what each card may paint of it
    assert [s for s in sizes if s in ((69.5, 94.9), (94.9, 69.5))] == [(69.5, 94.9)] * 9
    assert len(pdf_probe.read(folder / "map-board.pdf")) == 5  # four tiles and the assembly page


def test_printed_cards_carry_the_data(built):
    folder, _ = built
    cat = catalog()
    territories = text_of(folder / "territory-cards.pdf")
    assert "Atlas Range" in territories and "24M" in territories and "water (4M)" in territories
    targets = text_of(folder / "target-cards.pdf")
    assert all(t.name in targets for t in cat.targets.values())
    actions = text_of(folder / "action-cards.pdf")
    assert "Joint Venture" in actions and "until they roll a 2" in actions
    guides = text_of(folder / "character-guides.pdf")
    assert "Workforce" in guides and "Most money" in guides
    assert "Katanga Arc" in text_of(folder / "map-board.pdf")
    money = text_of(folder / "money.pdf")
    assert money.count("64M") == 8 and money.count("2M") >= 20


@pytest.mark.parametrize("players,dev", [(2, 11), (3, 15), (4, 18)])
def test_players_prints_the_card_count_table(tmp_path, players, dev):
    """The development cards of the card-count table; every target and incentive, since the
    setup removes the extra ones at random, unseen (a fixed selection is a data option)."""
    assert main(["build", "ardevur", "--players", str(players), "--out", str(tmp_path), "--sides", "fronts"]) == 0
    manifest = json.loads((tmp_path / "ardevur" / "manifest.json").read_text())
    counts = merged(manifest["components"])
    assert (counts["development-cards"], counts["target-cards"], counts["incentive-cards"]) == (dev, 40, 6)
    assert counts["action-cards"] == 64 and counts["territory-cards"] == 24


def test_the_companion_deals_only_printed_targets(tmp_path):
    """The companion draws the targets kept at random from the table's seed, so a group playing
    with phones prints the whole deck; every card any seed can put on the grid is in it."""
    from companion import find_game
    from companion.core import PlayerSpec

    GAME = find_game("ardevur")

    build_game("ardevur", tmp_path, BuildOptions(sides="fronts"))
    printed = text_of(tmp_path / "ardevur" / "target-cards.pdf")
    for seed in (4, 5, 6):
        state = GAME.apply(GAME.setup([PlayerSpec("A"), PlayerSpec("B")], "standard", seed), {"type": "start", "seat": 0})
        in_play = [t for piles in GAME.to_json(state)["grid"].values() for p in piles for t in p]
        assert len(in_play) == 12 and all(GAME.data.targets[t].name in printed for t in in_play)


def test_companion_url_puts_a_qr_code_on_the_reference_cards(tmp_path):
    manifest = build_game("ardevur", tmp_path, BuildOptions(companion_url="http://192.168.1.5:8000/", sides="fronts"))
    assert "companion-card" not in {c["id"] for c in manifest["components"]}
    assert "192.168.1.5:8000" in text_of(tmp_path / "ardevur" / "reference-cards.pdf")


def test_builds_are_reproducible(built, tmp_path):
    folder, manifest = built
    build_game("ardevur", tmp_path, BuildOptions())
    structures = next(c["file"] for c in manifest["components"] if c["id"] == "structures")  # a shared sheet
    for name in ("map-board.pdf", "territory-cards.pdf", "action-cards.pdf", structures, "money.pdf"):
        assert (tmp_path / "ardevur" / name).read_bytes() == (folder / name).read_bytes(), name
