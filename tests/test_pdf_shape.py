"""The print room keeps its own shape while the rest of the project is restructured: no
module of ``pdf/`` imports another round a circle, and no function there is over the
project's complexity limit (the whole-project checks are in ``test_engine_shape``)."""

from pathlib import Path

from test_engine_shape import MAX_COMPLEXITY, circles, import_graph

ROOT = Path(__file__).resolve().parent.parent


def test_no_import_circle_in_the_print_room():
    found = [group for group in circles(import_graph()) if any(m == "pdf" or m.startswith("pdf.") for m in group)]
    assert found == [], "pdf modules that import each other: " + "; ".join(" <-> ".join(g) for g in found)


def test_no_print_function_is_too_tangled_to_read():
    from radon.complexity import cc_visit

    tangled = [f"{path.relative_to(ROOT)}:{block.lineno} {block.name} ({block.complexity})"
               for path in sorted((ROOT / "pdf").rglob("*.py"))
               for block in cc_visit(path.read_text(encoding="utf-8")) if block.complexity > MAX_COMPLEXITY]
    assert tangled == [], f"cyclomatic complexity over {MAX_COMPLEXITY}: {tangled}"
