"""Sweeps: one number of the data set to each value of a range, the same seeds at each value."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import tomllib
from decimal import Decimal

import pytest

from companion.data import game_dir
from companion.errors import HeadframeError
from headframe.cli import main
from lab.feel import TITLES
from lab.play import read_data
from lab.sweep import MOST_VALUES, parse, variants

ORE = read_data(game_dir("ore"), "ore")
TINNERS = read_data(game_dir("tinners-trail"), "tinners-trail")


def _csv(files, name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(dict(files)[name].decode("utf-8-sig"))))


def test_a_range_gives_every_value_from_a_to_b():
    assert parse("assets.csv:black-market-ops:vp=1..4").values == tuple(map(Decimal, "1234"))
    assert parse("game.toml:tables.vp_per_contract=0..1:0.25").values == tuple(
        Decimal(v) for v in ("0", "0.25", "0.5", "0.75", "1"))
    assert parse("assets.csv:x:cost=-2..2:2").values == (Decimal(-2), Decimal(0), Decimal(2))
    sweep = parse("assets.csv:Black Market Ops:vp=1..2")
    assert (sweep.file, sweep.row, sweep.key) == ("assets.csv", "Black Market Ops", "vp")
    assert sweep.what == "vp of Black Market Ops in assets.csv"


@pytest.mark.parametrize("text, message", [
    ("assets.csv:x:vp", "write FILE:ROW:COLUMN=A..B"),
    ("assets.csv:vp=1..2", "a CSV file takes FILE:ROW:COLUMN"),
    ("game.toml:a:b=1..2", "a TOML file FILE:KEY"),
    ("assets.csv:x:vp=1-4", "the range is A..B"),
    ("assets.csv:x:vp=one..4", "the range is A..B"),
    ("assets.csv:x:vp=4..1", "the range must rise"),
    ("assets.csv:x:vp=1..4:0", "the range must rise"),
    ("assets.csv:x:vp=1..4:nan", "the range is A..B"),
    ("assets.csv:x:vp=1..100", f"100 values; a sweep plays at most {MOST_VALUES}"),
])
def test_a_sweep_that_cannot_be_read_says_how_to_write_it(text, message):
    with pytest.raises(HeadframeError, match=message):
        parse(text)


def test_a_csv_cell_changes_alone_and_keeps_its_unit():
    before = _csv(ORE, "ore/assets.csv")
    for row_name in ("black-market-ops", "Black Market Ops"):  # the row's id, or its name
        found = variants(parse(f"assets.csv:{row_name}:cost=8..12:2"), ORE)
        assert [value for value, _ in found] == [8, 10, 12]
        for value, files in found:
            after = _csv(files, "ore/assets.csv")
            changed = [(b["id"], k) for b, a in zip(before, after) for k in b if b[k] != a[k]]
            assert changed == ([] if value == 10 else [("black-market-ops", "cost")])
            assert next(a for a in after if a["id"] == "black-market-ops")["cost"] == f"${value}"
            assert {n: c for n, c in files if n != "ore/assets.csv"} == {n: c for n, c in ORE if n != "ore/assets.csv"}


def test_a_toml_key_changes_alone_even_inside_an_inline_table():
    original = tomllib.loads(dict(ORE)["ore/game.toml"].decode())
    for value, files in variants(parse("game.toml:tables.vp_per_contract=2..3"), ORE):
        edited = tomllib.loads(dict(files)["ore/game.toml"].decode())
        assert edited["tables"]["vp_per_contract"] == value
        edited["tables"]["vp_per_contract"] = original["tables"]["vp_per_contract"]
        assert edited == original
    text = dict(TINNERS)["tinners-trail/game.toml"].decode()
    key = next(f"{table}.mines.1" for table, body in tomllib.loads(text).items()
               if isinstance(body, dict) and isinstance(body.get("mines"), dict))
    (value, files), = variants(parse(f"game.toml:{key}=9..9.5:1"), TINNERS)
    edited = tomllib.loads(dict(files)["tinners-trail/game.toml"].decode())
    table = key.split(".")[0]
    assert edited[table]["mines"]["1"] == 9 and edited[table]["mines"]["2"] == tomllib.loads(text)[table]["mines"]["2"]


@pytest.mark.parametrize("text, message", [
    ("nope.csv:a:b=1..2", "no file 'nope.csv' in the game's data"),
    ("assets.csv:nope:vp=1..2", "assets.csv has no row 'nope'"),
    ("assets.csv:black-market-ops:nope=1..2", "assets.csv has no column 'nope'"),
    ("assets.csv:black-market-ops:name=1..2", "is 'Black Market Ops', not a number"),
    ("game.toml:tables.nope=1..2", "is missing, not a number"),
    ("game.toml:game.name=1..2", "not a number"),
])
def test_a_number_the_data_does_not_have_is_named(text, message):
    with pytest.raises(HeadframeError, match=message):
        variants(parse(text), ORE)


def test_a_value_whose_data_fails_check_is_one_line_and_exit_2_before_any_game(tmp_path):
    result = subprocess.run([sys.executable, "-m", "headframe", "simulate", "ore", "--games", "2", "--sweep",
                             "assets.csv:black-market-ops:qty=0..2", "--out", str(tmp_path / "never")],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "at 0 the data fails its check: assets.csv:2: qty: must be a positive whole number" in result.stderr
    assert not (tmp_path / "never").exists()


@pytest.mark.parametrize("extra, message", [(["--restricted-play"], "leave out --restrict and --restricted-play"),
                                            (["--compare", "a", "b"], "leave out --compare")])
def test_a_sweep_is_one_question_a_run(tmp_path, capsys, extra, message):
    assert main(["simulate", "ore", "--sweep", "assets.csv:black-market-ops:vp=1..2", "--out",
                 str(tmp_path / "never"), *extra]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "never").exists()


def test_a_sweep_plays_the_same_seeds_at_every_value_and_its_own_value_as_a_plain_run(tmp_path):
    common = ["--players", "3", "--games", "6", "--seed", "9", "--workers", "2", "--quiet"]
    assert main(["simulate", "ore", *common, "--out", str(tmp_path / "plain")]) == 0
    assert main(["simulate", "ore", *common, "--out", str(tmp_path / "sweep"), "--sweep",
                 "game.toml:tables.vp_per_contract=1..3:2"]) == 0
    # vp_per_contract is 1 in the shipped data: that value's games are the plain run's, byte for byte
    assert (tmp_path / "sweep" / "sweep" / "1" / "games.csv").read_bytes() == \
        (tmp_path / "plain" / "games.csv").read_bytes()
    seeds = [[row["seed"] for row in csv.DictReader(open(tmp_path / "sweep" / "sweep" / v / "games.csv"))]
             for v in ("1", "3")]
    assert seeds[0] == seeds[1] and len(seeds[0]) == 6
    document = json.loads((tmp_path / "sweep" / "summary.json").read_text())["sweep"]
    assert [run["label"] for run in document["runs"]] == ["1", "3"] and not document["interrupted"]
    html = (tmp_path / "sweep" / "report.html").read_text()
    assert "what if tables.vp_per_contract in game.toml changed" in html
    assert html.count("<svg") == 2 + len(TITLES)  # win rates, margin, and each measure of how the game feels


def test_a_card_worth_more_wins_more_for_its_holders(tmp_path):
    out = tmp_path / "sweep"
    assert main(["simulate", "ore", "--players", "3", "--games", "60", "--seed", "5", "--workers", "2", "--quiet",
                 "--out", str(out), "--sweep", "assets.csv:black-market-ops:vp=2..38:36"]) == 0
    runs = json.loads((out / "summary.json").read_text())["sweep"]["runs"]
    held = [next(i for i in run["items"] if i["item"] == "Black Market Ops") for run in runs]
    assert held[1]["win_rate"] > held[0]["win_rate"] + 0.3, held
    assert runs[1]["margin"]["mean"] > runs[0]["margin"]["mean"]  # the card's holder now wins by a mile
