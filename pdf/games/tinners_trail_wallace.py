"""Lord Wallace's printed action cards, drawn from the same rows the companion reads
(``cards_data/tinners-trail/lord_wallace_cards.csv``): a grid per card, a row per round and a
column per band of work-track spaces, with the highlighted copper action in an orange band.
Every position and size comes from the ``lord_wallace_card`` boxes of the game's layouts.toml."""

from __future__ import annotations

from dataclasses import replace

from companion.errors import DataError, Problem
from companion.tinners_trail.wallace_cards import BANDS, FILE, ROUNDS, load_deck

from .. import style
from ..boxes import boxes, text_box, within
from ..painters import Piece, painter
from ..pen import Pen

LAYOUT = ("back-title", "title", "number", "bands", "rounds", "cells", "copper-tag", "footer")
NAMES = {"build": "Build", "mine": "Mine", "develop": "Develop", "train": "Train", "adit": "Adit", "port": "Port",
         "miner": "Miner", "steam_pumps": "Pumps", "pass": "Pass"}
HIGHLIGHT = "die_orange"   # the rulebook highlights the copper action in orange
BACK_FILL = "coast"
CELL = dict(stroke=style.INK, width=style.HAIRLINE_PT)


def _deck(piece: Piece):
    deck = load_deck(str(piece.game.root))
    if piece.component.count != len(deck.ids):
        raise DataError(Problem(str(piece.game.root / "game.toml"), None, f"components.{piece.component.id}.count",
                                f"is {piece.component.count} but {FILE} has {len(deck.ids)} cards"))
    return deck


@painter("tinners-trail.lord-wallace-card", backs=True)
def lord_wallace_card(pen: Pen, piece: Piece) -> None:
    b, bleed = boxes(piece, "lord_wallace_card", LAYOUT), pen.bleed
    if piece.side == "back":
        pen.rect(-bleed, -bleed, pen.w + 2 * bleed, pen.h + 2 * bleed, fill=BACK_FILL)
        text_box(pen, b["back-title"], "**Lord Wallace**\naction card")
        return
    deck = _deck(piece)
    number = deck.ids[piece.index]
    pen.rect(-bleed, -bleed, pen.w + 2 * bleed, pen.h + 2 * bleed, fill="white")
    text_box(pen, b["title"], "**Lord Wallace**")
    text_box(pen, b["number"], f"**{number}**")
    bands, rounds, cells = b["bands"], b["rounds"], b["cells"]
    cell_w, cell_h = cells.w / len(BANDS), cells.h / len(ROUNDS)
    for c, band in enumerate(BANDS):
        text_box(pen, replace(bands, x=bands.x + c * cell_w, w=cell_w), f"**{band.replace('-', '–')}**")
    for r, round_ in enumerate(ROUNDS):
        head = replace(rounds, y=rounds.y + r * cell_h, h=cell_h)
        pen.rect(head.x, head.y, head.w, head.h, fill=head.get("fill"), **CELL)
        text_box(pen, head, f"**R{round_}**")
        for c, band in enumerate(BANDS):
            _cell(pen, deck.cards[number][(round_, band)], replace(cells, x=cells.x + c * cell_w,
                                                                   y=cells.y + r * cell_h, w=cell_w, h=cell_h),
                  b["copper-tag"])
    tag = b["copper-tag"].get("text")
    text_box(pen, b["footer"], f"Work-track spaces spent →  ·  {tag} (orange): copper sells at £8 or £10")


def _cell(pen: Pen, cell, box, tag) -> None:
    """One action (or an action over its copper alternative in the orange lower half, marked
    in words by the ``tag`` strip at the half's foot)."""
    pad = box.get("gap_mm")
    pen.rect(box.x, box.y, box.w, box.h, fill=box.get("fill"), **CELL)
    words = replace(box, x=box.x + pad, w=box.w - 2 * pad)
    if cell.copper_action:
        half = box.h / 2
        text_box(pen, replace(words, h=half), f"**{NAMES[cell.action]}**")
        pen.rect(box.x, box.y + half, box.w, half, fill=HIGHLIGHT, **CELL)
        text_box(pen, replace(words, y=box.y + half, h=tag.y), f"**{NAMES[cell.copper_action]}**")
        strip = within(tag, box.w, half)
        text_box(pen, replace(strip, x=box.x + strip.x, y=box.y + half + strip.y), f"**{tag.get('text')}**")
        return
    text_box(pen, words, f"**{NAMES[cell.action]}**")
