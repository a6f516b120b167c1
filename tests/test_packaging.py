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
    assert {"headframe/cli.py", "headframe/__main__.py", "companion/core.py", "pdf/__init__.py",
            "webapp/__init__.py", "lab/__init__.py"} <= names
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "headframe = headframe.cli:main" in zipfile.ZipFile(wheel).read(entry).decode()


def test_ci_types_the_readmes_two_commands_in_a_new_virtual_environment():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line for line in block.splitlines() if line and not line.startswith("#")]
    assert commands == ['pip install -e . && headframe build tinners-trail --out out',
                        'pip install -q -e ".[test]" && python -m pytest -q']
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'python3 -m venv "$work/venv"' in ci and 'source "$work/venv/bin/activate"' in ci
    assert 'pip install -e . && headframe build tinners-trail --out "$work/out"' in ci  # out/ in the temp folder
    assert commands[1] + " || rc=$?" in ci
    assert '"$rc" = 5' in ci  # no tests collected is a failure
