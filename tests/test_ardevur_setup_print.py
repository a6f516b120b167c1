"""ARDEVUR's checklist carries the setup: read back from checklist.pdf, the numbers a group is
told to lay out (targets per colour, incentives, development cards, money, action decks,
territories, the first auction) are the ones the companion's own starting table has for the
same player count and mode, in our own words."""

import csv
import random
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.ardevur.cards import TIERS, catalog
from companion.ardevur.setup import deal, new_table, start
from companion.core import PlayerSpec
from test_own_words import digest, rulebook_digests, runs
from headframe.cli import main

DEVELOPMENT_CSV = Path(__file__).resolve().parents[1] / "cards_data" / "ardevur" / "development.csv"


def _setup_text(tmp_path, *args) -> str:
    assert main(["build", "ardevur", "--out", str(tmp_path), "--sides", "fronts", *args]) == 0
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "ardevur" / "checklist.pdf").pages)
    assert "Set up" in text, "the checklist has no setup steps"
    text = text[text.index("Set up"):]
    return text


def _table(players: int, mode: str) -> dict:
    cat = catalog()
    d = new_table(cat, [PlayerSpec(f"P{n}") for n in range(players)], f"{mode}+random-corporations", seed=7)
    r = random.Random(7)
    start(cat, d, 0, r)
    before = {"grid": {t: sum(len(p) for p in d["grid"][t]) for t in TIERS}, "incentives": len(d["incentives"]),
              "market": sum(d["market"].values()), "territories": len(d["territory_deck"]),
              "money": d["players"][0]["money"], "actions": {c: len(v) for c, v in d["action_decks"].items()}}
    deal(cat, d, r)
    return {**before, "table": d}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_printed_setup_lays_out_what_the_companion_starts_with(tmp_path, players):
    text = _setup_text(tmp_path, "--players", str(players), "--variant", "standard")
    t = _table(players, "standard")
    assert f"Set up for {players} players" in text
    kept = ", ".join(f"{t['grid'][tier]} {tier}" for tier in TIERS)
    assert f"With {players} players the game uses {kept} targets" in text, text[:400]
    incentives = t["incentives"]
    assert f"{incentives} incentive{'s' if incentives != 1 else ''} and {t['market']} development cards" in text
    assert "This set prints exactly these cards" in text
    assert f"takes {t['money']} M" in text
    per = set(t["actions"].values())
    assert len(per) == 1 and f"by corporation ({per.pop()} each)" in text
    assert f"the {t['territories']} territory cards" in text
    auction = t["table"]["auction"]
    assert f"turn {len(auction['revealed'])} territory cards face up" in text
    assert f"holds {auction['goal']} territories" in text
    assert all(len(p["actions"]) == 1 for p in t["table"]["players"]) and "draws 1 action card" in text
    assert "Fair Play" not in text and "Launched Start" not in text
    theirs = rulebook_digests()
    assert [r for r in runs(text) if digest(r) in theirs] == []


def test_fair_play_and_launched_start_change_the_steps(tmp_path):
    fair = _setup_text(tmp_path / "fair", "--players", "3", "--variant", "fair-play")
    t = _table(3, "fair-play")
    assert all(not p["actions"] for p in t["table"]["players"])
    assert "the action cards stay in the box" in fair and "draws 1 action card" not in fair
    launched = _setup_text(tmp_path / "launched", "--players", "3", "--variant", "launched-start")
    d = _table(3, "launched-start")["table"]
    held = {len(p["territories"]) for p in d["players"]}
    assert held == {4} and "no auction; each player takes 4 territory cards" in launched
    assert "First auction" not in launched


def test_a_build_for_every_player_count_gives_each_counts_numbers(tmp_path):
    text = _setup_text(tmp_path)
    for players in (2, 3, 4):
        t = _table(players, "standard")
        kept = ", ".join(f"{t['grid'][tier]} {tier}" for tier in TIERS)
        assert f"{players} players: {kept} targets" in text
        assert f"and {t['market']} development cards" in text
    assert "keep that many of each at random" in text or "at random from their shuffled decks" in text


def test_the_setup_names_the_development_cards_as_they_are_printed(tmp_path):
    text = _setup_text(tmp_path, "--players", "2", "--variant", "standard")
    cards = " ".join(" ".join(p.extract_text().split())
                     for p in PdfReader(tmp_path / "ardevur" / "development-cards.pdf").pages)
    with DEVELOPMENT_CSV.open(encoding="utf-8", newline="") as f:
        names = [row["name"] for row in csv.DictReader(f)]
    for name in names:
        assert f"1 {name}" in text, f"the setup does not name {name!r} as the card prints it"
        assert name in cards
