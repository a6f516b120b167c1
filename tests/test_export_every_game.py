"""Every shipped game exports to both formats: its PNGs for a print-on-demand service and its
Tabletop Simulator bag, at a low resolution so the whole set stays quick. Each export is
checked against the game's own print-shop manifest: the same components with the same counts,
every file the manifests name on disk, and every card in the bag pointing at a sheet cell."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from export_checks import manifest, print_shop
from headframe.cli import main
from test_engine_shape import GAMES
from test_export_tts import bag_of, component_objects, count_of, walk


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("every-export")
    made = {}

    def of(game: str, to: str) -> Path:
        if (game, to) not in made:
            extra = ["--max-px", "1024"] if to == "tts" else []
            assert main(["export", game, "--to", to, "--dpi", "40", "--workers", "1", "--out", str(out), *extra]) == 0
            made[game, to] = out / f"{game}-{to}"
        return made[game, to]
    return of


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    out = tmp_path_factory.mktemp("every-print")
    return lambda game: manifest(print_shop(game, out))


@pytest.mark.parametrize("game", GAMES)
def test_the_pngs_are_every_design_of_the_print_shop_set(game, exported, printed):
    folder = exported(game, "png")
    with (folder / "manifest.csv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert rows and all((folder / row["file"]).is_file() for row in rows)
    shop = printed(game)
    pieces = {c["id"]: c["count"] for c in shop["components"]}
    fronts: dict[str, int] = {}
    for row in rows:
        if row["side"] == "front":
            fronts[row["component"]] = fronts.get(row["component"], 0) + int(row["quantity"])
    assert fronts == pieces  # every piece of every component, once, as the print shop counts them


@pytest.mark.parametrize("game", GAMES)
def test_the_simulator_bag_holds_the_print_shop_set(game, exported, printed):
    folder = exported(game, "tts")
    bag = bag_of(folder, game)
    listed = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["components"]
    assert {c["id"]: c["count"] for c in listed} == {c["id"]: c["count"] for c in printed(game)["components"]}
    objects = component_objects(bag)
    for c in listed:
        assert count_of(objects[c["name"]]) == c["count"], c["id"]
        assert all((folder / image).is_file() for image in c["images"])
    for deck in (o for o in walk(bag) if o["Name"] == "Deck"):
        for card in deck["ContainedObjects"]:
            entry = deck["CustomDeck"][str(card["CardID"] // 100)]
            assert card["CardID"] % 100 < entry["NumWidth"] * entry["NumHeight"] - 1
    assert any(o["Name"] == "Notecard" for o in bag["ContainedObjects"])
