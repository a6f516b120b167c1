"""The wheel carries the game data, fonts, templates and static files, so an installed copy
builds and serves everything without the source tree."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("cards_data", "webapp/templates", "webapp/static")


def tracked_files(folder: str) -> set[str]:
    out = subprocess.run(["git", "ls-files", folder], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return {line for line in out.splitlines() if line and not line.endswith(".py")}


def test_wheel_contains_every_data_template_and_static_file(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True, timeout=300)
    wheel = next(tmp_path.glob("headframe-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = set().union(*(tracked_files(f) for f in SHIPPED))
    assert expected, "nothing tracked to ship"
    assert sorted(expected - names) == []
    assert "webapp/cli.py" in names and "companion/core.py" in names and "pdf/__init__.py" in names
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "headframe = webapp.cli:main" in zipfile.ZipFile(wheel).read(entry).decode()
