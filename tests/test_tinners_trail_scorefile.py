"""`headframe score tinners-trail FILE.json` on the documented end-of-game file."""

import json
from pathlib import Path

import pytest

from companion.errors import BadAction
from companion.tinners_trail import GAME
from headframe.cli import main

EXAMPLE = Path(__file__).resolve().parents[1] / "cards_data" / "tinners-trail" / "examples" / "end_of_game.json"


def test_cli_scores_the_example_file(capsys):
    assert main(["score", "tinners-trail", str(EXAMPLE)]) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert sheet["players"] == ["Mike", "Katie", "Zoe", "Simon"]
    assert sheet["totals"] == [128, 128, 131, 109]
    # Mike and Katie tie on points and on money (£7); Katie has more ore left in her mines.
    assert sheet["ranks"] == [3, 2, 1, 4]
    assert "Mike and Katie tied on 128 points" in sheet["tiebreak"]
    assert "tin and copper left in their mines" in sheet["tiebreak"]


def test_pass_order_decides_when_everything_else_ties():
    data = {"players": [{"name": "A", "investment": 50, "money": 3, "ore_in_mines": 2, "pass_order": 2},
                        {"name": "B", "investment": 50, "money": 3, "ore_in_mines": 2, "pass_order": 1}]}
    assert GAME.score_file(data).ranks == (2, 1)


@pytest.mark.parametrize("data, message", [
    ({"players": []}, "1 to 5 players"),
    ({"players": [{"name": "A", "investment": -3}]}, "'investment' must be a whole number"),
    ({"players": [{"name": "A", "investment": 3, "pass_order": 1}, {"name": "B", "investment": 3, "pass_order": 1}]},
     "'pass_order' must number the players 1 to 2"),
    ({"game": "ore", "players": []}, "not tinners-trail"),
])
def test_bad_files_are_explained(data, message):
    with pytest.raises(BadAction, match=message):
        GAME.score_file(data)


def test_cli_reports_a_bad_file_with_exit_code_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"players": [{"name": "A"}]}))
    assert main(["score", "tinners-trail", str(bad)]) == 2
    assert "'investment' must be a whole number" in capsys.readouterr().err
