"""``headframe score ardevur FILE.json`` on the shipped example, worked out by hand."""

import json

from companion import find_game
from companion.data import builtin_data_dir
from headframe.cli import main

GAME = find_game("ardevur")

EXAMPLE = builtin_data_dir() / "ardevur" / "examples" / "final.json"


def test_the_example_scores_as_worked_by_hand():
    sheet = GAME.score_file(json.loads(EXAMPLE.read_text()))
    rows = {r.category: r.points for r in sheet.rows}
    assert rows["targets"] == (2 + 4 + 8, 2 + 4)
    assert rows["incentives"] == (4, 0)
    assert rows["money"] == (0, 0)            # 96 each: a tie gives nobody the 4 points
    assert rows["resources"] == (0, 4)        # 24 against 40
    assert rows["mines"] == (16, 12)
    assert rows["assets"] == (4, 4)           # a vessel; an office
    assert rows["upgraded"] == (8, 8)         # a large warehouse; a factory
    # Maghreb: Ama 2 mines + large warehouse 1.5 + pipeline 0.5 = 4 -> 4 points; Iberia: Ama 2 mines
    # + vessel -> 2 points; Congo: Bram 2 mines + office + factory 1.5 + 2 infrastructure -> 6 points;
    # Nordic: Bram's Kiruna -> 4 points.
    assert rows["supremacy"] == (6, 10)
    assert sheet.totals == (52, 44) and sheet.ranks == (1, 2)


def test_cli_prints_the_sheet_and_refuses_a_bad_file(tmp_path, capsys):
    assert main(["score", "ardevur", str(EXAMPLE)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["totals"] == [52, 44]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"players": [{"name": "X", "money": -4}, {"name": "Y"}]}))
    assert main(["score", "ardevur", str(bad)]) == 2
    assert "X: money must be a whole number of at least 0" in capsys.readouterr().err
