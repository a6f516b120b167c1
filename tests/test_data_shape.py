"""The rooms this part of the code keeps readable now, checked apart from the whole tree's
checks in test_engine_shape (which also wait on the game engines): data loading, action
declarations, staging, the lab and the command line have no function over the complexity
limit and no import circle."""

from pathlib import Path

import pytest
from radon.complexity import cc_visit

from test_engine_shape import MAX_COMPLEXITY, circles, import_graph

ROOT = Path(__file__).resolve().parent.parent
PLACES = ["companion/data", "companion/declare.py", "companion/csvcells.py", "pdf/staging.py", "pdf/export", "lab",
          "headframe"]


def files(place: str) -> list[Path]:
    path = ROOT / place
    return sorted(path.rglob("*.py")) if path.is_dir() else [path]


@pytest.mark.parametrize("place", PLACES)
def test_no_function_over_the_complexity_limit(place):
    tangled = [f"{path.relative_to(ROOT)}:{block.lineno} {block.name} ({block.complexity})"
               for path in files(place) for block in cc_visit(path.read_text(encoding="utf-8"))
               if block.complexity > MAX_COMPLEXITY]
    assert tangled == []


def test_no_import_circle_in_data_loading_the_lab_or_the_command_line():
    rooms = ("companion.data", "companion.declare", "lab", "headframe", "pdf.staging", "pdf.export")
    found = [group for group in circles(import_graph()) if any(m.startswith(rooms) for m in group)]
    assert found == []
