"""Ore (published edition): mine cards, contracts, buildings, money cards, resource cubes and
overtime tiles, drawn from the catalogue the companion plays with. A ``--players 2`` build
prints the two-player set: no copper, only cards with the two-player mark, no overtime."""

from __future__ import annotations

from companion.ore_published.cards import build_catalog

from .. import style
from ..painters import Piece, painter
from ..pen import Pen
from .ore import _background as background, _ink_for as ink_for, _nth as nth  # shared with the prototype

CARD_BG = "paper"
ROW_H = 8.0  # mm per mine space
CAGE_SHADE = ("#efe6d2", "#e2d6bb", "#d3c29f")
_CATALOGS: dict[int, object] = {}


def catalog(piece: Piece):
    key = id(piece.game)
    if key not in _CATALOGS:
        _CATALOGS.clear()
        _CATALOGS[key] = build_catalog(piece.game)
    return _CATALOGS[key]


def two_players(piece: Piece) -> bool:
    return getattr(piece.build, "players", None) == 2


def band(pen: Pen, fill: str, height: float) -> str:
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, height + b, fill=fill)
    return ink_for(pen, fill)


def card_back(pen: Pen, fill: str, title: str) -> None:
    background(pen, fill)
    pen.rect(5, 5, pen.w - 10, pen.h - 10, stroke="#ffffff", radius=3)
    pen.text(f"**ORE**\n{title}", 6, pen.h / 2 - 16, pen.w - 12, 32, size=20, align="center", valign="middle",
             colour=ink_for(pen, fill))


# --- mine cards ----------------------------------------------------------------------------------

def _mines(piece: Piece) -> list:
    return list(catalog(piece).mines.values())


def _mine_needed(piece: Piece) -> bool:
    return not (two_players(piece) and _mines(piece)[piece.index].res == "copper")


@painter("ore-published.mine", backs=True, needed=_mine_needed)
def mine_card(pen: Pen, piece: Piece) -> None:
    card = _mines(piece)[piece.index]
    name = piece.game.resources[card.res].name
    if piece.side == "back":
        card_back(pen, card.res, f"{name} mine")
        return
    background(pen, CARD_BG)
    ink = band(pen, card.res, 16)
    pen.text(f"**{name} mine**", 4, 2, 40, 7, size=11, colour=ink, valign="middle")
    pen.text(f"sets the {name.lower()} price", 4, 9, 40, 6, size=7, colour=ink, valign="middle")
    pen.circle(pen.w - 10, 8, 6.5, fill="paper", stroke="ink")
    pen.text(f"**${card.price}**", pen.w - 16.5, 4.5, 13, 7, size=12, align="center", valign="middle")
    top = 20.0
    for index, (amount, cage) in enumerate(zip(card.spaces, card.cages)):
        y = top + index * ROW_H
        if index and cage != card.cages[index - 1]:
            pen.line(4, y, pen.w - 4, y, colour="ink", width=2.4)
        pen.rect(4, y + 0.5, pen.w - 8, ROW_H - 1, fill=CAGE_SHADE[cage])
        pen.circle(12, y + ROW_H / 2, 3, fill="#ffffff", stroke="ink")
        pen.text(f"**{amount}** :{card.res}:", 18, y + 0.6, 26, ROW_H - 1.2, size=10, valign="middle")
        if cage:
            pen.label(f"cage side {cage}", pen.w - 6, y + ROW_H / 2 + 1, size=6, align="right")
    bottom = top + len(card.spaces) * ROW_H
    pen.line(4, bottom, pen.w - 4, bottom, colour="ink", width=2.4)
    pen.text("Workers arrive at the top and sink one space each collection; below a thick line they "
             "need that side of their cage.", 4, bottom + 2, pen.w - 8, pen.h - bottom - 7, size=6.5,
             min_size=5, align="center", valign="top")
    pen.label(card.id, pen.w - 4, pen.h - 3, size=5, align="right", colour="#777777")


# --- contracts -----------------------------------------------------------------------------------

def _contracts(piece: Piece) -> list:
    return list(catalog(piece).contracts.values())


def _contract_needed(piece: Piece) -> bool:
    return not two_players(piece) or _contracts(piece)[piece.index].two_player


def two_player_mark(pen: Pen, x: float, y: float) -> None:
    pen.circle(x, y, 3.2, fill="#ffffff", stroke="ink")
    pen.label("2", x, y + 1.2, size=7, font="bold", align="center")


@painter("ore-published.contract", backs=True, needed=_contract_needed)
def contract_card(pen: Pen, piece: Piece) -> None:
    card = _contracts(piece)[piece.index]
    if piece.side == "back":
        card_back(pen, "contract", "Contract")
        return
    background(pen, CARD_BG)
    band(pen, "contract", 14)
    pen.text(f"**Contract {card.id}**", 4, 2, 36, 10, size=12, colour="#ffffff", valign="middle")
    pen.text(f"**{card.vp}** :vp:", pen.w - 24, 2, 20, 10, size=12, colour="#ffffff", align="right", valign="middle")
    row_h = min(13.0, (pen.h - 36) / max(1, len(card.rows)))
    for index, row in enumerate(card.rows):
        y = 17 + index * row_h
        pen.rect(3, y, pen.w - 6, row_h - 1.5, fill="#f7f1e3", stroke="ink", radius=1.5)
        cubes = "  ".join("/".join(f":{r}:" for r in item) for item in row.items)
        pen.text(cubes, 6, y + 0.5, pen.w - 28, row_h - 2.5, size=12, min_size=6, valign="middle")
        pen.text(f"**${row.pay}**", pen.w - 20, y, 16, row_h - 1.5, size=11, align="right", valign="middle")
    for i in range(card.buildings):
        pen.rect(5 + i * 9, pen.h - 17, 7, 7, fill="building", stroke="ink", radius=1)
        pen.label("B", 8.5 + i * 9, pen.h - 12, size=7, font="bold", colour="#ffffff", align="center")
    if card.two_player:
        two_player_mark(pen, pen.w - 7, pen.h - 13.5)
    pen.text("One row each business phase, top first; miss one and the card is gone.", 4, pen.h - 9, pen.w - 8, 7,
             size=6.5, min_size=5, font="italic", align="center", valign="middle")


# --- buildings -----------------------------------------------------------------------------------

def _building_needed(piece: Piece) -> bool:
    cat = catalog(piece)
    return not two_players(piece) or cat.building(cat.building_copies()[piece.index]).two_player


@painter("ore-published.building", backs=True, needed=_building_needed)
def building_card(pen: Pen, piece: Piece) -> None:
    cat = catalog(piece)
    card = cat.building(cat.building_copies()[piece.index])
    if piece.side == "back":
        card_back(pen, "building", "Building permit")
        return
    background(pen, CARD_BG)
    band(pen, "building", 15)
    pen.text(f"**{card.name}**", 4, 2, pen.w - 24, 11, size=12, min_size=7, colour="#ffffff", valign="middle")
    pen.text(f"**{card.vp}** :vp:", pen.w - 20, 2, 16, 11, size=12, colour="#ffffff", align="right", valign="middle")
    cost = " + ".join([f"**${card.money}**"] + [f":{r}:" for r in card.cubes])
    pen.text("Cost", 4, 20, 20, 6, size=7, font="bold")
    pen.text(cost, 4, 26, pen.w - 8, 10, size=12, min_size=7, valign="middle")
    pen.rect(4, 42, pen.w - 8, 28, fill="#eef3ef", stroke="building", radius=2)
    pen.text("**When built**" if card.effect else "", 7, 44, pen.w - 14, 6, size=7)
    pen.text(card.text, 7, 50 if card.effect else 46, pen.w - 14, 18, size=8.5, min_size=6, valign="top")
    if card.two_player:
        two_player_mark(pen, pen.w - 8, pen.h - 8)
    pen.text("Build only with a building icon from a contract you just finished.", 4, pen.h - 14, pen.w - 20, 10,
             size=6, min_size=5, font="italic", valign="middle")


# --- money, cubes, overtime ----------------------------------------------------------------------

MONEY_FILL = {"1": "#f4f1ea", "5": "#cfe3c8", "10": "#c8d8ea", "20": "#ecd9a8"}


@painter("ore-published.money")
def money_card(pen: Pen, piece: Piece) -> None:
    value = nth(piece.game.tables["money_cards"], piece.index)
    background(pen, MONEY_FILL.get(value, "#f4f1ea"))
    pen.rect(3, 3, pen.w - 6, pen.h - 6, stroke="ink", radius=2, width=style.THIN_PT)
    pen.text(f"**${value}**", 4, pen.h / 2 - 10, pen.w - 8, 20, size=26, align="center", valign="middle")
    pen.label(f"${value}", 6, 9, size=8, font="bold")
    pen.label("Appalachian Mining Bank", pen.w / 2, pen.h - 7, size=5.5, align="center")


def _cubes(piece: Piece) -> dict:
    per = int(piece.game.tables["cubes_per_type"])
    counts = {r: per for r in piece.game.resources}
    counts["five"] = int(piece.game.tables["five_tokens"])
    return counts


def _cube_needed(piece: Piece) -> bool:
    return not (two_players(piece) and nth(_cubes(piece), piece.index) == "copper")


@painter("ore-published.cube", needed=_cube_needed)
def cube(pen: Pen, piece: Piece) -> None:
    kind = nth(_cubes(piece), piece.index)
    b = pen.bleed
    if kind == "five":
        pen.ellipse(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill="#ffffff")
        pen.circle(pen.w / 2, pen.h / 2, pen.w / 2 - 1, stroke="ink", width=style.THIN_PT)
        pen.text("**5×**", 1, 1, pen.w - 2, pen.h - 2, size=10, align="center", valign="middle")
        return
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=kind)
    pen.text(f"**{piece.game.resources[kind].letter}**", 1, 1, pen.w - 2, pen.h - 2, size=10, align="center",
             valign="middle", colour=ink_for(pen, kind))


def _overtime_needed(piece: Piece) -> bool:
    players = getattr(piece.build, "players", None)
    return players is None or (piece.index == 1) == (players == 5)


@painter("ore-published.overtime", needed=_overtime_needed)
def overtime_tile(pen: Pen, piece: Piece) -> None:
    spaces = int(piece.game.setup["overtime_spaces"]["5" if piece.index else "3"])
    background(pen, "#3f4a5a")
    who = "5 players" if piece.index else "3-4 players"
    pen.text(f"**Overtime** · {who}", 3, 1, pen.w - 6, 5, size=8, colour="#ffffff", valign="middle")
    for i in range(spaces):
        pen.circle(8 + i * 13, pen.h / 2 + 2.5, 5, fill="#ffffff", stroke="ink")
    cost = piece.game.tables["overtime_cost"]
    left = 3 + spaces * 13
    pen.text(f"Pay ${cost}: use any action space, even a taken one. Never a mine.", left, 6.5, pen.w - left - 3,
             pen.h - 8, size=7, min_size=5, colour="#ffffff", valign="middle")
