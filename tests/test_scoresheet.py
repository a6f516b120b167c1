import io

from pypdf import PdfReader

from companion.core import ScoreRow, sheet
from pdf.scoresheet import scoresheet_pdf


def example():
    return sheet(["Ann", "Bo <b>", "Cy"],
                 [ScoreRow("vp", "Victory points", (10, 12, 5)), ScoreRow("money", "Money", (4, 2, 3))])


def text_of(data: bytes) -> str:
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    return reader.pages[0].extract_text()


def test_sheet_lists_players_categories_totals_ranks_and_date():
    text = text_of(scoresheet_pdf(example(), "Tinners", "25 November 2026", table_code="KQ7P"))
    for expected in ("Tinners", "Ann", "Bo <b>", "Cy", "Victory points", "Money", "Total", "Rank",
                     "14", "8", "1st", "3rd", "25 November 2026", "KQ7P"):
        assert expected in text, expected


def test_tie_break_sentence_is_printed():
    text = " ".join(text_of(scoresheet_pdf(example(), "Tinners", "1 May 2026")).split())
    assert "Ann and Bo <b> share first place" in text
    assert "tied: 14 points each, and equal on every tie-break" in text


def test_same_sheet_gives_identical_bytes():
    assert scoresheet_pdf(example(), "X", "1 May 2026") == scoresheet_pdf(example(), "X", "1 May 2026")
    assert scoresheet_pdf(example(), "X", "1 May 2026") != scoresheet_pdf(example(), "X", "2 May 2026")


def test_letter_paper_and_twelve_players_fit_one_page():
    players = [f"Player {i}" for i in range(12)]
    big = sheet(players, [ScoreRow("points", "Points", tuple(range(12)))])
    reader = PdfReader(io.BytesIO(scoresheet_pdf(big, "Score pad", "1 May 2026", paper="letter")))
    assert len(reader.pages) == 1
    assert round(float(reader.pages[0].mediabox.width)) == 612


def test_shipped_font_is_embedded_when_present():
    from pdf.scoresheet import FONT_DIR

    data = scoresheet_pdf(example(), "X", "1 May 2026")
    fonts = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]))
    if any(FONT_DIR.glob("DejaVuSans*.ttf")):
        assert any("DejaVuSans" in f for f in fonts), fonts
        assert not any("Oblique" in f for f in fonts), fonts
    else:
        assert fonts <= {"/Helvetica", "/Helvetica-Bold"}
