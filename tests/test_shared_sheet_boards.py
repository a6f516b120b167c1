"""A board that names a shared sheet still prints: one that fits a page joins the sheet like
any other piece, one tiled over several pages keeps its own file (its tiles are trimmed and
joined), and the pieces sharing that sheet print together as before."""

import json
import shutil
from pathlib import Path

from headframe.cli import main

DATA = Path(__file__).resolve().parents[1] / "cards_data"


def _build_with_sheet(tmp_path, game, old, new):
    data = tmp_path / "data"
    shutil.copytree(DATA / game, data / game)
    toml = data / game / "game.toml"
    text = toml.read_text(encoding="utf-8")
    assert text.count(old) == 1
    toml.write_text(text.replace(old, new), encoding="utf-8")
    assert main(["build", game, "--data", str(data), "--out", str(tmp_path / "out"), "--sides", "fronts"]) == 0
    manifest = json.loads((tmp_path / "out" / game / "manifest.json").read_text(encoding="utf-8"))
    return {c["id"]: c["file"] for c in manifest["components"]}, tmp_path / "out" / game


def test_a_one_page_board_naming_a_shared_sheet_prints_on_it(tmp_path):
    files, out = _build_with_sheet(tmp_path, "ore", 'options = { sheet = "one-sided-pieces" }',
                                   'options = { sheet = "one-sided-pieces" }')   # as shipped
    assert files["acquisition-card"] == files["money"] == files["barrels"] == "one-sided-pieces.pdf"
    assert (out / "one-sided-pieces.pdf").is_file() and not (out / "acquisition-card.pdf").exists()


def test_a_tiled_board_naming_a_shared_sheet_keeps_its_own_file(tmp_path):
    files, out = _build_with_sheet(tmp_path, "tinners-trail", 'options = { assembly_sheet = "tokens" }',
                                   'options = { assembly_sheet = "tokens", sheet = "tokens" }')
    assert files["main-board"] == "main-board.pdf" and (out / "main-board.pdf").is_file()
    assert files["mines"] == files["drainage-tokens"] == "tokens.pdf"
