"""Whole print sets built once per test session through the real command line, for the tests
that measure what a group would print (legibility, QR codes, sheet use, tokens, boards)."""

from __future__ import annotations

import json
from pathlib import Path

from headframe.cli import main

COMPANION_URL = "http://192.168.1.5:8000"
_BUILT: dict[tuple[str, ...], Path] = {}


def build(tmp_path_factory, *args: str) -> Path:
    """``headframe build all --companion-url ... ARGS`` into a fresh folder (once per ARGS)."""
    key = tuple(args)
    if key not in _BUILT:
        out = tmp_path_factory.mktemp("printset")
        code = main(["build", "all", "--companion-url", COMPANION_URL, "--out", str(out), *args])
        assert code == 0, f"build all {' '.join(args)} exited {code}"
        _BUILT[key] = out
    return _BUILT[key]


def games(out: Path) -> list[Path]:
    return sorted(p for p in out.iterdir() if (p / "manifest.json").is_file())


def manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def file_of(folder: Path, component: str) -> Path:
    """The PDF a component is printed in (its own, or the shared sheet it is ganged on)."""
    entry = next(c for c in manifest(folder)["components"] if c["id"] == component)
    return folder / entry["file"]
