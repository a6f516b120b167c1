"""Board seams clear of text, measured from every tile page of every tiled board on A4 and
Letter: where a tile's shown board ends at a cut that is not the board's own edge, no glyph of
the board lies within 3 mm of that cut (pdfplumber, on the page itself: the whole board is
drawn there and clipped, so glyphs on both sides of the cut are read). Spaces a piece sits on
are checked through what the painters declare (``Pen.space``, which draws nothing), and every
tile shows mostly board, not glue."""

import pdfplumber
import pytest
from pypdf import PdfReader

import pdf_probe
from print_sets import build, manifest

CLEAR_MM = 3.0
MM = 72 / 25.4


@pytest.fixture(scope="module", params=["a4", "letter"])
def printed(request, tmp_path_factory):
    return build(tmp_path_factory, "--paper", request.param)


def _tile_pages(folder):
    for entry in manifest(folder)["components"]:
        if entry["kind"] != "board":
            continue
        path = folder / entry["file"]
        texts = [p.extract_text() or "" for p in PdfReader(path).pages]
        if any(" - tile " in t for t in texts):
            yield path, [n for n, t in enumerate(texts) if " - tile " in t]


def _area(points) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2


def _on_edge(segment, board, e=0.05) -> bool:
    (x0, y0), (x1, y1) = segment
    return (abs(x0 - x1) < e and any(abs(x0 - b) < e for b in (board[0], board[2]))) or \
           (abs(y0 - y1) < e and any(abs(y0 - b) < e for b in (board[1], board[3])))


def _seams(page):
    """The cuts on one tile page (page mm, y up): the stretches of the shown board's outline
    (a rectangle, or a polygon where a seam steps sideways) that are not the board's own
    edge, each as (x0, y0, x1, y1) with x0 <= x1 and y0 <= y1; the window's bounding box;
    and the window's share that is board."""
    clips = sorted((s for s in page.shapes if s.op == "clip" and _area(s.points) > 2000),
                   key=lambda s: _area(s.points))
    shown, window, board = clips[0], clips[1], clips[-1]     # the board shown; its window; the bleed box
    cuts = [(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
            for a, b in shown.segments if not _on_edge((a, b), board.bbox) and a != b]
    return cuts, window.bbox, _area(shown.points) / _area(window.points)


def _distance(box, cut) -> float:
    x0, y0, x1, y1 = box
    dx = max(cut[0] - x1, x0 - cut[2], 0.0)
    dy = max(cut[1] - y1, y0 - cut[3], 0.0)
    return (dx * dx + dy * dy) ** 0.5


def seam_report(folder):
    """Per tiled board: the glyphs too near a cut, the nearest glyph to any cut, and the
    smallest share of a tile that is board."""
    out = {}
    for path, numbers in _tile_pages(folder):
        probes = pdf_probe.read(path)
        near, nearest, least = [], float("inf"), 1.0
        with pdfplumber.open(path) as doc:
            for n in numbers:
                cuts, window, share = _seams(probes[n])
                least = min(least, share)
                page = doc.pages[n]
                for ch in page.chars:
                    if not ch["text"].strip():
                        continue
                    box = (ch["x0"] / MM, (page.height - ch["bottom"]) / MM, ch["x1"] / MM,
                           (page.height - ch["top"]) / MM)
                    if not (window[0] <= box[0] and box[2] <= window[2] and window[1] <= box[1] and box[3] <= window[3]):
                        continue   # the page's own words: tile name, file note
                    for cut in cuts:
                        d = _distance(box, cut)
                        nearest = min(nearest, d)
                        if d < CLEAR_MM - 0.05:
                            near.append(f"page {n + 1}: {ch['text']!r} {d:.1f} mm from the cut")
        out[path.parent.name] = (near, nearest, least)
    return out


@pytest.mark.parametrize("game", ["ore-published", "tinners-trail", "ardevur"])
def test_no_glyph_within_3mm_of_a_seam(printed, game):
    near, nearest, least = seam_report(printed / game)[game]
    assert least > 0.6, f"a tile of {game} is {least:.0%} board: the rest is glue"
    assert near == [], f"{game}: {near[:8]}"


BOARDS = {"ore-published": ("board", 25), "tinners-trail": ("main-board", 200), "ardevur": ("map-board", 30)}


def _declared(game_id):
    """A board's spec, what its seams must keep clear of (bleed frame) and the spaces its
    painter declares (where pieces sit; trim frame, as the tiles are)."""
    from pdf import painters
    from pdf.build import BuildOptions, load_checked
    from pdf.geometry import PieceSpec
    from pdf.tiling import keep_clear

    game = load_checked(game_id)
    comp = game.components[BOARDS[game_id][0]]
    spec = PieceSpec(comp.name, *comp.size_mm, 3.0)
    found = painters.find(comp.painter, game, comp)
    keep = keep_clear(spec, lambda pen: found.fn(pen, painters.Piece(game, comp, 0, "front", BuildOptions())), game)
    return spec, keep, [(k.x0 - 3, k.y0 - 3, k.x1 - 3, k.y1 - 3) for k in keep if k.kind == "space"]


def _cuts(tile, spec):
    """The stretches of a planned tile's shown outline that are cuts, not the board's edge."""
    edge = (-spec.bleed, -spec.bleed, spec.w + spec.bleed, spec.h + spec.bleed)
    pts = list(tile.shown)
    return [(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
            for a, b in zip(pts, pts[1:] + pts[:1]) if a != b and not _on_edge((a, b), edge, 1e-6)]


def _meets(space, spaces, cut) -> bool:
    """Whether ``cut`` runs along an edge of ``space`` that another space shares."""
    x0, y0, x1, y1 = space
    vertical = cut[0] == cut[2]
    line = cut[0] if vertical else cut[1]
    sides = (x0, x1) if vertical else (y0, y1)
    if not any(abs(line - v) < 1e-3 for v in sides):
        return False
    return any(o != space and any(abs(line - v) < 1e-3 for v in ((o[0], o[2]) if vertical else (o[1], o[3])))
               for o in spaces)


@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_the_planned_seams_keep_clear_of_every_declared_space(game_id):
    """The spaces the board painters declare (where pieces sit) are never crossed by a cut of
    the plan the build uses, on A4 and Letter, and keep 3 mm from it unless it runs along the
    line where two spaces meet."""
    from pdf.geometry import Paper
    from pdf.tiling import choose_tiling

    spec, keep, spaces = _declared(game_id)
    assert len(spaces) >= BOARDS[game_id][1]
    for paper in ("a4", "letter"):
        tiles, _ = choose_tiling(spec, Paper.named(paper), keep)
        assert len(tiles) > 1
        for t in tiles:
            for cut in _cuts(t, spec):
                for s in spaces:
                    d = _distance(s, cut)
                    assert d >= CLEAR_MM - 1e-6 or (d < 1e-6 and _meets(s, spaces, cut)), (paper, t.name, cut, s)
