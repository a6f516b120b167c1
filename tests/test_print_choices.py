"""``--players`` and ``--variant`` decide what Ore and Mine Shaft print, read back from the
manifest.json and checklist the build writes."""

import csv
import json

import pytest
from pypdf import PdfReader

from companion.data import load_game
from headframe.cli import main


def _built(tmp_path, game, *args):
    assert main(["build", game, "--out", str(tmp_path), *args]) == 0
    manifest = json.loads((tmp_path / game / "manifest.json").read_text(encoding="utf-8"))
    checklist = " ".join(p.extract_text() for p in PdfReader(tmp_path / game / "checklist.pdf").pages)
    return {c["id"]: c["count"] for c in manifest["components"]}, manifest, " ".join(checklist.split())


def _tiles():
    data = load_game("mine-shaft")
    with open(data.root / "tiles.csv", encoding="utf-8") as fh:
        return [row for row in csv.DictReader(fh) for _ in range(int(row["qty"]))]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mine_shaft_prints_the_tiles_and_pieces_a_player_count_needs(tmp_path, players):
    counts, manifest, checklist = _built(tmp_path, "mine-shaft", "--players", str(players))
    marks = {2: {"all"}, 3: {"all", "3-4"}, 4: {"all", "3-4", "4"}}[players]
    assert counts["shaft-tiles"] == sum(1 for t in _tiles() if t["players"] in marks)
    assert counts["player-pieces"] == players and counts["reference-cards"] == players
    assert counts["minerals"] == 100 and counts["dice"] == 2 and counts["start-tile"] == 1
    assert manifest["players"] == players
    assert f"{players} players" in checklist and f"{counts['shaft-tiles']} × Mine shaft tiles" in checklist


def test_mine_shaft_basic_leaves_the_advanced_tiles_out(tmp_path):
    counts, manifest, checklist = _built(tmp_path, "mine-shaft", "--variant", "basic")
    assert counts["shaft-tiles"] == sum(1 for t in _tiles() if not t["icon"]) < len(_tiles())
    assert manifest["variant"] == "basic" and "variant basic" in checklist


def test_ore_prints_the_mine_deck_miners_and_cards_of_its_player_count(tmp_path):
    counts, manifest, _ = _built(tmp_path, "ore", "--players", "3")
    assert "mines-3p" in counts and "mines-4-5p" not in counts
    assert counts["miners"] == 3 * 4 + 5          # four per player and the five contracted miners
    assert counts["reference-cards"] == 3
    counts5, _, _ = _built(tmp_path / "five", "ore", "--players", "5")
    assert "mines-4-5p" in counts5 and "mines-3p" not in counts5 and counts5["miners"] == 25
