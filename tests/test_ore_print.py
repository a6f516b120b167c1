"""Ore's data and print set: the counts the rulebook gives, the example cards NOTES.md names,
and a full build whose PDFs open and whose manifest lists every piece."""

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.data import load_game
from companion.errors import DataError
from companion.ore.data import build_catalog, load as catalog
from pdf.build import BuildOptions, build_game

EXPECTED = {
    "mines-3p": ("card", 42), "mines-4-5p": ("card", 42), "assets": ("card", 60), "initiatives": ("card", 22),
    "contracts": ("card", 45), "acquisition-card": ("board", 1), "reference-cards": ("card", 5),
    "mine-cages": ("token", 5), "strike-tokens": ("token", 10), "private-tokens": ("token", 8),
    "futures-tokens": ("token", 5), "collab-drill-tokens": ("token", 8), "starting-player": ("token", 1),
    "money": ("token", 100), "barrels": ("token", 105), "miners": ("token", 25),
}


def test_card_counts_match_the_rulebook():
    cat = catalog()
    for deck in ("3p", "4-5p"):
        kinds = [m.res for m in cat.mines.values() if m.deck == deck]
        assert {r: kinds.count(r) for r in set(kinds)} == {"gold": 6, "oil": 8, "iron": 8, "copper": 10, "coal": 10}
    assert sum(a.qty for a in cat.assets.values()) == 60
    assert sum(a.qty for a in cat.assets.values() if a.light) == 20
    assert sum(i.qty for i in cat.initiatives.values()) == 22
    assert sum(i.qty for i in cat.initiatives.values() if i.light) == 8
    assert sorted(cat.contracts) == list(range(1, 46))
    names = {i.name for i in cat.initiatives.values()}
    assert names == {"Collaborative Ops", "Drill Bit", "Expanded Ops", "Futures Exchange", "Mine Cage",
                     "Private Market", "Private Mine"}


def test_the_cards_the_rulebook_shows():
    cat = catalog()
    iron = cat.mines["3p-iron-1"]
    assert (iron.price, iron.spaces, iron.levels) == (3, (1, 3, 2, 3, 5), (1, 1, 2, 2, 3))
    assert [(r.boxes, r.pay) for r in cat.contracts[1].rows] == [((("coal", "oil"),), 6), ((("coal", "oil"),), 8)]
    assert cat.contracts[9].rows[0].boxes == (("gold",),) and cat.contracts[9].rows[0].pay == 15
    assert [r.pay for r in cat.contracts[20].rows] == [7, 12, 15, 20]
    assert cat.contracts[20].rows[1].boxes == (("copper",), ("iron",))
    assert cat.assets["gold-smelter"].vp == 3 and cat.assets["titan-of-industry"].vp == 0
    every_contract_rises = all(a.pay < b.pay for c in cat.contracts.values() for a, b in zip(c.rows, c.rows[1:]))
    assert every_contract_rises


def test_a_bad_cell_is_reported_with_file_line_and_column(tmp_path):
    import shutil
    shutil.copytree(Path(load_game("ore").root), tmp_path / "ore")
    path = tmp_path / "ore" / "contracts.csv"
    lines = path.read_text().splitlines()
    lines[3] = lines[3].replace("=", "~", 1)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(DataError) as err:
        build_catalog(load_game("ore", tmp_path / "ore"))
    assert str(err.value).startswith(f"{path}:4: rows: ")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("ore-build")
    manifest = build_game("ore", out, BuildOptions())
    return out / "ore", manifest


def test_build_manifest_lists_every_piece(built):
    folder, manifest = built
    found = {c["id"]: (c["kind"], c["count"]) for c in manifest["components"]}
    assert found == EXPECTED
    assert json.loads((folder / "manifest.json").read_text()) == manifest


def test_every_pdf_opens_with_the_expected_pages(built):
    folder, manifest = built
    for entry in manifest["components"]:
        reader = PdfReader(folder / entry["file"])
        assert len(reader.pages) == entry["pages"] > 0, entry["id"]
    # 42 poker cards butted 9 a page, fronts and backs: 5 sheets of 2 pages.
    assert {c["id"]: c["pages"] for c in manifest["components"]}["mines-3p"] == 10
    assert len(PdfReader(folder / "checklist.pdf").pages) >= 1


def test_printed_cards_carry_the_data(built):
    folder, _ = built
    mines = PdfReader(folder / "mines-3p.pdf").pages[0].extract_text()
    assert "Market price" in mines and "Gold" in mines
    contracts = PdfReader(folder / "contracts.pdf").pages[0].extract_text()
    assert "Contract #1" in contracts and "$6" in contracts and "$8" in contracts
    from print_sets import file_of

    reference_back = PdfReader(file_of(folder, "reference-cards")).pages[1].extract_text()
    assert "Scoring" in reference_back and "Setup" in reference_back


def test_builds_are_reproducible(built, tmp_path):
    folder, _ = built
    build_game("ore", tmp_path, BuildOptions())
    for name in ("mines-4-5p.pdf", "contracts.pdf", "assets.pdf", "one-sided-pieces.pdf"):
        assert (tmp_path / "ore" / name).read_bytes() == (folder / name).read_bytes(), name
