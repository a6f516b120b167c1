"""Helpers for the layout tests: edit a copy of a game's layouts.toml and find a line in it."""

from __future__ import annotations

from pathlib import Path


def edit_layouts(data: Path, game: str, old: str, new: str) -> Path:
    """Replace the one occurrence of ``old`` in ``data/<game>/layouts.toml``; the file's path."""
    path = data / game / "layouts.toml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    """The number of the first line of ``path`` that holds ``needle``."""
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)
