"""Ore's printed pieces drawn by code: mine cards (spaces and thick lines), contracts (rows of
boxes), the acquisition tracks & slag heap card, two-sided reference cards, money chips and
barrel substitutes. Every value comes from the same catalogue the companion plays with; every
position, size and colour from the named boxes of ``cards_data/ore/layouts.toml``."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Callable

from companion.ore.data import RESOURCES, build_catalog

from .. import style
from ..boxes import boxes, fill_box, ink_on, label_box, line_box, moved, text_box
from ..generic import reference
from ..painters import Piece, painter
from ..pen import Pen

CARD_BG = "paper"
MINE = ("band", "name", "price-note", "price-disc", "price", "row", "level-line", "space", "entry-arrow",
        "level-1-mark", "level-2-mark", "level-3-mark", "amount", "cage", "bottom-note", "id")
MINE_BACK = ("icon", "title", "players")
CONTRACT = ("band", "title", "rows", "row", "number", "cells", "cell", "choice-cell", "cell-text", "pay", "footer")
CONTRACT_BACK = ("title",)
ACQUISITION = ("asset-title", "contract-title", "cells", "note", "divider", "slag-heap", "slag-text")
MONEY = ("disc", "ring", "value")
BARREL = ("disc", "icon")
LEVEL_MARKS = ("entry-arrow", "level-1-mark", "level-2-mark", "level-3-mark")


def per_data(build: Callable[[Any], Any]) -> Callable[[Piece], Any]:
    """``build(piece.game)``, made once for the data a build draws from (the last data read: a
    build reads one game): how either edition's painters get the catalogue the companion plays
    with."""
    last: list[Any] = []  # the data, and what was built from it

    def built(piece: Piece) -> Any:
        if not last or last[0] is not piece.game:
            last[:] = [piece.game, build(piece.game)]
        return last[1]
    return built


_catalog = per_data(build_catalog)


_ink_for = ink_on  # the name the published edition imports


def _background(pen: Pen, fill: str) -> None:
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=fill)


# --- mines -------------------------------------------------------------------------------------

def _mine_cards(piece: Piece) -> list:
    deck = piece.option("deck")
    return [m for m in _catalog(piece).mines.values() if m.deck == deck]


def _star(pen: Pen, box) -> None:
    """A star whose points touch the circle of ``box``."""
    cx, cy, r = box.x + box.w / 2, box.y + box.h / 2, box.w / 2
    points = []
    for i in range(2 * style.STAR_POINTS):
        radius = r if i % 2 == 0 else r * style.STAR_INNER
        angle = -math.pi / 2 + i * math.pi / style.STAR_POINTS
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pen.polygon(points, fill=box.get("fill"), stroke=box.get("stroke"), width=style.THIN_PT)


def _space_marker(pen: Pen, b: dict, index: int, level: int, y: float) -> None:
    """The mark left of a space: an arrow on the entry space, then one mark per cage level."""
    name = LEVEL_MARKS[0 if index == 0 else min(level, len(LEVEL_MARKS) - 1)]
    box = moved(b[name], dy=y)
    if index == 0:
        pen.icon(box.get("icon"), box.x, box.y, box.w)
    elif name == LEVEL_MARKS[-1]:
        _star(pen, box)
    else:
        fill_box(pen, box)


def deck_players(deck: str) -> str:
    """A mine deck's id as a player count: '3p' reads '3', '4-5p' reads '4–5'."""
    return deck.removesuffix("p").replace("-", "–")


def _mine_back(pen: Pen, piece: Piece, card, resource) -> None:
    b = boxes(piece, "mine-back", MINE_BACK)
    _background(pen, card.res)
    ink = _ink_for(pen, card.res)
    pen.icon(card.res, b["icon"].x, b["icon"].y, b["icon"].w)
    text_box(pen, b["title"], f"**ORE**\n{resource.name} mine", colour=ink)
    label_box(pen, b["players"], f"{deck_players(card.deck)} players", colour=ink)


def mine_head(pen: Pen, b: dict, card, name: str, note: str) -> None:
    """A mine card's paper, its band in the resource's colour with name and note, its price disc."""
    _background(pen, CARD_BG)
    fill_box(pen, b["band"], res=card.res)
    ink = _ink_for(pen, card.res)
    text_box(pen, b["name"], name, colour=ink)
    text_box(pen, b["price-note"], note, colour=ink)
    fill_box(pen, b["price-disc"])
    text_box(pen, b["price"], f"**${card.price}**")


@painter("ore.mine", backs=True)
def mine_card(pen: Pen, piece: Piece) -> None:
    card = _mine_cards(piece)[piece.index]
    resource = piece.game.resources[card.res]
    if piece.side == "back":
        _mine_back(pen, piece, card, resource)
        return
    b = boxes(piece, "mine", MINE)
    mine_head(pen, b, card, f"**{resource.name}** ({resource.letter})", f"Market price **${card.price}**")
    row = b["row"]
    for index, (amount, level) in enumerate(zip(card.spaces, card.levels)):
        y = row.y + index * row.h
        if index and level != card.levels[index - 1]:
            line_box(pen, moved(b["level-line"], dy=y))
        fill_box(pen, moved(b["space"], dy=y), level=min(level, len(LEVEL_MARKS) - 1))
        _space_marker(pen, b, index, level, y)
        text_box(pen, moved(b["amount"], dy=y), f"**{amount}** :{card.res}:")
        if index and level != card.levels[index - 1]:
            label_box(pen, moved(b["cage"], dy=y), f"cage {level}")
    bottom = row.y + len(card.spaces) * row.h
    line_box(pen, moved(b["level-line"], dy=bottom))
    label_box(pen, moved(b["bottom-note"], dy=bottom), "bottom of the mine")
    label_box(pen, b["id"], card.id)


# --- contracts ---------------------------------------------------------------------------------

def _box_text(box: tuple[str, ...]) -> str:
    return "/".join(f":{res}:" for res in box)


def _contract_row(pen: Pen, b: dict, index: int, row, y: float, row_h: float) -> None:
    """Row ``index`` of a contract: its number, its boxes left to right and its pay."""
    frame, cell, cells = b["row"], b["cell"], b["cells"]
    shorter = frame.h + frame.get("gap_mm") - row_h   # taken off the height of every box in the row
    fill_box(pen, replace(frame, y=y + frame.y, h=frame.h - shorter))
    label_box(pen, moved(b["number"], dy=y + row_h / 2), str(index + 1))
    wide = b["choice-cell"].w / cell.w
    units = sum(1 if len(box) == 1 else wide for box in row.boxes)
    unit = min(cell.w, (cells.w - cell.get("gap_mm") * (len(row.boxes) - 1)) / units)
    text, x = b["cell-text"], cells.x
    for box in row.boxes:
        width = unit * (1 if len(box) == 1 else wide)
        fill_box(pen, replace(cell, x=x, y=y + cell.y, w=width, h=cell.h - shorter))
        text_box(pen, replace(text, x=x + text.x - cell.x, y=y + text.y, w=width - (cell.w - text.w),
                              h=text.h - shorter), _box_text(box))
        x += width + cell.get("gap_mm")
    pay = b["pay"]
    text_box(pen, replace(pay, y=y + pay.y, h=pay.h - shorter), f"**${row.pay}**")


@painter("ore.contract", backs=True)
def contract_card(pen: Pen, piece: Piece) -> None:
    numbers = sorted(_catalog(piece).contracts)
    card = _catalog(piece).contracts[numbers[piece.index]]
    if piece.side == "back":
        _background(pen, "contract")
        text_box(pen, boxes(piece, "contract-back", CONTRACT_BACK)["title"], "**ORE**\nContract")
        return
    b = boxes(piece, "contract", CONTRACT)
    _background(pen, CARD_BG)
    fill_box(pen, b["band"])
    text_box(pen, b["title"], f"**Contract #{card.number}**")
    rows, frame = b["rows"], b["row"]
    row_h = min(frame.h + frame.get("gap_mm"), rows.h / max(1, len(card.rows)))
    for index, row in enumerate(card.rows):
        _contract_row(pen, b, index, row, rows.y + index * row_h, row_h)
    text_box(pen, b["footer"], "Fill the top open row each market phase.")


# --- acquisition tracks & slag heap ------------------------------------------------------------

TRACKS = (("asset", "Asset track", "In placement order, each miner here buys one asset or one initiative. "
                                   "Players with no miner here may buy one initiative, clockwise."),
          ("contract", "Contract track", "In placement order, each miner here takes one contract."))


@painter("ore.acquisition-card")
def acquisition_card(pen: Pen, piece: Piece) -> None:
    b = boxes(piece, "acquisition", ACQUISITION)
    _background(pen, CARD_BG)
    spaces = int(piece.game.tables["track_spaces"])
    cells, note = b["cells"], b["note"]
    pitch = cells.w / spaces
    side = pitch - cells.get("gap_mm")
    for track, title, words in TRACKS:
        head = b[f"{track}-title"]
        dy = head.y - b["asset-title"].y
        text_box(pen, head, f"**{title}**")
        for i in range(spaces):
            cell = replace(cells, x=cells.x + i * pitch, y=cells.y + dy, w=side, h=side)
            fill_box(pen, cell, track=track)
            text_box(pen, cell, f"**{i + 1}**")
        top = cells.y + dy + side + note.get("gap_mm")
        text_box(pen, replace(note, y=top, h=note.y + dy + note.h - top), words)
    line_box(pen, b["divider"])
    fill_box(pen, b["slag-heap"])
    base = int(piece.game.tables["slag_heap_base"])
    text_box(pen, b["slag-text"], f"**Slag heap**\n\nAny number of miners may stand here. In the collection phase "
             f"each one earns ${base} minus the number of miners here (2 miners: $3 each).")


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
    b = boxes(piece, "money", MONEY)
    value = _nth(piece.game.tables["chips"], piece.index)   # the chips are the box's: components.money counts them
    fill = piece.option("colours", {}).get(value, style.TOKEN_FILL)
    ink = _ink_for(pen, fill)
    fill_box(pen, b["disc"], fill=fill)
    fill_box(pen, b["ring"], ink=ink)
    text_box(pen, b["value"], f"**${value}**", colour=ink)


@painter("ore.barrels")
def barrel(pen: Pen, piece: Piece) -> None:
    b = boxes(piece, "barrel", BARREL)
    counts = {res: piece.game.tables["barrels"][res] for res in RESOURCES}
    res = _nth(counts, piece.index)
    fill_box(pen, b["disc"], res=res)
    # the resource's own shape (with its letter) on the barrel: told apart by shape, not colour alone
    icon = b["icon"]
    pen.icon(res, icon.x, icon.y, min(icon.w, icon.h))
