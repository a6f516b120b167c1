"""`headframe export GAME --to png`: one PNG per distinct design and side, at the piece's size
plus bleed, the PDF's own drawing (compared with the print-shop PDF rendered on its own),
manifest.csv, and the print-on-demand presets."""

from __future__ import annotations

from collections import Counter

import pytest
from PIL import Image

from companion.errors import DataError
from export_checks import (changed, copy_example, designs_of, difference, manifest, page_image, pages_of,
                           print_shop, rows, EXAMPLE_DATA)
from pdf.export import services
from pdf.export.pages import CHUNK_PAGES
from pdf.export.run import ExportOptions, export_game

DPI = 300


@pytest.fixture(scope="module")
def prospect(tmp_path_factory):
    out = tmp_path_factory.mktemp("png")
    export_game("prospect", out, ExportOptions(to="png", data_dir=EXAMPLE_DATA))
    return out / "prospect-png"


@pytest.fixture(scope="module")
def prospect_print(tmp_path_factory):
    return print_shop("prospect", tmp_path_factory.mktemp("print"), EXAMPLE_DATA)


@pytest.fixture(scope="module")
def mine_shaft(tmp_path_factory):
    out = tmp_path_factory.mktemp("png")
    export_game("mine-shaft", out, ExportOptions(to="png"))
    return out / "mine-shaft-png"


def test_one_file_per_distinct_design_with_its_quantity(prospect):
    listed = rows(prospect)
    claims = [r for r in listed if r["component"] == "claims"]
    fronts = [r for r in claims if r["side"] == "front"]
    # six rows of claims.csv (qty 4, 3, 2, 3, 1, 3): six designs, sixteen cards, one shared back
    assert [r["file"] for r in fronts] == [f"claims/{n:03d}-front.png" for n in range(1, 7)]
    assert [int(r["quantity"]) for r in fronts] == [4, 3, 2, 3, 1, 3]
    backs = [r for r in claims if r["side"] == "back"]
    assert [(r["file"], int(r["quantity"])) for r in backs] == [("claims/back.png", 16)]
    pictures = [Image.open(prospect / r["file"]).tobytes() for r in fronts]
    assert len(set(pictures)) == 6
    on_disk = sorted(p.relative_to(prospect).as_posix() for p in prospect.rglob("*.png"))
    assert on_disk == sorted(r["file"] for r in listed)


def test_every_picture_is_the_piece_and_its_bleed_at_the_dpi(prospect):
    for row in rows(prospect):
        image = Image.open(prospect / row["file"])
        assert image.size == (int(row["width_px"]), int(row["height_px"]))
        if row["component"] == "claims":  # a poker card, 63.5 x 88.9 mm, with 3 mm bleed each side
            assert row["trim_mm"] == "63.5 x 88.9" and row["bleed_mm"] == "3"
            assert image.size == (round(69.5 / 25.4 * DPI), round(94.9 / 25.4 * DPI))


def test_a_png_is_the_print_pdfs_own_drawing(prospect, prospect_print):
    """Claim design 4 (Quartz Reef, the 10th card) against its page of the print-shop PDF
    rendered at the same resolution by pypdfium2 alone; the next design is far from it. Both
    number a component's designs in the order their first piece comes, so design 4 here is
    the manifest's fourth design there."""
    pdf = prospect_print / "claims.pdf"
    designs = designs_of(prospect_print, "claims")
    fronts = [r for r in rows(prospect) if r["component"] == "claims" and r["side"] == "front"]
    assert [int(r["quantity"]) for r in fronts] == [d["quantity"] for d in designs]
    fourth = designs[3]
    reference = page_image(pdf, fourth["front"] - 1, DPI / 72)
    png = Image.open(prospect / "claims/004-front.png")
    assert abs(png.width - reference.width) <= 1 and abs(png.height - reference.height) <= 1
    assert difference(png, reference) < 0.5
    assert changed(png, reference) < 0.001
    # the next design (Mother Lode) differs only in its words and numbers: still far more
    assert changed(Image.open(prospect / "claims/005-front.png"), reference) > 0.005
    back = Image.open(prospect / "claims/back.png")
    assert changed(back, page_image(pdf, fourth["back"] - 1, DPI / 72)) < 0.001


def test_a_round_token_is_its_page_without_the_die_line(mine_shaft, tmp_path):
    pdf = print_shop("mine-shaft", tmp_path) / "minerals.pdf"
    listed = [r for r in rows(mine_shaft) if r["component"] == "minerals"]
    assert {r["shape"] for r in listed} == {"round"}
    assert sum(int(r["quantity"]) for r in listed if r["side"] == "front") == 100
    png = Image.open(mine_shaft / listed[0]["file"])
    reference = page_image(pdf, 0, DPI / 72)
    # the print-shop page strokes the trim in the CutContour spot colour; away from that ring
    # the two are the same pixels
    import numpy as np

    w, h = min(png.width, reference.width), min(png.height, reference.height)
    a = np.asarray(png.convert("RGB"), dtype=np.int16)[:h, :w]
    b = np.asarray(reference, dtype=np.int16)[:h, :w]
    ys, xs = np.mgrid[0:h, 0:w]
    radius = 11 / 2 / 25.4 * DPI
    ring = np.abs(np.hypot(xs - w / 2, ys - h / 2) - radius) < 4
    assert np.abs(a - b)[~ring].mean() < 1.0
    assert np.abs(a - b)[ring].mean() > 5  # the die line is on the page and not in the PNG


def test_counts_match_the_print_sets_manifest(mine_shaft, tmp_path):
    printed = manifest(print_shop("mine-shaft", tmp_path))
    fronts = Counter()
    for row in rows(mine_shaft):
        if row["side"] == "front":
            fronts[row["component"]] += int(row["quantity"])
    assert dict(fronts) == {c["id"]: c["count"] for c in printed["components"]}


def test_the_same_data_gives_the_same_files(prospect, tmp_path):
    export_game("prospect", tmp_path, ExportOptions(to="png", data_dir=EXAMPLE_DATA))
    again = tmp_path / "prospect-png"
    for row in rows(prospect):
        assert (again / row["file"]).read_bytes() == (prospect / row["file"]).read_bytes()
    assert (again / "manifest.csv").read_bytes() == (prospect / "manifest.csv").read_bytes()


def test_the_game_crafter_gets_its_poker_template(tmp_path):
    export_game("prospect", tmp_path, ExportOptions(to="png", data_dir=EXAMPLE_DATA, service="thegamecrafter"))
    folder = tmp_path / "prospect-png"
    cards = [r for r in rows(folder) if r["component"] == "claims"]
    assert {r["product"] for r in cards} == {"Poker card"}
    for row in cards:
        assert Image.open(folder / row["file"]).size == (825, 1125)
    assert [r["file"] for r in cards][-1] == "claims/back.png"
    sheet = next(r for r in rows(folder) if r["component"] == "aid")
    assert sheet["product"] == "" and Image.open(folder / sheet["file"]).size[0] > 1125


def test_mb_print_gets_each_format_in_its_folder_and_a_back_after_every_front(tmp_path):
    export_game("prospect", tmp_path, ExportOptions(to="png", data_dir=EXAMPLE_DATA, service="mbprint"))
    folder = tmp_path / "prospect-png"
    cards = [r["file"] for r in rows(folder) if r["component"] == "claims"]
    assert cards[:4] == ["63.5x88.9mm/claims-001-1-front.png", "63.5x88.9mm/claims-001-2-back.png",
                         "63.5x88.9mm/claims-002-1-front.png", "63.5x88.9mm/claims-002-2-back.png"]
    assert len(cards) == 12 and sorted(cards) == cards
    # 3 mm of bleed on each side at 300 dpi, as the service's guide asks (94 x 69 mm for 88 x 63)
    assert Image.open(folder / cards[0]).size == (round(69.5 / 25.4 * 300), round(94.9 / 25.4 * 300))


def test_a_service_preset_typed_wrong_is_reported_at_its_line(tmp_path):
    presets = tmp_path / "services.toml"
    presets.write_text('[shop]\nname = "Shop"\ndpi = 300\nbleed = "3mm"\nfiles = "{component}/{side}.png"\n\n'
                       '[[shop.products]]\nname = "Card"\ntrim = "2.5in x 3.5in"\npixels = "800 x 1100"\n',
                       encoding="utf-8")
    with pytest.raises(DataError) as caught:
        services.load("shop", presets)
    lines = [str(p) for p in caught.value.problems]
    assert lines == [f"{presets}:10: shop.products.0.pixels: 800 x 1100 px is not the 821 x 1121 px of "
                     f"63.5 x 88.9 mm with 3 mm bleed at 300 dpi",
                     f"{presets}:5: shop.files: names would repeat: the template needs {{design}}"]


def test_every_shipped_preset_loads():
    for name in services.names():
        assert services.load(name).dpi > 0


def test_more_cards_than_one_pdf_holds_still_get_one_file_per_design(tmp_path):
    """250 distinct cards, each twice: drawn over several PDFs of pages, still one file a design."""
    body = "".join(f"c{n},2,Claim {n},{n % 9 + 1},{n % 7 + 1},{'river' if n % 2 else 'hill'}\n" for n in range(250))
    data = copy_example(tmp_path, "id,qty,name,cost,gold,ground\n" + body)
    export_game("prospect", tmp_path / "out", ExportOptions(to="png", data_dir=data, dpi=60))
    fronts = [r for r in rows(tmp_path / "out" / "prospect-png") if r["component"] == "claims" and r["side"] == "front"]
    assert len(fronts) == 250 and {r["quantity"] for r in fronts} == {"2"}
    # the premise: the export draws the 500 cards' 1000 sides, one page each, over three PDFs or more
    assert 1000 > 2 * CHUNK_PAGES
    printed = print_shop("prospect", tmp_path / "print", data)
    assert [d["quantity"] for d in designs_of(printed, "claims")] == [2] * 250
    assert pages_of(printed / "claims.pdf") == 500  # a print shop gets each design once


def test_a_card_near_a_template_fills_its_trim_and_a_landscape_card_turns():
    game_crafter = services.load("thegamecrafter")
    upright = services.fit(game_crafter, (63.0, 88.0))      # within 2 mm of 2.5 x 3.5 in
    assert upright.product == "Poker card" and upright.pixels == (825, 1125) and not upright.turned
    # the piece is drawn with enough bleed to cover the template once scaled up to its trim
    assert upright.bleed >= game_crafter.bleed
    turned = services.fit(game_crafter, (88.9, 63.5))
    assert turned.turned and turned.pixels == (1125, 825) and turned.shot(300).turn
    assert services.fit(game_crafter, (70.0, 120.0)).product == ""  # a tarot card has no template there


def test_a_png_says_its_resolution(tmp_path):
    from headframe.cli import main

    assert main(["export", "prospect", "--data", str(EXAMPLE_DATA), "--to", "png", "--dpi", "150",
                 "--out", str(tmp_path)]) == 0
    for path in (tmp_path / "prospect-png").rglob("*.png"):
        with Image.open(path) as image:
            assert [round(v) for v in image.info["dpi"]] == [150, 150], path
