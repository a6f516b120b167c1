"""Mine Shaft's tile art comes from cards_data/mine-shaft/layouts.toml: a length, box or shape
changed there changes what is printed (measured from the PDFs), and a name the drawing does
not know, or one it needs and the file lacks, stops ``build`` and ``check`` at the file's line."""

import shutil
from pathlib import Path

import pdfplumber
import pytest

import pdf_probe
from print_sets import file_of
from headframe.cli import main
from layout_edit import edit_layouts, line_of as _line_of

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "cards_data" / "mine-shaft"
MM_PER_PT = 25.4 / 72
TUNNEL_CUT = (0.847, 0.765, 0.612)   # #d8c39c
SLOT_RIM = (0.914, 0.863, 0.753)     # #e9dcc0
CRACK = (0.102, 0.078, 0.063)        # #1a1410, the crack across a collapsed back
TRIM_INK = (0.102, 0.102, 0.102)     # #1a1a1a, the cut line round a counter
ARGS = ["build", "mine-shaft", "--variant", "advanced"]


@pytest.fixture(scope="module")
def before(tmp_path_factory):
    out = tmp_path_factory.mktemp("before")
    assert main(ARGS + ["--out", str(out)]) == 0
    return out / "mine-shaft"


@pytest.fixture
def data(tmp_path):
    shutil.copytree(GAME, tmp_path / "data" / "mine-shaft")
    return tmp_path / "data"


def _edit(data: Path, old: str, new: str) -> Path:
    return edit_layouts(data, "mine-shaft", old, new)



def _build(data: Path, out: Path) -> Path:
    assert main(ARGS + ["--data", str(data), "--out", str(out)]) == 0
    return out / "mine-shaft"


def _shapes(folder: Path, component: str):
    return [s for page in pdf_probe.read(file_of(folder, component)) for s in page.shapes]


def _stroke_widths(folder: Path, colour: tuple) -> list[float]:
    """Widths (mm) of every stroke of ``colour`` on the shaft-tile sheets."""
    return sorted({round(s.line_width_pt * MM_PER_PT, 2) for s in _shapes(folder, "shaft-tiles")
                   if s.op == "stroke" and s.stroke == colour})


def _slots(folder: Path) -> list[float]:
    """Diameters (mm) of the mineral slots: the circles with the slot's rim."""
    return [round(s.bbox[2] - s.bbox[0], 2) for s in _shapes(folder, "shaft-tiles")
            if s.op == "fillstroke" and s.stroke == SLOT_RIM]


def _mineral(folder: Path) -> float:
    (diameter,) = {round(s.bbox[2] - s.bbox[0], 2) for s in _shapes(folder, "minerals")
                   if s.op == "stroke" and s.stroke == TRIM_INK and abs(s.line_width_pt - 0.4) < 1e-3}
    return diameter


def test_a_wider_tunnel_in_the_file_prints_a_wider_tunnel(before, data, tmp_path):
    assert _stroke_widths(before, TUNNEL_CUT) == [17.0]
    _edit(data, 'tunnel = "17mm"', 'tunnel = "21mm"')
    assert _stroke_widths(_build(data, tmp_path / "after"), TUNNEL_CUT) == [21.0]


def test_a_bigger_slot_in_the_file_prints_bigger_slots_and_a_mineral_still_fits(before, data, tmp_path):
    old = _slots(before)
    assert old and set(old) == {12.0}
    assert _mineral(before) <= 12.0 - 0.5
    _edit(data, '[tile.boxes.slot]\nkind = "circle"\nx = "2.5mm"\ny = "2.5mm"\nw = "12mm"\nh = "12mm"',
          '[tile.boxes.slot]\nkind = "circle"\nx = "2mm"\ny = "2mm"\nw = "13mm"\nh = "13mm"')
    after = _build(data, tmp_path / "after")
    new = _slots(after)
    assert len(new) == len(old) and set(new) == {13.0}
    assert _mineral(after) <= min(new) - 0.5


def test_a_drawing_shape_follows_the_file(before, data, tmp_path):
    """The crack across every collapsed back: its stroke width is the file's."""
    assert _stroke_widths(before, CRACK) == [round(1.4 * MM_PER_PT, 2)]
    _edit(data, 'stroke = "crack"\nstroke_width = 1.4', 'stroke = "crack"\nstroke_width = 3')
    assert _stroke_widths(_build(data, tmp_path / "after"), CRACK) == [round(3 * MM_PER_PT, 2)]


def _quake_sizes(folder: Path) -> set[float]:
    with pdfplumber.open(file_of(folder, "dice")) as doc:
        return {round(c["size"], 2) for page in doc.pages for c in page.chars if c["text"] == "Q"}


def test_the_quake_word_on_die_a_takes_its_size_from_the_file(before, data, tmp_path):
    """(The sheet may print the die net smaller than drawn, so the sizes are compared.)"""
    (old,) = _quake_sizes(before)
    _edit(data, 'text = "QUAKE"\nfont = "bold"\nsize = 5.2', 'text = "QUAKE"\nfont = "bold"\nsize = 6.5')
    (new,) = _quake_sizes(_build(data, tmp_path / "after"))
    assert new / old == pytest.approx(6.5 / 5.2, abs=0.01)


def _refused(data: Path, tmp_path: Path, capsys) -> list[str]:
    """``check`` and ``build`` both exit 2 with the same lines, and no PDF is written."""
    out = tmp_path / "out"
    assert main(["check", "mine-shaft", "--data", str(data)]) == 2
    checked = capsys.readouterr().err.strip().splitlines()
    assert main(ARGS + ["--data", str(data), "--out", str(out)]) == 2
    built = [line for line in capsys.readouterr().err.strip().splitlines() if not line.startswith("[")]
    assert not list(out.rglob("*.pdf"))
    assert checked == built
    return checked


def test_an_unknown_length_stops_build_and_check_at_its_line(data, tmp_path, capsys):
    path = _edit(data, 'tunnel = "17mm"', 'tunel = "17mm"')
    err = _refused(data, tmp_path, capsys)
    assert f"{path}:{_line_of(path, 'tunel = ')}: tile.lengths.tunel: unknown length 'tunel'; tile draws: " \
           "tunnel, rail-gap," in "\n".join(err)
    assert f"{path}:{_line_of(path, '[tile]')}: tile.lengths: missing length: tunnel" in err


def test_an_unknown_box_or_layout_stops_build_and_check_at_its_line(data, tmp_path, capsys):
    path = _edit(data, "[tile.boxes.slot]", "[tile.boxes.slots]")
    _edit(data, "[headframe]\n", "[head-frame]\n")
    err = "\n".join(_refused(data, tmp_path, capsys))
    assert f"{path}:{_line_of(path, '[tile.boxes.slots]')}: tile.boxes.slots: unknown box 'slots'; tile draws: " in err
    assert f"{path}:{_line_of(path, '[tile]')}: tile.boxes: missing box: slot" in err
    frame = _line_of(path, "[head-frame]")
    assert f"{path}:{frame}: head-frame: unknown layout 'head-frame'; Mine Shaft draws: " in err


def test_a_malformed_point_or_length_is_reported_at_its_line(data, tmp_path, capsys):
    path = _edit(data, 'vertices = ["-6mm 2.4mm", ', 'vertices = ["-6mm", ')
    _edit(data, 'sleeper = "10.45mm"', 'sleeper = "10.45"')
    err = "\n".join(_refused(data, tmp_path, capsys))
    point = _line_of(path, 'vertices = ["-6mm", ')
    assert f"{path}:{_line_of(path, 'sleeper = ')}: tile.lengths.sleeper: expected a length" in err
    assert f"{path}:{point}: collapsed.boxes.rubble-1.vertices: expected a point as two lengths" in err


def test_vertices_belong_to_polygons_and_paths_only(data, tmp_path, capsys):
    path = _edit(data, '[icon-kart.boxes.body]\nkind = "polygon"', '[icon-kart.boxes.body]\nkind = "rect"')
    err = "\n".join(_refused(data, tmp_path, capsys))
    assert f"{path}:{_line_of(path, '[icon-kart.boxes.body]') + 2}: icon-kart.boxes.body.vertices: only a polygon " \
           "or path box has vertices" in err


def test_a_curve_without_its_subdivisions_is_reported_at_its_box(data, tmp_path, capsys):
    path = _edit(data, 'h = "6.5mm"\nsubdivisions = 12\n', 'h = "6.5mm"\n')
    err = "\n".join(_refused(data, tmp_path, capsys))
    assert f"{path}:{_line_of(path, '[icon-tunnel.boxes.mouth]')}: icon-tunnel.boxes.mouth.subdivisions: missing" in err
