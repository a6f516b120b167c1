"""Sheet geometry: specs checked at construction, n-up counts, gaps, margins, crop marks,
backs and board tiles, for the sizes print-and-play uses and for arbitrary ones."""

import pytest
from hypothesis import given, settings, strategies as st

from companion.errors import InvalidDimension
from pdf import style
from pdf.geometry import (EDGE_ROOM_MM, Paper, PieceSpec, Rect, Slot, back_slot, crop_marks, gutterfold, impose,
                          mirror_x, mirror_y)
from pdf.tiling import plan_tiles
from pdf.units import pt

A4 = Paper.named("a4")
LETTER = Paper.named("letter")


def page(paper):
    return Rect(0, 0, paper.w, paper.h)


def test_mm_to_points_in_one_place():
    assert pt(25.4) == pytest.approx(72.0)


@pytest.mark.parametrize("w, h, bleed, message", [
    (0, 88.9, 3, "size 0 x 88.9 mm must be positive"),
    (63.5, -1, 3, "size 63.5 x -1 mm must be positive"),
    (63.5, 88.9, -1, "bleed must be 0 mm or more, got -1 mm"),
])
def test_specs_refuse_impossible_geometry_in_plain_words(w, h, bleed, message):
    with pytest.raises(InvalidDimension, match=message):
        PieceSpec("card", w, h, bleed)


def test_unknown_paper():
    with pytest.raises(InvalidDimension, match="unknown paper 'a5'; papers: a4, letter"):
        Paper.named("a5")


# Room inside the 8 mm edges: A4 194 x 281 mm, Letter 199.9 x 263.4 mm; each piece takes its
# size plus 2 x bleed.
@pytest.mark.parametrize("paper, size, bleed, count, rot", [
    (A4, (63.5, 88.9), 3, 8, 90),       # poker: upright 2 x 3 = 6, turned 2 x 4 = 8
    (A4, (63.5, 88.9), 0, 9, 0),        # the classic 3 x 3 sheet without bleed
    (LETTER, (63.5, 88.9), 3, 6, 90),   # upright 2 x 2, turned 2 x 3
    (A4, (57.15, 88.9), 3, 8, 90),      # bridge: upright 3 x 2 = 6, turned 2 x 4 = 8
    (A4, (44.45, 63.5), 3, 12, 0),      # mini: upright 3 x 4 = 12, turned 2 x 5 = 10
    (A4, (70, 120), 3, 4, 0),           # tarot: upright 2 x 2, turned 1 x 3
    (A4, (40, 40), 3, 24, 0),           # square or hex tiles: 4 x 6
    (A4, (20, 20), 3, 70, 0),           # tokens: 7 x 10
])
def test_pieces_per_sheet(paper, size, bleed, count, rot):
    grid = impose(page(paper), PieceSpec("piece", *size, bleed), paper)
    assert grid.per_sheet == count
    assert grid.rot == rot


def test_a_piece_larger_than_the_paper_is_a_plain_error():
    with pytest.raises(InvalidDimension) as caught:
        impose(page(A4), PieceSpec("Main board", 300, 400, 3), A4)
    assert str(caught.value) == (
        "Main board (300 x 400 mm with 3 mm bleed) does not fit on A4 paper (210 x 297 mm) inside 8 mm margins for "
        "the printer's edge and crop marks; it needs paper of at least 322 x 422 mm - use a smaller size, less "
        "bleed or larger paper")


sizes = st.floats(min_value=10, max_value=180, allow_nan=False)
bleeds = st.sampled_from([0.0, 1.0, 3.0, 3.175, 5.0])


@settings(max_examples=150, deadline=None)
@given(w=sizes, h=sizes, bleed=bleeds, paper=st.sampled_from([A4, LETTER]))
def test_any_grid_keeps_margins_gaps_and_marks_clear(w, h, bleed, paper):
    spec = PieceSpec("piece", w, h, bleed)
    try:
        grid = impose(page(paper), spec, paper)
    except InvalidDimension:
        room_w, room_h = paper.w - 2 * EDGE_ROOM_MM, paper.h - 2 * EDGE_ROOM_MM
        pw, ph = w + 2 * bleed, h + 2 * bleed
        assert (pw > room_w or ph > room_h) and (ph > room_w or pw > room_h)  # neither way round fits
        return
    boxes = [s.bleed_box(bleed) for s in grid.slots]
    for box in boxes:   # inside the printable margin with room for marks
        assert box.x >= EDGE_ROOM_MM - 1e-6 and box.x1 <= paper.w - EDGE_ROOM_MM + 1e-6
        assert box.y >= EDGE_ROOM_MM - 1e-6 and box.y1 <= paper.h - EDGE_ROOM_MM + 1e-6
    for i, a in enumerate(grid.slots):   # neighbouring trims at least 2 x bleed apart
        for b in grid.slots[i + 1:]:
            gap_x = max(b.x - (a.x + a.w), a.x - (b.x + b.w))
            gap_y = max(b.y - (a.y + a.h), a.y - (b.y + b.h))
            assert max(gap_x, gap_y) >= 2 * bleed - 1e-6
    for m in crop_marks(grid.slots, bleed, page(paper)):
        for box in boxes:
            assert (max(m.x0, m.x1) < box.x or min(m.x0, m.x1) > box.x1 or
                    max(m.y0, m.y1) < box.y or min(m.y0, m.y1) > box.y1)
        for x, y in ((m.x0, m.y0), (m.x1, m.y1)):
            assert style.PAGE_MARGIN_MM - 1e-6 <= x <= paper.w - style.PAGE_MARGIN_MM + 1e-6
            assert style.PAGE_MARGIN_MM - 1e-6 <= y <= paper.h - style.PAGE_MARGIN_MM + 1e-6


def test_duplex_long_mirrors_left_to_right_and_keeps_the_top_edge():
    slot = Slot(10, 20, 63.5, 88.9, 0)
    back = back_slot(slot, A4, "duplex-long")
    assert (back.x, back.y, back.rot) == (pytest.approx(210 - 10 - 63.5), 20, 0)
    turned = back_slot(Slot(10, 20, 88.9, 63.5, 90), A4, "duplex-long")
    assert turned.rot == 270  # a card lying on its side: its back lies the other way round


def test_duplex_short_is_the_long_edge_back_page_turned_half_round():
    slot = Slot(10, 20, 63.5, 88.9, 0)
    short = back_slot(slot, A4, "duplex-short")
    long_ = back_slot(slot, A4, "duplex-long")
    assert (short.x, short.y) == (pytest.approx(210 - long_.x - long_.w), pytest.approx(297 - long_.y - long_.h))
    assert short.rot == 180


def test_reflections_twice_give_the_slot_back():
    slot = Slot(12.5, 30, 40, 60, 90)
    assert mirror_x(mirror_x(slot, 105), 105) == slot
    assert mirror_y(mirror_y(slot, 148.5), 148.5) == slot


def test_gutterfold_halves_are_mirror_images_across_the_fold():
    fold = gutterfold(PieceSpec("poker", 63.5, 88.9, 3), A4)
    assert fold.horizontal and fold.grid.per_sheet == 4
    for slot in fold.grid.slots:
        back = fold.back(slot, A4)
        assert back.y + back.h <= 148.5 <= slot.y
        assert back.rot == (180 - slot.rot) % 360


@settings(max_examples=100, deadline=None)
@given(w=st.floats(min_value=50, max_value=1000), h=st.floats(min_value=50, max_value=1000), paper=st.sampled_from([A4, LETTER]))
def test_board_tiles_cover_the_board_and_overlap_by_at_least_10mm(w, h, paper):
    spec = PieceSpec("board", w, h, 3)
    tiles, tw, th = plan_tiles(spec, paper)
    xs = sorted({t.x0 for t in tiles})
    ys = sorted({t.y0 for t in tiles})
    assert xs[0] == pytest.approx(-3) and xs[-1] + tw == pytest.approx(w + 3)
    assert ys[0] == pytest.approx(-3) and ys[-1] + th == pytest.approx(h + 3)
    for a, b in zip(xs, xs[1:]):
        assert a + tw - b >= 10 - 1e-6
    for a, b in zip(ys, ys[1:]):
        assert a + th - b >= 10 - 1e-6
    assert tw <= paper.w - 2 * style.PAGE_MARGIN_MM and th <= paper.h - 2 * style.PAGE_MARGIN_MM


def test_wide_boards_tile_on_landscape_pages_when_that_needs_fewer():
    from pdf.tiling import choose_tiling

    wide = PieceSpec("board", 400, 280, 3)
    tiles, tw, th, landscape = choose_tiling(wide, A4)
    assert landscape and len(tiles) == 4          # portrait pages would need 3 x 2 = 6
    assert len(plan_tiles(wide, A4)[0]) == 6
    tall = PieceSpec("board", 320, 480, 3)
    assert choose_tiling(tall, A4)[3] is False    # 2 x 2 portrait; landscape would need 2 x 3
