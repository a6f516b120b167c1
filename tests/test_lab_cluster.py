"""The same run on a real Dask cluster (a scheduler and two workers on 127.0.0.1, started here)
gives the same games as on this machine's cores."""

from __future__ import annotations

import subprocess
import sys

import pytest

from daskcluster import free_port, local_cluster
from headframe.cli import main


@pytest.fixture
def cluster(tmp_path):
    with local_cluster(2, tmp_path / "dask.log") as address:
        yield address


def test_a_dask_cluster_plays_the_same_games_as_local_workers(tmp_path, cluster):
    common = ["simulate", "tinners-trail", "--players", "3", "--games", "12", "--seed", "8", "--bots",
              "heuristic,random,random", "--quiet"]
    assert main(common + ["--out", str(tmp_path / "local"), "--workers", "2"]) == 0
    assert main(common + ["--out", str(tmp_path / "dask"), "--scheduler", cluster]) == 0
    local = (tmp_path / "local" / "games.csv").read_bytes()
    assert local == (tmp_path / "dask" / "games.csv").read_bytes()
    assert len(local.splitlines()) == 13


def test_an_unreachable_scheduler_is_a_clear_error(tmp_path):
    port = free_port()
    result = subprocess.run([sys.executable, "-m", "headframe", "simulate", "ore", "--games", "2", "--out",
                             str(tmp_path / "x"), "--scheduler", f"tcp://127.0.0.1:{port}"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert "cannot reach the Dask scheduler" in result.stderr and "Traceback" not in result.stderr


def test_a_sweep_and_a_restricted_run_play_on_the_cluster_as_on_local_workers(tmp_path, cluster):
    common = ["simulate", "tinners-trail", "--players", "3", "--games", "4", "--seed", "3", "--quiet"]
    questions = {"sweep": ["--sweep", "game.toml:setup.starting_money=20..30:10"],
                 "restrict": ["--restrict", "each:never:start_auction"]}
    for name, extra in questions.items():
        assert main(common + extra + ["--out", str(tmp_path / name / "local"), "--workers", "2"]) == 0
        assert main(common + extra + ["--out", str(tmp_path / name / "dask"), "--scheduler", cluster]) == 0
    for folder in ("sweep/sweep/20", "sweep/sweep/30", "restrict/restricted/each-never-start-auction"):
        local = (tmp_path / folder.split("/")[0] / "local" / folder.split("/", 1)[1] / "games.csv").read_bytes()
        dask = (tmp_path / folder.split("/")[0] / "dask" / folder.split("/", 1)[1] / "games.csv").read_bytes()
        assert local == dask and len(local.splitlines()) == 5
