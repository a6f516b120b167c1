"""ARDEVUR's boards drawn by code: the target grid with the market organiser, and the score
sheet (the map is in ``ardevur_map``). Lengths are millimetres in the board's frame, y down."""

from __future__ import annotations

from companion.errors import InvalidDimension

from .. import style
from ..painters import Piece, painter
from ..pen import Pen
from .ardevur import CORP_ORDER, TIER_FILL, background, cat_of, ink_for

CARD_W, CARD_H = 63.5, 88.9
GAP = 3.0


@painter("ardevur.target-grid")
def target_grid(pen: Pen, piece: Piece) -> None:
    """A full sheet each (they are not cut): first the target grid with a card-sized place for
    each of the 9 piles, then the market organiser."""
    background(pen, style.BOARD_FILL)
    if piece.index == 0:
        _grid(pen)
    else:
        _market(pen, cat_of(piece), piece)


def _grid(pen: Pen) -> None:
    dx = min(CARD_W + GAP, (pen.w - CARD_W) / 2)
    dy = min(CARD_H + GAP, (pen.h - CARD_H) / 2)
    if dx < CARD_W or dy < CARD_H:
        raise InvalidDimension(f"the target grid needs {3 * CARD_W:.1f} x {3 * CARD_H:.1f} mm inside the printer's "
                               f"margin; this paper leaves {pen.w:.1f} x {pen.h:.1f} mm")
    left, top = (pen.w - 2 * dx - CARD_W) / 2, (pen.h - 2 * dy - CARD_H) / 2
    for row, tier in enumerate(("gold", "silver", "bronze")):
        for col in range(3):
            x, y = left + col * dx, top + row * dy
            pen.rect(x, y, CARD_W, CARD_H, fill=TIER_FILL[tier], stroke="ink", width=style.THIN_PT, radius=3)
            pen.text(f"**{tier.title()} targets**\npile {col + 1}\n\nface up; only the top card may be claimed",
                     x + 5, y + 22, CARD_W - 10, 44, size=10, align="center", valign="middle",
                     colour=ink_for(pen, tier))


def _market(pen: Pen, cat, piece: Piece) -> None:
    pen.text("**Market organiser**", 4, 1.5, pen.w - 8, 7, size=11, align="center", valign="middle")
    # the four action decks at card size, in the rulebook's market order
    for i, corp_id in enumerate(sorted(cat.corporations, key=lambda c: cat.corporations[c].order)):
        corp = cat.corporations[corp_id]
        x, y = 5 + (i % 2) * (CARD_W + 3), 11 + (i // 2) * (CARD_H + 3)
        pen.rect(x, y, CARD_W, CARD_H, fill=corp.colour, stroke="ink", width=style.THIN_PT, radius=3)
        pen.text(f"**{i + 1}. {corp.short}**\naction deck, face down\n(played cards go under it)", x + 3, y + 25,
                 CARD_W - 6, 36, size=9, align="center", valign="middle", colour=ink_for(pen, corp.colour))
    left = 5 + 2 * CARD_W + 3 + 4
    width = pen.w - 5 - left
    pen.label("Development cards", left, 13.5, size=8, font="bold")
    names = list(cat.development)
    cell_h = (2 * CARD_H + 3 - 5) / len(names) - 1.2
    for i, card in enumerate(names):
        y = 16 + i * (cell_h + 1.2)
        pen.rect(left, y, width, cell_h, fill="#ffffff", stroke="ink", width=style.HAIRLINE_PT, radius=2)
        pen.text("Phone call" if card == "phone" else card.title(), left + 1, y + 0.5, width - 2, cell_h - 1, size=8,
                 align="center", valign="middle")
    y = 11 + 2 * (CARD_H + 3) + 2
    tokens = cat.tables["tokens"]
    step = (pen.w - 10) / len(tokens)
    for i, (kind, (value, count)) in enumerate(tokens.items()):
        cx = 5 + step * (i + 0.5)
        pen.circle(cx, y + 12, 12, fill=kind, stroke="ink", width=style.HAIRLINE_PT)
        pen.text(f"{piece.game.resources[kind].name}\n{value}M ×{count}", cx - 11, y + 5, 22, 14, size=7.5,
                 align="center", valign="middle", colour=ink_for(pen, kind))
    y += 27
    third = (pen.w - 10) / 3
    for i, word in enumerate(("Incentives", "Discard", "Territory deck")):
        x = 5 + i * third
        pen.rect(x, y, third - 2, pen.h - 4 - y, fill="#ffffff", stroke="ink", width=style.HAIRLINE_PT, radius=2)
        pen.text(word, x + 1, y + 1, third - 4, pen.h - 6 - y, size=9, align="center", valign="middle")


@painter("ardevur.score-sheet")
def score_sheet(pen: Pen, piece: Piece) -> None:
    background(pen, "#ffffff")
    pen.text("**ARDEVUR: The Game of Resources** · score sheet", 0, 0, pen.w, 12, size=13, align="center",
             valign="middle")
    rows = [name for _, name in piece.game.score_categories] + ["Total"]
    hints = {"Most money": "4 to the one richest", "Most resources": "4 to the one largest stock",
             "Active mines": "4 each", "Assets": "4 each", "Upgraded assets": "8 each, factories too",
             "Regional supremacy": "ribbons of regions you lead"}
    label_w, top, row_h = 62.0, 20.0, 18.0
    col_w = (pen.w - label_w) / 4
    pen.rect(0, top, pen.w, row_h, fill="#eeeeee", stroke="ink", width=style.HAIRLINE_PT)
    pen.text("Player", 2, top + 1, label_w - 4, row_h - 2, size=9, valign="middle")
    for c in range(4):
        pen.rect(label_w + c * col_w, top, col_w, row_h, stroke="ink", width=style.HAIRLINE_PT)
    for r, name in enumerate(rows, start=1):
        y = top + r * row_h
        pen.rect(0, y, label_w, row_h, fill="#f6f6f6" if name != "Total" else "#e0e0e0", stroke="ink",
                 width=style.HAIRLINE_PT)
        hint = hints.get(name, "")
        pen.text(f"**{name}**" + (f"\n{hint}" if hint else ""), 2, y + 1, label_w - 4, row_h - 2, size=8,
                 min_size=style.TEXT_MIN_PT, valign="middle")
        for c in range(4):
            pen.rect(label_w + c * col_w, y, col_w, row_h, stroke="ink", width=style.HAIRLINE_PT)
    y = top + (len(rows) + 1) * row_h + 6
    pen.text("A tie for any \"most\" row or for a region gives nobody those points. Presence in a region: mine 1, "
             "asset 1, upgraded asset or factory 1.5, road or pipeline 0.5.", 0, y, pen.w, 16, size=8,
             min_size=style.TEXT_MIN_PT)
    order = ", ".join(cat_of(piece).corporations[c].short for c in CORP_ORDER)
    pen.label(f"Corporations: {order}", 0, pen.h - 2, size=7)
