"""ARDEVUR's checklist carries the setup: read back from checklist.pdf, the numbers a group is
told to lay out (targets per colour, incentives, development cards, money, action decks,
territories, the first auction) are the ones the companion's own starting table has for the
same player count and mode, in our own words, and the steps follow the rulebook's order: the
targets and incentives kept are drawn at random from every printed card, the incentives go to
the market's Incentives place, the development deck lies face down in the centre of the map
(cut by another player) until the beginning stage deals from it, and only then does the rest
go to the market by type."""

import csv
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion import find_game
from companion.ardevur.data import TIERS
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
    game = find_game("ardevur")
    s = game.setup([PlayerSpec(f"P{n}") for n in range(players)], f"{mode}+random-corporations", seed=7)
    s = game.apply(s, {"type": "start", "seat": 0})
    d = game.to_json(s)
    before = {"grid": {t: sum(len(p) for p in d["grid"][t]) for t in TIERS}, "incentives": len(d["incentives"]),
              "market": sum(d["market"].values()), "territories": len(d["territory_deck"]),
              "money": d["players"][0]["money"], "actions": {c: len(v) for c, v in d["action_decks"].items()}}
    s = game.apply(s, {"type": "deal", "seat": d["first"]})
    return {**before, "table": game.to_json(s)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_printed_setup_lays_out_what_the_companion_starts_with(tmp_path, players):
    text = _setup_text(tmp_path, "--players", str(players), "--variant", "standard")
    t = _table(players, "standard")
    assert f"Set up for {players} players" in text
    kept = ", ".join(f"{t['grid'][tier]} {tier}" for tier in TIERS)
    assert f"With {players} players the game uses {kept} targets" in text, text[:400]
    incentives = t["incentives"]
    assert f"{incentives} incentive{'s' if incentives != 1 else ''} and {t['market']} development cards" in text
    assert "This set prints exactly these development cards" in text
    # every target and incentive is printed, and the companion keeps the same numbers at random
    entries = {c["id"]: c["count"] for c in json.loads((tmp_path / "ardevur" / "manifest.json").read_text())["components"]}
    assert entries["target-cards"] == 40 and entries["incentive-cards"] == 6
    assert (f"keep the top {t['grid']['bronze']} bronze, {t['grid']['silver']} silver and {t['grid']['gold']} gold"
            in text)
    assert f"shuffle the incentives and keep the top {incentives} card" in text and "back in the box unseen" in text
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


def _steps(text: str) -> list[str]:
    """The numbered steps, found in order (a number inside a step is not the next step's)."""
    steps, at, n = [], text.index(" 1. "), 1
    while at >= 0:
        nxt = text.find(f" {n + 1}. ", at + 1)
        steps.append(text[at + len(f" {n}. "):nxt if nxt >= 0 else len(text)])
        at, n = nxt, n + 1
    return steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_steps_follow_the_rulebook_and_the_companion_deals_from_the_same_deck(tmp_path, players):
    text = _setup_text(tmp_path, "--players", str(players), "--variant", "standard")
    steps = _steps(text)
    where = {name: next(i for i, s in enumerate(steps) if words in s) for name, words in {
        "grid": "target grid", "incentives": "market's Incentives place", "centre": "centre of the map for",
        "territories": "territory cards, shuffled face down", "money": "takes 32 M", "deal": "deal 2 development",
        "rest": "rest of the deck then goes to the market organiser, one group per type",
        "auction": "First auction"}.items()}
    assert where["grid"] < where["incentives"] < where["centre"] == where["territories"] < where["money"] \
        < where["deal"] == where["rest"] < where["auction"]
    assert "incentives" not in steps[where["centre"]]     # the incentives are not laid on the map
    t = _table(players, "standard")
    d = t["table"]
    dealt = [len(p["dev"]) for p in d["players"]]
    assert all(n <= 2 for n in dealt) and sum(dealt) + sum(d["market"].values()) == t["market"]
    assert f"deal 2 development cards to each player" in steps[where["deal"]]
    assert len(d["incentives"]) == t["incentives"]


def test_the_market_organiser_has_the_incentives_place_the_setup_names(tmp_path):
    text = _setup_text(tmp_path, "--players", "3", "--variant", "standard")
    organiser = " ".join(" ".join(p.extract_text().split())
                         for p in PdfReader(tmp_path / "ardevur" / "target-grid.pdf").pages)
    assert "Incentives" in organiser and "Discard" in organiser and "Territory deck" in organiser
    assert "market's Incentives place" in text and "Territory deck place" in text


def test_a_fixed_selection_prints_only_the_cards_kept(tmp_path):
    data = tmp_path / "data"
    assert main(["data", "export", "ardevur", str(data)]) == 0
    toml = data / "ardevur" / "game.toml"
    text = toml.read_text(encoding="utf-8")
    for comp in ("target-cards", "incentive-cards"):
        head = f"[components.{comp}]\n"
        text = text.replace(head, head + 'options = { selection = "fixed" }\n')
    toml.write_text(text, encoding="utf-8")
    setup = _setup_text(tmp_path / "out", "--players", "2", "--variant", "standard", "--data", str(data / "ardevur"))
    entries = {c["id"]: c["count"] for c in
               json.loads((tmp_path / "out" / "ardevur" / "manifest.json").read_text())["components"]}
    assert entries["target-cards"] == 12 and entries["incentive-cards"] == 1
    assert "This set prints only the targets and incentives kept" in setup


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
    assert "put all but that many back in the box unseen" in text


def test_the_setup_names_the_development_cards_as_they_are_printed(tmp_path):
    text = _setup_text(tmp_path, "--players", "2", "--variant", "standard")
    cards = " ".join(" ".join(p.extract_text().split())
                     for p in PdfReader(tmp_path / "ardevur" / "development-cards.pdf").pages)
    with DEVELOPMENT_CSV.open(encoding="utf-8", newline="") as f:
        names = [row["name"] for row in csv.DictReader(f)]
    for name in names:
        assert f"1 {name}" in text, f"the setup does not name {name!r} as the card prints it"
        assert name in cards
