"""ARDEVUR's boards drawn by code: the target grid with the market organiser, and the score
sheet (the map is in ``ardevur_map``). Every position, size and colour comes from the
``target-grid``, ``market`` and ``score-sheet`` layouts of ``cards_data/ardevur/layouts.toml``."""

from __future__ import annotations

from dataclasses import replace

from companion.errors import InvalidDimension

from .. import style
from ..boxes import boxes, fill_box, label_box, moved, text_box, within
from ..painters import Piece, painter
from ..pen import Pen
from .ardevur import CORP_ORDER, TIER_FILL, background, cat_of, ink_for

TIERS = ("gold", "silver", "bronze")   # the grid's rows, top to bottom; as many piles per tier
GRID = ("pile", "pile-text")
MARKET = ("title", "deck", "deck-text", "dev-label", "dev-list", "dev-name", "tokens", "token", "token-text",
          "places", "place-name")
SCORE = ("title", "head", "head-text", "label", "total", "label-text", "cells", "note", "corporations")
PLACES = ("Incentives", "Discard", "Territory deck")


@painter("ardevur.target-grid")
def target_grid(pen: Pen, piece: Piece) -> None:
    """A full sheet each (they are not cut): first the target grid with a card-sized place for
    each of the 9 piles, then the market organiser."""
    background(pen, style.BOARD_FILL)
    if piece.index == 0:
        _grid(pen, boxes(piece, "target-grid", GRID))
    else:
        _market(pen, cat_of(piece), piece, boxes(piece, "market", MARKET))


def _grid(pen: Pen, b: dict) -> None:
    """Card-sized piles ``gap`` apart (closer when the paper is short), centred on the sheet."""
    pile, n = b["pile"], len(TIERS)
    gap = pile.get("gap_mm")
    dx = min(pile.w + gap, (pen.w - pile.w) / (n - 1))
    dy = min(pile.h + gap, (pen.h - pile.h) / (n - 1))
    if dx < pile.w or dy < pile.h:
        raise InvalidDimension(f"the target grid needs {n * pile.w:.1f} x {n * pile.h:.1f} mm inside the printer's "
                               f"margin; this paper leaves {pen.w:.1f} x {pen.h:.1f} mm")
    left, top = (pen.w - (n - 1) * dx - pile.w) / 2, (pen.h - (n - 1) * dy - pile.h) / 2
    for row, tier in enumerate(TIERS):
        for col in range(n):
            x, y = left + col * dx, top + row * dy
            fill_box(pen, moved(pile, x, y), fill=TIER_FILL[tier])
            text_box(pen, moved(b["pile-text"], x, y),
                     f"**{tier.title()} targets**\npile {col + 1}\n\nface up; only the top card may be claimed",
                     colour=ink_for(pen, tier))


def _market(pen: Pen, cat, piece: Piece, b: dict) -> None:
    text_box(pen, within(b["title"], pen.w, pen.h), "**Market organiser**")
    # the four action decks at card size, in the rulebook's market order, two by two
    deck = b["deck"]
    pitch_x, pitch_y = deck.w + deck.get("gap_mm"), deck.h + deck.get("gap_mm")
    for i, corp_id in enumerate(sorted(cat.corporations, key=lambda c: cat.corporations[c].order)):
        corp = cat.corporations[corp_id]
        dx, dy = (i % 2) * pitch_x, (i // 2) * pitch_y
        fill_box(pen, moved(deck, dx, dy), fill=corp.colour)
        text_box(pen, moved(b["deck-text"], deck.x + dx, deck.y + dy),
                 f"**{i + 1}. {corp.short}**\naction deck, face down\n(played cards go under it)",
                 colour=ink_for(pen, corp.colour))
    label_box(pen, within(b["dev-label"], pen.w, pen.h), "Development cards")
    names = list(cat.development)
    area = within(b["dev-list"], pen.w, pen.h)
    gap = area.get("gap_mm")
    cell_h = area.h / len(names) - gap
    for i, card in enumerate(names):
        cell = replace(area, y=area.y + i * (cell_h + gap), h=cell_h)
        fill_box(pen, cell)
        text_box(pen, moved(within(b["dev-name"], cell.w, cell.h), cell.x, cell.y),
                 "Phone call" if card == "phone" else card.title())
    _tokens(pen, piece, within(b["tokens"], pen.w, pen.h), b)
    area = within(b["places"], pen.w, pen.h)
    width = area.w / len(PLACES)
    for i, word in enumerate(PLACES):
        place = replace(area, x=area.x + i * width, w=width - area.get("gap_mm"))
        fill_box(pen, place)
        text_box(pen, moved(within(b["place-name"], place.w, place.h), place.x, place.y), word)


def _tokens(pen: Pen, piece: Piece, row, b: dict) -> None:
    """A place for each kind of resource token, side by side along ``row``."""
    tokens = piece.game.tables["tokens"]
    step = row.w / len(tokens)
    disc, words = b["token"], b["token-text"]
    for i, (kind, (value, count)) in enumerate(tokens.items()):
        cx = row.x + step * (i + 0.5)
        fill_box(pen, moved(disc, cx - disc.w / 2, row.y), fill=kind)
        text_box(pen, moved(words, cx - words.w / 2, row.y), f"{piece.game.resources[kind].name}\n{value}M ×{count}",
                 colour=ink_for(pen, kind))


@painter("ardevur.score-sheet")
def score_sheet(pen: Pen, piece: Piece) -> None:
    b = boxes(piece, "score-sheet", SCORE)
    background(pen, piece.game.layouts["score-sheet"].background)
    text_box(pen, b["title"], "**ARDEVUR: The Game of Resources** · score sheet")
    rows = [name for _, name in piece.game.score_categories] + ["Total"]
    hints = {"Most money": "4 to the one richest", "Most resources": "4 to the one largest stock",
             "Active mines": "4 each", "Assets": "4 each", "Upgraded assets": "8 each, factories too",
             "Regional supremacy": "ribbons of regions you lead"}
    head = b["head"]
    fill_box(pen, head)
    text_box(pen, moved(b["head-text"], head.x, head.y), "Player")
    _cells(pen, moved(b["cells"], head.x, head.y))
    for r, name in enumerate(rows, start=1):
        y = head.y + r * head.h
        fill_box(pen, moved(b["label" if name != "Total" else "total"], head.x, y))
        hint = hints.get(name, "")
        text_box(pen, moved(b["label-text"], head.x, y), f"**{name}**" + (f"\n{hint}" if hint else ""))
        _cells(pen, moved(b["cells"], head.x, y))
    text_box(pen, moved(b["note"], head.x, head.y + (len(rows) + 1) * head.h),
             "A tie for any \"most\" row or for a region gives nobody those points. Presence in a region: mine 1, "
             "asset 1, upgraded asset or factory 1.5, road or pipeline 0.5.")
    order = ", ".join(cat_of(piece).corporations[c].short for c in CORP_ORDER)
    label_box(pen, b["corporations"], f"Corporations: {order}")


def _cells(pen: Pen, cells) -> None:
    """One column per corporation across ``cells``."""
    w = cells.w / len(CORP_ORDER)
    for c in range(len(CORP_ORDER)):
        fill_box(pen, replace(cells, x=cells.x + c * w, w=w))
