"""``--players`` and ``--variant`` decide what a Tinners' Trail print set holds: read back from
manifest.json, the checklist and the PDFs."""

import json

import pytest
from pypdf import PdfReader

from pdf.build import BuildOptions, build_game


def _build(tmp_path_factory, **options):
    out = tmp_path_factory.mktemp("set")
    build_game("tinners-trail", out, BuildOptions(**options))
    folder = out / "tinners-trail"
    manifest = json.loads((folder / "manifest.json").read_text())
    counts = {c["id"]: c["count"] for c in manifest["components"]}
    return folder, manifest, counts


def _file(folder, component):
    """The file a component prints into (small pieces share one), as the manifest says."""
    listed = json.loads((folder / "manifest.json").read_text())["components"]
    return folder / next(c["file"] for c in listed if c["id"] == component)


def _text(path):
    return " ".join(page.extract_text() for page in PdfReader(path).pages)


@pytest.fixture(scope="module")
def three_base(tmp_path_factory):
    return _build(tmp_path_factory, players=3, variant="base")


def test_three_player_base_set_prints_only_what_three_need(three_base):
    folder, manifest, counts = three_base
    assert (manifest["players"], manifest["variant"]) == (3, "base")
    for left_out in ("arsenic-market-board", "calciners", "work-track-limiters", "arsenic-cube-substitutes",
                     "emigration-board", "emigration-tokens", "own-miners", "kickstarter-area-tiles",
                     "kickstarter-survey-cards"):
        assert left_out not in counts
        assert not (folder / f"{left_out}.pdf").exists()
    assert counts["development-boards"] == 1 and counts["map-setup-cards"] == 1
    assert counts["player-markers"] == 9 and counts["peek-tokens"] == 6 and counts["extra-score-tokens"] == 6
    assert counts["mines"] == 15                       # 5 mines each with 3 players
    assert counts["area-tiles"] == 24                  # region D stays in the box
    assert counts["area-setup-cards"] == 21
    assert counts["survey-cards"] == 35                # regions A-C and the wild deck
    assert "Developments — 3 players" in _text(_file(folder, "development-boards"))
    assert "Map card — 3 players" in _text(_file(folder, "map-setup-cards"))
    assert "Region D" not in _text(folder / "area-setup-cards.pdf")


def test_the_checklist_says_what_the_set_was_built_for(three_base):
    folder, _, _ = three_base
    text = " ".join(_text(folder / "checklist.pdf").split())
    assert "Built for 3 players, variant base" in text
    assert "Arsenic cubes" not in text
    assert "3 × Blank six-sided dice" in text and "Three blank" not in text
    # a board that fits one page is cut like a card; only the main board is trimmed and joined
    assert text.count("trim and join") == 1
    development = text[text.index("by-player-count.pdf"):]
    development = development[:development.index("\u2610") if "\u2610" in development else None]
    assert "Development board" in development and "cut along the crop marks" in development
    assert "trim and join the tiles as the assembly diagram shows" in text


def test_a_solo_set_prints_two_colours_and_the_one_to_two_player_pieces(tmp_path_factory):
    folder, _, counts = _build(tmp_path_factory, players=1)
    assert counts["player-markers"] == 6               # the player and Lord Wallace
    assert counts["mines"] == 12
    assert counts["survey-cards"] == 30                # no wild deck with 1-2 players
    assert "kickstarter-survey-cards" not in counts    # they stand in for the wild deck
    assert "Developments — 1–2 players" in _text(_file(folder, "development-boards"))


def test_five_players_with_everything(tmp_path_factory):
    folder, manifest, counts = _build(tmp_path_factory, players=5, variant="all")
    assert manifest["variant"] == "all"
    assert counts["mines"] == 20 and counts["player-markers"] == 15
    assert counts["calciners"] == 5 and counts["own-miners"] == 20 and counts["kickstarter-survey-cards"] == 6
    assert counts["area-tiles"] == 32 and counts["kickstarter-area-tiles"] == 8
    assert "Arsenic cubes" in _text(folder / "checklist.pdf")


def test_a_bad_players_cell_is_refused_with_file_line_and_column(tmp_path):
    import re
    import shutil

    from companion.data import load_game
    from companion.errors import DataError

    folder = tmp_path / "tinners-trail"
    shutil.copytree(load_game("tinners-trail").root, folder)
    csv = folder / "area_tiles.csv"
    lines = csv.read_text().splitlines()
    lines[25] = lines[25].rsplit(",", 1)[0] + ",five"
    csv.write_text("\n".join(lines) + "\n")
    with pytest.raises(DataError) as caught:
        load_game("tinners-trail", folder)
    assert re.search(r"area_tiles\.csv:26: players: expected player counts such as 4-5 or 3, got 'five'",
                     str(caught.value))
