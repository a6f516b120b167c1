"""The painter registry, the Pen's local coordinates and the generic painters."""

import io
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from companion.data import load_game
from companion.errors import DataError
from pdf import painters
from pdf.build import BuildOptions
from pdf.generic import DIE_TABS, TAB, die_net_size
from pdf.geometry import Paper, PieceSpec, Slot
from pdf.sheets import Document

sys.path.insert(0, str(Path(__file__).parent))
import pdf_probe  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def game():
    return load_game("testgame", FIXTURES)


def test_generic_painters_and_game_modules_are_discovered():
    names = painters.names()
    assert {"die-net", "token", "standee", "reference", "board"} <= set(names)
    import pdf.games
    import pkgutil
    for info in pkgutil.iter_modules(pdf.games.__path__):
        assert f"pdf.games.{info.name}" in sys.modules


def test_registering_a_painter_and_finding_it(game):
    @painters.painter("testgame.probe", backs=True)
    def probe(pen, piece):
        pass

    spec = painters.find("testgame.probe", game, game.components["die"])
    assert spec.fn is probe and spec.has_back(game.components["die"])


def test_two_painters_cannot_share_a_name():
    @painters.painter("testgame.once")
    def first(pen, piece):
        pass

    with pytest.raises(ValueError, match="registered twice"):
        @painters.painter("testgame.once")
        def second(pen, piece):
            pass


def test_unknown_painter_names_the_known_ones(game):
    comp = replace(game.components["die"], painter="nope")
    with pytest.raises(DataError) as caught:
        painters.find("nope", game, comp)
    assert str(caught.value).startswith(f"{game.toml_path}:")
    assert "components.die.painter: unknown painter 'nope'; painters: " in str(caught.value)


def _draw_in(slot, spec, draw, game=None):
    buffer = io.BytesIO()
    doc = Document(buffer, Paper.named("a4"), game)
    doc.place(slot, spec, draw)
    doc.end_page()
    doc.save()
    buffer.seek(0)
    return pdf_probe.read(buffer)[0]


@pytest.mark.parametrize("rot", [0, 90, 180, 270])
def test_a_pen_draws_in_the_pieces_own_millimetres_whichever_way_it_is_turned(rot):
    spec = PieceSpec("card", 40, 60, 2)
    w, h = (40, 60) if rot in (0, 180) else (60, 40)
    slot = Slot(30, 50, w, h, rot)

    def draw(pen):
        assert (pen.w, pen.h, pen.bleed) == (40, 60, 2)
        pen.rect(0, 0, pen.w, pen.h, fill="#ff0000")           # the trim
        pen.rect(0, 0, 10, 5, fill="#0000ff")                  # a mark at the piece's top-left

    page = _draw_in(slot, spec, draw)
    trim, corner = [s.bbox for s in page.fills()]
    assert trim == pytest.approx((30, 50, 30 + w, 50 + h), abs=0.01)
    # where the piece's own top-left corner lands on the page for each quarter turn
    # (anticlockwise: at 90 the piece's top faces the page's left edge)
    expected = {0: (30, 105, 40, 110), 90: (30, 50, 35, 60), 180: (60, 50, 70, 55), 270: (85, 80, 90, 90)}[rot]
    assert corner == pytest.approx(expected, abs=0.01)
    clip = page.clips()[0]
    assert clip == pytest.approx((28, 48, 32 + w, 52 + h), abs=0.01)


def test_die_net_is_three_faces_wide_and_four_tall_plus_a_tab(game):
    die = game.components["die"]
    assert die_net_size(die) == pytest.approx((48, 64 + 16 * TAB))
    assert len(DIE_TABS) == 7  # a cube has 12 edges; 5 are folds in the net, 7 are glued


def test_die_net_needs_six_faces(game):
    die = replace(game.components["die"], options={"faces": ["1", "2", "3"]})
    piece = painters.Piece(game, die, 0, "front", BuildOptions())
    spec = PieceSpec("die", *die_net_size(die), 0)
    with pytest.raises(DataError, match="a d6 net needs 6 faces, got 3"):
        _draw_in(Slot(20, 20, spec.w, spec.h), spec, lambda pen: painters.find("die-net", game, die).fn(pen, piece),
                 game)


def test_token_faces_cycle_per_piece_and_backs_come_from_back_options(game):
    tokens = game.components["ore-tokens"]
    assert painters.find("token", game, tokens).has_back(tokens)
    pieces = [painters.Piece(game, tokens, i, "front") for i in range(4)]
    assert [p.per_piece("labels") for p in pieces] == ["1", "2", "3", "1"]
    assert [p.per_piece("icons") for p in pieces] == ["tin", "copper", "coal", "tin"]
    plain = replace(tokens, options={"labels": ["a"]})
    assert not painters.find("token", game, plain).has_back(plain)


def test_reference_sheet_text_that_cannot_fit_is_a_data_error(game):
    aid = replace(game.components["aid"], options={"sections": [{"title": "Too much", "text": "word " * 3000}]})
    piece = painters.Piece(game, aid, 0, "front", BuildOptions())
    spec = PieceSpec("aid", 100, 60, 0)
    with pytest.raises(DataError, match="the reference text does not fit even at 7 pt"):
        _draw_in(Slot(20, 20, 100, 60), spec, lambda pen: painters.find("reference", game, aid).fn(pen, piece), game)


def test_reference_sheet_prints_a_qr_code_to_the_companion(game):
    aid = game.components["aid"]
    spec = PieceSpec("aid", 200, 287, 0)
    with_qr = painters.Piece(game, aid, 0, "front", BuildOptions(companion_url="http://192.168.1.20:8000/t/abc"))
    without = painters.Piece(game, aid, 0, "front", BuildOptions())
    fn = painters.find("reference", game, aid).fn
    a = _draw_in(Slot(5, 5, 200, 287), spec, lambda pen: fn(pen, with_qr), game)
    b = _draw_in(Slot(5, 5, 200, 287), spec, lambda pen: fn(pen, without), game)
    qr = [s for s in a.fills() if len(s.points) > 100]   # the QR modules are one path of many squares
    assert qr and not [s for s in b.fills() if len(s.points) > 100]
    x0, y0, x1, y1 = qr[0].bbox
    assert x1 - x0 == pytest.approx(y1 - y0, abs=0.01)  # square


def test_a_game_brings_its_own_modules_and_no_other_games():
    """In a fresh interpreter: asking for Ore imports Ore's modules (its setup steps among them)
    and none of the published edition's, whose names also start with ``ore_``."""
    code = ("import sys\nfrom pdf.painters import discover\ndiscover('ore')\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('pdf.games.'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == ["pdf.games.ore", "pdf.games.ore_setup"]
