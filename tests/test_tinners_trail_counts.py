"""A ``--players N`` Tinners' Trail set prints what N players use, named for N: developments
by the development board and the survey cards that place pieces, one reference card per player,
markers per colour; the development board's cells hold the pieces they take (measured from the
PDFs); the Kickstarter tiles continue the area tiles' sheet. Read back from manifest.json and the PDFs."""

import json
import re
from collections import Counter

import pdfplumber
import pytest
from pypdf import PdfReader

import pdf_probe
from companion.data import load_game
from companion.tinners_trail.data.tables import load_rules
from pdf.build import BuildOptions, build_game
from test_tinners_trail_legible import pages_of

GAME = load_game("tinners-trail")
RULES = load_rules()
SURVEY_PIECES = {"miner": "miner", "port": "port", "pump": "steam_pump"}
KINDS = ("miner", "port", "train", "adit", "steam_pump")
LABELS = {"miner": "Miner", "port": "Port", "train": "Train", "adit": "Adit", "steam_pump": "Pump"}


def _build(tmp_path_factory, **options):
    out = tmp_path_factory.mktemp("counts")
    build_game("tinners-trail", out, BuildOptions(**options))
    folder = out / "tinners-trail"
    return folder, json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One-sided sets by (players, variant), each built once for the tests that read it."""
    sets = {}

    def get(players, variant=None):
        if (players, variant) not in sets:
            sets[players, variant] = _build(tmp_path_factory, players=players, variant=variant, sides="fronts")
        return sets[players, variant]
    return get


def _expected_developments(players: int, variant: str | None) -> Counter:
    """From the data, independently of the painters: the development board of the count (a solo
    game uses the 2-player one), one piece per survey card of the decks in play that places a
    piece (the wild and Kickstarter decks stand in for each other: the larger count), and
    Michigan's pieces when Emigration is in play."""
    seats = max(players, 2)
    board = RULES.boards[seats]
    need = Counter({k: sum(v) for k, v in board.pieces.items()})
    need["steam_pump"] = sum(sum(g) for g in board.pump_groups)
    by_deck: dict[str, Counter] = {}
    for row in GAME.decks["survey-cards"].rows:
        span = row.get("players")
        if (span is None or span[0] <= seats <= span[1]) and row["benefit"] in SURVEY_PIECES:
            by_deck.setdefault(row["region"], Counter())[SURVEY_PIECES[row["benefit"]]] += row.qty
    wild = by_deck.pop("Wild", Counter())
    if variant in (None, "all", "kickstarter") and seats >= 3:
        kick = Counter(SURVEY_PIECES[r["benefit"]] for r in GAME.decks["kickstarter-survey-cards"].rows
                       for _ in range(r.qty) if r["benefit"] in SURVEY_PIECES)
        wild = Counter({k: max(wild[k], kick[k]) for k in set(wild) | set(kick)})
    for c in list(by_deck.values()) + [wild]:
        need.update(c)
    if variant in (None, "all", "emigration"):
        for pieces in GAME.tables["emigration"]["michigan"]["pieces"]:
            need.update(pieces)
    return need


def _printed_developments(folder, manifest) -> Counter:
    """Development pieces counted on the printed token sheets by their label."""
    entry = next(c for c in manifest["components"] if c["id"] == "development-pieces")
    with pdfplumber.open(folder / entry["file"]) as pdf:
        words = Counter(w["text"] for page in pdf.pages for w in page.extract_words())
    return Counter({k: words[LABELS[k]] for k in KINDS})


@pytest.mark.parametrize("players,variant", [(1, None), (2, None), (3, None), (4, None), (3, "base"), (2, "base")])
def test_developments_reference_cards_and_markers_follow_the_player_count(built, players, variant):
    folder, manifest = built(players, variant)
    counts = {c["id"]: c["count"] for c in manifest["components"]}
    names = {c["id"]: c["name"] for c in manifest["components"]}
    need = _expected_developments(players, variant)
    assert counts["development-pieces"] == sum(need.values()) < 46
    assert _printed_developments(folder, manifest) == Counter({k: need[k] for k in KINDS})
    for kind in KINDS:  # the manifest's name says the counts too
        word = "steam pump" if kind == "steam_pump" else kind
        assert re.search(rf"\b{need[kind]} {word}s?\b", names["development-pieces"]), names["development-pieces"]
    assert counts["reference-cards"] == players
    seats = max(players, 2)
    assert counts["player-markers"] == 3 * seats and counts["mines"] == seats * RULES.mines[players]
    assert names["mines"] == f"Mines ({RULES.mines[players]} per player colour)"
    if players == 1:
        assert counts["lord-wallace-reference"] == 1
    checklist = " ".join(p.extract_text() for p in pdfplumber.open(folder / "checklist.pdf").pages)
    checklist = " ".join(checklist.split())
    assert f"{players} × Reference cards" in checklist
    assert f"{sum(need.values())} × {names['development-pieces']}" in checklist


@pytest.mark.parametrize("players,span", [(1, "1–2 players"), (2, "1–2 players"), (3, "3 players"), (4, "4 players")])
def test_a_filtered_set_is_titled_for_its_player_count(built, players, span):
    folder, manifest = built(players)
    names = {c["id"]: c["name"] for c in manifest["components"]}
    assert names["development-boards"] == f"Development board ({span})"
    assert names["map-setup-cards"] == f"Map card: where the area tiles go ({span})"
    everything = "1–2, 3, 4 and 5"
    assert not any(everything in n for n in names.values())
    for pdf in folder.glob("*.pdf"):  # page labels and the checklist
        with pdfplumber.open(pdf) as doc:
            text = " ".join(" ".join((p.extract_text() or "").split()) for p in doc.pages)
        assert everything not in text, pdf.name


def test_the_whole_box_keeps_the_full_titles(tmp_path_factory):
    _, manifest = _build(tmp_path_factory, sides="fronts")
    names = {c["id"]: c["name"] for c in manifest["components"]}
    assert names["development-boards"] == GAME.components["development-boards"].name
    assert names["development-pieces"] == GAME.components["development-pieces"].name
    assert sum(c["count"] for c in manifest["components"] if c["id"] == "development-pieces") == 46


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    folder, _ = _build(tmp_path_factory, print_shop=True)
    return folder


def _rects(page, test):
    return [s.bbox for s in page.fills() if test(s.fill)]


def _inside(inner, outer, eps=0.05):
    return (outer[0] - eps <= inner[0] and outer[1] - eps <= inner[1]
            and inner[2] <= outer[2] + eps and inner[3] <= outer[3] + eps)


def test_development_board_cells_hold_the_pieces_they_take(shop):
    """Per board: the cells (white) in round columns and kind rows; inside each, one space per
    piece the data puts there, each as large as a printed development piece, none overlapping."""
    piece_path, piece_pages = pages_of(shop, "development-pieces")
    x0, y0, x1, y1 = pdf_probe.read(piece_path)[piece_pages[0]].trim
    side = x1 - x0
    path, pages = pages_of(shop, "development-boards")
    colours = {k: tuple(int(GAME.colours[f"{k}_piece"][i:i + 2], 16) / 255 for i in (1, 3, 5)) for k in KINDS}
    seen = 0
    for n, players in zip(pages, sorted(GAME.components["development-boards"].options["players"])):
        page = pdf_probe.read(path)[n]
        cells = [b for b in _rects(page, lambda f: f == (1.0, 1.0, 1.0)) if b[2] - b[0] > side]
        assert len(cells) == RULES.rounds * len(KINDS), (players, len(cells))
        rows = sorted({round(c[1], 1) for c in cells})
        cols = sorted({round(c[0], 1) for c in cells})
        board = RULES.boards[players]
        for cell in cells:
            kind = KINDS[len(rows) - 1 - rows.index(round(cell[1], 1))]  # PDF y runs up: top row first
            column = cols.index(round(cell[0], 1))
            spaces = [b for b in _rects(page, lambda f, k=kind: all(abs(a - c) < 0.004 for a, c in zip(f, colours[k])))
                      if abs((b[2] - b[0]) - side) < 0.05 and _inside(b, cell)]
            want = sum(board.pump_groups[column]) if kind == "steam_pump" else board.pieces[kind][column]
            assert len(spaces) == want, (players, kind, column)
            for a in spaces:
                assert abs((a[3] - a[1]) - side) < 0.05
                for b in spaces:
                    assert a is b or a[2] <= b[0] + 0.01 or b[2] <= a[0] + 0.01, (players, kind, column)
            seen += want
        # each steam-pump cell says how many groups of how many pumps to lay out
        text = " ".join(PdfReader(path).pages[n].extract_text().split())
        for column, groups in enumerate(board.pump_groups):
            for size in set(groups):
                count = groups.count(size)
                assert f"{count} group{'s' if count > 1 else ''} of {size} pump{'s' if size > 1 else ''}" in text
    assert seen > 0 and max(max(b.pieces["miner"]) for b in RULES.boards.values()) == 3


def test_the_kickstarter_tiles_continue_the_area_tiles_grid(built):
    folder, manifest = built(3)
    files = {c["id"]: c["file"] for c in manifest["components"]}
    assert files["kickstarter-area-tiles"] == files["area-tiles"] == "area-tiles.pdf"
    assert files["development-boards"] == files["map-setup-cards"]
    assert not (folder / "kickstarter-area-tiles.pdf").exists()
    # one butted grid: the base and bonus tiles of regions A-C on one sheet, sharing cut lines
    counts = {c["id"]: c["count"] for c in manifest["components"]}
    page = pdf_probe.read(folder / "area-tiles.pdf")
    assert len(page) == 1
    # each tile's clip: its 28 mm trim, plus the outer bleed (up to 3 mm) on a side at the grid's edge
    tiles = [c for c in page[0].clips() if 27.95 <= c[2] - c[0] <= 31.05 and 27.95 <= c[3] - c[1] <= 31.05]
    assert len(tiles) == counts["area-tiles"] + counts["kickstarter-area-tiles"]
