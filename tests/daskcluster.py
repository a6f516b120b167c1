"""A local Dask cluster of real processes, a `dask scheduler` and `dask worker`s on 127.0.0.1,
for the cluster tests and the lab's benchmark (not the in-process cluster: the same programs a
designer starts on their machines)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError(f"the Dask scheduler did not open port {port}")


def _dask() -> list[str]:
    """The `dask` command beside this Python, else the same program through the module."""
    command = Path(sys.executable).parent / "dask"
    return [str(command)] if command.exists() else [sys.executable, "-m", "dask"]


@contextmanager
def local_cluster(workers: int, log: Path) -> Iterator[str]:
    """A scheduler and ``workers`` single-threaded workers; yields the scheduler's address and
    stops every process it started when done."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    with open(log, "w") as out:
        processes = [subprocess.Popen(_dask() + ["scheduler", "--host", "127.0.0.1", "--port", str(port),
                                                 "--dashboard-address", ":0"], stdout=out, stderr=subprocess.STDOUT)]
        try:
            wait_for(port)
            for _ in range(workers):
                processes.append(subprocess.Popen(
                    _dask() + ["worker", address, "--nthreads", "1", "--nworkers", "1", "--host", "127.0.0.1",
                               "--dashboard-address", ":0", "--no-nanny"],
                    stdout=out, stderr=subprocess.STDOUT, cwd=str(ROOT)))
            from distributed import Client
            with Client(address, timeout=30) as client:
                client.wait_for_workers(workers, timeout=60)
            yield address
        finally:
            for process in reversed(processes):
                process.terminate()
            for process in processes:
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()
