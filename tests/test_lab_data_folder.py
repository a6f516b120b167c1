"""Workers of a run that carries edited data each read it from one folder per machine; the
folder appears under its name only whole, so a worker never reads a file another is writing."""

from __future__ import annotations

import tempfile
from pathlib import Path

from lab import play
from lab.play import Job


def _job(content: bytes) -> Job:
    return Job("ore", 3, None, ("random",) * 3, 1, data=(("ore/game.toml", content), ("ore/notes.csv", b"a,b\n")))


def test_files_are_written_beside_the_folder_and_moved_in_whole(monkeypatch, tmp_path):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    job = _job(b"[game]\nid = 'ore'\n")
    final = tmp_path / f"headframe-lab-{job.data_key}"
    written = []
    real = Path.write_bytes
    monkeypatch.setattr(Path, "write_bytes", lambda self, data: written.append(self) or real(self, data))
    assert play._data_folder(job) == final
    assert written and not any(p.is_relative_to(final) for p in written)
    assert (final / "ore" / "game.toml").read_bytes() == b"[game]\nid = 'ore'\n"
    assert [p.name for p in tmp_path.iterdir()] == [final.name]  # nothing left half-made beside it


def test_a_folder_another_worker_made_first_is_kept_and_the_spare_removed(monkeypatch, tmp_path):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    job = _job(b"x")
    final = tmp_path / f"headframe-lab-{job.data_key}"
    real_rename = Path.rename

    def beaten(self, target):  # the other worker renames its copy in between our check and ours
        (final / "ore").mkdir(parents=True)
        (final / "ore" / "game.toml").write_bytes(b"x")
        (final / "ore" / "notes.csv").write_bytes(b"a,b\n")
        return real_rename(self, target)

    monkeypatch.setattr(Path, "rename", beaten)
    assert play._data_folder(job) == final
    assert sorted(p.name for p in (final / "ore").iterdir()) == ["game.toml", "notes.csv"]
    assert [p.name for p in tmp_path.iterdir()] == [final.name]
