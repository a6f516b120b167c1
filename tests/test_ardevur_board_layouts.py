"""ARDEVUR's dashboards, boards and map take every position, size and colour from
cards_data/ardevur/layouts.toml: a box moved in the file moves on the printed piece (measured
letter by letter from the PDF), and a box the drawing does not know, or one it needs and the
file lacks, stops ``build`` and ``check`` at its line with nothing written."""

import math
import shutil
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from companion.ardevur.data import catalog
from headframe.cli import main
from layout_edit import edit_layouts, line_of as _line_of

ROOT = Path(__file__).resolve().parents[1]
MM = 72 / 25.4


@pytest.fixture
def data(tmp_path):
    shutil.copytree(ROOT / "cards_data" / "ardevur", tmp_path / "data" / "ardevur")
    return tmp_path / "data"


def _edit(data: Path, old: str, new: str) -> Path:
    return edit_layouts(data, "ardevur", old, new)



def _letters(pdf: Path) -> set[tuple[int, str, float, float]]:
    """Every printed letter: page, letter, and where it sits on the page (points)."""
    with pdfplumber.open(pdf) as doc:
        return {(n, c["text"], round(c["x0"], 2), round(c["top"], 2)) for n, page in enumerate(doc.pages)
                for c in page.chars if c["text"].strip()}


def _build(data: Path, out: Path, *extra: str) -> Path:
    assert main(["build", "ardevur", "--sides", "fronts", "--data", str(data), "--out", str(out), *extra]) == 0
    return out / "ardevur"


def _moved(data: Path, tmp_path: Path, file: str, old: str, new: str, *extra: str) -> tuple[Counter, float]:
    """Build, move a box, build again: the letters that moved and how far (mm) they all moved,
    each found again on its page one and the same step away."""
    before = _letters(_build(data, tmp_path / "before", *extra) / file)
    _edit(data, old, new)
    after = _letters(_build(data, tmp_path / "after", *extra) / file)
    gone, came = sorted(before - after), sorted(after - before)
    assert gone and len(gone) == len(came)
    # the move, as the page sees it (the piece may lie turned): the one step that takes the
    # most letters to a letter of their own kind; then every moved letter must have taken it
    steps = Counter((round(a - x, 1), round(b - y, 1)) for n, letter, x, y in gone
                    for m, t, a, b in came if m == n and t == letter)
    (dx, dy), _ = steps.most_common(1)[0]
    for n, letter, x, y in gone:
        assert any(m == n and t == letter and abs(a - x - dx) < 0.15 and abs(b - y - dy) < 0.15
                   for m, t, a, b in came), f"{letter!r} on page {n + 1} did not move with the rest"
    return Counter(t for _, t, _, _ in gone), round(math.hypot(dx, dy) / MM, 1)


def _spelled(text: str, copies: int) -> Counter:
    return Counter({k: v * copies for k, v in Counter(text.replace(" ", "")).items()})


def test_the_dashboard_title_moves_with_its_box(data, tmp_path):
    letters, shift = _moved(data, tmp_path, "dashboards.pdf", '[dashboard.boxes.title]\nx = "6mm"\ny = "1.5mm"',
                            '[dashboard.boxes.title]\nx = "6mm"\ny = "4.5mm"')
    assert shift == 3.0
    names = [c.name for c in catalog(str(data / "ardevur")).corporations.values()]
    assert len(names) == 4
    assert letters == sum((_spelled(f"{n} · corporate dashboard", 1) for n in names), Counter())


def test_the_action_cards_follow_the_storage_track(data, tmp_path):
    """The action label is measured from the bottom of the storage track: moving the track
    down 4 mm moves the action cards' label with it, on every dashboard."""
    letters, shift = _moved(data, tmp_path, "dashboards.pdf", '[dashboard.boxes.action-label]\nx = "149mm"\ny = "1mm"',
                            '[dashboard.boxes.action-label]\nx = "149mm"\ny = "5mm"')
    assert shift == 4.0
    assert letters == _spelled("Action cards, face down: 2 (Clash of Titans: 4)", 4)


def test_the_target_piles_text_moves_with_its_box(data, tmp_path):
    letters, shift = _moved(data, tmp_path, "target-grid.pdf", '[target-grid.boxes.pile-text]\nx = "5mm"\ny = "22mm"',
                            '[target-grid.boxes.pile-text]\nx = "5mm"\ny = "24.5mm"')
    assert shift == 2.5
    texts = [f"{tier} targets pile {n} face up; only the top card may be claimed"
             for tier in ("Gold", "Silver", "Bronze") for n in (1, 2, 3)]
    assert letters == sum((_spelled(t, 1) for t in texts), Counter())


def test_a_box_measured_from_the_sheets_edge_follows_it(data, tmp_path):
    """The development list ends 5 mm short of the market organiser's right edge; ending it
    15 mm short narrows it by 10 mm, so every centred card name moves 5 mm left."""
    letters, shift = _moved(data, tmp_path, "target-grid.pdf", '[market.boxes.dev-list]\nkind = "rect"\nx = "139mm"\n'
                            'y = "16mm"\nw = "-5mm"', '[market.boxes.dev-list]\nkind = "rect"\nx = "139mm"\n'
                            'y = "16mm"\nw = "-15mm"')
    assert shift == 5.0
    names = ["Phone call" if c == "phone" else c.title() for c in catalog(str(data / "ardevur")).development]
    assert len(names) > 5 and letters == sum((_spelled(n, 1) for n in names), Counter())


def test_the_score_sheet_title_moves_with_its_box(data, tmp_path):
    letters, shift = _moved(data, tmp_path, "score-sheet.pdf", '[score-sheet.boxes.title]\nx = "0mm"\ny = "0mm"',
                            '[score-sheet.boxes.title]\nx = "0mm"\ny = "3mm"')
    assert shift == 3.0
    assert letters == _spelled("ARDEVUR: The Game of Resources · score sheet", 1)


def test_every_region_name_on_the_map_moves_with_its_box(data, tmp_path):
    """Built for a print shop, the map is one page: each region's name line moves 2 mm down."""
    letters, shift = _moved(data, tmp_path, "map-board.pdf", '[map.boxes.region-name]\nx = "3mm"\ny = "1.5mm"',
                            '[map.boxes.region-name]\nx = "3mm"\ny = "3.5mm"', "--print-shop")
    assert shift == 2.0
    regions = catalog(str(data / "ardevur")).regions.values()
    assert len(regions) == 8
    assert letters == sum((_spelled(f"{r.name} · ribbon {r.ribbon} SP", 1) for r in regions), Counter())


def test_the_territory_deck_text_goes_where_its_place_goes(data, tmp_path):
    letters, shift = _moved(data, tmp_path, "map-board.pdf", '[map.boxes.deck]\nkind = "rect"\nx = "285.1mm"',
                            '[map.boxes.deck]\nkind = "rect"\nx = "281.1mm"', "--print-shop")
    assert shift == 4.0
    assert letters == _spelled("Territory deck face down during the auctions, then to the market organiser", 1)


def _fails(data: Path, tmp_path: Path, capsys) -> list[str]:
    out = tmp_path / "out"
    assert main(["build", "ardevur", "--data", str(data), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert not list(out.rglob("*.pdf"))
    assert main(["check", "ardevur", "--data", str(data)]) == 2
    assert capsys.readouterr().err.strip().splitlines() == err
    return err


@pytest.mark.parametrize("layout, box, draws", [
    ("dashboard", "storage-note", "band, title, dev-label"),
    ("target-grid", "pile-text", "pile, pile-text"),
    ("market", "places", "title, deck, deck-text"),
    ("score-sheet", "note", "title, head, head-text"),
    ("map", "legend-berth", "title, land, region"),
])
def test_an_unknown_box_stops_build_and_check_at_its_line(data, tmp_path, capsys, layout, box, draws):
    path = _edit(data, f"[{layout}.boxes.{box}]", f"[{layout}.boxes.{box}s]")
    err = _fails(data, tmp_path, capsys)
    line = _line_of(path, f"[{layout}.boxes.{box}s]")
    assert any(e.startswith(f"{path}:{line}: {layout}.boxes.{box}s: unknown box '{box}s'; {layout} draws: {draws}")
               for e in err), err
    layout_line = _line_of(path, f"[{layout}]")
    assert f"{path}:{layout_line}: {layout}.boxes: missing box: {box}" in err


@pytest.mark.parametrize("layout, box", [("dashboard", "turn"), ("market", "token"), ("score-sheet", "corporations"),
                                          ("map", "vessel")])
def test_a_missing_box_stops_build_and_check(data, tmp_path, capsys, layout, box):
    path = data / "ardevur" / "layouts.toml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.strip() == f"[{layout}.boxes.{box}]")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[")), len(lines))
    path.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")
    err = _fails(data, tmp_path, capsys)
    assert err == [f"{path}:{_line_of(path, f'[{layout}]')}: {layout}.boxes: missing box: {box}"]
