"""`headframe export GAME --to tts`: one saved object (a bag with the whole game) in the
simulator's save format, decks on face sheets whose cells hold each card's pixels (checked
against the print-shop PDF rendered on its own), counts as the print set's manifest.json,
tiles and boards at their real size, dice, figurines, the setup notecard and the companion's
QR code."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlparse

import pypdfium2 as pdfium
import pytest
from PIL import Image

from companion.data import load_game
from export_checks import (EXAMPLE_DATA, copy_example, designs_of, manifest, pages_of_pieces, print_shop, trim_image,
                           worst_spot)
from pdf.export.run import ExportOptions, export_game
from pdf.export.tts_layout import load_table

NAMES = {"Bag", "Deck", "Card", "Custom_Tile", "Custom_Board", "Custom_Dice", "Figurine_Custom", "Notecard"}
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
TABLE = load_table()


def saved(folder: Path, game: str) -> dict:
    return json.loads((folder / f"{game}.json").read_text(encoding="utf-8"))


def walk(node: dict):
    yield node
    for child in node.get("ContainedObjects", []):
        yield from walk(child)


def bag_of(folder: Path, game: str) -> dict:
    states = saved(folder, game)["ObjectStates"]
    assert len(states) == 1 and states[0]["Name"] == "Bag"
    return states[0]


def local(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(unquote(parsed.path))


def component_objects(bag: dict) -> dict[str, dict]:
    """Each component's object in the bag, by the component's name."""
    return {o["Nickname"]: o for o in bag["ContainedObjects"] if o["Name"] != "Notecard"}


def count_of(item: dict) -> int:
    return len(item["ContainedObjects"]) if item["Name"] in ("Deck", "Bag") else 1


def cell(sheet: Image.Image, entry: dict, index: int) -> Image.Image:
    w, h = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
    col, row = index % entry["NumWidth"], index // entry["NumWidth"]
    return sheet.crop((col * w, row * h, col * w + w, row * h + h))


@pytest.fixture(scope="module")
def ore(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    export_game("ore", out, ExportOptions(to="tts"))
    return out / "ore-tts"


@pytest.fixture(scope="module")
def ore_print(tmp_path_factory):
    return print_shop("ore", tmp_path_factory.mktemp("print"))


def test_one_bag_holds_the_whole_game_in_the_save_format(ore):
    bag = bag_of(ore, "ore")
    assert bag["Nickname"] == "Ore: The Mining Game"
    objects = list(walk(bag))
    assert {o["Name"] for o in objects} <= NAMES
    guids = [o["GUID"] for o in objects]
    assert len(set(guids)) == len(guids) and all(re.fullmatch(r"[0-9a-f]{6}", g) for g in guids)
    assert all(set(o["Transform"]) == TRANSFORM for o in objects)
    top = saved(ore, "ore")
    assert {"SaveName", "ObjectStates", "LuaScript", "TabStates"} <= set(top)


def test_decks_point_each_card_at_a_sheet_and_cell(ore):
    bag = bag_of(ore, "ore")
    entries: dict[str, dict] = {}
    for deck in (o for o in walk(bag) if o["Name"] == "Deck"):
        cards = deck["ContainedObjects"]
        assert deck["DeckIDs"] == [c["CardID"] for c in cards]
        for card in cards:
            key, index = str(card["CardID"] // 100), card["CardID"] % 100
            entry = deck["CustomDeck"][key]
            assert card["CustomDeck"] == {key: entry}
            assert entries.setdefault(key, entry) == entry  # one sheet, one key, in the whole bag
            assert 2 <= entry["NumWidth"] <= 10 and 2 <= entry["NumHeight"] <= 7
            assert index < entry["NumWidth"] * entry["NumHeight"] - 1  # the last cell is the hidden card
        for entry in deck["CustomDeck"].values():
            sheet = Image.open(local(entry["FaceURL"]))
            assert max(sheet.size) <= 4096
            assert sheet.width % entry["NumWidth"] == 0 and sheet.height % entry["NumHeight"] == 0
            assert local(entry["BackURL"]).is_file()


@pytest.mark.parametrize("deck, shared_back", [("assets", True), ("initiatives", True), ("contracts", True),
                                               ("mines-3p", False), ("mines-4-5p", False)])
def test_every_card_shows_its_own_pixels(ore, ore_print, deck, shared_back):
    """Each card's cell against its own page of the print-shop PDF (its TrimBox, rendered by
    pypdfium2 alone at the cell's size); the back the same way. The print shop writes each
    design once: a card's pages are its design's, found through the manifest's designs."""
    listed = next(c for c in manifest(ore)["components"] if c["id"] == deck)
    made = component_objects(bag_of(ore, "ore"))[listed["name"]]
    pdf = ore_print / f"{deck}.pdf"
    cards = made["ContainedObjects"]
    looks = [(c["CardID"], c["CardID"] if made["CustomDeck"][str(c["CardID"] // 100)]["UniqueBack"] else None)
             for c in cards]
    own_pages = pages_of_pieces(looks, designs_of(ore_print, deck))
    sheets = {}
    for number, (card, (front, back_page)) in enumerate(zip(cards, own_pages)):
        key, index = str(card["CardID"] // 100), card["CardID"] % 100
        entry = made["CustomDeck"][key]
        if key not in sheets:
            sheets[key] = (Image.open(local(entry["FaceURL"])), Image.open(local(entry["BackURL"])))
        faces, backs = sheets[key]
        face = cell(faces, entry, index)
        assert worst_spot(face, trim_image(pdf, front, face.size)) < 80, (deck, number)
        assert entry["UniqueBack"] is not shared_back
        back = cell(backs, entry, index) if entry["UniqueBack"] else backs
        assert worst_spot(back, trim_image(pdf, back_page, back.size)) < 80, (deck, number)
    # and a cell is not simply any card: another design's cell is far from the first card's page
    second = next(c["CardID"] for c in cards if c["CardID"] != cards[0]["CardID"])
    other = cell(sheets[str(second // 100)][0], made["CustomDeck"][str(second // 100)], second % 100)
    assert worst_spot(other, trim_image(pdf, 0, other.size)) > 150


def test_counts_are_the_print_sets_counts(ore, ore_print):
    printed = {c["id"]: c["count"] for c in manifest(ore_print)["components"]}
    listed = manifest(ore)["components"]
    assert {c["id"]: c["count"] for c in listed} == printed
    objects = component_objects(bag_of(ore, "ore"))
    for c in listed:
        assert count_of(objects[c["name"]]) == c["count"], c["id"]
        assert all((ore / image).is_file() for image in c["images"])


def test_tiles_and_boards_are_at_their_real_size(ore):
    game = load_game("ore")
    objects = component_objects(bag_of(ore, "ore"))
    checked = 0
    for c in manifest(ore)["components"]:
        item = objects[c["name"]]
        piece = item["ContainedObjects"][0] if item["Name"] == "Bag" else item
        if piece["Name"] not in ("Custom_Tile", "Custom_Board"):
            continue
        w, h = game.components[c["id"]].size_mm
        assert piece["Transform"]["scaleX"] == pytest.approx(max(w, h) / TABLE.tile_long_mm, abs=1e-4)
        image = Image.open(local(piece["CustomImage"]["ImageURL"]))
        assert image.width / image.height == pytest.approx(w / h, rel=0.01)
        checked += 1
    assert checked >= 8
    money = objects["Money chips"]["ContainedObjects"][0]
    assert money["CustomImage"]["CustomTile"]["Type"] == 2  # round


def test_the_notecard_carries_the_setup_steps(ore):
    note = next(o for o in bag_of(ore, "ore")["ContainedObjects"] if o["Name"] == "Notecard")
    assert note["Nickname"] == "Setting up Ore: The Mining Game"
    assert note["Description"].startswith("1. Lay the acquisition tracks")
    assert "**" not in note["Description"]


@pytest.fixture(scope="module")
def mine_shaft(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    export_game("mine-shaft", out, ExportOptions(to="tts"))
    return out / "mine-shaft-tts"


def test_die_nets_become_six_sided_dice_with_their_faces(mine_shaft, tmp_path):
    dice = component_objects(bag_of(mine_shaft, "mine-shaft"))["Dice"]["ContainedObjects"]
    assert len(dice) == 2 and {d["Name"] for d in dice} == {"Custom_Dice"}
    assert {d["CustomImage"]["CustomDice"]["Type"] for d in dice} == {1}
    texture = Image.open(local(dice[0]["CustomImage"]["ImageURL"]))
    columns, rows = TABLE.die_grid
    side = texture.width // columns
    assert texture.size == (columns * side, rows * side)
    # the net's first face (its front) from the print-shop page, against the die's cell for it
    printed = print_shop("mine-shaft", tmp_path)
    pdf = printed / next(c["file"] for c in manifest(printed)["components"] if c["id"] == "dice")
    net = designs_of(printed, "dice")[0]["front"] - 1
    document = pdfium.PdfDocument(str(pdf))
    assert _trim_mm(document[net]) == pytest.approx((60, 86), abs=0.1)  # a die net of 20 mm faces
    document.close()
    whole = trim_image(pdf, net, (3 * side, round(3 * side * 86 / 60)))
    inner = 4  # the cut and fold lines round a face fall a pixel either way
    face = whole.crop((side + inner, side + inner, 2 * side - inner, 2 * side - inner))
    col, row = TABLE.die_cells[0]
    x, y = col * side, row * side
    assert worst_spot(texture.crop((x + inner, y + inner, x + side - inner, y + side - inner)), face) < 80


def _trim_mm(page) -> tuple[float, float]:
    x0, y0, x1, y1 = page.get_trimbox()
    return (x1 - x0) / 72 * 25.4, (y1 - y0) / 72 * 25.4


def test_standees_become_figurines_of_their_upright_half(mine_shaft):
    pieces = component_objects(bag_of(mine_shaft, "mine-shaft"))["Player pieces"]["ContainedObjects"]
    assert len(pieces) == 4 and {p["Name"] for p in pieces} == {"Figurine_Custom"}
    figure = Image.open(local(pieces[0]["CustomImage"]["ImageURL"]))
    assert figure.width / figure.height == pytest.approx(22 / 36, rel=0.02)


def test_a_deck_past_one_sheet_continues_on_the_next(tmp_path):
    body = "".join(f"c{n},1,Claim {n},{n % 9 + 1},{n % 7 + 1},{'river' if n % 2 else 'hill'}\n" for n in range(80))
    data = copy_example(tmp_path, "id,qty,name,cost,gold,ground\n" + body)
    export_game("prospect", tmp_path / "out", ExportOptions(to="tts", data_dir=data, max_px=2048))
    folder = tmp_path / "out" / "prospect-tts"
    deck = component_objects(bag_of(folder, "prospect"))["Claim cards"]
    assert len(deck["ContainedObjects"]) == 80 and len(deck["CustomDeck"]) == 2
    first, second = (deck["CustomDeck"][k] for k in sorted(deck["CustomDeck"]))
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7)
    assert second["NumWidth"] * second["NumHeight"] >= 12
    for entry in (first, second):
        assert max(Image.open(local(entry["FaceURL"])).size) <= 2048
    assert sorted({c["CardID"] // 100 for c in deck["ContainedObjects"]}) == sorted(map(int, deck["CustomDeck"]))


def test_images_under_a_base_url_and_the_companions_code_on_the_reference(tmp_path):
    url = "http://192.168.1.5:8000"
    export_game("prospect", tmp_path, ExportOptions(to="tts", data_dir=EXAMPLE_DATA, companion_url=url,
                                                    base_url="https://example.org/prospect/"))
    folder = tmp_path / "prospect-tts"
    text = (folder / "prospect.json").read_text(encoding="utf-8")
    urls = re.findall(r'"(?:FaceURL|BackURL|ImageURL)": "([^"]+)"', text)
    assert urls and all(u.startswith("https://example.org/prospect/images/") for u in urls)
    assert "file://" not in text
    # the reference sheet (the turn summary) carries the companion's code, as in the print set
    aid = component_objects(bag_of(folder, "prospect"))["Turn summary"]
    picture = folder / aid["CustomImage"]["ImageURL"].removeprefix("https://example.org/prospect/")
    read = subprocess.run(["zbarimg", "--quiet", "--raw", str(picture)], capture_output=True, text=True)
    assert read.stdout.strip() == url


def test_without_a_reference_the_companions_code_gets_a_card_of_its_own(tmp_path):
    data = copy_example(tmp_path)
    toml = data / "prospect" / "game.toml"
    text = toml.read_text(encoding="utf-8")
    start = text.index("[components.aid]")
    toml.write_text(text[:start] + text[text.index("[gather.coins]"):], encoding="utf-8")
    url = "http://192.168.1.5:8000"
    export_game("prospect", tmp_path / "out", ExportOptions(to="tts", data_dir=data, companion_url=url))
    folder = tmp_path / "out" / "prospect-tts"
    card = component_objects(bag_of(folder, "prospect"))["Table companion card"]
    assert card["Name"] == "Card"
    entry = next(iter(card["CustomDeck"].values()))
    picture = tmp_path / "companion.png"
    cell(Image.open(local(entry["FaceURL"])), entry, card["CardID"] % 100).resize((900, 1260)).save(picture)
    read = subprocess.run(["zbarimg", "--quiet", "--raw", str(picture)], capture_output=True, text=True)
    assert read.stdout.strip() == url
