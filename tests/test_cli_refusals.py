"""Input the command line refuses: each one clear line on stderr and exit 2, never a traceback
or a hang; and work it bounds (simulate's workers, which leave with a killed run)."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FINAL = ROOT / "cards_data" / "ore" / "examples" / "final.json"


def cli(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "headframe", *argv], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


def one_line(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    return line


def with_name(tmp_path: Path, name_json: str) -> Path:
    """The shipped end-of-game example with its first player's name written as ``name_json``."""
    text = FINAL.read_text(encoding="utf-8")
    first = json.loads(text)["players"][0]["name"]
    path = tmp_path / "named.json"
    path.write_text(text.replace(json.dumps(first), name_json, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("case, expected", [
    ("folder", "{path}: is a folder, not a file"),
    ("deep", "{path}: nests lists or objects too deep to be an end-of-game file"),
    ("digits", "{path}: not valid JSON (a number of 5,000 digits; numbers here have at most 18)"),
    ("surrogate", "{path}: text holds '\\ud800', half of a character pair (a lone surrogate); write the whole character"),
    ("dev-zero", "{path}: is not a regular file (a device or a pipe has no end to read to)"),
    ("loop", "{path}: cannot be read: a link that leads back to itself"),
])
def test_score_refuses_a_bad_file_in_one_line(tmp_path, case, expected):
    path = {"folder": tmp_path, "dev-zero": Path("/dev/zero"), "loop": tmp_path / "loop.json"}.get(case)
    if case == "deep":
        path = tmp_path / "deep.json"
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif case == "digits":
        path = tmp_path / "digits.json"
        path.write_text(FINAL.read_text(encoding="utf-8").replace('"money": 37', '"money": ' + "7" * 5000, 1))
    elif case == "surrogate":
        path = with_name(tmp_path, '"\\ud800Joe"')
    elif case == "loop":
        path.symlink_to(path)
    assert one_line(cli("score", "ore", str(path), timeout=60)) == "headframe: " + expected.format(path=path)


def test_score_reads_a_whole_character_pair_and_a_bom(tmp_path):
    path = with_name(tmp_path, '"\\ud83d\\ude00 Joe"')
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    done = cli("score", "ore", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][0] == "\U0001F600 Joe"


def test_simulate_checks_its_output_folder_before_playing():
    assert one_line(cli("simulate", "ore", "--games", "2", "--out", "/proc/hf")) == (
        "headframe: --out /proc/hf: cannot write there (No such file or directory)")


def test_simulate_refuses_an_address_that_is_not_a_schedulers():
    assert one_line(cli("simulate", "ore", "--games", "2", "--scheduler", "notaurl")) == (
        "headframe: --scheduler 'notaurl' is not a scheduler's address; give one such as tcp://HOST:8786")


def test_simulate_refuses_more_workers_than_the_machine_can_use(tmp_path):
    from lab.run import most_workers

    cores = os.cpu_count() or 1
    line = one_line(cli("simulate", "ore", "--games", "2", "--workers", "100000", "--out", str(tmp_path / "s")))
    assert line == (f"headframe: --workers 100000 is more than {most_workers()} (4 per core on this machine's "
                    f"{cores}); more processes than that only wait for each other")
    assert not (tmp_path / "s").exists()
    assert cli("simulate", "ore", "--games", "2", "--workers", str(most_workers()), "--quiet",
               "--out", str(tmp_path / "s")).returncode == 0


def children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Still a live process (a zombie waiting for its new parent to reap it is not)."""
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_a_killed_simulate_takes_its_workers_with_it(tmp_path):
    process = subprocess.Popen([sys.executable, "-m", "headframe", "simulate", "tinners-trail", "--players", "3",
                                "--games", "100000", "--workers", "2", "--quiet", "--out", str(tmp_path / "s")],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 120
        while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.2)
            workers = {pid for pid in children(process.pid) if running(pid)}
        assert len(workers) >= 2, "the pool never started"
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        deadline = time.monotonic() + 60
        while any(running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [pid for pid in workers if running(pid)]
    finally:
        process.kill()
        for pid in workers | children(process.pid):
            if running(pid):
                os.kill(pid, signal.SIGKILL)
