"""Never colour alone, even for colour-blind players, measured from every game's PDFs.

Players' pieces: every piece of a player's or corporation's colour carries that seat's mark
(a shape: ● ■ ▲ ◆ ★ ✚) at 7 pt or more; read with pdfplumber, each mark is paired with the
colour of the piece it sits on. Resources (both Ore editions): each resource's icon is drawn
in a shape of its own; read from the icon forms of the printed resource tokens.

Each pair of player colours and each pair of resource colours is simulated for deuteranopia,
protanopia and tritanopia (Machado, Oliveira and Fernandes 2009, full severity) and compared
with CIEDE2000: a pair that falls under 20 must differ in mark or shape.
"""

import itertools
from collections import defaultdict

import pdfplumber
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from colour_measure import MACHADO, ciede2000, hex_rgb, lab, simulate
from pdf import style
from print_sets import build, manifest
from test_print_legibility import glyph_pt

THRESHOLD = 20.0
GAMES = ("tinners-trail", "ore", "ore-published", "mine-shaft", "ardevur")


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return build(tmp_path_factory)


def player_components(game: str) -> set[str]:
    """The components made of players' (or corporations') pieces, from the game's data."""
    from companion.data import load_game

    data = load_game(game)
    return {c.id for c in data.components.values()
            if c.painter in ("tinners-trail.player-token", "ardevur.structure") or c.options.get("seat_marks")}


def marks_in(path):
    """(mark, size in pt, fill colour of the piece under it) for every seat mark in a PDF."""
    found = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            shapes = [o for o in page.curves + page.rects if o.get("fill")]
            for ch in page.chars:
                if ch["text"] not in style.SEAT_MARKS:
                    continue
                cx, cy = (ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2
                under = sorted((o for o in shapes if o["x0"] <= cx <= o["x1"] and o["top"] <= cy <= o["bottom"]
                                and o["non_stroking_color"] != ch["non_stroking_color"]),
                               key=lambda o: (o["x1"] - o["x0"]) * (o["bottom"] - o["top"]))
                colour = tuple(round(v, 3) for v in under[0]["non_stroking_color"]) if under else None
                found.append((ch["text"], glyph_pt(ch), colour))
    return found


def confusable(a, b) -> list[str]:
    """The colour-vision deficiencies under which two sRGB colours differ by less than the threshold."""
    return [kind for kind in MACHADO if ciede2000(lab(simulate(a, kind)), lab(simulate(b, kind))) < THRESHOLD]


@pytest.mark.parametrize("game", GAMES)
def test_players_pieces_carry_a_mark_of_their_seat(out, game):
    folder = out / game
    wanted = player_components(game)
    entries = [e for e in manifest(folder)["components"] if e["id"] in wanted]
    assert entries, f"{game} prints no players' pieces"
    by_colour: dict[tuple, set[str]] = defaultdict(set)
    for file in sorted({e["file"] for e in entries}):
        found = marks_in(folder / file)
        pieces = sum(e["count"] for e in entries if e["file"] == file)
        assert len(found) >= pieces, f"{game}/{file}: {len(found)} marks on {pieces} pieces"
        small = [(m, round(size, 2)) for m, size, _ in found if size < style.SEAT_MARK_MIN_PT - 0.01]
        assert small == [], f"{game}/{file}: marks under {style.SEAT_MARK_MIN_PT} pt: {small[:5]}"
        for mark, _, colour in found:
            assert colour is not None, f"{game}/{file}: a mark on no piece"
            by_colour[colour].add(mark)
    # a colour always carries the same mark, and no two colours share one
    assert all(len(m) == 1 for m in by_colour.values()), dict(by_colour)
    assert len({next(iter(m)) for m in by_colour.values()}) == len(by_colour)
    for a, b in itertools.combinations(sorted(by_colour), 2):
        if confusable(a, b):
            assert by_colour[a] != by_colour[b]


def test_the_colours_that_need_the_marks_are_found(out):
    """The measure sees the trouble the marks solve: ARDEVUR's G.R.E.A.T. Mining and Africa
    Mining Union pieces look alike to a deuteranope (CIEDE2000 under 20)."""
    from companion.ardevur.data import catalog

    corps = catalog().corporations
    colours = {c.short: hex_rgb(catalog().data.colours.get(c.colour, c.colour)
                                if not c.colour.startswith("#") else c.colour) for c in corps.values()}
    assert "deuteranopia" in confusable(colours["GREAT"], colours["AMU"])


def _icon_forms(path):
    """Per icon form in a PDF: its fill colour (the first one it sets) and the shape of its
    paths (each path operator with its points), read from the form's own content."""
    reader = PdfReader(path)
    forms = {}

    def walk(resources):
        xobjects = resources.get("/XObject") if resources else None
        for name, ref in (xobjects or {}).items():
            obj = ref.get_object()
            if obj.get("/Subtype") != "/Form" or name in forms:
                continue
            ops = ContentStream(obj, reader).operations
            fill = next((tuple(round(float(v), 3) for v in args) for args, op in ops if op == b"rg"), None)
            paths = tuple((op.decode(), *(round(float(v)) for v in args))
                          for args, op in ops if op in (b"m", b"l", b"c", b"re"))
            forms[name] = (fill, paths)
            walk(obj.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return forms


@pytest.mark.parametrize("game, file", [("ore", "one-sided-pieces.pdf"), ("ore-published", "pieces.pdf")])
def test_resources_differ_in_shape_where_their_colours_may_not(out, game, file):
    from companion.data import load_game

    resources = load_game(game).resources
    colours = {rid: tuple(round(v, 3) for v in hex_rgb(r.colour)) for rid, r in resources.items()}
    shapes = {}
    for fill, paths in _icon_forms(out / game / file).values():
        for rid, colour in colours.items():
            if fill == colour:
                shapes[rid] = paths
    assert set(shapes) == set(resources), f"{game}: resource icons printed on its tokens: {sorted(shapes)}"
    for a, b in itertools.combinations(sorted(resources), 2):
        if confusable(hex_rgb(resources[a].colour), hex_rgb(resources[b].colour)):
            assert shapes[a] != shapes[b], f"{game}: {a} and {b} look alike and share a shape"
    assert len(set(shapes.values())) == len(shapes)   # in fact every resource has a shape of its own


@pytest.mark.parametrize("lab1, lab2, expected", [
    # pairs from Sharma, Wu and Dalal's CIEDE2000 test data (2005), the formula's published check
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((50.0, 2.5, 0.0), (50.0, 3.2592, 0.3350), 1.0),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_the_colour_difference_is_ciede2000_as_published(lab1, lab2, expected):
    from colour_measure import ciede2000

    assert round(ciede2000(lab1, lab2), 4) == expected
    assert round(ciede2000(lab2, lab1), 4) == expected
