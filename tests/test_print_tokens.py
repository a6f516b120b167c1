"""Round and hex tokens can be cut to size: a thin line at the trim of every one (the crop
marks only show a box), the same outline as the die line of print-shop pages, and a Mine
Shaft mineral small enough for the slot it sits in on a tile. All measured from the PDFs."""

import pytest
from pypdf import PdfReader

import pdf_probe
from print_sets import build, manifest
from headframe.cli import main

TRIM_INK = (0.102, 0.102, 0.102)  # #1a1a1a
SLOT_RIM = (0.914, 0.863, 0.753)  # #e9dcc0, the rim of a mineral slot on a shaft tile
ROUND_AND_HEX = {"ore": ["money", "barrels", "mine-cages", "strike-tokens", "futures-tokens",
                         "collab-drill-tokens", "starting-player"],
                 "mine-shaft": ["minerals"]}
# printed on both sides (their file is printed duplex)
TWO_SIDED = {"mine-cages", "collab-drill-tokens", "starting-player", "minerals"}


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return build(tmp_path_factory)


def trim_lines(page):
    return [s for s in page.shapes if s.op == "stroke" and s.stroke == TRIM_INK and abs(s.line_width_pt - 0.4) < 1e-3]


def _size(bbox):
    return bbox[2] - bbox[0], bbox[3] - bbox[1]


@pytest.mark.parametrize("game,component", [(g, c) for g, cs in ROUND_AND_HEX.items() for c in cs])
def test_every_round_or_hex_token_has_a_line_at_its_trim(out, game, component):
    entries = manifest(out / game)["components"]
    file = next(c["file"] for c in entries if c["id"] == component)
    # every round or hex piece printed in that file (a shared sheet holds several kinds)
    expected = sum(c["count"] * (2 if c["id"] in TWO_SIDED else 1) for c in entries
                   if c["file"] == file and c["id"] in ROUND_AND_HEX[game])
    pages = pdf_probe.read(out / game / file)
    lines = [line for page in pages for line in trim_lines(page)]
    assert len(lines) == expected
    for page in pages:
        clips = page.clips()
        for line in trim_lines(page):
            w, h = _size(line.bbox)
            # the piece's own bleed box: the clip centred on the line, 3 mm bigger each way
            box = min(clips, key=lambda c: abs(c[0] + 3 - line.bbox[0]) + abs(c[3] - 3 - line.bbox[3])
                      + abs(_size(c)[0] - w - 6))
            assert _size(box)[0] - w == pytest.approx(6.0, abs=0.02)   # the line lies exactly at the trim
            assert box[0] + 3 == pytest.approx(line.bbox[0], abs=0.02)


def test_a_mineral_fits_the_slot_it_sits_in(out):
    mineral = {round(_size(s.bbox)[0], 2) for p in pdf_probe.read(out / "mine-shaft" / "minerals.pdf")
               for s in trim_lines(p)}
    slots = {round(_size(s.bbox)[0], 2) for p in pdf_probe.read(out / "mine-shaft" / "shaft-tiles.pdf")[:1]
             for s in p.shapes if s.op == "fillstroke" and s.stroke == SLOT_RIM}
    assert len(mineral) == 1 and slots
    (diameter,) = mineral
    assert diameter <= min(slots) - 0.5, f"a {diameter} mm mineral in a {min(slots)} mm slot"


def test_print_shop_pages_carry_the_die_line_as_a_cutcontour_spot_colour(tmp_path):
    assert main(["build", "mine-shaft", "--print-shop", "--out", str(tmp_path)]) == 0
    reader = PdfReader(tmp_path / "mine-shaft" / "minerals.pdf")
    page = reader.pages[0]
    spaces = page["/Resources"]["/ColorSpace"]
    names = [str(space.get_object()[1]) for space in spaces.values()]
    assert "/CutContour" in names
    content = page.get_contents().get_data().decode("latin-1")
    assert " SCN" in content or " scn" in content.lower()
    # the die line is the trim: the page is the bleed box, 3 mm each side of an 11 mm counter
    assert float(page.mediabox.width) * 25.4 / 72 == pytest.approx(17.0, abs=0.01)
