"""The `headframe` command: listing, checking, exporting data, scoring, help and exit codes."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from headframe.cli import main

TINY_TOML = '''[game]
id = "tiny"
name = "Tiny Mine"
players = { min = 2, max = 4 }
currency = "£"
[game.variants.base]
name = "Base game"
[game.score_categories.ore]
name = "Ore"

[resources.tin]
name = "Tin"
colour = "#8a8f99"

[decks.ore-cards]
name = "Ore cards"
file = "ore.csv"
kind = "card"
size = "poker"
columns = { id = "id", qty = "qty", name = "str", text = "text" }
layout = "card"
'''

TINY_LAYOUTS = '''[card]
[card.boxes.title]
x = "4mm"
y = "4mm"
w = "55mm"
h = "10mm"
text = "{name}: {text}"
'''


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    game = tmp_path / "data" / "tiny"
    game.mkdir(parents=True)
    (game / "game.toml").write_text(TINY_TOML, encoding="utf-8")
    (game / "ore.csv").write_text("id,qty,name,text\nrich,3,Rich vein,Take 2 :tin:\n", encoding="utf-8")
    (game / "layouts.toml").write_text(TINY_LAYOUTS, encoding="utf-8")
    return tmp_path / "data"


def test_games_lists_ids_names_players_and_variants(tiny, capsys):
    assert main(["games", "--data", str(tiny)]) == 0
    out = capsys.readouterr().out
    assert "tiny" in out and "Tiny Mine" in out and "players 2-4" in out and "variants: base" in out


def test_check_passes_clean_data(tiny, capsys):
    assert main(["check", "all", "--data", str(tiny)]) == 0
    assert "ok: tiny" in capsys.readouterr().out


def test_check_draws_every_card_as_build_would(tiny, capsys):
    (tiny / "tiny" / "ore.csv").write_text("id,qty,name,text\nrich,3,Rich vein,Take 2 :tin:" + " and more" * 60 + "\n")
    assert main(["check", "tiny", "--data", str(tiny)]) == 2
    checked = capsys.readouterr().err.splitlines()
    assert len(checked) == 1 and "card 'rich'" in checked[0] and "does not fit its box" in checked[0]
    assert main(["build", "tiny", "--data", str(tiny), "--out", str(tiny.parent / "out")]) == 2
    assert capsys.readouterr().err.splitlines() == checked


def test_check_reports_every_problem_with_path_line_field_and_exits_2(tiny, capsys):
    (tiny / "tiny" / "ore.csv").write_text("id,qty,name,text\nrich,0,Rich,x\nrich,2,Again,:gold:\n")
    assert main(["check", "tiny", "--data", str(tiny)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    path = tiny / "tiny" / "ore.csv"
    assert err == [
        f"{path}:2: qty: must be a positive whole number, got '0'",
        f"{path}:3: text: unknown icon :gold:; known icons: arrow, miner, money, peek, quake, tin, vp, water, work",
        f"{path}:3: id: duplicate id 'rich' (first on line 2)",
    ]


def test_check_unknown_game_is_a_clear_error(tiny, capsys):
    assert main(["check", "nope", "--data", str(tiny)]) == 2
    assert capsys.readouterr().err.strip() == "headframe: unknown game 'nope'; known games: tiny"


def test_data_export_copies_a_game_that_then_checks_clean(tmp_path, capsys):
    game = "tinners-trail"
    assert main(["data", "export", game, str(tmp_path / "copy")]) == 0
    assert (tmp_path / "copy" / game / "game.toml").is_file()
    assert main(["check", game, "--data", str(tmp_path / "copy")]) == 0
    assert main(["data", "export", game, str(tmp_path / "copy")]) == 2
    assert "already exists" in capsys.readouterr().err


def test_score_with_a_missing_or_broken_file_exits_2(tmp_path, capsys):
    assert main(["score", "scorepad", str(tmp_path / "none.json")]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["score", "scorepad", str(bad)]) == 2
    assert main(["score", "no-such-game", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "none.json: not found" in err and "not valid JSON" in err and "unknown game 'no-such-game'" in err


@pytest.mark.parametrize("command", [[], ["games"], ["build"], ["check"], ["calibrate"], ["data"],
                                     ["data", "export"], ["score"], ["serve"], ["simulate"]])
def test_every_subcommand_has_help(command):
    result = subprocess.run([sys.executable, "-m", "headframe", *command, "--help"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "usage: headframe" in result.stdout and "exit codes" in result.stdout


def test_bad_arguments_exit_2_without_traceback():
    result = subprocess.run([sys.executable, "-m", "headframe", "build", "x", "--bleed", "lots"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "expected millimetres" in result.stderr


def test_build_for_a_player_count_prints_only_what_that_count_uses(tmp_path, capsys):
    assert main(["build", "ore", "--players", "3", "--out", str(tmp_path)]) == 0
    ids = [c["id"] for c in json.loads((tmp_path / "ore" / "manifest.json").read_text())["components"]]
    assert "mines-3p" in ids and "mines-4-5p" not in ids
    assert not (tmp_path / "ore" / "mines-4-5p.pdf").exists()
    before = sorted(p.name for p in (tmp_path / "ore").iterdir())
    assert main(["build", "ore", "--players", "7", "--out", str(tmp_path)]) == 2
    assert main(["build", "ore", "--variant", "nope", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is for 3–5 players, not 7" in err and "has no variant 'nope'; variants: standard" in err
    assert sorted(p.name for p in (tmp_path / "ore").iterdir()) == before  # a wrong flag touches nothing


def test_players_and_variants_of_a_deck_are_checked(tiny, capsys):
    toml = tiny / "tiny" / "game.toml"
    toml.write_text(TINY_TOML.replace('kind = "card"\n', 'kind = "card"\nplayers = { min = 1, max = 3 }\n'
                                      'variants = ["advanced"]\n'), encoding="utf-8")
    assert main(["check", "tiny", "--data", str(tiny)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"{toml}:19: decks.ore-cards.players: min 1 and max 3 must lie within the game's 2–4 players, min first",
        f"{toml}:20: decks.ore-cards.variants: unknown variant 'advanced'; variants: base",
    ]


@pytest.mark.parametrize("game, file, old, new, expected", [
    ("mine-shaft", "tiles.csv", "\nEb3,3,", "\nEb3,0,", "tiles.csv:3: qty: must be a positive whole number, got '0'"),
    ("tinners-trail", "game.toml", "round_2 = [[17, 8]", "round_2 = [[8]",
     "game.toml:{line}: tables.investment.round_2: each entry must be a list of 2 whole numbers of 0 or more, "
     "not [8]"),
])
def test_check_runs_the_games_own_table_checks(tmp_path, capsys, game, file, old, new, expected):
    assert main(["data", "export", game, str(tmp_path)]) == 0
    path = tmp_path / game / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    # the line edited, wherever it moves
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith(old.strip()))
    expected = expected.replace("{line}", str(line))
    capsys.readouterr()
    assert main(["check", game, "--data", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == f"{path.parent / expected}"


def test_check_reports_a_bad_mine_card_in_ore(tmp_path, capsys):
    assert main(["data", "export", "ore", str(tmp_path)]) == 0
    path = tmp_path / "ore" / "mines.csv"
    path.write_text(path.read_text().replace("3p-gold-2,1,3p,gold,7,1 2 |", "3p-gold-2,1,3p,gold,7,1 x |"))
    capsys.readouterr()
    assert main(["check", "ore", "--data", str(tmp_path)]) == 2
    assert capsys.readouterr().err.splitlines()[0] == f"{path}:3: spaces: 'x' is not a whole number of barrels"


WEB_STACK = ("flask", "werkzeug", "waitress", "sqlalchemy")
LOADED = ("import json, sys\nfrom headframe.cli import main\nrc = main(sys.argv[1:])\n"
          "web = sorted({m.split('.')[0] for m in sys.modules} & set(%r))\n"
          "print(json.dumps({'rc': rc, 'web': web}))" % (WEB_STACK,))


def loaded_after(*argv: str, cwd: Path) -> dict:
    """Run the command line in a fresh interpreter and say which web packages it imported."""
    done = subprocess.run([sys.executable, "-c", LOADED, *argv], cwd=cwd, capture_output=True, text=True,
                          timeout=300)
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("argv", [
    ["check"],
    ["check", "ore"],
    ["games"],
    ["score", "ore", "{root}/cards_data/ore/examples/final.json"],
    ["build", "testgame", "--data", "{root}/tests/fixtures", "--out", "{tmp}/out", "--sides", "fronts"],
], ids=lambda argv: "-".join(argv[:2]))
def test_commands_other_than_serve_never_import_the_web_stack(argv, tmp_path):
    root = Path(__file__).resolve().parent.parent
    argv = [a.format(root=root, tmp=tmp_path) for a in argv]
    assert loaded_after(*argv, cwd=root) == {"rc": 0, "web": []}


def test_the_app_itself_loads_flask_so_the_probe_can_see_it():
    root = Path(__file__).resolve().parent.parent
    code = "import sys, webapp; webapp.create_app; print('flask' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "True"
