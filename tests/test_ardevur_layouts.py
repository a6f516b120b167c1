"""ARDEVUR's cards, card badges, character guides, money and markers take every position and
size from ``cards_data/ardevur/layouts.toml``: measured from the printed PDFs, a box moved in
the file moves on the piece, and a box the drawing does not know (or one it lacks) stops
``build`` and ``check`` at its line with nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest

from headframe.cli import main
from layout_edit import edit_layouts, line_of as _line_of

ROOT = Path(__file__).resolve().parents[1]
MM = 72 / 25.4


@pytest.fixture
def data(tmp_path):
    copy = tmp_path / "data"
    shutil.copytree(ROOT / "cards_data" / "ardevur", copy / "ardevur")
    return copy


def _edit(data: Path, old: str, new: str) -> Path:
    return edit_layouts(data, "ardevur", old, new)



def _build(data: Path, out: Path, sides: str = "fronts") -> Path:
    """One piece per page (print-shop): a page's words sit in the piece's own frame."""
    assert main(["build", "ardevur", "--data", str(data), "--out", str(out), "--print-shop", "--sides", sides]) == 0
    return out / "ardevur"


def _words(pdf: Path, pages: range | None = None) -> list[tuple[int, str, float, float]]:
    """(page, word, x0, top) of every word, in points."""
    with pdfplumber.open(pdf) as doc:
        chosen = doc.pages if pages is None else [doc.pages[i] for i in pages]
        return [(n, w["text"], round(w["x0"], 2), round(w["top"], 2)) for n, page in enumerate(chosen)
                for w in page.extract_words()]


def _shift(before: list, after: list, word: str) -> set[tuple[float, float]]:
    """How far every word starting with ``word`` moved (dx, dy) in mm, page by page."""
    old = [w for w in before if w[1].startswith(word)]
    new = [w for w in after if w[1].startswith(word)]
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


def test_a_step_moved_on_the_territory_card_carries_its_verb_cost_and_badges(data, tmp_path):
    before = _words(_build(data, tmp_path / "before") / "territory-cards.pdf", range(3))
    _edit(data, '[territory.boxes.explore]\nkind = "rect"\nx = "4mm"\ny = "22mm"',
          '[territory.boxes.explore]\nkind = "rect"\nx = "4mm"\ny = "20mm"')
    _edit(data, '[card.boxes.title]\nkind = "text"\nx = "4mm"\ny = "1.5mm"',
          '[card.boxes.title]\nkind = "text"\nx = "4mm"\ny = "2.5mm"')
    after = _words(_build(data, tmp_path / "after") / "territory-cards.pdf", range(3))
    for word in ("Explore", "License", "Geologist"):
        assert _shift(before, after, word) == {(0.0, -2.0)}
    for word in ("Exploit", "Workforce", "Machinery", "Output"):
        assert _shift(before, after, word) == {(0.0, 0.0)}
    # the title box of every card face: the first word of each territory's name moves 1 mm down
    titles = {n: next(w for w in before if w[0] == n) for n in range(3)}
    for n, (_, word, x, top) in titles.items():
        assert (n, word, x, round(top + MM, 2)) in {(w[0], w[1], w[2], round(w[3], 2)) for w in after}


def test_the_reward_and_the_money_follow_their_boxes(data, tmp_path):
    before = _build(data, tmp_path / "before")
    old_targets, old_money = _words(before / "target-cards.pdf", range(2)), _words(before / "money.pdf", range(1))
    _edit(data, '[reward-card.boxes.reward-text]\nkind = "text"\nx = "6mm"', '[reward-card.boxes.reward-text]\nkind = "text"\nx = "7.5mm"')
    _edit(data, '[money.boxes.value]\nkind = "text"\nx = "4mm"\ny = "4mm"', '[money.boxes.value]\nkind = "text"\nx = "4mm"\ny = "3mm"')
    after = _build(data, tmp_path / "after")
    new_targets, new_money = _words(after / "target-cards.pdf", range(2)), _words(after / "money.pdf", range(1))
    assert _shift(old_targets, new_targets, "Reward:") == {(1.5, 0.0)}
    assert _shift(old_targets, new_targets, "SP") == {(0.0, 0.0)}
    assert _shift(old_money, new_money, "2M") == {(0.0, -1.0)}
    assert _shift(old_money, new_money, "Hashtag") == {(0.0, 0.0)}


def test_a_missing_card_box_stops_build_and_check(data, tmp_path, capsys):
    path = data / "ardevur" / "layouts.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index("[target.boxes.action-note]")
    path.write_text(text[:start] + text[text.index("[incentive]"):], encoding="utf-8")
    line = _line_of(path, "[target]")
    out = tmp_path / "out"
    assert main(["build", "ardevur", "--data", str(data), "--out", str(out)]) == 2
    assert f"{path}:{line}: target.boxes: missing box: action-note" in capsys.readouterr().err
    assert not list(out.rglob("*.pdf"))
    assert main(["check", "ardevur", "--data", str(data)]) == 2
    assert f"{path}:{line}: target.boxes: missing box: action-note" in capsys.readouterr().err


def test_the_guides_follow_their_section_table_and_phase_boxes(data, tmp_path):
    before = _words(_build(data, tmp_path / "before", "duplex-long") / "character-guides.pdf", range(4))
    _edit(data, '[guide.boxes.section-title]\nkind = "text"\nx = "6.5mm"', '[guide.boxes.section-title]\nkind = "text"\nx = "8.5mm"')
    _edit(data, '[guide.boxes.assets-buy]\nkind = "text"\nx = "32.6mm"', '[guide.boxes.assets-buy]\nkind = "text"\nx = "33.6mm"')
    _edit(data, '[guide.boxes.phase-text]\nkind = "text"\nx = "32mm"', '[guide.boxes.phase-text]\nkind = "text"\nx = "34mm"')
    after = _words(_build(data, tmp_path / "after", "duplex-long") / "character-guides.pdf", range(4))
    assert _shift(before, after, "Market") == {(2.0, 0.0)}      # the first section's title
    assert _shift(before, after, "Buy") == {(1.0, 0.0)}         # the assets table's second column
    assert _shift(before, after, "Warehouse") == {(0.0, 0.0)}   # ...and not its first
    assert _shift(before, after, "Take") == {(2.0, 0.0)}        # the strategy phase's text, side B


def test_a_guide_body_too_short_for_its_text_stops_the_build(data, tmp_path, capsys):
    _edit(data, 'h = "125.5mm"', 'h = "100mm"')
    out = tmp_path / "out"
    assert main(["build", "ardevur", "--data", str(data), "--out", str(out)]) == 2
    assert "character guide GREAT side front: the text runs " in capsys.readouterr().err
    assert not list(out.rglob("*.pdf"))


def test_a_badge_layout_without_its_square_stops_check_at_its_line(data, capsys):
    path = _edit(data, '[badge]\nsize = "100mm x 100mm"\n', '[badge]\n')
    assert main(["check", "ardevur", "--data", str(data)]) == 2
    assert f"{path}:{_line_of(path, '[badge]')}: badge.size: missing" in capsys.readouterr().err


def _rects(pdf: Path, w: float, h: float) -> list[tuple[int, float, float]]:
    """(page, x0, top) in mm of every rectangle w x h mm."""
    with pdfplumber.open(pdf) as doc:
        return [(n, round(r["x0"] / MM, 2), round(r["top"] / MM, 2)) for n, page in enumerate(doc.pages)
                for r in page.rects if abs(r["width"] / MM - w) < 0.01 and abs(r["height"] / MM - h) < 0.01]


def test_a_badge_box_moves_by_its_share_of_each_badge_drawn(data, tmp_path):
    """The badge's boxes are shares of a 100 mm square: the permit moved 10 mm moves a tenth of
    the badge's side, 2.2 mm on a development card's 22 mm badge, 0.85 mm on a territory's 8.5 mm."""
    before = _build(data, tmp_path / "before")
    _edit(data, '[badge.boxes.permit]\nkind = "rect"\nx = "22mm"', '[badge.boxes.permit]\nkind = "rect"\nx = "32mm"')
    after = _build(data, tmp_path / "after")
    for pdf, side in (("development-cards.pdf", 22.0), ("territory-cards.pdf", 8.5)):
        old, new = (_rects(d / pdf, 0.56 * side, 0.76 * side) for d in (before, after))
        assert old and len(old) == len(new)
        assert {(round(b[1] - a[1], 2), round(b[2] - a[2], 2)) for a, b in zip(old, new)} == {(round(side / 10, 2), 0.0)}
