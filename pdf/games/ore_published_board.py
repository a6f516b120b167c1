"""Ore (published edition): the game board, printed in tiles. Top to bottom: the five mine
decks with their face-up cards, the action spaces with what each gives, the round track, the
first player and overtime spots, and the contract row with a worker space above each card."""

from __future__ import annotations

from companion.ore_published.state import ACTION_SPACES

from .. import style
from ..painters import Piece, painter
from ..pen import Pen
from .ore_published import background, catalog

MARGIN = 35.0          # left edge of the rows
CARD_W, CARD_H = 63.5, 88.9
CARD_GAP = 8.0
TITLE_H = 14.0
MINES_Y = 18.0
SPACES_Y, SPACES_H = 112.0, 60.0
TRACK_Y = 176.0
CONTRACT_MARK_Y = 198.5
CONTRACTS_Y = 205.0
OVERTIME_W, OVERTIME_H = 70.0, 18.0
WORKER_R = 5.5

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


def _worker_spot(pen: Pen, cx: float, cy: float, label: str = "") -> None:
    pen.circle(cx, cy, WORKER_R, fill="#ffffff", stroke="ink", width=style.RULE_PT)
    if label:
        pen.label(label, cx, cy + 1.2, size=5.5, align="center")


def _mines(pen: Pen, piece: Piece) -> None:
    prices = {}
    for card in catalog(piece).mines.values():
        prices.setdefault(card.res, []).append(card.price)
    for i, res in enumerate(piece.game.resources):
        x = MARGIN + i * (CARD_W + CARD_GAP)
        name = piece.game.resources[res].name
        pen.rect(x, MINES_Y, CARD_W, CARD_H, fill="#e9dfc6", stroke=res, width=2.0, radius=3)
        pen.rect(x, MINES_Y, CARD_W, 10, fill=res, radius=3)
        pen.text(f"**{name} mine**", x + 2, MINES_Y + 1, CARD_W - 4, 8, size=10, align="center", valign="middle",
                 colour="#ffffff" if res not in ("gold", "lead") else "#111111")
        note = f"Deck here, top card face up. It sets the {name.lower()} price " \
               f"(${min(prices[res])}-${max(prices[res])})."
        if res == "copper":
            note += " Empty with two players."
        pen.text(note, x + 4, MINES_Y + 40, CARD_W - 8, 30, size=8, align="center", valign="middle")


def _spaces(pen: Pen, piece: Piece) -> None:
    gives = _gives(piece)
    width = (5 * CARD_W + 4 * CARD_GAP - (len(ACTION_SPACES) - 1) * 3) / len(ACTION_SPACES)
    for i, space in enumerate(ACTION_SPACES):
        x = MARGIN + i * (width + 3)
        pen.rect(x, SPACES_Y, width, SPACES_H, fill="#f7f1e3", stroke="ink", radius=2)
        pen.text(f"**{NAMES[space]}**", x + 1.5, SPACES_Y + 1.5, width - 3, 8, size=9, min_size=6, align="center",
                 valign="middle")
        _worker_spot(pen, x + width / 2, SPACES_Y + 16)
        pen.text(gives[space], x + 2, SPACES_Y + 24, width - 4, SPACES_H - 26, size=7.5, min_size=5, align="center")


def _track(pen: Pen, piece: Piece) -> None:
    rounds = int(piece.game.setup["rounds"])
    pen.text("**Round**", MARGIN, TRACK_Y - 1, 20, 8, size=9, valign="middle")
    for r in range(rounds):
        cx = MARGIN + 27 + r * 14
        pen.circle(cx, TRACK_Y + 3, 5, fill="#ffffff", stroke="ink")
        pen.label(str(r + 1), cx, TRACK_Y + 4.5, size=9, font="bold", align="center")
    x = MARGIN + 27 + rounds * 14 + 6
    pen.circle(x + 9, TRACK_Y + 8, 9, fill="#ffffff", stroke="contract", width=2)
    pen.label("first", x + 9, TRACK_Y + 9, size=6, align="center")
    pen.text("Each round: tasking, collection, business. The game ends after round seven.", MARGIN, TRACK_Y + 8,
             x - MARGIN - 4, 9, size=7, min_size=5, valign="middle")
    ox = MARGIN + 5 * CARD_W + 4 * CARD_GAP - OVERTIME_W
    y0, y1, x1 = TRACK_Y - 3, TRACK_Y - 3 + OVERTIME_H, ox + OVERTIME_W
    for a, b, c, d in ((ox, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, ox, y1), (ox, y1, ox, y0)):
        pen.line(a, b, c, d, colour="ink", dash=(2, 1.5))
    pen.text("Overtime tile (3+ players)", ox + 2, TRACK_Y, OVERTIME_W - 4, OVERTIME_H - 6, size=8,
             align="center", valign="middle")


def _contracts(pen: Pen, piece: Piece) -> None:
    row = piece.game.setup["contract_row"]
    for i in range(5):
        x = MARGIN + i * (CARD_W + CARD_GAP)
        _worker_spot(pen, x + CARD_W / 2, CONTRACT_MARK_Y)
        pen.rect(x, CONTRACTS_Y, CARD_W, CARD_H, fill="#efe3c2", stroke="contract", width=1.5, radius=3)
        used = [n for n, size in sorted(row.items()) if int(size) > i]
        text = "Contract" + ("" if len(used) == len(row) else f"\n(only with {', '.join(used)} players)")
        pen.text(text, x + 4, CONTRACTS_Y + 30, CARD_W - 8, 28, size=9, align="center", valign="middle")


@painter("ore-published.board")
def game_board(pen: Pen, piece: Piece) -> None:
    background(pen, "#d9cca8")
    pen.text("**ORE** · The Mining Game · published edition", MARGIN, 2, pen.w - 2 * MARGIN, TITLE_H - 2,
             size=16, align="center", valign="middle")
    _mines(pen, piece)
    _spaces(pen, piece)
    _track(pen, piece)
    _contracts(pen, piece)
