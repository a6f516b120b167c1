"""Tinners' Trail's boards and pieces drawn by code take their positions, sizes and line widths
from ``cards_data/tinners-trail/layouts.toml``: measured on the printed PDFs, a box moved in
the file moves on the print, and a box the drawing does not know stops the build at its line."""

import shutil
from pathlib import Path

import pdfplumber
import pytest

from headframe.cli import main
from layout_edit import edit_layouts

DATA = Path(__file__).resolve().parents[1] / "cards_data" / "tinners-trail"
MM = 72 / 25.4


@pytest.fixture
def data(tmp_path):
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy / "tinners-trail")
    return copy


def _edit(data: Path, old: str, new: str) -> Path:
    return edit_layouts(data, "tinners-trail", old, new)


def _build(data: Path, out: Path, *args: str) -> Path:
    assert main(["build", "tinners-trail", "--data", str(data), "--out", str(out), "--sides", "fronts", *args]) == 0
    return out / "tinners-trail"


def _words(pdf: Path, word: str) -> list[tuple[int, float, float]]:
    with pdfplumber.open(pdf) as doc:
        return sorted((n, w["x0"], w["top"]) for n, page in enumerate(doc.pages)
                      for w in page.extract_words() if w["text"] == word)


def _shift(before: list, after: list) -> set[tuple[float, float]]:
    assert before and len(before) == len(after)
    return {(round(b[1] - a[1], 2), round(b[2] - a[2], 2)) for a, b in zip(before, after)}


EDITS = (
    # the limiter row of the main board, 3 mm lower
    ('[main_board.boxes.limiter_row]    # under columns 0..10: where a work-track limiter sits\n'
     'kind = "rect"\nx = "20mm"\ny = "299mm"', '[main_board.boxes.limiter_row]\nkind = "rect"\nx = "20mm"\ny = "302mm"'),
    # a player token's small word, 5 % of its side lower
    ('[player_token.boxes.small]\nkind = "text"\nx = "8mm"\ny = "56mm"',
     '[player_token.boxes.small]\nkind = "text"\nx = "8mm"\ny = "61mm"'),
    # the coast on the map cards, wider
    ('stroke_width = 0.96', 'stroke_width = 1.25'),
)


@pytest.fixture(scope="module")
def moved(tmp_path_factory):
    """One 3-player build from the shipped layouts and one with every box of EDITS moved."""
    tmp = tmp_path_factory.mktemp("moved")
    data = tmp / "data"
    shutil.copytree(DATA, data / "tinners-trail")
    before = _build(data, tmp / "before", "--players", "3")
    for old, new in EDITS:
        _edit(data, old, new)
    return before, _build(data, tmp / "after", "--players", "3")


def test_a_main_board_box_moved_in_the_file_moves_on_the_printed_board(moved):
    before, after = moved
    old, new = _words(before / "main-board.pdf", "Limiter"), _words(after / "main-board.pdf", "Limiter")
    assert len(old) >= 11   # a limiter space under each work-track column 0..10 (some on two overlapping tiles)
    assert _shift(old, new) == {(0.0, round(3 * MM, 2))}
    # the rest of the board stays put
    assert _words(before / "main-board.pdf", "Pass") == _words(after / "main-board.pdf", "Pass")


def test_player_token_boxes_are_shares_of_each_tokens_side(moved):
    """The token layout is drawn at 100 mm: moving the small word 5 mm down moves it 5 % of the
    side on every token, 0.6 mm on the 12 mm player markers and 0.8 mm on the 16 mm mines."""
    before, after = moved
    for word, side in (("Score", 12), ("Mine", 16)):
        old, new = _words(before / "tokens.pdf", word), _words(after / "tokens.pdf", word)
        assert _shift(old, new) == {(0.0, round(0.05 * side * MM, 2))}, word


def test_map_line_widths_come_from_the_file(moved):
    """The coast on the map card is drawn as wide as ``card_coast`` says."""
    def widths(folder: Path) -> set[float]:
        with pdfplumber.open(folder / "by-player-count.pdf") as doc:
            return {round(c["linewidth"], 2) for page in doc.pages for c in page.curves + page.lines}

    before, after = (widths(folder) for folder in moved)
    assert 0.96 in before and 0.96 not in after
    assert 1.25 in after and 1.25 not in before


def test_an_unknown_box_stops_the_build_at_its_line_and_writes_nothing(data, tmp_path, capsys):
    path = _edit(data, "[cube.boxes.letter]", "[cube.boxes.leter]")
    out = tmp_path / "out"
    assert main(["build", "tinners-trail", "--data", str(data), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    line = next(i for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if "[cube.boxes.leter]" in text)
    assert f"{path}:{line}: cube.boxes.leter: unknown box 'leter'; cube draws: letter" in err
    assert "cube.boxes: missing box: letter" in err
    assert not list(out.rglob("*.pdf"))


def test_the_player_token_layout_needs_its_size(data, tmp_path, capsys):
    _edit(data, '[player_token]\nsize = "100mm"\n', '[player_token]\n')
    assert main(["build", "tinners-trail", "--data", str(data), "--out", str(tmp_path / "out")]) == 2
    assert "player_token.size: missing: the square the token's boxes are drawn on" in capsys.readouterr().err
