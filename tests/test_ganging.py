"""Shared sheets, measured from the PDFs: pieces of several kinds packed beside and below one
another never overlap, crop marks touch no piece and stay off the page edge, backs pages
mirror their fronts for both duplex flips, and a few leftover pieces do not go out alone: at
2, 3 and 4 players no Tinners' Trail or Mine Shaft set has more than a tenth of its sheets
under 30 % filled."""

import json

import pytest

import pdf_probe
from pdf.build import BuildOptions, build_game
from test_pdf_build import _boxes_touch
from test_print_sheets import fill

SHARED = ("tokens.pdf", "references.pdf")


def _build(tmp_path_factory, sides, players, game="tinners-trail"):
    out = tmp_path_factory.mktemp("gang")
    build_game(game, out, BuildOptions(players=players, sides=sides))
    return out / game


def _outer(page):
    clips = page.clips()
    return [c for c in clips if not any(o != c and o[0] <= c[0] and o[1] <= c[1] and o[2] >= c[2] and o[3] >= c[3]
                                        for o in clips)]


@pytest.mark.parametrize("sides", ["duplex-long", "duplex-short"])
def test_shared_sheets_keep_pieces_apart_and_marks_clear(tmp_path_factory, sides):
    folder = _build(tmp_path_factory, sides, 4)
    for name in SHARED:
        pages = pdf_probe.read(folder / name)
        for page in pages:
            boxes = _outer(page)
            assert boxes
            for i, a in enumerate(boxes):
                for b in boxes[i + 1:]:
                    overlap_w = min(a[2], b[2]) - max(a[0], b[0])
                    overlap_h = min(a[3], b[3]) - max(a[1], b[1])
                    assert overlap_w <= 0.01 or overlap_h <= 0.01, (name, a, b)
            marks = page.hairlines()
            assert marks
            for seg in marks:
                assert not any(_boxes_touch(seg, box) for box in boxes), (name, seg)
                for x, y in seg:
                    assert 4.99 <= x <= page.width - 4.99 and 4.99 <= y <= page.height - 4.99
        if name == "references.pdf":  # two-sided: each backs page mirrors its fronts page
            for front, back in zip(pages[0::2], pages[1::2]):
                mirrored = sorted((round(210 - c[2], 2), round(c[1], 2)) if sides == "duplex-long"
                                  else (round(c[0], 2), round(297 - c[3], 2)) for c in _outer(front))
                assert mirrored == sorted((round(c[0], 2), round(c[1], 2)) for c in _outer(back))


@pytest.mark.parametrize("game,players", [("tinners-trail", 2), ("tinners-trail", 3), ("tinners-trail", 4),
                                          ("mine-shaft", 2), ("mine-shaft", 3), ("mine-shaft", 4)])
def test_no_shared_sheet_goes_out_under_30_percent(tmp_path_factory, game, players):
    folder = _build(tmp_path_factory, "fronts", players, game)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    shared = {c["file"] for c in manifest["components"] if "sheet" in c}
    assert shared >= ({"tokens.pdf", "references.pdf"} if game == "tinners-trail" else {"shaft-tiles.pdf"})
    for name in shared:
        fills = [round(fill(page), 2) for page in pdf_probe.read(folder / name)]
        assert min(fills) >= 0.30, (name, fills)
    # every sheet of the set: at most a tenth under 30 %
    fills = [fill(page) for pdf in folder.glob("*.pdf") if pdf.name != "checklist.pdf" for page in pdf_probe.read(pdf)]
    assert sum(f < 0.30 for f in fills) <= 0.10 * len(fills), (game, players, len(fills))
