"""The designer's lab: reproducible runs, bad input, stopping early, comparing two data sets."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lab.play import Job
from lab.run import run
from lab.stats import Tally, binomial_two_sided, wilson
from headframe.cli import main


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "headframe", *args], capture_output=True, text=True, timeout=300)


def test_wilson_interval_matches_the_textbook_values():
    rate, low, high = wilson(50, 100)
    assert rate == 0.5 and low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[1] == 0.0 and wilson(10, 10)[2] == 1.0
    assert binomial_two_sided(50, 100, 0.5) == pytest.approx(1.0)
    assert binomial_two_sided(70, 100, 0.5) < 0.001


def test_the_tally_counts_a_tie_as_shared_and_positions_from_the_first_player():
    tally = Tally(2).add_all([
        {"first": 1, "winners": [1], "scores": [3, 9], "margin": 6, "rounds": 4, "turns": 40, "end": "done",
         "taken": [["Pendeen"], []]},
        {"first": 0, "winners": [0, 1], "scores": [5, 5], "margin": 0, "rounds": 4, "turns": 52, "end": "done",
         "taken": [["Pendeen"], ["Hayle"]]},
    ])
    assert tally.wins_by_position == [1.5, 0.5]  # seat 1 moved first and won; then a shared win
    assert tally.wins_by_seat == [0.5, 1.5]
    assert tally.items["Pendeen"] == [2, 0.5]
    assert tally.summary()["length"]["turns"]["mean"] == 46


def test_every_position_is_tested_and_items_need_enough_games_and_a_corrected_interval():
    rows = [{"first": 0, "winners": [3], "scores": [1, 1, 1, 9], "margin": 8, "rounds": 5, "turns": 50,
             "end": "done", "taken": [["Mill"], [], [], ["Dam"] if i < 15 else ["Dam", "Bank"]]} for i in range(40)]
    summary = Tally(4).add_all(rows).summary()
    order = summary["turn_order"]
    assert order["significant"] and order["p_value"] < 0.001
    assert [f["position"] for f in order["flagged"]] == [1, 2, 3, 4]  # three never win, one always does
    assert "fourth to move is favoured" in order["verdict"]
    verdicts = {i["item"]: i["verdict"] for i in summary["items"]}
    assert verdicts == {"Dam": "too strong", "Bank": "too strong", "Mill": "too weak"}
    few = Tally(4).add_all(rows[:15]).summary()
    assert {i["item"]: i["verdict"] for i in few["items"]} == {"Dam": "", "Mill": ""}  # under 20 games: no verdict


def test_the_same_seed_gives_the_same_games_whatever_the_number_of_workers(tmp_path):
    job = Job("tinners-trail", 3, None, ("heuristic", "random", "random"), 11)
    one = run(job, 6, tmp_path / "one", workers=1)
    two = run(job, 6, tmp_path / "two", workers=2)
    text = (tmp_path / "one" / "games.csv").read_bytes()
    assert text == (tmp_path / "two" / "games.csv").read_bytes()
    assert one.done == two.done == 6
    rows = list(csv.DictReader(text.decode().splitlines()))
    assert [r["game"] for r in rows] == ["1", "2", "3", "4", "5", "6"]
    assert len({r["seed"] for r in rows}) == 6 and all(r["end"] == "four rounds played" for r in rows)
    other = run(Job("tinners-trail", 3, None, ("heuristic", "random", "random"), 12), 6, tmp_path / "other", workers=1)
    assert other.done == 6 and (tmp_path / "other" / "games.csv").read_bytes() != text


def test_simulate_writes_the_report_the_table_and_the_summary(tmp_path):
    out = tmp_path / "sim"
    assert main(["simulate", "tinners-trail", "--players", "3", "--games", "4", "--seed", "3", "--out", str(out),
                 "--workers", "1", "--quiet"]) == 0
    summary = json.loads((out / "summary.json").read_text())["run"]
    assert summary["games"] == 4 and summary["meta"]["bots"] == ["heuristic"] * 3
    assert sum(p["wins"] for p in summary["positions"]) == pytest.approx(4)
    assert summary["items"] and all(0 <= i["low"] <= i["win_rate"] <= i["high"] <= 1 for i in summary["items"])
    html = (out / "report.html").read_text()
    assert html.count("<svg") >= 6 and "http://" not in html.replace("http://www.w3.org", "")
    assert len((out / "games.csv").read_text().splitlines()) == 5


@pytest.mark.parametrize("args, message", [
    (["nope"], "unknown game 'nope'"),
    (["tinners-trail", "--bots", "genius"], "unknown bot 'genius'"),
    (["tinners-trail", "--players", "9"], "is for 1–5 players, not 9"),
    (["mine-shaft", "--variant", "moon"], "unknown variant 'moon'"),
    (["ore", "--bots", "random,random", "--players", "3"], "names 2 bots for 3 seats"),
    (["ore", "--games", "0"], "--games must be at least 1"),
])
def test_bad_input_is_one_line_and_exit_2_before_any_game(tmp_path, args, message):
    out = tmp_path / "never"
    result = cli("simulate", *args, "--out", str(out))
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_data_that_fails_check_is_refused_before_any_game(tmp_path):
    assert main(["data", "export", "ore", str(tmp_path / "mine")]) == 0
    assets = tmp_path / "mine" / "ore" / "assets.csv"
    assets.write_text(assets.read_text().replace(",$10,2,", ",$10,lots,", 1))
    result = cli("simulate", "ore", "--data", str(tmp_path / "mine"), "--out", str(tmp_path / "never"))
    assert result.returncode == 2
    assert "assets.csv:2: vp:" in result.stderr
    assert not (tmp_path / "never").exists()


def test_ctrl_c_stops_and_still_writes_the_report_for_the_games_played(tmp_path):
    out = tmp_path / "stopped"
    process = subprocess.Popen([sys.executable, "-m", "headframe", "simulate", "tinners-trail", "--players", "3",
                                "--games", "5000", "--workers", "2", "--out", str(out), "--quiet"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # wait until some games are written
        lines = (out / "games.csv").read_text().count("\n") if (out / "games.csv").exists() else 0
        if lines > 2:
            break
        time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    summary = json.loads((out / "summary.json").read_text())["run"]
    assert summary["meta"]["interrupted"] and 0 < summary["games"] < 5000
    assert len((out / "games.csv").read_text().splitlines()) == summary["games"] + 1
    assert "stopped early" in (out / "report.html").read_text()
    assert "Traceback" not in stderr


def test_compare_puts_a_card_made_ten_times_stronger_at_the_top(tmp_path):
    for name in ("a", "b"):
        assert main(["data", "export", "ore", str(tmp_path / name)]) == 0
    assets = tmp_path / "b" / "ore" / "assets.csv"
    rows = list(csv.DictReader(assets.read_text().splitlines()))
    target = next(r for r in rows if r["name"] == "Black Market Ops")
    lines = assets.read_text().splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.startswith(target["id"] + ","))
    lines[index] = lines[index].replace(f",{target['cost']},{target['vp']},", f",{target['cost']},{int(target['vp']) * 10},", 1)
    assets.write_text("".join(lines))
    out = tmp_path / "cmp"
    assert main(["simulate", "ore", "--players", "3", "--games", "60", "--seed", "5", "--compare",
                 str(tmp_path / "a"), str(tmp_path / "b"), "--out", str(out), "--quiet"]) == 0
    document = json.loads((out / "summary.json").read_text())
    comparison = document["comparison"]
    assert comparison["stronger"][0]["item"] == "Black Market Ops"
    assert comparison["stronger"][0]["beyond"]
    assert comparison["diff"] == [{"file": "assets.csv", "row": "black-market-ops", "change": "vp: 2 → 20"}]
    assert (out / "a" / "games.csv").exists() and (out / "b" / "games.csv").exists()
    html = (out / "report.html").read_text()
    assert "Too strong after the edit" in html and "vp: 2 → 20" in html
