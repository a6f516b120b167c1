"""``headframe check`` finds everything ``headframe build`` would stop at, every problem at
once, through the same pass: each case breaks a copy of a real game's data, runs both
commands and expects the same problem lines and exit 2 from each."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_data_validation import edit  # replace once, return the line
from headframe.cli import main

LONG = "and then the miner walks down the long dark shaft again " * 40


def export(game: str, tmp_path: Path) -> Path:
    assert main(["data", "export", game, str(tmp_path / "data")]) == 0
    return tmp_path / "data"


def line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    return next(i for i, line in enumerate(lines, start=1) if text in line)


def check_and_build(game: str, data: Path, tmp_path: Path, capsys) -> list[str]:
    """Run ``check`` then ``build``; both must exit 2 with the same lines, which are returned."""
    capsys.readouterr()
    assert main(["check", game, "--data", str(data)]) == 2
    checked = capsys.readouterr().err.splitlines()
    out = tmp_path / "out"
    assert main(["build", game, "--data", str(data), "--out", str(out)]) == 2
    built = [line for line in capsys.readouterr().err.splitlines()]
    assert built == checked
    assert not out.exists() or not list(out.rglob("*.pdf"))
    assert "Traceback" not in "\n".join(checked)
    return checked


def test_card_text_too_long_for_its_box_tinners_trail(tmp_path, capsys):
    data = export("tinners-trail", tmp_path)
    csv = data / "tinners-trail" / "survey_cards.csv"
    line = edit(csv, "A-copper,3,A,copper,1,2,Copper lode,Add 1 :copper: to the new mine.",
                "A-copper,3,A,copper,1,2,Copper lode,Add 1 :copper: to the new mine " + LONG)
    lines = check_and_build("tinners-trail", data, tmp_path, capsys)
    assert len(lines) == 1
    assert lines[0].startswith(f"{csv}:{line}: survey.boxes.text: tinners-trail: survey-cards card 'A-copper': "
                               f"text 'Add 1 :copper: to the new mine")
    assert "does not fit its box" in lines[0]


def test_two_ore_cards_too_long_are_two_lines(tmp_path, capsys):
    data = export("ore", tmp_path)
    csv = data / "ore" / "assets.csv"
    first = edit(csv, "Not an ops asset itself.", "Not an ops asset itself " + LONG)
    second = edit(csv, "Not a charity itself.", "Not a charity itself " + LONG)
    lines = check_and_build("ore", data, tmp_path, capsys)
    assert [line.split(": ")[0] for line in lines] == [f"{csv}:{first}", f"{csv}:{second}"]
    assert all("does not fit its box" in line for line in lines)


def test_reference_text_too_long_mine_shaft(tmp_path, capsys):
    data = export("mine-shaft", tmp_path)
    md = data / "mine-shaft" / "reference-turn.md"
    edit(md, "On a collapsed tile? Clear it; that is your turn.", "On a collapsed tile? " + LONG)
    toml = data / "mine-shaft" / "game.toml"
    lines = check_and_build("mine-shaft", data, tmp_path, capsys)
    assert len(lines) == 1
    assert lines[0].startswith(f"{toml}:")
    assert "reference" in lines[0] and "does not fit" in lines[0]


def test_unknown_colour_is_reported_at_its_layouts_line(tmp_path, capsys):
    data = export("ore", tmp_path)
    layouts = data / "ore" / "layouts.toml"
    line = edit(layouts, 'background = "paper"', 'background = "papyrus"')
    lines = check_and_build("ore", data, tmp_path, capsys)
    assert len(lines) == 1
    assert lines[0].startswith(f"{layouts}:{line}: ")
    assert "unknown colour 'papyrus'; use #rrggbb or one of: " in lines[0]


def test_missing_text_file_is_reported_at_the_game_toml_line_naming_it(tmp_path, capsys):
    data = export("ore", tmp_path)
    (data / "ore" / "reference-setup.md").unlink()
    toml = data / "ore" / "game.toml"
    line = line_of(toml, 'back_file = "reference-setup.md"')
    lines = check_and_build("ore", data, tmp_path, capsys)
    assert lines == [f"{toml}:{line}: components.reference-cards.options.back_file: names 'reference-setup.md', "
                     f"which is not in {data / 'ore'}"]


def test_unknown_resource_in_a_components_options(tmp_path, capsys):
    data = export("tinners-trail", tmp_path)
    toml = data / "tinners-trail" / "game.toml"
    edit(toml, "cubes = { arsenic = 16 }", "cubes = { arsenik = 16 }")
    line = line_of(toml, "[components.arsenic-cube-substitutes]")
    lines = check_and_build("tinners-trail", data, tmp_path, capsys)
    assert len(lines) == 1
    assert lines[0].startswith(f"{toml}:{line}: components.arsenic-cube-substitutes: tinners-trail: ")
    assert "'arsenik'" in lines[0]


@pytest.mark.parametrize("game, file, deck", [("tinners-trail", "survey_cards.csv", "survey-cards"),
                                              ("ore", "assets.csv", "assets")])
def test_a_deck_with_a_header_and_no_rows_is_an_error(tmp_path, capsys, game, file, deck):
    data = export(game, tmp_path)
    csv = data / game / file
    csv.write_text(csv.read_text(encoding="utf-8").split("\n")[0] + "\n", encoding="utf-8")
    lines = check_and_build(game, data, tmp_path, capsys)
    toml = data / game / "game.toml"
    line = line_of(toml, f'file = "{file}"')
    assert lines == [f"{toml}:{line}: decks.{deck}.file: deck {deck!r} has 0 cards in {file} but needs at least 1"]


def test_an_unknown_column_and_a_bad_qty_further_down_are_two_lines(tmp_path, capsys):
    data = export("ore", tmp_path)
    csv = data / "ore" / "assets.csv"
    rows = csv.read_text(encoding="utf-8").split("\n")
    rows[0] = rows[0] + ",colour"
    rows[1:] = [row + ",red" if row else row for row in rows[1:]]
    rows[3] = rows[3].replace("capital-deepening,1,", "capital-deepening,x,")
    csv.write_text("\n".join(rows), encoding="utf-8")
    lines = check_and_build("ore", data, tmp_path, capsys)
    assert lines[0].startswith(f"{csv}:1: colour: unknown column; accepted columns: id, qty, ")
    assert lines[1].startswith(f"{csv}:4: qty: ")
    assert len(lines) == 2


def test_a_schema_error_in_game_toml_does_not_hide_the_rest(tmp_path, capsys):
    data = export("ore", tmp_path)
    toml = data / "ore" / "game.toml"
    kind = line_of(toml, "[decks.initiatives]")
    edit(toml, "[decks.initiatives]\n", "[decks.initiatives]\nshuffle = true\n")
    csv = data / "ore" / "assets.csv"
    rows = csv.read_text(encoding="utf-8").split("\n")
    rows[2] = rows[2].replace("bureaucracy,1,", "bureaucracy,0,")
    csv.write_text("\n".join(rows), encoding="utf-8")
    lines = check_and_build("ore", data, tmp_path, capsys)
    assert lines[0].startswith(f"{toml}:{kind + 1}: decks.initiatives.shuffle: unknown key; accepted keys: ")
    assert lines[1].startswith(f"{csv}:3: qty: ")
    assert len(lines) == 2
