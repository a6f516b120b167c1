"""A build stopped dead at any step of swapping its set in never loses or hides a set: the
next build or check finds the stopped swap and completes it (once the journal is written) or
undoes it (before), so ``out/<game>`` is the whole old set or the whole new one, with the
user's own files in it and nothing hidden left beside it."""

import hashlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from headframe.cli import main
from pdf.staging import STOP_AT

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"
# The named steps of a swap, in order; a stop before "journal" is undone, from it on completed.
BEFORE = ["drawn"]
AFTER = ["journal", "carried-one", "carried", "old", "new", "cleaned"]


def contents(folder: Path) -> dict[str, str]:
    """Every file below ``folder`` by relative path, with a hash of its bytes."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def build(data: Path, out: Path, *extra: str, stop_at: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if stop_at:
        env[STOP_AT] = stop_at
    return subprocess.run([sys.executable, "-m", "headframe", "build", "testgame", "--data", str(data),
                           "--out", str(out), "--sides", "fronts", *extra],
                          capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)


@pytest.fixture(scope="module")
def sets(tmp_path_factory):
    """The old set (A4) and the new one (Letter), each built once, with the user's files."""
    base = tmp_path_factory.mktemp("sets")
    data = base / "data"
    shutil.copytree(FIXTURES / "testgame", data / "testgame")
    found = {}
    for name, paper in (("old", "a4"), ("new", "letter")):
        assert build(data, base / name, "--paper", paper).returncode == 0
        found[name] = contents(base / name / "testgame")
    assert found["old"] != found["new"] and set(found["old"]) == set(found["new"])
    return data, base / "old", found


def user_files(target: Path) -> dict[str, str]:
    (target / "notes.txt").write_text("my notes")
    (target / "cut-list").mkdir()
    (target / "cut-list" / "done.txt").write_text("sheets 1-3")
    return {"notes.txt": hashlib.sha256(b"my notes").hexdigest(),
            "cut-list/done.txt": hashlib.sha256(b"sheets 1-3").hexdigest()}


@pytest.mark.parametrize("recover_with", ["build", "check"])
@pytest.mark.parametrize("step", BEFORE + AFTER)
def test_a_build_killed_at_each_step_is_completed_or_undone_by_the_next(tmp_path, sets, step, recover_with, capsys):
    data, old_out, found = sets
    out = tmp_path / "out"
    shutil.copytree(old_out, out)
    mine = user_files(out / "testgame")
    stopped = build(data, out, "--paper", "letter", stop_at=step)
    assert stopped.returncode == -signal.SIGKILL, stopped.stderr
    capsys.readouterr()
    if recover_with == "check":
        assert main(["check", "testgame", "--data", str(data), "--out", str(out)]) == 0
        expected = {**(found["new"] if step in AFTER else found["old"]), **mine}
    else:  # a build of the old set: whatever the stopped one left, this one ends in the old set
        assert main(["build", "testgame", "--data", str(data), "--out", str(out), "--sides", "fronts"]) == 0
        expected = {**found["old"], **mine}
    note = capsys.readouterr().err
    assert ("finished putting in place the new set" in note) == (step in AFTER)
    assert ("removed the unfinished files of a build that was stopped" in note) == (step in BEFORE)
    assert contents(out / "testgame") == expected
    assert sorted(p.name for p in out.iterdir()) == ["testgame"]  # nothing hidden left beside it


@pytest.mark.parametrize("step", ["drawn", "journal", "new", "cleaned"])  # no old set to move aside
def test_a_first_build_killed_at_each_step_leaves_no_set_or_the_whole_one(tmp_path, sets, step):
    data, _, found = sets
    out = tmp_path / "out"
    assert build(data, out, "--paper", "letter", stop_at=step).returncode == -signal.SIGKILL
    assert main(["check", "testgame", "--data", str(data), "--out", str(out)]) == 0
    if step == "drawn":
        assert sorted(p.name for p in out.iterdir()) == []
    else:
        assert contents(out / "testgame") == found["new"]
        assert sorted(p.name for p in out.iterdir()) == ["testgame"]


def test_a_swap_stopped_by_an_earlier_version_is_rolled_back(tmp_path, sets):
    """Builds before the journal swapped without one; one stopped between its two renames left
    no ``out/<game>``, the old set aside and the user's file inside the staging folder."""
    data, old_out, found = sets
    out = tmp_path / "out"
    shutil.copytree(old_out, out)
    mine = user_files(out / "testgame")
    staging = out / ".testgame.abc123.staging"
    staging.mkdir()
    (staging / "manifest.json").write_text("{}")
    os.replace(out / "testgame" / "notes.txt", staging / "notes.txt")
    os.replace(out / "testgame", out / ".testgame.abc123.old")
    assert main(["check", "testgame", "--data", str(data), "--out", str(out)]) == 0
    assert contents(out / "testgame") == {**found["old"], **mine}
    assert sorted(p.name for p in out.iterdir()) == ["testgame"]
