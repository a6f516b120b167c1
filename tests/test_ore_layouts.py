"""Every drawing module (pdf/games/*.py and the score sheet) holds no layout numbers and no
inline colours; for Ore's and Ore (published)'s drawn pieces and Tinners' Trail's Lord Wallace
cards, a box moved in the file moves on the printed card, and a box the
drawing does not know (or one it lacks) stops the build at its line."""

import ast
import json
import math
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest

from headframe.cli import main
from layout_edit import edit_layouts, line_of as _line_of

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "cards_data"
# Every drawing module: each takes its positions, sizes and colours from layouts.toml and the
# style table, so none holds a bare layout number or an inline colour.
DRAWN_FROM_LAYOUTS = tuple(sorted(p.name for p in (ROOT / "pdf" / "games").glob("*.py") if p.name != "__init__.py")
                           ) + ("../scoresheet.py",)
# numbers that are arithmetic, not layout: none, one, halves and doubles
ALLOWED = {0, 1, 2, 0.5}
HEX = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?\b")
MM = 72 / 25.4


def _literals(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and not isinstance(node.value, bool):
            yield node


@pytest.mark.parametrize("module", DRAWN_FROM_LAYOUTS)
def test_drawing_code_holds_no_layout_numbers_and_no_inline_colours(module):
    path = ROOT / "pdf" / "games" / module
    numbers = [f"{module}:{n.lineno}: {n.value!r}" for n in _literals(path)
               if isinstance(n.value, (int, float)) and n.value not in ALLOWED]
    colours = [f"{module}:{n.lineno}: {n.value!r}" for n in _literals(path)
               if isinstance(n.value, str) and HEX.search(n.value)]
    assert numbers == [], "layout numbers belong in layouts.toml or pdf/style.py"
    assert colours == [], "colours belong in game.toml [colours], layouts.toml or pdf/style.py"


def test_every_drawing_module_is_scanned():
    assert len(DRAWN_FROM_LAYOUTS) >= 20 and "tinners_trail.py" in DRAWN_FROM_LAYOUTS


def test_the_scan_finds_numbers_and_colours_where_there_are_some(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('def f(pen):\n    pen.rect(4, 2.5, 1, 0.5, fill="#ffffff")\n    return -1\n')
    found = [n.value for n in _literals(sample)]
    assert [v for v in found if isinstance(v, (int, float)) and v not in ALLOWED] == [4, 2.5]
    assert [v for v in found if isinstance(v, str) and HEX.search(v)] == ["#ffffff"]


@pytest.fixture
def data(tmp_path):
    copy = tmp_path / "data"
    for game in ("ore", "ore-published"):
        shutil.copytree(DATA / game, copy / game)
    return copy


def _edit(data: Path, old: str, new: str, game: str = "ore") -> Path:
    return edit_layouts(data, game, old, new)



def _word_x(pdf: Path, word: str, key: str = "x0") -> list[float]:
    with pdfplumber.open(pdf) as doc:
        return [w[key] for w in doc.pages[0].extract_words() if w["text"] == word]


def test_a_box_moved_in_layouts_toml_moves_on_every_printed_mine_card(data, tmp_path):
    before, after = tmp_path / "before", tmp_path / "after"
    assert main(["build", "ore", "--data", str(data), "--out", str(before), "--sides", "fronts"]) == 0
    _edit(data, '[mine.boxes.name]\nx = "4mm"', '[mine.boxes.name]\nx = "9mm"')
    assert main(["build", "ore", "--data", str(data), "--out", str(after), "--sides", "fronts"]) == 0
    old, new = _word_x(before / "ore" / "mines-3p.pdf", "Gold"), _word_x(after / "ore" / "mines-3p.pdf", "Gold")
    assert old and len(old) == len(new)
    assert [round(b - a, 2) for a, b in zip(old, new)] == [round(5 * MM, 2)] * len(old)


def test_an_unknown_box_stops_the_build_at_its_line_and_writes_nothing(data, tmp_path, capsys):
    path = _edit(data, "[mine.boxes.price-note]", "[mine.boxes.price-notes]")
    out = tmp_path / "out"
    assert main(["build", "ore", "--data", str(data), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    line = _line_of(path, "[mine.boxes.price-notes]")
    assert f"{path}:{line}: mine.boxes.price-notes: unknown box 'price-notes'; mine draws: band, name, " \
           f"price-note, price-disc" in err[0]
    assert any(e.startswith(f"{path}:{_line_of(path, '[mine]')}: mine.boxes: missing box: price-note") for e in err)
    assert not list(out.rglob("*.pdf"))


def test_a_malformed_length_is_reported_by_the_loader_at_its_line(data, tmp_path, capsys):
    path = _edit(data, 'gap = "2.5mm"', 'gap = "2.5"')
    assert main(["build", "ore", "--data", str(data), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip()
    line = _line_of(path, 'gap = "2.5"')
    assert err.startswith(f"{path}:{line}: acquisition.boxes.note.gap: expected a length")


def test_check_finds_the_same_unknown_box(data, capsys):
    path = _edit(data, "[contract.boxes.footer]", "[contract.boxes.foot]")
    assert main(["check", "ore", "--data", str(data)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:{_line_of(path, '[contract.boxes.foot]')}: contract.boxes.foot: unknown box 'foot'" in err


def test_the_published_board_and_mine_cards_follow_their_boxes(data, tmp_path):
    before, after = tmp_path / "before", tmp_path / "after"
    args = ["build", "ore-published", "--data", str(data), "--sides", "fronts", "--print-shop"]
    assert main(args + ["--out", str(before)]) == 0
    _edit(data, '[board.boxes.round-label]\nx = "179mm"\ny = "169mm"', '[board.boxes.round-label]\nx = "179mm"\ny = "172mm"',
          "ore-published")
    _edit(data, '[mine.boxes.row]\nkind = "rect"\nx = "4mm"\ny = "20mm"', '[mine.boxes.row]\nkind = "rect"\nx = "4mm"\ny = "21mm"',
          "ore-published")
    assert main(args + ["--out", str(after)]) == 0
    old, new = (_word_x(d / "ore-published" / "board.pdf", "Round", "top") for d in (before, after))
    assert old and [round(b - a, 2) for a, b in zip(old, new)] == [round(3 * MM, 2)] * len(old)
    # every mine space (and its amount) sits 1 mm lower; the band above does not move
    old, new = (_word_x(d / "ore-published" / "mine-cards.pdf", "mine", "top") for d in (before, after))
    assert old == new
    old, new = (_word_x(d / "ore-published" / "mine-cards.pdf", "side", "top") for d in (before, after))
    assert old and [round(b - a, 2) for a, b in zip(old, new)] == [round(1 * MM, 2)] * len(old)


def test_a_published_box_the_board_does_not_know_stops_the_build(data, tmp_path, capsys):
    path = _edit(data, "[board.boxes.first-label]", "[board.boxes.first-lable]", "ore-published")
    assert main(["build", "ore-published", "--data", str(data), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert f"{path}:{_line_of(path, '[board.boxes.first-lable]')}: board.boxes.first-lable: unknown box " \
           f"'first-lable'; board draws: title, " in err
    assert not list((tmp_path / "out").rglob("*.pdf"))


def test_the_round_tracker_and_first_player_marker_fit_their_spots_on_the_board(tmp_path):
    """Measured from the printed board: one spot per round and one first player spot, each at
    least as wide as the token laid on it, and no spot on the board overlapping another."""
    from companion.data.loader import load_game

    game = load_game("ore-published")
    assert main(["build", "ore-published", "--print-shop", "--sides", "fronts", "--out", str(tmp_path)]) == 0
    with pdfplumber.open(tmp_path / "ore-published" / "board.pdf") as doc:
        curves = doc.pages[0].curves
    spots = [((c["x1"] - c["x0"]) / MM, c["x0"], c["top"], c["x1"], c["bottom"]) for c in curves
             if abs((c["x1"] - c["x0"]) - (c["bottom"] - c["top"])) < 0.01 * MM]
    tracker = game.components["round-tracker"].size_mm[0]
    first = game.components["first-player-marker"].size_mm[0]
    token_spots = [s for s in spots if s[0] >= min(tracker, first) - 0.01]
    assert len(token_spots) == int(game.setup["rounds"]) + 1
    assert all(s[0] >= max(tracker, first) - 0.01 for s in token_spots)
    for i, a in enumerate(spots):
        for b in spots[i + 1:]:
            apart = a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2]
            assert apart, f"spots overlap: {a} {b}"


def test_lord_wallace_cards_follow_their_boxes(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA / "tinners-trail", data / "tinners-trail")
    args = ["build", "tinners-trail", "--players", "1", "--sides", "fronts", "--data", str(data)]
    assert main(args + ["--out", str(tmp_path / "before")]) == 0
    path = data / "tinners-trail" / "layouts.toml"
    old = '[lord_wallace_card.boxes.title]\nx = "3.5mm"\ny = "3.5mm"'
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, old.replace('y = "3.5mm"', 'y = "5.5mm"')), encoding="utf-8")
    assert main(args + ["--out", str(tmp_path / "after")]) == 0
    manifest = json.loads((tmp_path / "after" / "tinners-trail" / "manifest.json").read_text(encoding="utf-8"))
    [file] = {c["file"] for c in manifest["components"] if c["id"] == "lord-wallace-cards"}
    corners = {}
    for side in ("before", "after"):   # the cards lie turned on the sheet: follow each 'L' in page space
        with pdfplumber.open(tmp_path / side / "tinners-trail" / file) as doc:
            corners[side] = {(n, round(c["x0"], 2), round(c["top"], 2)) for n, page in enumerate(doc.pages)
                             for c in page.chars if c["text"] == "L"}
    gone, came = sorted(corners["before"] - corners["after"]), sorted(corners["after"] - corners["before"])
    assert len(gone) == len(came) >= 10   # one title on each of the ten cards
    for n, x, y in gone:
        assert any(m == n and abs(math.hypot(a - x, b - y) - 2 * MM) < 0.05 for m, a, b in came)
