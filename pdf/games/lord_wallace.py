"""Lord Wallace's printed action cards, drawn from the same rows the companion reads
(``cards_data/tinners-trail/lord_wallace_cards.csv``): a grid per card, a row per round and a
column per band of work-track spaces, with the highlighted copper action in an orange band."""

from __future__ import annotations

from companion.errors import DataError, Problem
from companion.tinners_trail.wallace_cards import BANDS, FILE, ROUNDS, load_deck

from .. import style
from ..painters import Piece, painter
from ..pen import Pen

MARGIN = 3.5          # mm inside the trim
TITLE_H = 9.0         # mm for the card's name and number
HEAD_W = 7.0          # mm for the round labels
HEAD_H = 5.0          # mm for the band labels
CELL_PAD = 0.8        # mm around a cell's words
ACTION_PT = 8.0
SMALL_PT = 6.5
TITLE_PT = 11.0
NUMBER_PT = 16.0
BACK_PT = 14.0
NAMES = {"build": "Build", "mine": "Mine", "develop": "Develop", "train": "Train", "adit": "Adit", "port": "Port",
         "miner": "Miner", "steam_pumps": "Pumps", "pass": "Pass"}
HIGHLIGHT = "die_orange"   # the rulebook highlights the copper action in orange
BACK_FILL = "coast"
SHADE = "panel"


def _deck(piece: Piece):
    deck = load_deck(str(piece.game.root))
    if piece.component.count != len(deck.ids):
        raise DataError(Problem(str(piece.game.root / "game.toml"), None, f"components.{piece.component.id}.count",
                                f"is {piece.component.count} but {FILE} has {len(deck.ids)} cards"))
    return deck


@painter("tinners-trail.lord-wallace-card", backs=True)
def lord_wallace_card(pen: Pen, piece: Piece) -> None:
    b = pen.bleed
    if piece.side == "back":
        pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=BACK_FILL)
        pen.text("**Lord Wallace**\naction card", MARGIN, MARGIN, pen.w - 2 * MARGIN, pen.h - 2 * MARGIN,
                 size=BACK_PT, align="center", valign="middle", colour=style.LIGHT_ON_DARK)
        return
    deck = _deck(piece)
    number = deck.ids[piece.index]
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill="white")
    pen.text("**Lord Wallace**", MARGIN, MARGIN, pen.w - 2 * MARGIN - 12, TITLE_H, size=TITLE_PT, valign="middle")
    pen.text(f"**{number}**", pen.w - MARGIN - 12, MARGIN, 12, TITLE_H, size=NUMBER_PT, align="right",
             valign="middle")
    top = MARGIN + TITLE_H
    grid_w = pen.w - 2 * MARGIN - HEAD_W
    grid_h = pen.h - top - MARGIN - HEAD_H - 6.0
    cell_w, cell_h = grid_w / len(BANDS), grid_h / len(ROUNDS)
    left = MARGIN + HEAD_W
    for c, band in enumerate(BANDS):
        pen.text(f"**{band.replace('-', '–')}**", left + c * cell_w, top, cell_w, HEAD_H, size=SMALL_PT,
                 align="center", valign="middle")
    for r, round_ in enumerate(ROUNDS):
        y = top + HEAD_H + r * cell_h
        pen.rect(MARGIN, y, HEAD_W, cell_h, fill=SHADE, stroke=style.INK, width=style.HAIRLINE_PT)
        pen.text(f"**R{round_}**", MARGIN, y, HEAD_W, cell_h, size=SMALL_PT, align="center", valign="middle")
        for c, band in enumerate(BANDS):
            _cell(pen, deck.cards[number][(round_, band)], left + c * cell_w, y, cell_w, cell_h)
    pen.text("Spaces spent on the work track →  ·  orange: when copper sells at £8 or £10",
             MARGIN, pen.h - MARGIN - 6.0, pen.w - 2 * MARGIN, 6.0, size=SMALL_PT, align="center", valign="middle")


def _cell(pen: Pen, cell, x: float, y: float, w: float, h: float) -> None:
    pen.rect(x, y, w, h, fill="white", stroke=style.INK, width=style.HAIRLINE_PT)
    if cell.copper_action:
        half = h / 2
        pen.text(f"**{NAMES[cell.action]}**", x + CELL_PAD, y, w - 2 * CELL_PAD, half, size=ACTION_PT,
                 align="center", valign="middle")
        pen.rect(x, y + half, w, half, fill=HIGHLIGHT, stroke=style.INK, width=style.HAIRLINE_PT)
        pen.text(f"**{NAMES[cell.copper_action]}**", x + CELL_PAD, y + half, w - 2 * CELL_PAD, half,
                 size=ACTION_PT, align="center", valign="middle")
        return
    pen.text(f"**{NAMES[cell.action]}**", x + CELL_PAD, y, w - 2 * CELL_PAD, h, size=ACTION_PT, align="center",
             valign="middle")
