"""Ore's checklist carries the setup: read back from checklist.pdf, the numbers a group is told
to lay out (assets and contracts kept, mines per kind, the contract-race stacks) are the ones
the companion's own table starts with for the same player count and variant, in our own words."""

import re

import pytest
from pypdf import PdfReader

from companion.core import PlayerSpec
from companion.data import load_game
from companion.ore.data import RESOURCES, load as catalog
from companion.ore.setup import new_table
from companion.ore.state.codec import to_json
from test_own_words import digest, rulebook_digests, runs
from headframe.cli import main

CASES = [(3, "standard"), (4, "standard"), (5, "standard"), (4, "short"), (3, "long"), (5, "contract-race")]


def _setup_text(tmp_path, *args) -> str:
    assert main(["build", "ore", "--out", str(tmp_path), "--sides", "fronts", *args]) == 0
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "ore" / "checklist.pdf").pages)
    assert "Set up" in text, "the checklist has no setup steps"
    return text[text.index("Set up"):]


def _table(players: int, variant: str) -> dict:
    return to_json(new_table(catalog(), [PlayerSpec(f"P{n}") for n in range(players)], variant, seed=7))


@pytest.mark.parametrize("players,variant", CASES)
def test_the_printed_setup_lays_out_what_the_companion_starts_with(tmp_path, players, variant):
    text = _setup_text(tmp_path, "--players", str(players), "--variant", variant)
    game = load_game("ore")
    t = _table(players, variant)
    assert f"Set up for {players} players" in text
    assert f"starts with ${t['players'][0]['money']} and {game.setup['starting_miners']} miners" in text
    row = len([c for c in t["rows"]["assets"] if c])
    assert f"Lay {row} assets and {row} initiatives face up" in text
    assets = row + len(t["draw"]["assets"])
    initiatives = len([c for c in t["rows"]["initiatives"] if c]) + len(t["draw"]["initiatives"])
    if variant == "long":
        assert f"use all {assets} assets and all {initiatives} initiatives" in text
    else:
        assert re.search(rf"keep {assets}\b", text), (assets, text)
    assert f"{initiatives} initiatives" in text
    # every mine of the deck in play: the face-up card plus its draw pile, per kind
    in_play = {res: 1 + len(t["piles"][res]["draw"]) for res in RESOURCES}
    if variant == "short":
        assert "keep only " + ", ".join(f"{in_play[r]} {r}" for r in RESOURCES) + " mines" in text
    elif variant == "long":
        assert "both mine decks" in text
    else:
        deck = game.setup["by_players"][str(players)]["mines"]
        assert f"Take the {'3-player' if deck == '3p' else '4-5-player'} mine deck" in text
    contracts = len([c for c in t["rows"]["contracts"] if c]) + len(t["draw"]["contracts"])
    if variant == "contract-race":
        stack = len(t["players"][0]["race"])
        assert contracts == 0 and f"stack of {stack} contracts" in text and "no contract row" in text
        assert "shuffle the dealt contracts back in" in text
    elif variant == "long":
        assert "shuffle the dealt contracts back in" in text and "Lay 5 face up as the contract row" in text
    else:
        assert re.search(rf"keep {contracts}\b", text) and "contract discard pile" in text
    assert "starting player token" in text
    theirs = rulebook_digests()
    assert [r for r in runs(text) if digest(r) in theirs] == []


def test_a_build_for_every_player_count_gives_each_counts_numbers(tmp_path):
    text = _setup_text(tmp_path)
    for players in (3, 4, 5):
        t = _table(players, "standard")
        assets = len([c for c in t["rows"]["assets"] if c]) + len(t["draw"]["assets"])
        contracts = len([c for c in t["rows"]["contracts"] if c]) + len(t["draw"]["contracts"])
        assert f"{assets} with {players}" in text and f"{contracts} with {players}" in text
    assert "3-player deck: 3 players; 4-5-player deck: 4 or 5 players" in text
