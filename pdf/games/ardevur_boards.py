"""ARDEVUR's boards drawn by code: the map (regions at the positions in regions.csv, their
territories, needs, ribbons and port slots), the target grid with the market organiser, and the
score sheet. Lengths are millimetres in the board's frame, y down."""

from __future__ import annotations

from .. import style
from ..painters import Piece, painter
from ..pen import Pen
from .ardevur import CORP_ORDER, TIER_FILL, background, cat_of, ink_for

REGION_W, REGION_H = 96.0, 56.0


@painter("ardevur.map")
def map_board(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    background(pen, "sea")
    pen.text("**ARDEVUR** · Africa and Europe", 8, 4, 160, 12, size=16, valign="middle")
    for region in cat.regions.values():
        x = min(max(4.0, region.x / 100 * pen.w - REGION_W / 2), pen.w - REGION_W - 4)
        y = min(max(18.0, region.y / 100 * pen.h - REGION_H / 2), pen.h - REGION_H - 4)
        _region(pen, cat, region, x, y)


def _region(pen: Pen, cat, region, x: float, y: float) -> None:
    fill = region.continent
    pen.rect(x, y, REGION_W, REGION_H, fill=fill, stroke="ink", width=style.THIN_PT, radius=4)
    ink = ink_for(pen, fill)
    needs = " + ".join(region.needs) if region.needs else "no infrastructure needed"
    pen.text(f"**{region.name}** · ribbon {region.ribbon} SP", x + 3, y + 1.5, REGION_W - 6, 7, size=9,
             valign="middle", colour=ink)
    pen.text(f"needs: {needs}", x + 3, y + 8, REGION_W - 6, 5, size=7, valign="middle", colour=ink)
    slot_w = (REGION_W - 8) / 3
    for i, t in enumerate(t for t in cat.territories.values() if t.region == region.id):
        sx = x + 2 + i * (slot_w + 2)
        pen.rect(sx, y + 14, slot_w, 30, fill=TIER_FILL[t.tier], stroke="ink", width=style.HAIRLINE_PT, radius=2)
        pen.text(f"**{t.name}**\n{t.explore}M / {t.exploit}M\nout {t.output}M", sx + 1, y + 15, slot_w - 2, 28,
                 size=7, min_size=style.TEXT_MIN_PT, align="center", valign="middle", colour=ink_for(pen, t.tier))
    for i in range(region.port_slots):
        cx = x + 8 + i * 14
        pen.circle(cx, y + REGION_H - 5.5, 4, fill="#ffffff", stroke="ink", width=style.HAIRLINE_PT)
        pen.label("port", cx, y + REGION_H - 4.8, size=5.5, align="center")
    if region.needs:
        pen.text("roads and pipelines here", x + REGION_W - 50, y + REGION_H - 10, 47, 8, size=6.5,
                 min_size=style.TEXT_MIN_PT, align="right", valign="middle", colour=ink)


@painter("ardevur.target-grid")
def target_grid(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    background(pen, style.BOARD_FILL)
    pen.text("**Target grid** · only the top card of a pile may be claimed", 6, 3, 150, 8, size=10, valign="middle")
    slot_w, slot_h = 44.0, 54.0
    for row, tier in enumerate(("gold", "silver", "bronze")):
        for col in range(3):
            x, y = 6 + col * (slot_w + 3), 14 + row * (slot_h + 3)
            pen.rect(x, y, slot_w, slot_h, fill=TIER_FILL[tier], stroke="ink", width=style.THIN_PT, radius=3)
            pen.text(f"**{tier.title()}**\npile {col + 1}", x + 2, y + 2, slot_w - 4, slot_h - 4, size=9,
                     align="center", valign="middle", colour=ink_for(pen, tier))
    left = 6 + 3 * (slot_w + 3) + 6
    pen.text("**Market**", left, 3, 80, 8, size=10, valign="middle")
    names = [c for c in cat.development]
    cell_w, cell_h = 27.0, 22.0
    for i, card in enumerate(names):
        x, y = left + (i % 4) * (cell_w + 2), 14 + (i // 4) * (cell_h + 2)
        pen.rect(x, y, cell_w, cell_h, fill="#ffffff", stroke="ink", width=style.HAIRLINE_PT, radius=2)
        pen.text("Phone call" if card == "phone" else card.title(), x + 1, y + 1, cell_w - 2, cell_h - 2, size=7,
                 min_size=style.TEXT_MIN_PT, align="center", valign="middle")
    y = 14 + 3 * (cell_h + 2) + 4
    for i, (kind, (value, count)) in enumerate(cat.tables["tokens"].items()):
        cx = left + 13 + i * 29
        pen.circle(cx, y + 12, 11, fill=kind, stroke="ink", width=style.HAIRLINE_PT)
        pen.text(f"{piece.game.resources[kind].name}\n{value}M ×{count}", cx - 11, y + 5, 22, 14, size=7,
                 min_size=style.TEXT_MIN_PT, align="center", valign="middle", colour=ink_for(pen, kind))
    y += 30
    for i, corp_id in enumerate(("great", "machine", "ardevur", "amu")):
        corp = cat.corporations[corp_id]
        x = left + i * 29
        pen.rect(x, y, 27, 34, fill=corp.colour, stroke="ink", width=style.HAIRLINE_PT, radius=2)
        pen.text(f"{corp.short}\nactions", x + 1, y + 1, 25, 32, size=7, align="center", valign="middle",
                 colour=ink_for(pen, corp.colour))
    y += 38
    for i, word in enumerate(("Incentives", "Discard", "Territory deck")):
        x = left + i * 39
        pen.rect(x, y, 37, 22, fill="#ffffff", stroke="ink", width=style.HAIRLINE_PT, radius=2)
        pen.text(word, x + 1, y + 1, 35, 20, size=8, align="center", valign="middle")


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
