"""The CSV files written for spreadsheets, the lab's games.csv and a table's export.csv, keep
names that start like a formula (= + - @, a tab or CR) as text, by one rule."""

import csv
import re
import subprocess
import sys
from pathlib import Path

from companion.csvcells import FORMULA_STARTS, text_cell
from headframe.cli import main

ROOT = Path(__file__).resolve().parent.parent
STARTS = ['=HYPERLINK("http://example.invalid","x")', "@SUM(1+1)", "+1", "-2", "\tTab", "=1+2"]


def test_a_name_that_starts_a_formula_is_kept_as_text():
    for start in STARTS:
        assert text_cell(start) == "'" + start
    assert [text_cell(t) for t in ("Ann", "Bo-Cy", "1=1", "")] == ["Ann", "Bo-Cy", "1=1", ""]


def test_games_csv_escapes_item_names_that_start_a_formula(tmp_path):
    assert main(["data", "export", "ore", str(tmp_path / "mine")]) == 0
    assets = tmp_path / "mine" / "ore" / "assets.csv"
    rows = list(csv.reader(assets.open(encoding="utf-8", newline="")))
    name = rows[0].index("name")
    for i, row in enumerate(rows[1:]):
        row[name] = STARTS[i % len(STARTS)] + row[name]
    with assets.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    out = tmp_path / "sim"
    done = subprocess.run([sys.executable, "-m", "headframe", "simulate", "ore", "--games", "12", "--workers", "1",
                           "--quiet", "--data", str(tmp_path / "mine"), "--out", str(out)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    cells = [cell for row in csv.reader((out / "games.csv").open(encoding="utf-8", newline="")) for cell in row]
    formulas = [c for c in cells if c.startswith(FORMULA_STARTS) and not re.fullmatch(r"-?\d+(\.\d+)?", c)]
    assert formulas == []
    assert any(c.startswith("'=HYPERLINK(") for c in cells) and any(c.startswith("'@SUM(") for c in cells)


def test_one_rule_for_both_exports():
    import lab.run
    import webapp.exports

    assert lab.run.text_cell is text_cell and webapp.exports.text_cell is text_cell
    assert not re.search(r"['\"]=['\"],\s*['\"]\+['\"]", (ROOT / "webapp" / "exports.py").read_text())
