"""Rich text: wrapping, **bold**, inline icons on the baseline, autoshrink and overflow."""

import io
import sys
from pathlib import Path

import pytest

from pdf import richtext, style
from pdf.geometry import Paper, PieceSpec, Slot
from pdf.sheets import Document
from pdf.units import pt

sys.path.insert(0, str(Path(__file__).parent))
import pdf_probe  # noqa: E402


def test_parse_splits_words_bold_icons_and_line_breaks():
    paragraphs = richtext.parse("Pay :money:, then **dig deep** now\\nNext")
    assert paragraphs == (
        ((("t", "Pay", False),), (("i", "money"), ("t", ",", False)), (("t", "then", False),),
         (("t", "dig", True),), (("t", "deep", True),), (("t", "now", False),)),
        ((("t", "Next", False),),),
    )


def test_text_that_fits_keeps_its_size_and_wraps_at_the_box_width():
    fitted = richtext.fit("one two three four five six seven eight nine ten", pt(30), pt(40), size=9)
    assert fitted.size == 9
    assert len(fitted.lines) > 1
    assert all(width <= pt(30) + 1e-6 for width, _ in fitted.lines)


def test_autoshrink_steps_down_until_it_fits():
    text = "Spend :work: to dig one :tin: cube from the shaft; " * 3
    fitted = richtext.fit(text, pt(50), pt(20), size=12)
    assert style.TEXT_MIN_PT <= fitted.size < 12
    assert fitted.height <= pt(20) + 1e-6
    bigger = fitted.size + style.TEXT_STEP_PT
    with pytest.raises(richtext.TextOverflow):
        # one step up would not have fitted: the size chosen is the largest that does
        richtext.fit(text, pt(50), pt(20), size=bigger, min_size=bigger)


def test_icons_are_measured_like_words():
    plain = richtext.fit("ab", pt(100), pt(20), size=10)
    with_icon = richtext.fit("ab:tin:", pt(100), pt(20), size=10)
    assert with_icon.lines[0][0] == pytest.approx(plain.lines[0][0] + richtext.icon_size("tin", 10))
    big = richtext.fit("ab:tin:", pt(100), pt(40), size=14)
    assert big.lines[0][0] == pytest.approx(richtext.fit("ab", pt(100), pt(40), size=14).lines[0][0]
                                            + style.ICON_EM * 14)


def test_icons_with_letters_are_never_placed_so_small_their_letters_drop_under_5pt():
    from pdf import icons

    assert richtext.icon_size("tin", 6) * icons.LETTERS_UNITS / icons.UNIT >= style.GLYPH_MIN_PT
    assert richtext.icon_size("miner", 6) == pytest.approx(6)  # no letters: the text's size
    small = richtext.fit("a :tin:", pt(100), pt(40), size=7)
    assert small.line_height >= richtext.icon_size("tin", 7)  # lines stand apart for the icon
    # a row of icons wider than the box must wrap (or shrink) rather than overflow
    icons = richtext.fit(" ".join([":tin:"] * 12), pt(30), pt(40), size=10)
    assert all(width <= pt(30) + 1e-6 for width, _ in icons.lines)


def test_never_below_six_points_and_overflow_says_so():
    with pytest.raises(richtext.TextOverflow) as caught:
        richtext.fit("word " * 400, pt(20), pt(10), size=9, min_size=4)
    assert "does not fit its box even at 6 pt" in str(caught.value)


def test_a_word_wider_than_the_box_is_an_overflow_not_a_clip():
    with pytest.raises(richtext.TextOverflow, match="box is 5.0 mm"):
        richtext.fit("Wheal-Tremenheere-Consolidated", pt(5), pt(50), size=9)


def _draw(text, **kw):
    buffer = io.BytesIO()
    doc = Document(buffer, Paper.named("a4"))
    spec = PieceSpec("card", 63.5, 88.9, 0)
    doc.place(Slot(20, 20, 63.5, 88.9), spec, lambda pen: pen.text(text, 5, 10, 50, 30, **kw))
    doc.end_page()
    doc.save()
    buffer.seek(0)
    return pdf_probe.read(buffer)[0]


def test_inline_icons_sit_on_the_text_baseline_and_scale_with_the_text():
    page = _draw("Gain :vp: now", size=12)
    (x0, y0, _, size), (x1, y1, _, _) = page.texts
    assert y0 == pytest.approx(y1)              # one line, one baseline
    [(name, matrix)] = page.forms
    icon_bottom = matrix[5] * pdf_probe.MM
    assert icon_bottom == pytest.approx(y0 + style.ICON_RISE * 12 * pdf_probe.MM, abs=0.01)
    assert matrix[0] * 100 == pytest.approx(12 * style.ICON_EM)  # 1 em wide at 12 pt
    assert x0 < matrix[4] * pdf_probe.MM < x1    # between "Gain" and "now"


def test_a_small_lettered_icon_grows_about_the_text_middle():
    page = _draw("Gain :vp: now", size=7)
    (x0, y0, _, size), _ = page.texts
    [(name, matrix)] = page.forms
    grown = richtext.icon_size("vp", 7)
    assert matrix[0] * 100 == pytest.approx(grown, abs=1e-3) and grown > 7
    middle = matrix[5] * pdf_probe.MM + grown / 2 * pdf_probe.MM
    assert middle == pytest.approx(y0 + (style.ICON_RISE * 7 + 3.5) * pdf_probe.MM, abs=0.01)


def test_bold_switches_face_and_back():
    page = _draw("plain **strong** plain", size=9)
    fonts = [f for _, _, f, _ in page.texts]
    assert len(set(fonts)) == 2 and fonts[0] == fonts[2] != fonts[1]


def test_alignment_and_vertical_middle():
    left = _draw("x", size=9, align="left").texts[0]
    right = _draw("x", size=9, align="right").texts[0]
    centre = _draw("x", size=9, align="center").texts[0]
    assert left[0] == pytest.approx(20 + 5, abs=0.01)
    assert centre[0] == pytest.approx((left[0] + right[0]) / 2, abs=0.01)
    top = _draw("x", size=9, valign="top").texts[0]
    middle = _draw("x", size=9, valign="middle").texts[0]
    assert top[1] - middle[1] == pytest.approx((30 - 9 * style.LEADING * pdf_probe.MM) / 2, abs=0.01)
