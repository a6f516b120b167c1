"""ARDEVUR's boards drawn by code: the target grid with the market organiser, and the score
sheet (the map is in ``ardevur_map``). Lengths are millimetres in the board's frame, y down."""

from __future__ import annotations

from .. import style
from ..painters import Piece, painter
from ..pen import Pen
from .ardevur import CORP_ORDER, TIER_FILL, background, cat_of, ink_for

@painter("ardevur.target-grid")
def target_grid(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    background(pen, style.BOARD_FILL)
    pen.text("**Target grid** · only the top card of a pile may be claimed", 6, 3, 150, 8, size=10, valign="middle")
    slot_w, slot_h = 40.0, 52.0
    for row, tier in enumerate(("gold", "silver", "bronze")):
        for col in range(3):
            x, y = 6 + col * (slot_w + 3), 14 + row * (slot_h + 3)
            pen.rect(x, y, slot_w, slot_h, fill=TIER_FILL[tier], stroke="ink", width=style.THIN_PT, radius=3)
            pen.text(f"**{tier.title()}**\npile {col + 1}", x + 2, y + 2, slot_w - 4, slot_h - 4, size=9,
                     align="center", valign="middle", colour=ink_for(pen, tier))
    left = 6 + 3 * (slot_w + 3) + 5
    cell_w = (pen.w - 5 - left) / 4 - 2  # four columns across the rest of the board
    pen.text("**Market**", left, 3, 80, 8, size=10, valign="middle")
    names = [c for c in cat.development]
    cell_h = 22.0
    for i, card in enumerate(names):
        x, y = left + (i % 4) * (cell_w + 2), 14 + (i // 4) * (cell_h + 2)
        pen.rect(x, y, cell_w, cell_h, fill="#ffffff", stroke="ink", width=style.HAIRLINE_PT, radius=2)
        pen.text("Phone call" if card == "phone" else card.title(), x + 1, y + 1, cell_w - 2, cell_h - 2, size=7,
                 min_size=style.TEXT_MIN_PT, align="center", valign="middle")
    y = 14 + 3 * (cell_h + 2) + 4
    for i, (kind, (value, count)) in enumerate(cat.tables["tokens"].items()):
        cx = left + cell_w / 2 + i * (cell_w + 2)
        pen.circle(cx, y + 12, 11, fill=kind, stroke="ink", width=style.HAIRLINE_PT)
        pen.text(f"{piece.game.resources[kind].name}\n{value}M ×{count}", cx - 11, y + 5, 22, 14, size=7,
                 min_size=style.TEXT_MIN_PT, align="center", valign="middle", colour=ink_for(pen, kind))
    y += 30
    for i, corp_id in enumerate(("great", "machine", "ardevur", "amu")):
        corp = cat.corporations[corp_id]
        x = left + i * (cell_w + 2)
        pen.rect(x, y, cell_w, 34, fill=corp.colour, stroke="ink", width=style.HAIRLINE_PT, radius=2)
        pen.text(f"{corp.short}\nactions", x + 1, y + 1, cell_w - 2, 32, size=7, align="center", valign="middle",
                 colour=ink_for(pen, corp.colour))
    y += 38
    third = (pen.w - 5 - left) / 3
    for i, word in enumerate(("Incentives", "Discard", "Territory deck")):
        x = left + i * third
        pen.rect(x, y, third - 2, 22, fill="#ffffff", stroke="ink", width=style.HAIRLINE_PT, radius=2)
        pen.text(word, x + 1, y + 1, third - 4, 20, size=8, align="center", valign="middle")


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
