"""ARDEVUR's print set piece by piece, measured from the PDFs (pdfplumber text and glyphs, pypdf
geometry through pdf_probe): what each territory card asks for, uniform territory backs, the
two sides of the character guides, the dashboards' card slots and storage track, the map's
ports and sea routes, round markers cut along their disc, and how full the sheets are."""

from __future__ import annotations

import math
import shutil

import pdfplumber
import pytest

import pdf_probe
from companion.ardevur.data import catalog
from companion.errors import DataError
from pdf.build import BuildOptions, build_game
from test_print_sheets import fill

MM = 72 / 25.4
BLEED = 3.0
CARD = (63.5, 88.9)
WORDS = {"license": "License", "geologist": "Geologist", "workforce": "Workforce", "machinery": "Machinery"}


def hexrgb(value: str) -> tuple:
    return tuple(round(int(value[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))


def near(a, b, eps=0.02) -> bool:
    return all(abs(x - y) <= eps for x, y in zip(a, b))


@pytest.fixture(scope="module")
def duplex(tmp_path_factory):
    out = tmp_path_factory.mktemp("ardevur-duplex")
    build_game("ardevur", out, BuildOptions())
    return out / "ardevur"


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    """One piece per page at exactly its bleed size: a board is one page, not tiles."""
    out = tmp_path_factory.mktemp("ardevur-shop")
    build_game("ardevur", out, BuildOptions(print_shop=True))
    return out / "ardevur"


def piece_boxes(page, w: float, h: float) -> list[tuple]:
    """Trim boxes (page mm, y up) of the pieces of trim w x h: their own bleed clips, less the bleed."""
    found = []
    for c in page.clips():
        cw, ch = c[2] - c[0], c[3] - c[1]
        if any(abs(cw - a - 2 * BLEED) < 0.05 and abs(ch - b - 2 * BLEED) < 0.05 for a, b in ((w, h), (h, w))):
            box = (c[0] + BLEED, c[1] + BLEED, c[2] - BLEED, c[3] - BLEED)
            if box not in found:
                found.append(box)
    return found


def text_in(plumb_page, box) -> str:
    """The words pdfplumber finds inside a page-mm box (y up)."""
    top = plumb_page.height - box[3] * MM
    crop = plumb_page.within_bbox((box[0] * MM, max(0, top), box[2] * MM, plumb_page.height - box[1] * MM))
    return " ".join(w["text"] for w in crop.extract_words())


def glyph_pt(char) -> float:
    a, b = char["matrix"][0], char["matrix"][1]
    return (char["x1"] - char["x0"]) if abs(b) > abs(a) else (char["bottom"] - char["top"])


# -- 1. territory cards show the cards each step needs --------------------------------------

def test_each_territory_card_shows_the_cards_and_costs_to_explore_and_exploit(duplex):
    cat = catalog()
    seen = {}
    probe = pdf_probe.read(duplex / "territory-cards.pdf")
    badge = {hexrgb("#e8dcb5"): 0, hexrgb("#cfdde8"): 0}
    with pdfplumber.open(duplex / "territory-cards.pdf") as pdf:
        for page, plumb in zip(probe, pdf.pages):
            for box in piece_boxes(page, *CARD):
                text = text_in(plumb, box)
                name = next((t for t in cat.territories.values() if t.name in text), None)
                if name is None:
                    continue
                seen[name.id] = text
                for shape in page.fills():
                    x0, y0, x1, y1 = shape.bbox
                    if shape.fill in badge and box[0] <= x0 and x1 <= box[2] and box[1] <= y0 and y1 <= box[3]:
                        badge[shape.fill] += 1
    assert set(seen) == set(cat.territories)
    for tid, text in seen.items():
        t = cat.territories[tid]
        explore, exploit = text.index("Explore"), text.index("Exploit")
        assert f"{t.explore}M" in text[explore:exploit] and f"{t.exploit}M" in text[exploit:], tid
        assert "License" in text[explore:exploit] and "Geologist" in text[explore:exploit], tid
        assert "Workforce" in text[exploit:] and "Machinery" in text[exploit:], tid
        assert "market advantage stands in" in text and f"{t.output}M" in text, tid
    # a drawn badge beside each card name: two exploration and two exploitation badges per card
    assert badge == {hexrgb("#e8dcb5"): 2 * len(seen), hexrgb("#cfdde8"): 2 * len(seen)}


# -- 2. one back for every territory card ------------------------------------------------------

def test_territory_backs_are_all_alike_and_tell_nothing(duplex):
    cat = catalog()
    pages = pdf_probe.read(duplex / "territory-cards.pdf")
    backs = pages[1::2]
    back_fill = hexrgb(cat.data.colours["territory-back"])
    leaking = {hexrgb(cat.data.colours[c]) for c in ("africa", "europe", "bronze", "silver", "gold")}
    cards = 0
    with pdfplumber.open(duplex / "territory-cards.pdf") as pdf:
        for number, page in zip(range(1, len(pages), 2), backs):
            fills = {s.fill for s in page.fills()}
            assert back_fill in fills and not fills & leaking, number
            for box in piece_boxes(page, *CARD):
                assert text_in(pdf.pages[number], box) == "ARDEVUR Territory"
                cards += 1
    assert cards == len(cat.territories)


# -- 3. the character guides ----------------------------------------------------------------

def squash(text: str) -> str:
    """Text without spaces: pdfplumber runs a bold word into its neighbours."""
    return "".join(text.split())


def test_each_guide_has_prices_and_scoring_on_a_and_turn_and_assets_on_b(shop):
    cat = catalog()
    t = cat.tables
    sides = {"front": {}, "back": {}}
    with pdfplumber.open(shop / "character-guides.pdf") as pdf:
        assert len(pdf.pages) == 2 * len(cat.corporations)
        for number, page in enumerate(pdf.pages):
            side = "front" if number % 2 == 0 else "back"
            text = squash(page.extract_text())
            corp = next(c for c in cat.corporations.values() if squash(c.name) in text)
            sides[side][corp.id] = text
            chars = [c for c in page.chars if c["text"].strip()]
            assert min(glyph_pt(c) for c in chars) >= 7.0 - 0.01, (corp.id, side)
            # the space is used: text reaches the lower sixth of the guide
            assert max(c["bottom"] for c in chars) >= page.height - (BLEED + 148 / 6) * MM, (corp.id, side)
    assert set(sides["front"]) == set(sides["back"]) == set(cat.corporations)
    region = next(r for r in cat.regions.values() if r.needs)
    for corp in cat.corporations.values():
        a, b = sides["front"][corp.id], sides["back"][corp.id]
        assert "SideA" in a and "Marketadvantage" in a and WORDS[corp.advantage] in a
        for asset in ("Warehouse", "Office", "Vessel", "Factory"):
            assert asset in a and asset in b
        assert f"Warehouse{t['asset_price']['warehouse']}MLargewarehouse{t['upgrade_price']['warehouse']}M" in a
        assert f"Road{region.costs['road']}M" in a and f"Waterpipeline{region.costs['water']}M" in a
        assert f"Mostmoney{t['score']['most_money']}" in a and "Regionyouleaditsribbon" in a
        assert "SideB" in b and all(p in b for p in ("1Extraction", "2Strategy", "3Development", "4Reward"))
        assert f"storage{t['storage']['large']}M" in b and f"also{t['large_vessel_lease']}Mperexport" in b
        assert "Extraction" not in a and "Mostmoney" not in b


# -- 4. dashboards: card slots and the storage track ------------------------------------------

def test_dashboards_have_card_sized_slots_for_territories_cards_and_actions(shop):
    cat = catalog()
    t = cat.tables
    white = (1.0, 1.0, 1.0)
    pages = pdf_probe.read(shop / "dashboards.pdf")
    assert len(pages) == len(cat.corporations)
    with pdfplumber.open(shop / "dashboards.pdf") as pdf:
        for page, plumb in zip(pages, pdf.pages):
            slots = [s.bbox for s in page.shapes if s.op == "fillstroke" and s.fill == white]
            # the whole-card slot at the foot of each stack holds a poker card, with little to spare
            whole = [b for b in slots if CARD[0] <= b[2] - b[0] < CARD[0] + 3 and CARD[1] <= b[3] - b[1] < CARD[1] + 3]
            assert len(whole) == 3
            # a stack: the slots in the same column as its whole slot, each showing a card's title band
            stacks = sorted(sum(1 for s in slots if near((s[0], s[2]), (w[0], w[2]))) for w in whole)
            assert stacks == sorted([t["dev_card_limit"] - 1, t["max_active_mines"] + 1, t["action_card_limit_clash"]])
            text = squash(plumb.extract_text())
            assert all(f"Territory{i}" in text for i in range(1, t["max_active_mines"] + 2))
            assert "Marketadvantage" in text and f"atmost{t['max_active_mines']}activemines" in text
            # the storage track: one small cell per 2M up to the large warehouse's limit, in order
            cells = [w for w in plumb.extract_words(extra_attrs=["size"], x_tolerance=1) if w["text"].isdigit()
                     and w["size"] < 6.4]
            cells.sort(key=lambda w: (round(w["top"]), w["x0"]))
            assert [w["text"] for w in cells] == [str(v) for v in range(2, t["storage"]["large"] + 1, 2)]
            for name, limit in t["storage"].items():
                assert f"{limit}M" in text, name


# -- 5. the map's ports and sea routes --------------------------------------------------------

def test_the_map_draws_every_port_berth_and_sea_route_from_the_data(shop):
    from pdf.games.ardevur_map import sea

    cat = catalog()
    ports, routes = sea(str(cat.data.root))
    (page,) = pdf_probe.read(shop / "map-board.pdf")
    route_ink = hexrgb(cat.data.colours["sea-route"])
    berths = [s for s in page.shapes if s.op == "fillstroke" and s.stroke == route_ink and s.fill == (1.0, 1.0, 1.0)
              and abs((s.bbox[2] - s.bbox[0]) - (s.bbox[3] - s.bbox[1])) < 0.01 and s.bbox[2] - s.bbox[0] > 10]
    assert len(berths) == sum(r.port_slots for r in cat.regions.values()) == sum(len(p.berths) for p in ports.values())
    marker = float(cat.data.components["structures"].size_mm[0])
    regions = [s.bbox for s in page.fills() if s.fill in {hexrgb(cat.data.colours[c]) for c in ("africa", "europe")}]
    assert len(regions) == len(cat.regions)
    for b in berths:
        d = b.bbox[2] - b.bbox[0]
        assert d >= marker, f"a {d:.1f} mm berth for an {marker} mm vessel marker"
        for r in regions:  # clear of every region
            assert b.bbox[2] <= r[0] or b.bbox[0] >= r[2] or b.bbox[3] <= r[1] or b.bbox[1] >= r[3]
    for i, a in enumerate(berths):
        for other in berths[i + 1:]:
            ca = ((a.bbox[0] + a.bbox[2]) / 2, (a.bbox[1] + a.bbox[3]) / 2)
            cb = ((other.bbox[0] + other.bbox[2]) / 2, (other.bbox[1] + other.bbox[3]) / 2)
            assert math.dist(ca, cb) >= a.bbox[2] - a.bbox[0]
    legs = [seg for s in page.shapes if s.op == "stroke" and s.stroke == route_ink and abs(s.line_width_pt - 2.2) < 0.01
            for seg in s.segments]
    assert len(legs) >= sum(len(r.via) + 1 for r in routes) + 1  # every leg, and the legend's sample
    # a card-sized place for the territory deck during the auctions
    assert any(abs(s.bbox[2] - s.bbox[0] - CARD[1]) < 0.02 and abs(s.bbox[3] - s.bbox[1] - CARD[0]) < 0.02
               for s in page.fills() if s.fill == (1.0, 1.0, 1.0))
    with pdfplumber.open(shop / "map-board.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert all(r.name in text for r in routes) and len(routes) >= 8
    assert all(f"Port: {cat.regions[p].name}" in text for p in ports)


def test_a_bad_sea_route_is_a_clear_error(tmp_path, capsys):
    from pdf.games.ardevur_map import sea

    data = tmp_path / "ardevur"
    shutil.copytree(catalog().data.root, data)
    lines = (data / "sea_routes.csv").read_text().splitlines()
    lines[2] = lines[2].replace(",maghreb,", ",atlantis,")
    (data / "sea_routes.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(DataError) as err:
        sea(str(data))
    assert f"{data / 'sea_routes.csv'}:3: to: no port in region 'atlantis'" in str(err.value)
    # through the command line: exit 2, the same line, and no PDF left behind
    from headframe.cli import main

    out = tmp_path / "out"
    assert main(["build", "ardevur", "--data", str(data), "--out", str(out)]) == 2
    assert "no port in region 'atlantis'" in capsys.readouterr().err
    assert not list(out.rglob("*.pdf"))


# -- 6. round markers are cut along their disc ------------------------------------------------

TRIM_INK = (0.102, 0.102, 0.102)


def test_every_resource_token_and_structure_marker_has_a_round_cut_line_on_its_disc(duplex):
    cat = catalog()
    sizes = {float(cat.data.components[c].size_mm[0]): cat.data.components[c].count
             for c in ("resource-tokens", "structures")}
    found = {d: 0 for d in sizes}
    for page in pdf_probe.read(duplex / "tokens.pdf")[::2]:
        discs = [s.bbox for s in page.fills()]
        for line in (s for s in page.shapes if s.op == "stroke" and s.stroke == TRIM_INK):
            w, h = line.bbox[2] - line.bbox[0], line.bbox[3] - line.bbox[1]
            d = next((d for d in sizes if abs(w - d) < 0.02 and abs(h - d) < 0.02), None)
            assert d is not None, f"a {w:.2f} x {h:.2f} mm cut line on the token sheet"
            # curved, not a box: the path has Bezier points beyond its four corners
            assert len(line.points) > 5
            centre = ((line.bbox[0] + line.bbox[2]) / 2, (line.bbox[1] + line.bbox[3]) / 2)
            # the coloured disc it cuts from: centred on the line and reaching into the bleed
            assert any(abs((b[0] + b[2]) / 2 - centre[0]) < 0.02 and abs((b[1] + b[3]) / 2 - centre[1]) < 0.02
                       and abs((b[2] - b[0]) - (d + 2 * BLEED)) < 0.05 for b in discs)
            found[d] += 1
    assert found == sizes


# -- 7. and 8. sheets well filled, nothing too small to read ----------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_at_most_two_sheets_are_under_30_percent_filled_and_the_target_grid_holds_cards(tmp_path, paper):
    build_game("ardevur", tmp_path, BuildOptions(paper=paper, sides="fronts"))
    folder = tmp_path / "ardevur"
    fills = [(p.name, n, fill(page)) for p in sorted(folder.glob("*.pdf")) if p.name != "checklist.pdf"
             for n, page in enumerate(pdf_probe.read(p), start=1)]
    sparse = [(name, n) for name, n, f in fills if f < 0.30]
    assert len(sparse) <= 2, sparse
    assert len(fills) <= (41 if paper == "a4" else 42)   # Letter: eight poker cards a sheet, room for crop marks
    # the target grid holds the real cards: nine card-sized places that do not overlap
    cat = catalog()
    tiers = {hexrgb(cat.data.colours[t]) for t in ("bronze", "silver", "gold")}
    places = [s.bbox for s in pdf_probe.read(folder / "target-grid.pdf")[0].fills() if s.fill in tiers]
    assert len(places) == 9
    for i, a in enumerate(places):
        assert a[2] - a[0] >= CARD[0] - 0.01 and a[3] - a[1] >= CARD[1] - 0.01
        for b in places[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_no_glyph_in_the_set_is_under_5pt(duplex):
    smallest = min(glyph_pt(c) for pdf in duplex.glob("*.pdf") for c in _chars(pdf))
    assert smallest >= 5.0 - 0.01


def _chars(path):
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            yield from (c for c in page.chars if c["text"].strip())


def test_target_cards_read_in_the_singular_for_one(duplex):
    import re

    cat = catalog()
    ones = [t for t in cat.targets.values() if t.condition[2] == 1]
    probe = pdf_probe.read(duplex / "target-cards.pdf")
    with pdfplumber.open(duplex / "target-cards.pdf") as pdf:
        text = " | ".join(text_in(plumb, box) for page, plumb in zip(probe, pdf.pages) for box in piece_boxes(page, *CARD))
    assert len(ones) >= 10
    assert re.findall(r"\b1 (?:active )?(?:sites|mines|warehouses|offices|vessels|roads|action cards|upgraded assets|"
                      r"regions|factories)\b", text) == []
    assert "have 1 warehouse." in text and "have 1 road or pipeline." in text and "have 2 sites explored" in text


# -- structure markers name their owner in words, not by colour alone -------------------------

def test_every_structure_marker_names_its_corporation_inside_its_disc(duplex):
    cat = catalog()
    colour_of = {c.id: hexrgb(cat.data.colours[c.colour]) if c.colour in cat.data.colours else hexrgb(c.colour)
                 for c in cat.corporations.values()}
    marker = float(cat.data.components["structures"].size_mm[0]) + 2 * BLEED
    seen = {c: 0 for c in cat.corporations}
    with pdfplumber.open(duplex / "tokens.pdf") as pdf:
        for page in pdf.pages:
            words = page.extract_words()
            for disc in (c for c in page.curves if c.get("fill") and c["non_stroking_color"]
                         and abs((c["x1"] - c["x0"]) / MM - marker) < 0.05):
                corp = next((k for k, rgb in colour_of.items()
                             if near(tuple(disc["non_stroking_color"]), rgb)), None)
                if corp is None:
                    continue
                inside = [w["text"] for w in words if disc["x0"] < w["x0"] and w["x1"] < disc["x1"]
                          and disc["top"] < w["top"] and w["bottom"] < disc["bottom"]]
                shorts = [c.short for c in cat.corporations.values() if c.short in inside]
                assert shorts == [cat.corporations[corp].short], (corp, inside)
                seen[corp] += 1
    count = cat.data.components["structures"].count
    assert seen == {c: 2 * count // len(cat.corporations) for c in cat.corporations}   # both sides of each
