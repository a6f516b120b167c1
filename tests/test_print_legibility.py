"""Legible for everyone, measured from the PDFs with pdfplumber: no glyph anywhere in any
game's print set is under 5 pt (letters inside icons included, since pdfplumber enters the
icon forms and reports each glyph in page space), and reference body text is 7 pt or more."""

import pdfplumber
import pytest

from print_sets import build, games

GLYPH_MIN_PT = 5.0
REFERENCE_BODY_MIN_PT = 7.0


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return build(tmp_path_factory)


def glyph_pt(char: dict) -> float:
    """A glyph's size along its own 'up': pdfplumber's box spans one font size from the
    descent, so it is the box height for upright (or upside-down) text and the width for text
    turned a quarter (pieces turned to fit the sheet)."""
    a, b = char["matrix"][0], char["matrix"][1]
    return (char["x1"] - char["x0"]) if abs(b) > abs(a) else (char["bottom"] - char["top"])


def glyphs(pdf_path):
    with pdfplumber.open(pdf_path) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            for char in page.chars:
                if char["text"].strip():
                    char["page_height"] = page.height
                    yield number, char


def on_a_piece(char) -> bool:
    """Not the file note printed in the sheet's bottom margin (within 10 mm of the edge)."""
    return char["bottom"] < char["page_height"] - 10 * 72 / 25.4


def test_glyph_size_reads_what_was_set(tmp_path):
    """The measure itself: text set at 5 pt upright and turned measures 5 pt."""
    from reportlab.pdfgen import canvas

    from pdf.fonts import face

    path = tmp_path / "probe.pdf"
    c = canvas.Canvas(str(path))
    c.setFont(face("regular"), 5)
    c.drawString(100, 100, "Ag")
    c.saveState()
    c.translate(300, 300)
    c.rotate(90)
    c.setFont(face("regular"), 4)
    c.drawString(0, 0, "Ag")
    c.restoreState()
    c.save()
    sizes = sorted(round(glyph_pt(ch), 3) for _, ch in glyphs(path))
    assert sizes == [4.0, 4.0, 5.0, 5.0]


def test_no_glyph_in_any_game_is_under_5pt(out):
    checked = 0
    for folder in games(out):
        for pdf in sorted(folder.glob("*.pdf")):
            sizes = [(n, c["text"], round(glyph_pt(c), 2)) for n, c in glyphs(pdf)]
            small = [s for s in sizes if s[2] < GLYPH_MIN_PT - 0.01]
            assert not small, f"{folder.name}/{pdf.name}: glyphs under {GLYPH_MIN_PT} pt (page, text, pt): {small[:8]}"
            checked += len(sizes)
    assert checked > 10000


@pytest.mark.parametrize("game", ["ore", "mine-shaft"])
def test_reference_card_body_text_is_at_least_7pt(out, game):
    from print_sets import file_of

    pdf = file_of(out / game, "reference-cards")
    sizes = [glyph_pt(c) for _, c in glyphs(pdf) if "Bold" not in c["fontname"] and on_a_piece(c)]
    assert sizes and min(sizes) >= REFERENCE_BODY_MIN_PT - 0.01


def _luminance(rgb):
    def lin(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_ore_start_player_arrow_stands_out_from_its_token(out):
    import pdf_probe
    from pdf import style
    from pdf.icons import colour

    from pdf.build import BuildOptions
    from pdf.generic import token
    from pdf.sheets import Document, Job, print_pieces
    from pdf.geometry import Paper, PieceSpec
    from pdf.painters import Piece
    from companion.data import load_game

    # the token drawn alone, as the build draws it, so its fill is the largest on the page
    game = load_game("ore")
    comp = game.components["starting-player"]
    path = out / "start-alone.pdf"
    doc = Document(str(path), Paper.named("a4"), game)
    piece = Piece(game, comp, 0, "front", BuildOptions())
    print_pieces(doc, PieceSpec("start", *comp.size_mm, 3, "round"), [Job(lambda pen: token(pen, piece))], "fronts")
    doc.save()
    page = pdf_probe.read(path)[0]
    token_fill = max(page.fills(), key=lambda s: (s.bbox[2] - s.bbox[0]) * (s.bbox[3] - s.bbox[1]))
    arrow = colour(style.INK)  # the arrow icon is drawn in ink
    assert contrast(token_fill.fill, (arrow.red, arrow.green, arrow.blue)) >= 4.5


def test_mine_shaft_dice_are_named_and_die_a_spells_its_colours(out):
    from pypdf import PdfReader

    from print_sets import file_of

    text = " ".join(p.extract_text() for p in PdfReader(file_of(out / "mine-shaft", "dice")).pages)
    for word in ("Die A", "Die B", "Yellow", "Blue", "Red", "Green"):
        assert word in text
    reference = " ".join(p.extract_text() for p in PdfReader(file_of(out / "mine-shaft", "reference-cards")).pages)
    assert "Die B" in reference and "Die A" in reference
    assert "\nB:" not in reference and not reference.startswith("B:")
