"""The same run on a real Dask cluster (a scheduler and two workers on 127.0.0.1, started here)
gives the same games as on this machine's cores."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from headframe.cli import main


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError(f"the Dask scheduler did not open port {port}")


@pytest.fixture
def cluster(tmp_path):
    port = _free_port()
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    log = open(tmp_path / "dask.log", "w")
    processes = [subprocess.Popen(dask + ["--host", "127.0.0.1", "--port", str(port), "--dashboard-address", ":0"],
                                  stdout=log, stderr=subprocess.STDOUT)]
    try:
        _wait_for(port)
        address = f"tcp://127.0.0.1:{port}"
        for _ in range(2):
            processes.append(subprocess.Popen(
                [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1", "--nworkers", "1",
                 "--host", "127.0.0.1", "--dashboard-address", ":0", "--no-nanny"],
                stdout=log, stderr=subprocess.STDOUT, cwd=str(Path(__file__).resolve().parents[1])))
        from distributed import Client
        with Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        log.close()


def test_a_dask_cluster_plays_the_same_games_as_local_workers(tmp_path, cluster):
    common = ["simulate", "tinners-trail", "--players", "3", "--games", "12", "--seed", "8", "--bots",
              "heuristic,random,random", "--quiet"]
    assert main(common + ["--out", str(tmp_path / "local"), "--workers", "2"]) == 0
    assert main(common + ["--out", str(tmp_path / "dask"), "--scheduler", cluster]) == 0
    local = (tmp_path / "local" / "games.csv").read_bytes()
    assert local == (tmp_path / "dask" / "games.csv").read_bytes()
    assert len(local.splitlines()) == 13


def test_an_unreachable_scheduler_is_a_clear_error(tmp_path):
    port = _free_port()
    result = subprocess.run([sys.executable, "-m", "headframe", "simulate", "ore", "--games", "2", "--out",
                             str(tmp_path / "x"), "--scheduler", f"tcp://127.0.0.1:{port}"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert "cannot reach the Dask scheduler" in result.stderr and "Traceback" not in result.stderr
