"""Lord Wallace in print: `headframe build tinners-trail --players 1` adds his 10 action cards
(the same rows the companion plays), the two-sided solo reference card and his markers in a
second colour; other player counts leave them out. Measured from the produced PDFs."""

import pdfplumber
import pytest

from companion.tinners_trail.wallace_cards import BANDS, ROUNDS, load_deck
from pdf.build import BuildOptions, build_game
from pdf.games.tinners_trail_wallace import NAMES

POKER = (63.5, 88.9)
MM = 72 / 25.4


@pytest.fixture(scope="module")
def solo(tmp_path_factory):
    out = tmp_path_factory.mktemp("solo")
    manifest = build_game("tinners-trail", out, BuildOptions(players=1, variant="better-mines"))
    return out / "tinners-trail", {c["id"]: c for c in manifest["components"]}


def test_a_solo_build_prints_his_cards_reference_and_markers(solo):
    _, found = solo
    assert found["lord-wallace-cards"]["count"] == 10 and found["lord-wallace-cards"]["kind"] == "card"
    assert found["lord-wallace-reference"]["count"] == 1
    assert found["player-markers"]["count"] >= 6     # score, money (his owed marker) and work disc, 2 colours


def test_each_card_shows_its_number_and_every_cell_of_the_csv(solo):
    folder, found = solo
    deck = load_deck()
    with pdfplumber.open(folder / found["lord-wallace-cards"]["file"]) as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    # Cards stand sideways on the sheet, so a word may read backwards.
    words = [w for raw in text.split() for w in {raw, raw[::-1]}]
    assert words.count("Wallace") >= 2 * len(deck.ids)    # front and back of every card
    for card in deck.ids:
        assert str(card) in words
    printed = set(words)
    used = {NAMES[c.action] for grid in deck.cards.values() for c in grid.values()}
    assert used <= printed
    assert len(deck.cards[7]) == len(ROUNDS) * len(BANDS)


def test_cards_are_poker_size_measured_from_the_pdf(solo):
    folder, found = solo
    with pdfplumber.open(folder / found["lord-wallace-cards"]["file"]) as pdf:
        page = pdf.pages[0]
        # Cells are drawn as rectangles; the card's white face is the largest of them.
        faces = [r for r in page.rects if r["non_stroking_color"] in ((1, 1, 1), [1, 1, 1], (1.0, 1.0, 1.0))]
        sizes = sorted({(round(r["width"] / MM, 1), round(r["height"] / MM, 1)) for r in faces}, reverse=True)
    bleed = 3.0
    expected = {(POKER[0] + 2 * bleed, POKER[1] + 2 * bleed), (POKER[1] + 2 * bleed, POKER[0] + 2 * bleed)}
    assert any(s in expected for s in sizes[:2]), sizes[:3]


def test_the_reference_card_is_two_sided_and_names_his_orders(solo):
    folder, found = solo
    with pdfplumber.open(folder / found["lord-wallace-reference"]["file"]) as pdf:
        pages = [page.extract_text() or "" for page in pdf.pages]
    # A card standing sideways on the sheet reads backwards: read every line both ways.
    both = [page + "\n" + "\n".join(line[::-1] for line in page.splitlines()) for page in pages]
    fronts = [n for n, text in enumerate(both) if "His turn" in text and "Worth" in text]
    assert len(fronts) == 1 and fronts[0] % 2 == 0          # a fronts page, its backs page next
    flat = "".join(both[fronts[0] + 1].split())
    assert all(words in flat for words in ("furthest", "east", "Steam", "Adelaide", "Train"))


def test_other_player_counts_leave_him_out(tmp_path):
    manifest = build_game("tinners-trail", tmp_path, BuildOptions(players=2))
    ids = {c["id"] for c in manifest["components"]}
    assert "lord-wallace-cards" not in ids and "lord-wallace-reference" not in ids


def _mine_words(folder, found):
    with pdfplumber.open(folder / found["mines"]["file"]) as pdf:
        return " ".join(page.extract_text() or "" for page in pdf.pages).split()


@pytest.mark.parametrize("variant, extra", [("more-mines", 1), ("more-mines-2", 2)])
def test_more_mines_prints_his_extra_mines_in_a_third_colour(solo, tmp_path, variant, extra):
    folder, found = solo                      # better mines: the two seats' 6 mines each
    assert found["mines"]["count"] == 12 and "G" not in _mine_words(folder, found)
    manifest = build_game("tinners-trail", tmp_path, BuildOptions(players=1, variant=variant))
    more = {c["id"]: c for c in manifest["components"]}
    assert more["mines"]["count"] == 12 + extra
    words = _mine_words(tmp_path / "tinners-trail", more)
    assert words.count("G") == extra and words.count("Mine") == _mine_words(folder, found).count("Mine") + extra


def _is_orange(colour) -> bool:
    want = (0xF2 / 255, 0xB2 / 255, 0x7A / 255)   # die_orange in game.toml's style table
    return colour is not None and len(colour) == 3 and all(abs(a - b) < 0.01 for a, b in zip(colour, want))


def test_each_copper_half_carries_its_word_mark_not_only_its_orange(solo):
    folder, found = solo
    deck = load_deck()
    halves = tagged = 0
    with pdfplumber.open(folder / found["lord-wallace-cards"]["file"]) as pdf:
        for page in pdf.pages:
            for r in (r for r in page.rects if _is_orange(r["non_stroking_color"])):
                inside = [c for c in page.chars if r["x0"] <= (c["x0"] + c["x1"]) / 2 <= r["x1"]
                          and r["top"] <= (c["top"] + c["bottom"]) / 2 <= r["bottom"]]
                halves += 1
                letters = "".join(sorted(c["text"] for c in inside))
                if all(letters.count(ch) >= 1 for ch in "Cu£8+"):
                    tagged += 1
                    # sideways on the sheet: a glyph's size is measured across its line
                    tag = [c for c in inside if c["text"] in "Cu£8+"]
                    assert min(c["size"] if c["upright"] else c["x1"] - c["x0"] for c in tag) >= 5.0
    copper = sum(1 for grid in deck.cards.values() for cell in grid.values() if cell.copper_action)
    assert copper > 0 and halves == copper and tagged == copper, (halves, tagged, copper)
