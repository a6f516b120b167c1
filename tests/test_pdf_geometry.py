"""Sheet geometry: specs checked at construction, n-up counts, gaps, margins, crop marks,
backs and board tiles, for the sizes print-and-play uses and for arbitrary ones."""

import pytest
from hypothesis import given, settings, strategies as st

from companion.errors import InvalidDimension
from pdf import style
from pdf.geometry import (EDGE_ROOM_MM, Paper, PieceSpec, Rect, Slot, back_slot, crop_marks, gutterfold, impose,
                          impose_butted, mirror_x, mirror_y)
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


def test_gutterfold_crop_marks_on_the_fold_side_meet_across_the_fold():
    spec = PieceSpec("poker", 63.5, 88.9, 3)
    fold = gutterfold(spec, A4)
    slots = fold.grid.slots
    backs = [fold.back(s, A4) for s in slots]
    front = crop_marks(slots, 3, fold.front_area, fold.front_fold_side)
    back = crop_marks(backs, 3, fold.back_area(A4), fold.back_fold_side)
    bottom = min(s.y for s in slots) - 3
    at_fold = [m for m in front if min(m.y0, m.y1) < bottom]
    xs = sorted({round(v, 6) for s in slots for v in (s.x, s.x + s.w)})
    assert sorted(m.x0 for m in at_fold) == xs            # every vertical trim line, on the fold side too
    for m in at_fold:
        assert min(m.y0, m.y1) == pytest.approx(148.5) and max(m.y0, m.y1) <= bottom - 0.5 + 1e-6
        [twin] = [b for b in back if b.x0 == m.x0 and max(b.y0, b.y1) == pytest.approx(148.5)]
        assert abs(m.y1 - m.y0) + abs(twin.y1 - twin.y0) >= style.MARK_MIN_MM - 1e-6


def _window_of(paper, landscape=False):
    from pdf.tiling import TILE_MARGIN_MM

    w, h = (paper.h, paper.w) if landscape else (paper.w, paper.h)
    return w - 2 * TILE_MARGIN_MM, h - 2 * TILE_MARGIN_MM


def _covers_exactly_once(tiles, w, h, bleed=3.0):
    """Every point of the board lies in exactly one tile's shown part (its window less the
    glue strips the next tiles cover), and every glue strip is covered by the tiles it names."""
    shown = [(t.x0, t.y0, t.x0 + t.w - t.glue_right, t.y0 + t.h - t.glue_below) for t in tiles]
    area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in shown)
    assert area == pytest.approx((w + 2 * bleed) * (h + 2 * bleed), rel=1e-6)
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            assert min(a[2], b[2]) - max(a[0], b[0]) <= 1e-6 or min(a[3], b[3]) - max(a[1], b[1]) <= 1e-6
    names = {t.name: t for t in tiles}
    for t in tiles:
        for other in t.right_by:
            assert names[other].x0 == pytest.approx(t.x0 + t.w - t.glue_right)
        for other in t.below_by:
            assert names[other].y0 == pytest.approx(t.y0 + t.h - t.glue_below)


@settings(max_examples=100, deadline=None)
@given(w=st.floats(min_value=50, max_value=1000), h=st.floats(min_value=50, max_value=1000), paper=st.sampled_from([A4, LETTER]))
def test_board_tiles_cover_the_board_and_overlap_by_at_least_10mm(w, h, paper):
    spec = PieceSpec("board", w, h, 3)
    tiles, crowded = plan_tiles(spec, paper)
    aw, ah = _window_of(paper)
    assert crowded == 0
    assert min(t.x0 for t in tiles) == pytest.approx(-3) and max(t.x0 + t.w for t in tiles) == pytest.approx(w + 3)
    assert min(t.y0 for t in tiles) == pytest.approx(-3) and max(t.y0 + t.h for t in tiles) == pytest.approx(h + 3)
    for t in tiles:
        assert t.w <= aw + 1e-6 and t.h <= ah + 1e-6
        assert (t.glue_right == 0 or t.glue_right >= 10 - 1e-6) and (t.glue_below == 0 or t.glue_below >= 10 - 1e-6)
    _covers_exactly_once(tiles, w, h)


def test_tiles_are_mostly_board_not_glue():
    """An A3 board on A4: each tile but the last of a row or column fills its page's window,
    and only the 12 mm the next tile covers is glue."""
    tiles, _ = plan_tiles(PieceSpec("board", 420, 297, 3), A4, landscape=True)
    aw, ah = _window_of(A4, landscape=True)
    first = next(t for t in tiles if t.name == "A1")
    assert (first.w, first.h) == (pytest.approx(aw), pytest.approx(ah))
    assert first.glue_right == pytest.approx(12) and first.glue_below == pytest.approx(12)
    board = (first.w - first.glue_right) * (first.h - first.glue_below)
    assert board / (first.w * first.h) > 0.85


def test_seams_keep_3mm_from_text_and_may_follow_the_line_between_two_spaces():
    from pdf.seams import Box

    spec = PieceSpec("board", 420, 297, 3)
    aw, _ = _window_of(A4, landscape=True)
    # a word right where the first seam would go, and a row of abutting track cells
    word = Box(aw - 12 - 10, 50, aw - 12 + 5, 55)
    cells = [Box(16 * i, 0, 16 * (i + 1), 15, "space") for i in range(27)]
    tiles, crowded = plan_tiles(spec, A4, landscape=True, keep=[word, *cells])
    assert crowded == 0
    seam = next(t for t in tiles if t.name == "B1").x0 + 3   # back to the bleed box's frame
    assert seam <= word.x0 - 3 + 1e-6 or seam >= word.x1 + 3 - 1e-6
    assert any(abs(seam - c.x1) < 1e-6 for c in cells)        # on the line between two cells
    # spaces 2 mm apart leave no line 3 mm from both: the plan says so instead of hiding it
    lone = [Box(c.x0 + 1, 0, c.x1 - 1, 15, "space") for c in cells]
    assert plan_tiles(spec, A4, landscape=True, keep=[word, *lone])[1] >= 1


def test_wide_boards_tile_on_landscape_pages_when_that_needs_fewer():
    from pdf.tiling import choose_tiling

    wide = PieceSpec("board", 400, 280, 3)
    tiles, landscape = choose_tiling(wide, A4)
    assert landscape and len(tiles) == 4          # portrait pages would need 3 x 2 = 6
    assert len(plan_tiles(wide, A4)[0]) == 6
    tall = PieceSpec("board", 320, 480, 3)
    assert choose_tiling(tall, A4)[1] is False    # 2 x 2 portrait; landscape would need 2 x 3


@settings(max_examples=150, deadline=None)
@given(w=st.floats(min_value=20, max_value=150), h=st.floats(min_value=20, max_value=150), bleed=bleeds,
       paper=st.sampled_from([A4, LETTER]))
def test_butted_grids_keep_bleed_and_crop_marks_on_all_four_sides(w, h, bleed, paper):
    found = impose_butted(PieceSpec("card", w, h, bleed), paper)
    if found is None:
        return
    slots = found.grid.slots
    assert found.bleed_x >= min(bleed, 1.0) - 1e-6 and found.bleed_y >= min(bleed, 1.0) - 1e-6
    marks = crop_marks(slots, found.bleed_x, page(paper), bleed_y=found.bleed_y)
    gx0, gx1 = min(s.x for s in slots) - found.bleed_x, max(s.x + s.w for s in slots) + found.bleed_x
    gy0, gy1 = min(s.y for s in slots) - found.bleed_y, max(s.y + s.h for s in slots) + found.bleed_y
    e = 1e-3  # marks start at least MARK_GAP_MM outside the bleed: far more than this
    sides = {"left": [m for m in marks if max(m.x0, m.x1) < gx0 - e],
             "right": [m for m in marks if min(m.x0, m.x1) > gx1 + e],
             "below": [m for m in marks if max(m.y0, m.y1) < gy0 - e],
             "above": [m for m in marks if min(m.y0, m.y1) > gy1 + e]}
    for side, found_marks in sides.items():
        assert found_marks, f"no crop marks {side} the grid"
        for m in found_marks:
            assert abs(m.x1 - m.x0) + abs(m.y1 - m.y0) >= style.MARK_MIN_MM - 1e-6
            for x, y in ((m.x0, m.y0), (m.x1, m.y1)):
                assert style.PAGE_MARGIN_MM - 1e-6 <= x <= paper.w - style.PAGE_MARGIN_MM + 1e-6
                assert style.PAGE_MARGIN_MM - 1e-6 <= y <= paper.h - style.PAGE_MARGIN_MM + 1e-6
    assert len(marks) == sum(len(v) for v in sides.values())
