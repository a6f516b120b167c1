"""Everything the Tinners' Trail rulebook names is printed or on the checklist's gather list,
and nothing else is (checked from manifest.json and checklist.pdf)."""

import json

import pytest
from pypdf import PdfReader

from companion.data import load_game
from pdf.build import build_game
from print_checks import rulebook_cross_check, rulebook_text

# the rulebook's words for its components -> the printed pieces or gather lines providing them
NAMED = {
    "main board": ("main-board",),
    "dice": ("price-dice", "price-dice-blanks"),
    "auction marker": ("auction-marker",),
    "development board": ("development-boards",),
    "ports": ("development-pieces",), "trains": ("development-pieces",), "adits": ("development-pieces",),
    "steam pumps": ("development-pieces",), "miners": ("development-pieces",),
    "tin cubes": ("tin-cubes", "cube-substitutes"), "copper cubes": ("copper-cubes", "cube-substitutes"),
    "water cubes": ("water-cubes", "cube-substitutes"),
    "drainage tokens": ("drainage-tokens",),
    "£100 token": ("hundred-pound-tokens",),
    "score marker": ("player-markers",), "money marker": ("player-markers",),
    "work marker disc": ("player-markers",),
    "build a mine": ("mines",),
    "area tiles": ("area-tiles",),
    "map card": ("map-setup-cards",),
    "area setup cards": ("area-setup-cards",),
    "survey cards": ("survey-cards",),
    "extra score token": ("extra-score-tokens",),
    "peek token": ("peek-tokens",),
    "reference card": ("reference-cards",),
    "calciner": ("calciners",),
    "work track limiter marker": ("work-track-limiters",),
    "arsenic cubes": ("arsenic-cubes", "arsenic-cube-substitutes"),
    "market board": ("arsenic-market-board",),
    "emigration board": ("emigration-board",),
    "emigration tokens": ("emigration-tokens",),
    "4 miners in their player colour": ("own-miners",),
    "Kickstarter pack Survey cards": ("kickstarter-survey-cards",),
    "Kickstarter pack area tiles": ("kickstarter-area-tiles",),
    "action card": ("lord-wallace*",),
}
RULEBOOK = "002_748654fbda3834ce.txt"
OPTIONAL = {"action card"}  # Lord Wallace's cards come with the solo rules' own print pieces
EXTRAS = {"round-marker": "keeps the round on the investment panel; the rulebook leaves it to memory",
          "main-board-assembly": "shows how the printed main board's tiles go together"}


@pytest.fixture(scope="module")
def full_set(tmp_path_factory):
    out = tmp_path_factory.mktemp("full")
    manifest = build_game("tinners-trail", out)
    return out / "tinners-trail", manifest


def test_every_component_the_rulebook_names_is_printed_or_gathered(full_set):
    folder, manifest = full_set
    game = load_game("tinners-trail")
    have = {c["id"] for c in json.loads((folder / "manifest.json").read_text())["components"]}
    have |= {g.id for g in game.gather}
    text = rulebook_text(RULEBOOK)
    assert rulebook_cross_check(text, NAMED, have, EXTRAS, OPTIONAL) == []


def test_the_checklist_lists_every_gather_line_and_every_file(full_set):
    folder, manifest = full_set
    checklist = " ".join(p.extract_text() for p in PdfReader(folder / "checklist.pdf").pages)
    flat = " ".join(checklist.split())
    for g in load_game("tinners-trail").gather:
        assert f"{g.count} × {g.name}" in flat
    for c in manifest["components"]:
        assert c["file"] in flat


def test_the_cross_check_catches_a_missing_piece_and_an_unaccounted_one():
    # A book of our own: the check itself is under test here, so it runs with or without the
    # rulebooks beside the checkout.
    text = "Components: 1 auction marker, 5 dice and a score track."
    problems = rulebook_cross_check(text, {"auction marker": ("auction-marker",), "pasty oven": ("oven",)},
                                    {"stray-token"})
    assert "the rulebook never says 'pasty oven'" in problems
    assert any("'auction marker' but nothing printed" in p for p in problems)
    assert "'stray-token' is printed or gathered but no rulebook component accounts for it" in problems
