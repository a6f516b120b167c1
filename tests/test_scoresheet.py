import io

import pdfplumber
import pytest
from pypdf import PdfReader

from companion.core import ScoreRow, ordinal, sheet
from companion.errors import InvalidDimension
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


def test_the_shipped_fonts_are_embedded():
    """Every letter of the sheet is set in the DejaVu faces every drawing registers from
    cards_data/fonts, never a viewer's built-in font."""
    with pdfplumber.open(io.BytesIO(scoresheet_pdf(example(), "X", "1 May 2026"))) as doc:
        fonts = {c["fontname"].split("+")[-1] for page in doc.pages for c in page.chars}
    assert fonts == {"DejaVuSans", "DejaVuSans-Bold"}


def test_places_are_written_as_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th", "112th"]


def test_an_unknown_paper_is_refused_by_name():
    with pytest.raises(InvalidDimension, match="unknown paper 'a3'; papers: a4, letter"):
        scoresheet_pdf(example(), "X", "1 May 2026", paper="a3")

LONG = ["Elizabeth Trevithick-Pendarvess Sr", "Elizabeth Trevithick-Pendarvess Jr", "Bartholomew Alexander",
        "Bea", "Ben", "Bo", "Maximiliana Featherstonehaugh"]


def _heads_and_key(data: bytes):
    """The words printed in the table's header row, each with its column's edges, and the key."""
    with pdfplumber.open(io.BytesIO(data)) as doc:
        page = doc.pages[0]
        table = page.find_tables()[0]
        head = table.rows[0]
        cells = [c for c in head.cells[1:]]
        words = page.extract_words()
        inside = [[w for w in words if c[0] <= (w["x0"] + w["x1"]) / 2 <= c[2] and c[1] <= w["top"] <= c[3]] for c in cells]
        above = " ".join(w["text"] for w in words if w["bottom"] < head.bbox[1])
    return cells, inside, above


def test_names_that_fit_head_their_columns_and_no_key_is_printed():
    cells, inside, above = _heads_and_key(scoresheet_pdf(example(), "X", "1 May 2026"))
    assert [" ".join(w["text"] for w in ws) for ws in inside] == ["Ann", "Bo <b>", "Cy"]
    assert "Players:" not in above


def test_names_too_long_for_their_columns_go_by_mark_with_a_key_above_the_table():
    from companion.marks import key_entry, marks

    big = sheet(LONG, [ScoreRow("points", "Points", tuple(range(len(LONG))))])
    cells, inside, above = _heads_and_key(scoresheet_pdf(big, "X", "1 May 2026"))
    expected = marks(LONG)
    assert [" ".join(w["text"] for w in ws) for ws in inside] == expected
    # each mark inside its column, never a word cut or spilling over
    assert all(w["x0"] >= c[0] and w["x1"] <= c[2] for c, ws in zip(cells, inside) for w in ws)
    key = " ".join(above.split())
    for mark, name in zip(expected, LONG):
        assert key_entry(mark, name) in key, (mark, name)
    assert "Ben Ben" not in key  # a mark that spells the name is not said twice


def test_names_cut_between_words_head_their_columns_when_those_fit():
    names = ["Elizabeth Trevithick-Pendarvess Sr", "Elizabeth Trevithick-Pendarvess Jr", "Ann"]
    cells, inside, above = _heads_and_key(scoresheet_pdf(sheet(names, [ScoreRow("p", "Points", (1, 2, 3))]),
                                                         "X", "1 May 2026"))
    heads = [" ".join(w["text"] for w in ws) for ws in inside]
    assert heads == ["Elizabeth … Sr", "Elizabeth … Jr", "Ann"]
    assert "Elizabeth … Sr: Elizabeth Trevithick-Pendarvess Sr" in " ".join(above.split())
