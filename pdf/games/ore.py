"""Ore's printed pieces drawn by code: mine cards (spaces and thick lines), contracts (rows of
boxes), the acquisition tracks & slag heap card, two-sided reference cards, money chips and
barrel substitutes. Every value comes from the same catalogue the companion plays with."""

from __future__ import annotations

import math
from dataclasses import replace

from companion.ore.cards import RESOURCES, build_catalog

from .. import style
from ..generic import reference
from ..painters import Piece, painter
from ..pen import Pen

CARD_BG = "paper"
ROW_H = 7.2  # mm per mine space
_CATALOGS: dict[int, object] = {}


def _catalog(piece: Piece):
    key = id(piece.game)
    if key not in _CATALOGS:
        _CATALOGS.clear()
        _CATALOGS[key] = build_catalog(piece.game)
    return _CATALOGS[key]


def _ink_for(pen: Pen, fill: str) -> str:
    c = pen.colour(fill)
    return style.DARK_ON_LIGHT if 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue > 0.55 else style.LIGHT_ON_DARK


def _background(pen: Pen, fill: str) -> None:
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=fill)


# --- mines -------------------------------------------------------------------------------------

def _mine_cards(piece: Piece) -> list:
    deck = piece.option("deck")
    return [m for m in _catalog(piece).mines.values() if m.deck == deck]


def _star(pen: Pen, cx: float, cy: float, r: float, fill: str) -> None:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pen.polygon(points, fill=fill, stroke="ink", width=style.THIN_PT)


def _space_marker(pen: Pen, index: int, level: int, cx: float, cy: float) -> None:
    if index == 0:
        pen.icon("arrow", cx - 2.5, cy - 2.5, 5)
    elif level == 1:
        pen.rect(cx - 2, cy - 2, 4, 4, fill="paper", stroke="ink")
    elif level == 2:
        pen.circle(cx, cy, 2.1, fill="paper", stroke="ink")
    else:
        _star(pen, cx, cy, 2.8, "paper")


@painter("ore.mine", backs=True)
def mine_card(pen: Pen, piece: Piece) -> None:
    card = _mine_cards(piece)[piece.index]
    resource = piece.game.resources[card.res]
    if piece.side == "back":
        _background(pen, card.res)
        ink = _ink_for(pen, card.res)
        pen.icon(card.res, pen.w / 2 - 12, 22, 24)
        pen.text(f"**ORE**\n{resource.name} mine", 4, 50, pen.w - 8, 16, size=14, align="center", colour=ink)
        pen.label(f"{card.deck} players", pen.w / 2, pen.h - 6, size=8, colour=ink, align="center")
        return
    _background(pen, CARD_BG)
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, 16 + b, fill=card.res)
    ink = _ink_for(pen, card.res)
    pen.text(f"**{resource.name}** ({resource.letter})", 4, 2, 36, 7, size=11, colour=ink, valign="middle")
    pen.text(f"Market price **${card.price}**", 4, 9, 40, 6, size=8, colour=ink, valign="middle")
    pen.circle(pen.w - 10, 8, 6.5, fill="paper", stroke="ink")
    pen.text(f"**${card.price}**", pen.w - 16.5, 4.5, 13, 7, size=12, align="center", valign="middle")
    top = 20.0
    for index, (amount, level) in enumerate(zip(card.spaces, card.levels)):
        y = top + index * ROW_H
        if index and level != card.levels[index - 1]:
            pen.line(4, y, pen.w - 4, y, colour="ink", width=2.4)
        shade = f"mine-level-{min(level, 3)}"
        pen.rect(4, y + 0.5, pen.w - 8, ROW_H - 1, fill=shade)
        _space_marker(pen, index, level, 10, y + ROW_H / 2)
        pen.text(f"**{amount}** :{card.res}:", 16, y + 0.6, 30, ROW_H - 1.2, size=10, valign="middle")
        if index and level != card.levels[index - 1]:
            pen.label(f"cage {level}", pen.w - 6, y + ROW_H / 2 + 1, size=6, align="right")
    bottom = top + len(card.spaces) * ROW_H
    pen.line(4, bottom, pen.w - 4, bottom, colour="ink", width=2.4)
    pen.label("bottom of the mine", pen.w / 2, bottom + 4, size=6, align="center")
    pen.label(card.id, pen.w - 4, pen.h - 3, size=5, align="right", colour="card-id")


# --- contracts ---------------------------------------------------------------------------------

def _box_text(box: tuple[str, ...]) -> str:
    return "/".join(f":{res}:" for res in box)


@painter("ore.contract", backs=True)
def contract_card(pen: Pen, piece: Piece) -> None:
    numbers = sorted(_catalog(piece).contracts)
    card = _catalog(piece).contracts[numbers[piece.index]]
    if piece.side == "back":
        _background(pen, "contract")
        pen.text("**ORE**\nContract", 4, 30, pen.w - 8, 28, size=20, align="center", valign="middle",
                 colour=style.LIGHT_ON_DARK)
        return
    _background(pen, CARD_BG)
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, 14 + b, fill="contract")
    pen.text(f"**Contract #{card.number}**", 4, 2, pen.w - 8, 10, size=13, colour=style.LIGHT_ON_DARK, valign="middle")
    row_h = min(14.0, (pen.h - 30) / max(1, len(card.rows)))
    for index, row in enumerate(card.rows):
        y = 18 + index * row_h
        pen.rect(3, y, pen.w - 6, row_h - 1.5, fill="contract-row", stroke="ink", radius=1.5)
        pen.label(str(index + 1), 6, y + row_h / 2 + 0.5, size=8, font="bold")
        units = sum(1.0 if len(box) == 1 else 1.8 for box in row.boxes)
        unit = min(10.0, (pen.w - 30 - 1.5 * (len(row.boxes) - 1)) / units)
        x = 10.0
        for box in row.boxes:
            width = unit * (1.0 if len(box) == 1 else 1.8)
            pen.rect(x, y + 1.5, width, row_h - 4.5, fill="contract-box", stroke="ink", radius=1)
            pen.text(_box_text(box), x + 0.3, y + 1.8, width - 0.6, row_h - 5, size=16, min_size=6,
                     align="center", valign="middle")
            x += width + 1.5
        pen.text(f"**${row.pay}**", pen.w - 17, y, 13, row_h - 1.5, size=11, align="right", valign="middle")
    pen.text("Fill the top open row each market phase.", 4, pen.h - 10, pen.w - 8, 7, size=7,
             font="italic", align="center")


# --- acquisition tracks & slag heap ------------------------------------------------------------

@painter("ore.acquisition-card")
def acquisition_card(pen: Pen, piece: Piece) -> None:
    _background(pen, CARD_BG)
    spaces = int(piece.game.tables["track_spaces"])
    track_w = pen.w * 0.66
    cell = (track_w - 10) / spaces
    for row, (title, note, fill) in enumerate((
            ("Asset track", "In placement order, each miner here buys one asset or one initiative. "
                            "Players with no miner here may buy one initiative, clockwise.", "asset"),
            ("Contract track", "In placement order, each miner here takes one contract.", "contract"))):
        top = 4 + row * (pen.h / 2)
        pen.text(f"**{title}**", 5, top, track_w, 7, size=12, valign="middle")
        for i in range(spaces):
            x = 5 + i * cell
            pen.rect(x, top + 8, cell - 1.5, cell - 1.5, fill=fill, stroke="ink", radius=1.5)
            pen.text(f"**{i + 1}**", x, top + 8, cell - 1.5, cell - 1.5, size=12, align="center", valign="middle",
                     colour=style.LIGHT_ON_DARK)
        pen.text(note, 5, top + 9 + cell, track_w - 5, pen.h / 2 - cell - 14, size=7.5)
    x0 = track_w + 4
    pen.line(x0 - 2, 4, x0 - 2, pen.h - 4, colour="ink", width=style.RULE_PT)
    pen.rect(x0, 4, pen.w - x0 - 4, pen.h - 8, fill="slag-heap", stroke="ink", radius=3)
    base = int(piece.game.tables["slag_heap_base"])
    pen.text(f"**Slag heap**\n\nAny number of miners may stand here. In the collection phase each "
             f"one earns ${base} minus the number of miners here (2 miners: $3 each).", x0 + 3, 8,
             pen.w - x0 - 10, pen.h - 16, size=9, valign="top")


# --- reference cards ---------------------------------------------------------------------------

@painter("ore.reference", backs=True)
def reference_card(pen: Pen, piece: Piece) -> None:
    """The older spelling of a two-sided reference (``front``/``back`` files): the generic
    reference painter with ``file``/``back_file``."""
    options = dict(piece.component.options)
    options.setdefault("file", options.get("front"))
    options.setdefault("back_file", options.get("back"))
    reference(pen, replace(piece, component=replace(piece.component, options=options)))


# --- money and barrels -------------------------------------------------------------------------

def _nth(counts: dict, index: int) -> str:
    for key, n in counts.items():
        if index < int(n):
            return str(key)
        index -= int(n)
    raise KeyError(f"piece {index + 1}")


@painter("ore.money")
def money_chip(pen: Pen, piece: Piece) -> None:
    value = _nth(piece.option("values", {}), piece.index)
    fill = piece.option("colours", {}).get(value, style.TOKEN_FILL)
    b = pen.bleed
    pen.ellipse(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=fill)
    pen.circle(pen.w / 2, pen.h / 2, pen.w / 2 - 1.5, stroke=_ink_for(pen, fill), width=style.THIN_PT)
    pen.text(f"**${value}**", 1, 1, pen.w - 2, pen.h - 2, size=11, align="center", valign="middle",
             colour=_ink_for(pen, fill))


@painter("ore.barrels")
def barrel(pen: Pen, piece: Piece) -> None:
    counts = {res: piece.game.tables["barrels"][res] for res in RESOURCES}
    res = _nth(counts, piece.index)
    b = pen.bleed
    pen.ellipse(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=res)
    letter = piece.game.resources[res].letter
    pen.text(f"**{letter}**", 1, 1, pen.w - 2, pen.h - 2, size=10, align="center", valign="middle",
             colour=_ink_for(pen, res))
