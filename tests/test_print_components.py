"""Everything the Ore, Ore (published) and Mine Shaft rulebooks name is printed or on the checklist's gather
list, and nothing else is (checked from manifest.json and checklist.pdf against the books)."""

import json

import pytest
from pypdf import PdfReader

from companion.data import load_game
from pdf.build import build_game
from print_checks import rulebook_cross_check, rulebook_text

GAMES = {
    "ore": ("000_3192497d7380c824.txt", {
        "20 miners": ("miners",), "contracted miners": ("miners",),
        "starting player token": ("starting-player",), "money chips": ("money",),
        "resource barrels": ("barrels",), "reference cards": ("reference-cards",),
        "2 decks of 42 mine cards": ("mines-3p", "mines-4-5p"), "60 asset cards": ("assets",),
        "22 initiative cards": ("initiatives",), "45 contract cards": ("contracts",),
        "1 acquisition tracks & slag heap card": ("acquisition-card",),
        "mine cage": ("mine-cages",), "strike! tokens": ("strike-tokens",),
        "private mine/market": ("private-tokens",), "futures": ("futures-tokens",),
        "collab ops & drill bit": ("collab-drill-tokens",),
    }, {}),
    "mine-shaft": ("003_c935df16c4d61c98.txt", {
        "100 mine shaft tiles": ("shaft-tiles",), "cloth mineral bag": ("bag",),
        "two 6-sided dice": ("dice",), "4 player pieces": ("player-pieces",),
        "1 starting tile": ("start-tile",), "mineral-counters": ("minerals",),
    }, {"reference-cards": "a summary of the turn for each player; the box has none"}),
    "ore-published": ("001_0a892dab42667315.txt", {
        "1 game board": ("board",), "32 mine cards": ("mine-cards",), "30 workers": ("workers",),
        "125 resource cubes": ("resource-tokens",), "resource tokens": ("resource-tokens",),
        "5 reference cards": ("reference-cards",), "5 mine cage tokens": ("mine-cage-tokens",),
        "1 round tracker token": ("round-tracker",), "5 drill bit tokens": ("drill-bits",),
        "5 private mine tokens": ("private-mine-tokens",), "120 money cards": ("money",),
        "40 contract cards": ("contracts",), "64 building cards": ("buildings", "buildings-last"),
        "1 first player marker": ("first-player-marker",), "2 overtime tiles": ("overtime-tiles",),
    }, {}),
}


@pytest.fixture(scope="module", params=sorted(GAMES))
def full_set(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(request.param)
    return request.param, out / request.param, build_game(request.param, out)


def test_every_component_the_rulebook_names_is_printed_or_gathered(full_set):
    game_id, folder, manifest = full_set
    rulebook, named, extras = GAMES[game_id]
    have = {c["id"] for c in json.loads((folder / "manifest.json").read_text())["components"]}
    have |= {g.id for g in load_game(game_id).gather}
    assert rulebook_cross_check(rulebook_text(rulebook), named, have, extras) == []


def test_the_checklist_lists_every_gather_line_and_every_file(full_set):
    game_id, folder, manifest = full_set
    flat = " ".join(" ".join(p.extract_text() for p in PdfReader(folder / "checklist.pdf").pages).split())
    for g in load_game(game_id).gather:
        assert f"{g.count} × {g.name}" in flat
    for c in manifest["components"]:
        assert c["file"] in flat and f"{c['count']} × {c['name']}" in flat
