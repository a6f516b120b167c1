"""The test game built through the real engine, measured back out of the PDFs."""

import json
import sys
from pathlib import Path

import pytest

from pdf.build import BuildOptions, build_game

sys.path.insert(0, str(Path(__file__).parent))
import pdf_probe  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures"
TOL = 0.05  # mm
POKER = (63.5, 88.9)


def build(tmp_path_factory, name, **options):
    out = tmp_path_factory.mktemp(name)
    # these tests measure cards each with its own bleed; butted cards: test_print_sheets.py
    manifest = build_game("testgame", out, BuildOptions(data_dir=FIXTURES, **{"spaced": True, **options}))
    return out / "testgame", manifest


@pytest.fixture(scope="module")
def a4(tmp_path_factory):
    return build(tmp_path_factory, "a4")


def close(a, b, tol=TOL):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def card_boxes(page):
    """Bleed boxes of the pieces on a page: the clip rectangle each piece is drawn in."""
    return sorted(page.clips(), key=lambda b: (-b[3], b[0]))


def test_a4_pages_and_the_poker_grid_from_first_principles(a4):
    folder, _ = a4
    pages = pdf_probe.read(folder / "mines.pdf")
    front = pages[0]
    assert close((front.width, front.height), (210.0, 297.0))
    # 3 mm bleed each: portrait fits 2 x 3 = 6, turned a quarter fits 2 x 4 = 8, so the sheet turns.
    pitch_x, pitch_y = POKER[1] + 6, POKER[0] + 6
    left = (210 - 2 * pitch_x) / 2
    top = 297 - (297 - 4 * pitch_y) / 2
    expected = [(left + c * pitch_x, top - (r + 1) * pitch_y, left + (c + 1) * pitch_x, top - r * pitch_y)
                for r in range(4) for c in range(2)]
    boxes = card_boxes(front)
    assert len(boxes) == 8
    for got, want in zip(boxes, expected):
        assert close(got, want), (got, want)


def test_letter_paper(tmp_path_factory):
    folder, manifest = build(tmp_path_factory, "letter", paper="letter", sides="fronts")
    page = pdf_probe.read(folder / "mines.pdf")[0]
    assert close((page.width, page.height), (215.9, 279.4))
    assert manifest["paper"] == "letter"
    assert len(card_boxes(page)) == 6  # 2 x 3 either way on Letter with 3 mm bleed


def test_background_fills_the_bleed(a4):
    folder, _ = a4
    page = pdf_probe.read(folder / "mines.pdf")[0]
    fills = [s.bbox for s in page.fills()]
    for box in card_boxes(page):
        # the region colour covers the trim plus 3 mm on every side: exactly the bleed box
        assert any(close(f, box) for f in fills), box
        trim = (box[0] + 3, box[1] + 3, box[2] - 3, box[3] - 3)
        assert close((trim[2] - trim[0], trim[3] - trim[1]), (POKER[1], POKER[0]))


def _boxes_touch(seg, box, pad=0.0):
    (x0, y0), (x1, y1) = seg
    lo_x, hi_x, lo_y, hi_y = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    return not (hi_x < box[0] - pad or lo_x > box[2] + pad or hi_y < box[1] - pad or lo_y > box[3] + pad)


@pytest.mark.parametrize("file", ["mines.pdf", "ore-tokens.pdf", "die.pdf"])
def test_crop_marks_stay_outside_every_bleed_and_off_the_page_edge(a4, file):
    folder, _ = a4
    for page in pdf_probe.read(folder / file):
        marks = page.hairlines()
        boxes = page.clips()
        assert marks, "every imposed sheet has crop marks"
        for seg in marks:
            for box in boxes:
                assert not _boxes_touch(seg, box), (seg, box)
            for x, y in seg:
                assert 5 - 0.01 <= x <= page.width - 5 + 0.01
                assert 5 - 0.01 <= y <= page.height - 5 + 0.01


def test_crop_marks_continue_every_trim_line(a4):
    folder, _ = a4
    page = pdf_probe.read(folder / "mines.pdf")[0]
    marks = page.hairlines()
    vertical = [s for s in marks if abs(s[0][0] - s[1][0]) < 1e-6]
    horizontal = [s for s in marks if abs(s[0][1] - s[1][1]) < 1e-6]
    for box in card_boxes(page):
        x0, y0, x1, y1 = box[0] + 3, box[1] + 3, box[2] - 3, box[3] - 3
        for x in (x0, x1):
            assert any(abs(s[0][0] - x) <= TOL for s in vertical), x
        for y in (y0, y1):
            assert any(abs(s[0][1] - y) <= TOL for s in horizontal), y


def test_duplex_long_backs_mirror_the_fronts_left_to_right(a4):
    folder, _ = a4
    pages = pdf_probe.read(folder / "mines.pdf")
    for front, back in zip(pages[0::2], pages[1::2]):
        fronts, backs = front.clips(), back.clips()
        assert len(fronts) == len(backs)
        for f, b in zip(fronts, backs):
            assert close(b, (210 - f[2], f[1], 210 - f[0], f[3])), (f, b)


def test_duplex_short_backs_are_the_long_edge_backs_turned_half_round(tmp_path_factory, a4):
    folder, _ = build(tmp_path_factory, "short", sides="duplex-short")
    long_backs = pdf_probe.read(a4[0] / "mines.pdf")[1].clips()
    pages = pdf_probe.read(folder / "mines.pdf")
    fronts, backs = pages[0].clips(), pages[1].clips()
    for f, lb, b in zip(fronts, long_backs, backs):
        assert close(b, (f[0], 297 - f[3], f[2], 297 - f[1]))
        assert close(b, (210 - lb[2], 297 - lb[3], 210 - lb[0], 297 - lb[1]))  # long-edge back turned 180


def test_gutterfold_puts_backs_upside_down_across_the_fold(tmp_path_factory):
    folder, manifest = build(tmp_path_factory, "gutter", sides="gutterfold")
    page = pdf_probe.read(folder / "mines.pdf")[0]
    boxes = page.clips()
    above = [b for b in boxes if b[1] >= 148.5]
    below = [b for b in boxes if b[3] <= 148.5]
    assert len(above) == len(below) == 4
    for f in above:
        assert any(close(b, (f[0], 297 - f[3], f[2], 297 - f[1])) for b in below)
    fold = [s for s in page.shapes if s.op == "stroke" and all(abs(y - 148.5) < TOL for _, y in s.points)]
    assert fold, "a fold line across the middle"
    assert manifest["components"][0]["pages"] == 5  # 20 cards, 4 per sheet, no separate backs
    marks = page.hairlines()
    assert marks and not any(_boxes_touch(seg, box) for seg in marks for box in boxes)


def test_back_offset_moves_only_the_backs(tmp_path_factory, a4):
    folder, _ = build(tmp_path_factory, "offset", back_offset_mm=(1.5, -2.0))
    plain = pdf_probe.read(a4[0] / "mines.pdf")
    shifted = pdf_probe.read(folder / "mines.pdf")
    assert len(plain[0].clips()) == len(shifted[0].clips()) > 0
    assert all(close(s, p) for p, s in zip(plain[0].clips(), shifted[0].clips()))
    assert len(plain[1].clips()) == len(shifted[1].clips()) > 0
    for p, s in zip(plain[1].clips(), shifted[1].clips()):
        assert close(s, (p[0] + 1.5, p[1] - 2.0, p[2] + 1.5, p[3] - 2.0))


def test_tiled_board_overlaps_at_least_10mm_with_labels_and_assembly_page(a4):
    folder, manifest = a4
    pages = pdf_probe.read(folder / "board.pdf")
    text = [p.extract_text() for p in __import__("pypdf").PdfReader(str(folder / "board.pdf")).pages]
    assert "How to assemble" in text[-1]
    shown = []
    for page, page_text in zip(pages[:-1], text):
        big = sorted((c for c in page.clips() if (c[2] - c[0]) * (c[3] - c[1]) > 2000),
                     key=lambda c: (c[2] - c[0]) * (c[3] - c[1]))
        window, board = big[1], big[-1]    # the window (less its glue margins: big[0]) and the board
        part = big[0]
        # in the board's frame (mm from its bleed box's top-left corner)
        shown.append((part[0] - board[0], board[3] - part[3], part[2] - board[0], board[3] - part[1]))
        glue = (window[2] - part[2], part[1] - window[1])
        assert all(g == pytest.approx(0, abs=TOL) or g >= 10 for g in glue)   # the next tile covers >= 10 mm
        assert " - tile " in page_text
    # the shown parts tile the whole board (bleed included) without overlapping
    area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in shown)
    assert area == pytest.approx((320 + 6) * (480 + 6), rel=1e-3)
    assert min(s[0] for s in shown) == pytest.approx(0, abs=TOL) and max(s[2] for s in shown) == pytest.approx(326, abs=TOL)


def test_single_piece_pages_carry_trim_and_bleed_boxes(a4):
    folder, _ = a4
    page = pdf_probe.read(folder / "die.pdf")[0]
    clip = page.clips()[0]
    assert page.bleed is not None and close(page.bleed, clip)
    assert close(page.trim, (clip[0] + 3, clip[1] + 3, clip[2] - 3, clip[3] - 3))
    sheet_of_cards = pdf_probe.read(folder / "mines.pdf")[0]
    assert sheet_of_cards.trim is None


def test_print_shop_pages_are_one_piece_with_bleed(tmp_path_factory):
    folder, manifest = build(tmp_path_factory, "shop", print_shop=True)
    pages = pdf_probe.read(folder / "mines.pdf")
    [entry] = [c for c in manifest["components"] if c["id"] == "mines"]
    # one page per design, each front followed by its back; the quantities make up the 20 cards
    assert sum(d["quantity"] for d in entry["designs"]) == 20
    assert len(pages) == 2 * len(entry["designs"]) < 40
    for page in pages:
        assert close((page.width, page.height), (63.5 + 6, 88.9 + 6))
        assert close(page.trim, (3, 3, 66.5, 91.9))
        assert close(page.bleed, (0, 0, 69.5, 94.9))


def test_manifest_counts_pieces_and_pages(a4):
    folder, manifest = a4
    assert json.loads((folder / "manifest.json").read_text()) == manifest
    rows = {c["id"]: c for c in manifest["components"]}
    assert {k: (v["kind"], v["count"]) for k, v in rows.items()} == {
        "mines": ("card", 20), "board": ("board", 1), "ore-tokens": ("token", 12), "die": ("die", 1),
        "aid": ("sheet", 1)}
    for row in manifest["components"]:
        assert len(pdf_probe.read(folder / row["file"])) == row["pages"]
    assert (folder / "checklist.pdf").is_file()


def test_checklist_names_files_settings_and_what_to_gather(a4):
    from pypdf import PdfReader

    text = PdfReader(str(a4[0] / "checklist.pdf")).pages[0].extract_text()
    for needed in ("mines.pdf", "board.pdf", "100 %", "flip on long edge", "40 × Wooden cubes", "60 × Coins"):
        assert needed in text


def test_same_inputs_give_byte_identical_pdfs(tmp_path_factory, a4):
    folder, _ = build(tmp_path_factory, "again")
    for path in sorted(a4[0].iterdir()):
        assert path.read_bytes() == (folder / path.name).read_bytes(), path.name


def test_fonts_are_the_shipped_dejavu_files(a4):
    from pypdf import PdfReader

    reader = PdfReader(str(a4[0] / "mines.pdf"))
    fonts = set()
    for page in reader.pages[:1]:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]))
    assert fonts and all("DejaVu" in f for f in fonts)


def test_guides_draw_the_safe_zone_3mm_inside_each_trim(tmp_path_factory):
    folder, _ = build(tmp_path_factory, "guides", guides=True, sides="fronts")
    page = pdf_probe.read(folder / "mines.pdf")[0]
    cyan = (0.0, 0.627, 0.878)
    guides = sorted((s.bbox for s in page.shapes if s.op == "stroke" and s.stroke == cyan), key=lambda b: (-b[3], b[0]))
    assert len(guides) == 8
    for guide, bleed_box in zip(guides, card_boxes(page)):
        assert close(guide, (bleed_box[0] + 6, bleed_box[1] + 6, bleed_box[2] - 6, bleed_box[3] - 6))


def test_a_long_checklist_runs_on_over_pages(tmp_path):
    from pypdf import PdfReader

    from companion.data import load_game
    from pdf.build import Part
    from pdf.checklist import write_checklist
    from pdf.geometry import Paper

    game = load_game("testgame", FIXTURES)
    parts = [Part(f"p{i}", f"Part {i}", "card", 10, f"p{i}.pdf", None, printed="one-sided") for i in range(120)]
    write_checklist(tmp_path / "c.pdf", game, Paper.named("a4"), parts, BuildOptions())
    pages = [p.extract_text() for p in PdfReader(str(tmp_path / "c.pdf")).pages]
    assert len(pages) > 1
    text = "".join(pages)
    assert all(f"p{i}.pdf" in text for i in range(120)) and "Gather (not printed)" in pages[-1]


def test_full_page_sheets_record_their_area_as_trim_and_bleed(a4):
    folder, _ = a4
    page = pdf_probe.read(folder / "aid.pdf")[0]
    assert close(page.trim, (5, 5, 205, 292)) and close(page.bleed, page.trim)
