"""`headframe export` on the command line: the same data checks as `build` (one line per
problem, exit 2, nothing written), the same atomic output (a failed export leaves the earlier
one as it was), options refused in one line, a progress line per step, and a stopped export
finished or undone by the next."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from export_checks import EXAMPLE_DATA, copy_example
from headframe.cli import main
from pdf.staging import STOP_AT

ROOT = Path(__file__).resolve().parent.parent


def contents(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def export(data: Path, out: Path, *extra: str) -> int:
    return main(["export", "prospect", "--data", str(data), "--out", str(out), *extra])


def test_export_writes_the_set_and_says_so(tmp_path, capsys):
    assert export(EXAMPLE_DATA, tmp_path, "--to", "png") == 0
    said = capsys.readouterr().out.splitlines()
    assert any(line.startswith("[") and line.endswith("prospect: png") for line in said)  # progress
    assert said[-1] == f"prospect: 17 pieces, 7 designs, 9 files -> {tmp_path / 'prospect-png'}"
    assert (tmp_path / "prospect-png" / "claims" / "001-front.png").is_file()


def test_bad_data_is_the_lines_check_gives_and_writes_nothing(tmp_path, capsys):
    data = copy_example(tmp_path, "id,qty,name,cost,gold,ground\ngravel-bar,4,Gravel Bar,lots,1,river\n"
                                  "oxbow,2,Oxbow Bend,4,4,lake\n")
    assert main(["check", "prospect", "--data", str(data), "--out", str(tmp_path / "out")]) == 2
    expected = capsys.readouterr().err
    assert len(expected.splitlines()) == 2 and "claims.csv:2: cost:" in expected
    for to in ("png", "tts"):
        assert export(data, tmp_path / "out", "--to", to) == 2
        assert capsys.readouterr().err == expected
    assert not (tmp_path / "out").exists() or list((tmp_path / "out").iterdir()) == []


def test_a_failed_export_leaves_the_earlier_one_as_it_was(tmp_path, capsys):
    data = copy_example(tmp_path)
    out = tmp_path / "out"
    assert export(data, out, "--to", "png") == 0
    target = out / "prospect-png"
    (target / "my-notes.txt").write_text("print the claims on 300 gsm")
    before = contents(target)
    claims = data / "prospect" / "claims.csv"
    claims.write_text(claims.read_text().replace("Oxbow Bend,4", "Oxbow Bend,four"))
    assert export(data, out, "--to", "png") == 2
    assert "claims.csv:4: cost:" in capsys.readouterr().err
    assert contents(target) == before
    assert sorted(p.name for p in out.iterdir()) == ["prospect-png"]  # nothing half-drawn beside it


def test_a_new_export_replaces_the_pictures_and_keeps_the_users_files(tmp_path):
    data = copy_example(tmp_path)
    out = tmp_path / "out"
    assert export(data, out, "--to", "png") == 0
    (out / "prospect-png" / "my-notes.txt").write_text("keep me")
    claims = data / "prospect" / "claims.csv"
    claims.write_text("\n".join(claims.read_text().splitlines()[:3]) + "\n")  # two claims left
    assert export(data, out, "--to", "png") == 0
    files = set(contents(out / "prospect-png"))
    assert {"claims/001-front.png", "claims/002-front.png", "my-notes.txt"} <= files
    assert "claims/003-front.png" not in files


@pytest.mark.parametrize("args, message", [
    (["--to", "tts", "--service", "thegamecrafter"], "headframe: --service is for --to png, not --to tts"),
    (["--to", "png", "--base-url", "https://example.org/x"], "headframe: --base-url is for --to tts, not --to png"),
    (["--to", "png", "--service", "nosuch"], "headframe: unknown print service 'nosuch'; services: mbprint, "
                                             "thegamecrafter"),
    (["--to", "png", "--service", "mbprint", "--dpi", "150"],
     "headframe: --service sets its own resolution and bleed; leave out --dpi and --bleed"),
    (["--to", "tts", "--base-url", "ftp://host/x"],
     "headframe: --base-url must start with http:// or https://, not 'ftp://host/x'"),
    (["--to", "png", "--players", "9"], "headframe: Prospect is for 2–4 players, not 9"),
    (["--to", "png", "--dpi", "5000"], "headframe: --dpi must be from 30 to 1200, not 5000"),
])
def test_options_that_do_not_go_are_one_line(tmp_path, capsys, args, message):
    assert export(EXAMPLE_DATA, tmp_path, *args) == 2
    assert capsys.readouterr().err.splitlines() == [message]
    assert not (tmp_path / "prospect-png").exists() and not (tmp_path / "prospect-tts").exists()


def test_help_names_the_formats_and_options(capsys):
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    text = capsys.readouterr().out
    for words in ("--to {png,tts}", "--service NAME", "--base-url URL", "--companion-url URL", "--dpi N",
                  "--max-px N", "GAME-png", "GAME-tts"):
        assert words in text


def test_a_stopped_export_is_finished_by_the_next(tmp_path):
    data = copy_example(tmp_path)
    out = tmp_path / "out"
    env = dict(os.environ, **{STOP_AT: "journal"})
    stopped = subprocess.run([sys.executable, "-m", "headframe", "export", "prospect", "--to", "png", "--data",
                              str(data), "--out", str(out)], capture_output=True, text=True, env=env, cwd=ROOT,
                             timeout=300)
    assert stopped.returncode != 0
    assert any(p.name.endswith(".swap") for p in out.iterdir())
    again = subprocess.run([sys.executable, "-m", "headframe", "export", "prospect", "--to", "png", "--data",
                            str(data), "--out", str(out)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert again.returncode == 0, again.stderr
    assert "finished putting in place the new set of a build that was stopped" in again.stderr
    assert sorted(p.name for p in out.iterdir()) == ["prospect-png"]
    assert (out / "prospect-png" / "manifest.csv").is_file()
