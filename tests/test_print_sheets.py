"""Paper and sheets, measured from the PDFs: small components share sheets so few sheets go
out mostly empty, poker cards butt edge to edge nine to an A4 sheet and eight (turned) to a
Letter sheet, where three rows would leave no room for crop marks above and below (spaced
with their own bleed on request), and the checklist gives the sheets to print per stock."""

import json

import pytest
from pypdf import PdfReader

import pdf_probe
from headframe.cli import main

POKER = (63.5, 88.9)
GAMES = ("ore", "mine-shaft", "tinners-trail", "ore-published", "ardevur")


def _build(tmp_path_factory, *args, games=("ore", "mine-shaft")):
    out = tmp_path_factory.mktemp("sheets")
    assert main(["build", *games, "--out", str(out), *args]) == 0
    return out


@pytest.fixture(scope="module")
def fronts(tmp_path_factory):
    return _build(tmp_path_factory, "--sides", "fronts", games=GAMES)


def _inside(a, b, eps=1e-6):
    return b[0] <= a[0] + eps and b[1] <= a[1] + eps and b[2] >= a[2] - eps and b[3] >= a[3] - eps


def fill(page) -> float:
    """Share of the sheet covered by pieces: the boxes each piece is clipped to (innermost
    clips dropped when they lie inside another), over the sheet's area."""
    clips = page.clips()
    outer = [c for c in clips if not any(o != c and _inside(c, o) for o in clips)]
    return sum((c[2] - c[0]) * (c[3] - c[1]) for c in outer) / (page.width * page.height)


@pytest.mark.parametrize("game", GAMES)
def test_at_most_a_tenth_of_the_sheets_are_under_30_percent_filled(fronts, game):
    fills = [(pdf.name, n, fill(page)) for pdf in sorted((fronts / game).glob("*.pdf")) if pdf.name != "checklist.pdf"
             for n, page in enumerate(pdf_probe.read(pdf), start=1)]
    sparse = [(name, n, round(f, 2)) for name, n, f in fills if f < 0.30]
    assert len(sparse) <= 0.10 * len(fills), f"{len(sparse)} of {len(fills)} sheets under 30 %: {sparse}"
    manifest = json.loads((fronts / game / "manifest.json").read_text(encoding="utf-8"))
    assert sum(manifest["sheets"].values()) == len(fills)  # one-sided: a page is a sheet


def _pieces(page, size):
    """The bleed boxes (the clip each piece's own frame sets) of pieces of trim ``size``."""
    w, h = size
    return [c for c in page.clips() if any(abs((c[2] - c[0]) - a) < 0.05 and abs((c[3] - c[1]) - b) < 0.05
                                           for a, b in ((w + 6, h + 6), (h + 6, w + 6)))]


@pytest.mark.parametrize("paper, per_sheet, columns", [("a4", 9, 3), ("letter", 8, 2)])
def test_poker_cards_butt_on_a_sheet_sharing_their_cut_lines(tmp_path_factory, paper, per_sheet, columns):
    out = _build(tmp_path_factory, "--paper", paper)
    page = pdf_probe.read(out / "ore" / "assets.pdf")[0]
    cards = _pieces(page, POKER)
    assert len(cards) == per_sheet
    # each card paints only its trim, plus bleed on the sides at the grid's outer edge: the
    # page clips of neighbours meet exactly at their shared cut line
    trims = [(c[0] + 3, c[1] + 3, c[2] - 3, c[3] - 3) for c in cards]
    xs = sorted({round(v, 2) for t in trims for v in (t[0], t[2])})
    ys = sorted({round(v, 2) for t in trims for v in (t[1], t[3])})
    rows = per_sheet // columns
    assert (len(xs), len(ys)) == (columns + 1, rows + 1)  # neighbours share their cut lines
    painted = [c for c in page.clips() if c not in cards]
    assert len(painted) == per_sheet
    for t in trims:
        cx, cy = (t[0] + t[2]) / 2, (t[1] + t[3]) / 2
        [p] = [p for p in painted if p[0] < cx < p[2] and p[1] < cy < p[3]]
        for side, (trim_v, paint_v, edge, outward) in enumerate((
                (t[0], p[0], xs[0], -1), (t[1], p[1], ys[0], -1), (t[2], p[2], xs[-1], 1), (t[3], p[3], ys[-1], 1))):
            if abs(trim_v - edge) < 0.01:       # outer edge: bleed beyond the trim
                assert 1.0 - 0.01 <= (paint_v - trim_v) * outward <= 3.0 + 0.01
            else:                               # shared edge: exactly the trim
                assert paint_v == pytest.approx(trim_v, abs=0.01)
    # the cut lines themselves are drawn across the grid
    greys = [s for s in page.shapes if s.op == "stroke" and s.stroke == (0.549, 0.549, 0.549)]
    assert greys


def test_spaced_cards_keep_their_own_bleed_eight_to_an_a4_sheet(tmp_path_factory):
    out = _build(tmp_path_factory, "--spaced")
    page = pdf_probe.read(out / "ore" / "assets.pdf")[0]
    cards = _pieces(page, POKER)
    assert len(cards) == 8
    for a in cards:
        for b in cards:
            if a is not b:
                assert not (a[0] < b[2] - 0.01 and b[0] < a[2] - 0.01 and a[1] < b[3] - 0.01 and b[1] < a[3] - 0.01)


def test_checklist_gives_the_sheets_per_stock(fronts):
    for game in GAMES:
        manifest = json.loads((fronts / game / "manifest.json").read_text(encoding="utf-8"))
        text = " ".join(" ".join(p.extract_text() for p in PdfReader(fronts / game / "checklist.pdf").pages).split())
        sheets = manifest["sheets"]
        assert f"{sheets['card stock']} of card stock" in text and f"{sum(sheets.values())} in all" in text
        shared = [c for c in manifest["components"] if c.get("sheet")]
        assert shared and all((fronts / game / c["file"]).is_file() for c in shared)
