"""Ore (published edition): the game board, printed in tiles. Top to bottom: the five mine
decks with their face-up cards, the action spaces with what each gives, the round track, the
first player and overtime spots, and the contract row with a worker space above each card.
Every position, size and colour comes from the ``board`` layout of
``cards_data/ore-published/layouts.toml``."""

from __future__ import annotations

from companion.ore_published.state import ACTION_SPACES

from .. import style
from ..boxes import boxes, fill_box, label_box, moved, space_box, text_box
from ..painters import Piece, painter
from ..pen import Pen
from .ore_published import background, catalog

BOARD = ("title", "mine-slot", "mine-head", "mine-name", "mine-note", "space", "space-name", "space-worker",
         "space-text", "round-label", "round", "round-number", "round-text", "first", "first-label", "overtime",
         "overtime-text", "contract-worker", "contract-slot", "contract-text")
DARK_HEADINGS = ("gold", "lead")  # mine headings printed in dark ink

NAMES = {"market": "Commodity market", "permit": "Permit office", "recruit": "Recruit", "cage": "Mine cage",
         "drill": "Drill bit", "private": "Private mine", "advance": "Advance orders"}


def _gives(piece: Piece) -> dict[str, str]:
    t = piece.game.tables
    wages = " ".join(f"${c}" for c in t["recruit_costs"])
    return {
        "market": f"Choose a resource: buy or sell up to {t['market_primary']} at its price. Then each other "
                  f"player may buy or sell {t['market_secondary']} of it.",
        "permit": f"${t['permit_card_cost']} per building card, up to {t['permit_primary']}. Each other player may "
                  f"pay for up to {t['permit_secondary']}.",
        "recruit": f"Hire your waiting worker, once a game. Wage by order of hiring: {wages}.",
        "cage": "Take your cage on side 1, or turn it to side 2.",
        "drill": "Take a drill bit: spend it to enter a mine on a free deeper space.",
        "private": f"${t['private_mine_cost']}: top card of a mine deck becomes yours, worked by a white temp.",
        "advance": "First player next round. Fill contract rows early, now.",
    }


def _pitch(box) -> float:
    """From one repeat of a box to the next, left to right."""
    return box.w + box.get("gap_mm")


def _mines(pen: Pen, piece: Piece, b: dict) -> None:
    prices = {}
    for card in catalog(piece).mines.values():
        prices.setdefault(card.res, []).append(card.price)
    for i, res in enumerate(piece.game.resources):
        dx = i * _pitch(b["mine-slot"])
        name = piece.game.resources[res].name
        fill_box(pen, moved(b["mine-slot"], dx), res=res)
        space_box(pen, moved(b["mine-slot"], dx))
        fill_box(pen, moved(b["mine-head"], dx), res=res)
        text_box(pen, moved(b["mine-name"], dx), f"**{name} mine**",
                 colour=style.DARK_ON_LIGHT if res in DARK_HEADINGS else style.LIGHT_ON_DARK)
        note = f"Deck here, top card face up. It sets the {name.lower()} price " \
               f"(${min(prices[res])}-${max(prices[res])})."
        if res == "copper":
            note += " Empty with two players."
        text_box(pen, moved(b["mine-note"], dx), note)


def _spaces(pen: Pen, piece: Piece, b: dict) -> None:
    gives = _gives(piece)
    for i, space in enumerate(ACTION_SPACES):
        dx = i * _pitch(b["space"])
        fill_box(pen, moved(b["space"], dx))
        text_box(pen, moved(b["space-name"], dx), f"**{NAMES[space]}**")
        fill_box(pen, moved(b["space-worker"], dx))
        space_box(pen, moved(b["space-worker"], dx))
        text_box(pen, moved(b["space-text"], dx), gives[space])


def _dashed_outline(pen: Pen, box) -> None:
    x0, y0, x1, y1 = box.x, box.y, box.x + box.w, box.y + box.h
    for a, b, c, d in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
        pen.line(a, b, c, d, colour=box.get("stroke"), dash=style.PLACE_DASH_MM)


def _track(pen: Pen, piece: Piece, b: dict) -> None:
    text_box(pen, b["round-label"], "**Round**")
    for r in range(int(piece.game.setup["rounds"])):
        dx = r * _pitch(b["round"])
        fill_box(pen, moved(b["round"], dx))
        space_box(pen, moved(b["round"], dx))
        label_box(pen, moved(b["round-number"], dx), str(r + 1))
    fill_box(pen, b["first"])
    space_box(pen, b["first"])
    label_box(pen, b["first-label"], "first player")
    text_box(pen, b["round-text"], "Each round: tasking, collection, business. The game ends after round seven.")
    _dashed_outline(pen, b["overtime"])
    space_box(pen, b["overtime"])
    text_box(pen, b["overtime-text"], "Overtime tile (3+ players)")


def _contracts(pen: Pen, piece: Piece, b: dict) -> None:
    row = piece.game.setup["contract_row"]
    for i in range(max(int(size) for size in row.values())):
        dx = i * _pitch(b["contract-slot"])
        for part in ("contract-worker", "contract-slot"):
            fill_box(pen, moved(b[part], dx))
            space_box(pen, moved(b[part], dx))
        used = [n for n, size in sorted(row.items()) if int(size) > i]
        text = "Contract" + ("" if len(used) == len(row) else f"\n(only with {', '.join(used)} players)")
        text_box(pen, moved(b["contract-text"], dx), text)


@painter("ore-published.board")
def game_board(pen: Pen, piece: Piece) -> None:
    b = boxes(piece, "board", BOARD)
    background(pen, piece.game.layouts["board"].background)
    text_box(pen, b["title"], "**ORE** · The Mining Game · published edition")
    _mines(pen, piece, b)
    _spaces(pen, piece, b)
    _track(pen, piece, b)
    _contracts(pen, piece, b)
