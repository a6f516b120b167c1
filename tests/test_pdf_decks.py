"""Binding CSV rows to layouts with no game code: templates, when, rotate, bleed, shapes."""

import io
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from companion.data import load_game
from companion.data.model import Box, Layout
from pdf.decks import LayoutPainter, cell_text, format_template, is_static
from pdf.geometry import Paper, PieceSpec, Slot
from pdf.sheets import Document

sys.path.insert(0, str(Path(__file__).parent))
import pdf_probe  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def game():
    return load_game("testgame", FIXTURES)


def draw_row(game, layout, row, shape="rect", bleed=3.0):
    deck = replace(game.decks["mines"], shape=shape)
    painter = LayoutPainter(game, deck, layout)
    buffer = io.BytesIO()
    doc = Document(buffer, Paper.named("a4"), game)
    doc.place(Slot(20, 20, 63.5, 88.9), PieceSpec("card", 63.5, 88.9, bleed, shape), lambda pen: painter.draw(pen, row))
    doc.end_page()
    doc.save()
    buffer.seek(0)
    return pdf_probe.read(buffer)[0]


def box(name, kind, x, y, w, h, **props):
    return Box(name, kind, x, y, w, h, {"_fields": (), **props})


def test_cells_format_for_templates():
    assert cell_text(("tin", "coal"), "resources") == ":tin: :coal:"
    assert cell_text(("a", "b"), "list") == "a, b"
    assert cell_text(None) == "" and cell_text(3) == "3" and cell_text(2.0) == "2"
    assert format_template("{name} costs {cost}", {"name": "Wheal", "cost": "3"}) == "Wheal costs 3"


def test_when_skips_a_box_for_an_empty_value(game):
    layout = game.layouts["mine"]
    with_cost = game.decks["mines"].row("m01")
    without = game.decks["mines"].row("m05")
    assert with_cost["cost"] and without["cost"] is None
    yellow = (0.957, 0.827, 0.369)  # the cost circle's fill
    assert any(s.fill == yellow for s in draw_row(game, layout, with_cost).fills())
    assert not any(s.fill == yellow for s in draw_row(game, layout, without).fills())


def test_background_and_bleed_boxes_run_into_the_bleed(game):
    row = game.decks["mines"].row("m01")
    page = draw_row(game, game.layouts["mine"], row)
    fills = [s.bbox for s in page.fills()]
    assert fills[0] == pytest.approx((17, 17, 86.5, 111.9), abs=0.01)      # region colour: trim + 3 mm
    # the band touches the top and both sides of the trim, so it grows 3 mm out of each
    assert fills[1] == pytest.approx((17, 20 + 88.9 - 14, 86.5, 111.9), abs=0.01)


def test_fill_templates_resolve_resource_and_named_colours(game):
    row = game.decks["mines"].row("m02")  # copper, coast
    layout = Layout("t", None, "{region}", (box("chip", "rect", 5, 5, 10, 10, fill="{res}"),))
    fills = draw_row(game, layout, row).fills()
    assert fills[0].fill == (0.247, 0.498, 0.659)   # coast #3f7fa8
    assert fills[1].fill == (0.769, 0.416, 0.169)   # copper #c46a2b


def test_rotate_turns_the_contents_and_keeps_the_footprint(game):
    row = game.decks["mines"].row("m01")
    # a tall thin strip down the card's side: the text runs along its length
    strip = box("strip", "rect", 10, 20, 6, 30, fill="#000000", rotate=90, text="**up** the side", size=8)
    page = draw_row(game, Layout("t", None, None, (strip,)), row)
    (shape,) = page.fills()
    assert shape.bbox == pytest.approx((30, 20 + 88.9 - 50, 36, 20 + 88.9 - 20), abs=0.01)   # the footprint
    (x0, y0, *_), (x1, y1, *_) = page.texts
    assert x0 == pytest.approx(x1) and y1 < y0  # turned clockwise: one line whose words run down the page


@pytest.mark.parametrize("shape, points", [("round", 13), ("hex", 6)])
def test_round_and_hex_pieces_fill_their_own_outline_into_the_bleed(game, shape, points):
    row = game.decks["mines"].row("m01")
    layout = Layout("t", None, "moor", ())
    (bg,) = draw_row(game, layout, row, shape=shape).fills()
    assert len(bg.points) == points
    assert bg.bbox == pytest.approx((17, 17, 86.5, 111.9), abs=0.01)


def test_a_back_with_no_fields_is_drawn_once_and_reused(game):
    assert is_static(game.layouts["mine-back"]) and not is_static(game.layouts["mine"])
