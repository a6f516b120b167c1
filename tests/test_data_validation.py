"""Every validation rule of ``companion.data`` seen through ``headframe build``: the exact
``path:line: field: message`` line on stderr, exit code 2, and no PDF left behind."""

import shutil
from pathlib import Path

import pytest

from headframe.cli import main

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def game(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "testgame", data / "testgame")
    return data / "testgame"


def edit(path: Path, old: str, new: str) -> int:
    """Replace ``old`` (which must occur once) and return the 1-based line where ``new`` starts."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return text[:text.index(new)].count("\n") + 1 if new else 0


def build_fails(game: Path, capsys) -> list[str]:
    out = game.parent.parent / "out"
    code = main(["build", "testgame", "--data", str(game.parent), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    assert not list(out.rglob("*.pdf")) and not list(out.rglob("*.tmp"))
    return err.strip().splitlines()


# One edit, one problem, reported at the edited line: (file, text to replace, replacement, message).
ONE_LINE_CASES = {
    "mistyped field": ("game.toml", "count = 12", 'count = "twelve"',
                       "components.ore-tokens.count: expected a whole number, or the dotted name of the number "
                       "in [setup] or [tables] it prints (\"tables.strike_tokens\"), got 'twelve'"),
    "mistyped cell": ("mines.csv", 'rounded up.",3,', 'rounded up.",three,',
                      "cost: expected a whole number, got 'three'"),
    "qty zero": ("mines.csv", "m02,2,", "m02,0,", "qty: must be a positive whole number, got '0'"),
    "qty negative": ("mines.csv", "m02,2,", "m02,-2,", "qty: must be a positive whole number, got '-2'"),
    "qty not a number": ("mines.csv", "m02,2,", "m02,two,", "qty: expected a whole number, got 'two'"),
    "unknown resource": ("mines.csv", 'second dig.",1,moor,tin', 'second dig.",1,moor,gold',
                         "res: unknown resource 'gold'; known resources: coal, copper, tin"),
    "unknown icon": ("mines.csv", "Gain one :tin: and", "Gain one :gold: and",
                     "text: unknown icon :gold:; known icons: arrow, coal, copper, miner, money, peek, quake, tin, "
                     "vp, water, work"),
    "unknown layout": ("game.toml", 'back_layout = "mine-back"', 'back_layout = "mine-backs"',
                       "decks.mines.back_layout: unknown layout 'mine-backs'; layouts: mine, mine-back"),
    "bad unit in a layout": ("layouts.toml", 'x = "50mm"', 'x = "50"',
                             "mine.boxes.cost.x: expected a length such as \"3mm\", \"0.5in\" or \"9pt\", got '50'"),
    "bad size": ("game.toml", 'size = "16mm"', 'size = "16 furlongs"',
                 "components.die.size: expected a length such as \"3mm\", \"0.5in\" or \"9pt\", got '16 furlongs'"),
    "bad colour": ("game.toml", 'moor = "#6f8f4e"', 'moor = "green"',
                   "colours.moor: expected a colour such as #1a2b3c, got 'green'"),
    "value outside an enum": ("mines.csv", 'second dig.",1,moor,tin', 'second dig.",1,marsh,tin',
                              "region: 'marsh' is not one of: moor, coast, town"),
}


@pytest.mark.parametrize("case", list(ONE_LINE_CASES))
def test_one_bad_value_is_reported_at_its_line(game, capsys, case):
    name, old, new, message = ONE_LINE_CASES[case]
    path = game / name
    line = edit(path, old, new)
    assert build_fails(game, capsys) == [f"{path}:{line}: {message}"]


def test_unknown_key_in_game_toml_names_the_accepted_ones(game, capsys):
    toml = game / "game.toml"
    line = edit(toml, 'corner = "3mm"\n', 'corner = "3mm"\ncorners = "2mm"\n') + 1
    assert build_fails(game, capsys) == [
        f"{toml}:{line}: decks.mines.corners: unknown key; accepted keys: back_layout, columns, corner, file, kind, "
        f"layout, min_cards, name, players, shape, sheet, size, variants"]


def test_unknown_key_in_a_layout_box_names_the_accepted_ones(game, capsys):
    layouts = game / "layouts.toml"
    line = edit(layouts, 'text = "{name}"\n', 'text = "{name}"\nweight = "heavy"\n') + 1
    [message] = build_fails(game, capsys)
    assert message.startswith(f"{layouts}:{line}: mine.boxes.title.weight: unknown key; accepted keys: align, bleed, "
                              f"colour, fill, font, gap, h, icon, kind, leading, min_size, radius, rotate, size, stroke, ")


def test_unknown_csv_column(game, capsys):
    csv = game / "mines.csv"
    edit(csv, "id,qty,name,text,cost,region,res", "id,qty,name,text,cost,region,res,flavour")
    text = csv.read_text(encoding="utf-8").split("\n")
    csv.write_text("\n".join([text[0]] + [row + "," if row else row for row in text[1:]]), encoding="utf-8")
    assert build_fails(game, capsys) == [
        f"{csv}:1: flavour: unknown column; accepted columns: id, qty, name, text, cost, region, res"]


def test_missing_csv_column(game, capsys):
    csv = game / "mines.csv"
    rows = [r.split(",", 3) for r in csv.read_text(encoding="utf-8").split("\n")]
    # drop the "name" column (third) from every row
    csv.write_text("\n".join(",".join(r[:2] + r[3:]) if len(r) > 2 else ",".join(r) for r in rows), encoding="utf-8")
    assert build_fails(game, capsys) == [f"{csv}:1: name: missing column"]


def test_missing_required_field(game, capsys):
    toml = game / "game.toml"
    edit(toml, 'name = "Mine cards"\n', "")
    line = toml.read_text(encoding="utf-8").split("\n").index("[decks.mines]") + 1
    assert build_fails(game, capsys) == [f"{toml}:{line}: decks.mines.name: missing required key"]


def test_duplicate_ids(game, capsys):
    csv = game / "mines.csv"
    line = edit(csv, "m05,2,Mine 5", "m04,2,Mine 5")
    assert build_fails(game, capsys) == [f"{csv}:{line}: id: duplicate id 'm04' (first on line {line - 1})"]


def test_unknown_icon_in_a_painter_option(game, capsys):
    toml = game / "game.toml"
    edit(toml, 'icons = ["tin", "copper", "coal"]', 'icons = ["tin", "gold", "coal"]')
    line = toml.read_text(encoding="utf-8").split("\n").index("[components.ore-tokens]") + 1
    assert build_fails(game, capsys) == [
        f"{toml}:{line}: components.ore-tokens: testgame: ore-tokens: unknown icon 'gold'; known icons: arrow, "
        f"coal, copper, miner, money, peek, quake, tin, vp, water, work"]


def test_unknown_deck_reference(game, capsys):
    toml = game / "game.toml"
    line = edit(toml, 'res = "resource" }', 'res = "resource", pair = "ref:shafts?" }')
    csv = game / "mines.csv"
    rows = csv.read_text(encoding="utf-8").split("\n")
    csv.write_text("\n".join([rows[0] + ",pair"] + [r + "," if r else r for r in rows[1:]]), encoding="utf-8")
    assert build_fails(game, capsys) == [
        f"{toml}:{line}: decks.mines.columns.pair: refers to unknown deck 'shafts'; decks: mines"]


def test_layout_extends_loop(game, capsys):
    layouts = game / "layouts.toml"
    first = edit(layouts, '[mine]\nsize = "poker"\n', '[mine]\nextends = "mine-back"\nsize = "poker"\n') + 1
    second = edit(layouts, '[mine-back]\nsize = "poker"\n', '[mine-back]\nextends = "mine"\nsize = "poker"\n') + 1
    assert sorted(build_fails(game, capsys)) == sorted([
        f"{layouts}:{first}: mine.extends: layouts extend each other in a loop: mine-back -> mine -> mine-back",
        f"{layouts}:{second}: mine-back.extends: layouts extend each other in a loop: mine -> mine-back -> mine"])


def test_layout_extends_an_unknown_layout(game, capsys):
    layouts = game / "layouts.toml"
    line = edit(layouts, '[mine-back]\nsize = "poker"\n', '[mine-back]\nextends = "card-back"\nsize = "poker"\n') + 1
    assert build_fails(game, capsys) == [
        f"{layouts}:{line}: mine-back.extends: unknown layout 'card-back'; layouts: mine, mine-back"]


def test_template_naming_a_missing_column(game, capsys):
    layouts = game / "layouts.toml"
    edit(layouts, 'text = "{name}"', 'text = "{title}"')
    line = layouts.read_text(encoding="utf-8").split("\n").index("[mine.boxes.title]") + 1
    assert build_fails(game, capsys) == [
        f"{layouts}:{line}: mine.boxes.title: uses {{title}} but deck 'mines' has no such column; "
        f"columns: id, qty, name, text, cost, region, res"]


def test_missing_csv_file_is_reported_at_the_line_naming_it(game, capsys):
    (game / "mines.csv").unlink()
    line = (game / "game.toml").read_text(encoding="utf-8").split("\n").index('file = "mines.csv"') + 1
    assert build_fails(game, capsys) == [
        f"{game / 'game.toml'}:{line}: decks.mines.file: names 'mines.csv', which is not in {game}"]


def test_bad_toml_syntax(game, capsys):
    toml = game / "game.toml"
    line = edit(toml, 'currency = "£"', 'currency = "£')
    [message] = build_fails(game, capsys)
    assert message.startswith(f"{toml}:{line}: toml: ")


def test_every_problem_is_reported_at_once(game, capsys):
    csv = game / "mines.csv"
    first = edit(csv, "m02,2,", "m02,0,")
    second = edit(csv, 'second dig.",1,moor,tin', 'second dig.",1,moor,gold')
    lines = build_fails(game, capsys)
    assert f"{csv}:{first}: qty: must be a positive whole number, got '0'" in lines
    assert f"{csv}:{second}: res: unknown resource 'gold'; known resources: coal, copper, tin" in lines
