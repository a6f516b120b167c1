"""A board that names a shared sheet (boards are drawn by their own routine, not ganged) still
prints, in its own file, and the pieces sharing that sheet print together as before."""

import json
import shutil
from pathlib import Path

from webapp.cli import main

DATA = Path(__file__).resolve().parents[1] / "cards_data"


def test_a_board_naming_a_shared_sheet_is_printed_in_its_own_file(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA / "ore", data / "ore")
    toml = data / "ore" / "game.toml"
    old = 'painter = "ore.acquisition-card"\nsize = "200mm x 90mm"\n'
    text = toml.read_text(encoding="utf-8")
    assert text.count(old) == 1
    toml.write_text(text.replace(old, old + 'options = { sheet = "one-sided-pieces" }\n'), encoding="utf-8")
    assert main(["build", "ore", "--data", str(data), "--out", str(tmp_path / "out"), "--sides", "fronts"]) == 0
    manifest = json.loads((tmp_path / "out" / "ore" / "manifest.json").read_text(encoding="utf-8"))
    files = {c["id"]: c["file"] for c in manifest["components"]}
    assert files["acquisition-card"] == "acquisition-card.pdf"
    assert (tmp_path / "out" / "ore" / "acquisition-card.pdf").is_file()
    assert files["money"] == files["barrels"] == "one-sided-pieces.pdf"
