"""Ore (published)'s checklist carries the setup: read back from checklist.pdf, the contract row,
overtime, money, workers and kinds of ore a group is told to lay out are the ones the companion's
table starts with for the same player count, in our own words."""

import pytest
from pypdf import PdfReader

from companion.ore_published.data import build_catalog
from companion.ore_published.setup import new_table
from companion.ore_published.state import to_json
from companion.data import load_game
from test_own_words import digest, rulebook_digests, runs
from headframe.cli import main


def _setup_text(tmp_path, *args) -> str:
    assert main(["build", "ore-published", "--out", str(tmp_path), "--sides", "fronts", *args]) == 0
    pdf = tmp_path / "ore-published" / "checklist.pdf"
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(pdf).pages)
    assert "Set up" in text, "the checklist has no setup steps"
    return text[text.index("Set up"):]


def _table(players: int) -> dict:
    return to_json(new_table(build_catalog(load_game("ore-published")), [f"P{n}" for n in range(players)], seed=3))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_printed_setup_lays_out_what_the_companion_starts_with(tmp_path, players):
    text = _setup_text(tmp_path, "--players", str(players))
    game = load_game("ore-published")
    t = _table(players)
    assert f"Set up for {players} players" in text
    assert f"deal {len(t['row'])} face up" in text
    spaces = len(t["overtime"])
    assert (f"the tile with {spaces} space" in text) if spaces else ("overtime: no overtime tile" in text)
    kinds = ", ".join(game.resources[r].name.lower() for r in t["mines"])
    assert f"one deck per kind ({kinds})" in text
    first, second = t["players"][0]["money"], t["players"][1]["money"]
    assert f"money ${first} for the first player and ${second - first} more for each seat after" in text
    assert f"{t['players'][0]['workers']} workers to place" in text
    two = "Copper's mine cards and cubes stay in the box" in text and "Use only the contracts and buildings marked 2" in text
    assert two == (players == 2)
    theirs = rulebook_digests()
    assert [r for r in runs(text) if digest(r) in theirs] == []


def test_a_build_for_any_count_gives_each_counts_row_and_overtime(tmp_path):
    text = _setup_text(tmp_path)
    rows = {n: len(_table(n)["row"]) for n in (2, 3, 4, 5)}
    assert f"deal {rows[2]} with 2, {rows[3]} with 3–4, {rows[5]} with 5 players" in text and rows[3] == rows[4]
    assert "With 2 players copper's mine cards and cubes stay in the box" in text
