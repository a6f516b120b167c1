"""Print the installed version of every direct dependency named in pyproject.toml (the
runtime list and every extra), so a failing run can be traced to an upgrade."""

from __future__ import annotations

import re
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def direct_requirements(pyproject: Path = PYPROJECT) -> list[tuple[str, str]]:
    """(distribution name, declared range) for each direct dependency, runtime first."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    specs = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        specs.extend(extra)
    seen: dict[str, str] = {}
    for spec in specs:
        name = re.match(r"[A-Za-z0-9._-]+", spec).group(0)
        seen.setdefault(name.lower(), spec)
    return list(seen.items())


def main() -> int:
    print(f"python {sys.version.split()[0]}")
    for name, spec in direct_requirements():
        try:
            installed = version(name)
        except PackageNotFoundError:
            installed = "not installed"
        print(f"{name:<26} {installed:<14} (declared {spec})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
