"""ARDEVUR's cards, card badges, character guides, money and markers take every position and
size from ``cards_data/ardevur/layouts.toml``: measured from the printed PDFs, a box moved in
the file moves on the piece, and a box the drawing does not know (or one it lacks) stops
``build`` and ``check`` at its line with nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest

from webapp.cli import main

ROOT = Path(__file__).resolve().parents[1]
MM = 72 / 25.4


@pytest.fixture
def data(tmp_path):
    copy = tmp_path / "data"
    shutil.copytree(ROOT / "cards_data" / "ardevur", copy / "ardevur")
    return copy


def _edit(data: Path, old: str, new: str) -> Path:
    path = data / "ardevur" / "layouts.toml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def _build(data: Path, out: Path) -> Path:
    """One piece per page (print-shop), fronts only: a page's words sit in the piece's own frame."""
    assert main(["build", "ardevur", "--data", str(data), "--out", str(out), "--print-shop", "--sides", "fronts"]) == 0
    return out / "ardevur"


def _words(pdf: Path, pages: range | None = None) -> list[tuple[int, str, float, float]]:
    """(page, word, x0, top) of every word, in points."""
    with pdfplumber.open(pdf) as doc:
        chosen = doc.pages if pages is None else [doc.pages[i] for i in pages]
        return [(n, w["text"], round(w["x0"], 2), round(w["top"], 2)) for n, page in enumerate(chosen)
                for w in page.extract_words()]


def _shift(before: list, after: list, word: str) -> set[tuple[float, float]]:
    """How far every ``word`` moved (dx, dy) in mm, page by page."""
    old = [w for w in before if w[1] == word]
    new = [w for w in after if w[1] == word]
    assert old and len(old) == len(new), (word, len(old), len(new))
    return {(round((b[2] - a[2]) / MM, 2), round((b[3] - a[3]) / MM, 2)) for a, b in zip(old, new)}


def test_the_card_name_under_a_badge_follows_its_box(data, tmp_path):
    before = _words(_build(data, tmp_path / "before") / "territory-cards.pdf", range(3))
    _edit(data, '[badge-word.boxes.word]\nkind = "text"\nx = "0mm"\ny = "0mm"\nw = "0mm"\nh = "2.6mm"',
          '[badge-word.boxes.word]\nkind = "text"\nx = "0mm"\ny = "0mm"\nw = "0mm"\nh = "4.1mm"')
    after = _words(_build(data, tmp_path / "after") / "territory-cards.pdf", range(3))
    for word in ("License", "Geologist", "Workforce", "Machinery"):
        assert _shift(before, after, word) == {(0.0, 1.5)}
    assert _shift(before, after, "Explore") == {(0.0, 0.0)}


def test_an_unknown_badge_box_stops_build_and_check_at_its_line(data, tmp_path, capsys):
    path = _edit(data, "[badge.boxes.hub]", "[badge.boxes.hubcap]")
    line, frame = _line_of(path, "[badge.boxes.hubcap]"), _line_of(path, "[badge]")
    out = tmp_path / "out"
    assert main(["build", "ardevur", "--data", str(data), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:{line}: badge.boxes.hubcap: unknown box 'hubcap'; badge draws: frame, permit, " in err
    assert f"{path}:{frame}: badge.boxes: missing box: hub" in err
    assert not list(out.rglob("*.pdf"))
    assert main(["check", "ardevur", "--data", str(data)]) == 2
    assert f"{path}:{line}: badge.boxes.hubcap: unknown box 'hubcap'" in capsys.readouterr().err
