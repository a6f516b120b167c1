"""Ore (published edition): mine cards, contracts, buildings, money cards, resource cubes and
overtime tiles, drawn from the catalogue the companion plays with; every position, size and
colour from the named boxes of ``cards_data/ore-published/layouts.toml``. A ``--players 2``
build prints the two-player set: no copper, only cards with the two-player mark, no overtime."""

from __future__ import annotations

from dataclasses import replace

from companion.ore_published.data import build_catalog

from .. import style
from ..boxes import boxes, fill_box, label_box, line_box, moved, text_box
from ..painters import Piece, painter
from ..pen import Pen
from .ore import _background as background, _ink_for as ink_for, _nth as nth, mine_head, per_data  # shared

CARD_BG = "paper"
CARD_BACK = ("frame", "title")
MINE = ("band", "name", "price-note", "price-disc", "price", "row", "level-line", "space", "worker", "amount",
        "cage", "bottom-note")
CONTRACT = ("band", "title", "vp", "rows", "row", "items", "pay", "building", "building-letter", "two-players",
            "two-players-digit", "footer")
BUILDING = ("band", "name", "vp", "cost-label", "cost", "panel", "when-built", "text", "plain-text", "two-players",
            "two-players-digit", "footer")
MONEY = ("frame", "value", "corner", "bank")
CUBE = ("square", "five-disc", "five-ring", "letter", "icon")
OVERTIME = ("title", "spot", "text")

catalog = per_data(build_catalog)  # the catalogue the companion plays with, once per data read


def two_players(piece: Piece) -> bool:
    return getattr(piece.build, "players", None) == 2


def card_back(pen: Pen, piece: Piece, fill: str, title: str) -> None:
    b = boxes(piece, "card-back", CARD_BACK)
    background(pen, fill)
    fill_box(pen, b["frame"])
    text_box(pen, b["title"], f"**ORE**\n{title}", colour=ink_for(pen, fill))


def two_player_mark(pen: Pen, b: dict) -> None:
    fill_box(pen, b["two-players"])
    label_box(pen, b["two-players-digit"], "2")


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
        card_back(pen, piece, card.res, f"{name} mine")
        return
    b = boxes(piece, "mine", MINE)
    mine_head(pen, b, card, f"**{name} mine**", f"sets the {name.lower()} price")
    row = b["row"]
    for index, (amount, cage) in enumerate(zip(card.spaces, card.cages)):
        y = row.y + index * row.h
        if index and cage != card.cages[index - 1]:
            line_box(pen, moved(b["level-line"], dy=y))
        fill_box(pen, moved(b["space"], dy=y), cage=cage)
        fill_box(pen, moved(b["worker"], dy=y))
        text_box(pen, moved(b["amount"], dy=y), f"**{amount}** :{card.res}:")
        if cage:
            label_box(pen, moved(b["cage"], dy=y), f"cage side {cage}")
    bottom = row.y + len(card.spaces) * row.h
    line_box(pen, moved(b["level-line"], dy=bottom))
    note = b["bottom-note"]
    top = bottom + note.get("gap_mm")
    text_box(pen, replace(note, y=top, h=note.y + note.h - top),
             "Workers sink one space each collection; below a thick line they need that cage side.")


# --- contracts -----------------------------------------------------------------------------------

def _contracts(piece: Piece) -> list:
    return list(catalog(piece).contracts.values())


def _contract_needed(piece: Piece) -> bool:
    return not two_players(piece) or _contracts(piece)[piece.index].two_player


@painter("ore-published.contract", backs=True, needed=_contract_needed)
def contract_card(pen: Pen, piece: Piece) -> None:
    card = _contracts(piece)[piece.index]
    if piece.side == "back":
        card_back(pen, piece, "contract", "Contract")
        return
    b = boxes(piece, "contract", CONTRACT)
    background(pen, CARD_BG)
    fill_box(pen, b["band"])
    text_box(pen, b["title"], "**Contract**")
    text_box(pen, b["vp"], f"**{card.vp}** :vp:")
    rows, frame = b["rows"], b["row"]
    row_h = min(frame.h + frame.get("gap_mm"), rows.h / max(1, len(card.rows)))
    shorter = frame.h + frame.get("gap_mm") - row_h   # taken off the height of every box in a row
    for index, row in enumerate(card.rows):
        y = rows.y + index * row_h
        fill_box(pen, replace(frame, y=y + frame.y, h=frame.h - shorter))
        cubes = "  ".join("/".join(f":{r}:" for r in item) for item in row.items)
        for name, text in (("items", cubes), ("pay", f"**${row.pay}**")):
            text_box(pen, replace(b[name], y=y + b[name].y, h=b[name].h - shorter), text)
    icon, letter = b["building"], b["building-letter"]
    for i in range(card.buildings):
        dx = i * (icon.w + icon.get("gap_mm"))
        fill_box(pen, moved(icon, dx))
        label_box(pen, moved(letter, dx), "B")
    if card.two_player:
        two_player_mark(pen, b)
    text_box(pen, b["footer"], "One row each business phase, top first; miss one and the card is gone.")


# --- buildings -----------------------------------------------------------------------------------

def _building_needed(piece: Piece) -> bool:
    cat = catalog(piece)
    return not two_players(piece) or cat.building(cat.building_copies()[piece.index]).two_player


@painter("ore-published.building", backs=True, needed=_building_needed)
def building_card(pen: Pen, piece: Piece) -> None:
    cat = catalog(piece)
    card = cat.building(cat.building_copies()[piece.index])
    if piece.side == "back":
        card_back(pen, piece, "building", "Building permit")
        return
    b = boxes(piece, "building", BUILDING)
    background(pen, CARD_BG)
    fill_box(pen, b["band"])
    text_box(pen, b["name"], f"**{card.name}**")
    text_box(pen, b["vp"], f"**{card.vp}** :vp:")
    text_box(pen, b["cost-label"], "Cost")
    text_box(pen, b["cost"], " + ".join([f"**${card.money}**"] + [f":{r}:" for r in card.cubes]))
    fill_box(pen, b["panel"])
    if card.effect:
        text_box(pen, b["when-built"], "**When built**")
    text_box(pen, b["text" if card.effect else "plain-text"], card.text)
    if card.two_player:
        two_player_mark(pen, b)
    text_box(pen, b["footer"], "Build only with a building icon from a contract you just finished.")


# --- money, cubes, overtime ----------------------------------------------------------------------

@painter("ore-published.money")
def money_card(pen: Pen, piece: Piece) -> None:
    b = boxes(piece, "money", MONEY)
    value = nth(piece.game.tables["money_cards"], piece.index)
    background(pen, f"money-{value}")
    fill_box(pen, b["frame"])
    text_box(pen, b["value"], f"**${value}**")
    label_box(pen, b["corner"], f"${value}")
    label_box(pen, b["bank"], "Appalachian Mining Bank")


def _cubes(piece: Piece) -> dict:
    per = int(piece.game.tables["cubes_per_type"])
    counts = {r: per for r in piece.game.resources}
    counts["five"] = int(piece.game.tables["five_tokens"])
    return counts


def _cube_needed(piece: Piece) -> bool:
    return not (two_players(piece) and nth(_cubes(piece), piece.index) == "copper")


@painter("ore-published.cube", needed=_cube_needed)
def cube(pen: Pen, piece: Piece) -> None:
    b = boxes(piece, "cube", CUBE)
    kind = nth(_cubes(piece), piece.index)
    if kind == "five":
        fill_box(pen, b["five-disc"])
        fill_box(pen, b["five-ring"])
        text_box(pen, b["letter"], "**5×**")
        return
    fill_box(pen, b["square"], kind=kind)
    # the resource's own shape (with its letter) on the cube: told apart by shape, not colour alone
    icon = b["icon"]
    pen.icon(kind, icon.x, icon.y, min(icon.w, icon.h))


def _overtime_tile(piece: Piece) -> tuple[int, list[int]]:
    """The spaces on overtime tile ``piece.index`` and the player counts it serves: one tile per
    number of spaces in ``setup.overtime_spaces``, fewest first."""
    by_spaces: dict[int, list[int]] = {}
    for players, spaces in sorted(piece.game.setup["overtime_spaces"].items(), key=lambda kv: int(kv[0])):
        if int(spaces):
            by_spaces.setdefault(int(spaces), []).append(int(players))
    spaces = sorted(by_spaces)[piece.index]
    return spaces, by_spaces[spaces]


def _overtime_needed(piece: Piece) -> bool:
    players = getattr(piece.build, "players", None)
    return players is None or players in _overtime_tile(piece)[1]


def _overtime_title(game, component, build) -> str:
    """The tile a ``--players`` build prints, named for its table ("Overtime tile (3-4
    players)"), not the whole box's "3-4 and 5 players"."""
    players = getattr(build, "players", None)
    if players is None:
        return component.name
    for index in range(component.count):
        spaces, counts = _overtime_tile(Piece(game, component, index, "front", build))
        if players in counts:
            who = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
            return f"Overtime tile ({who} players)"
    return component.name


@painter("ore-published.overtime", needed=_overtime_needed, title=_overtime_title)
def overtime_tile(pen: Pen, piece: Piece) -> None:
    b = boxes(piece, "overtime", OVERTIME)
    spaces, counts = _overtime_tile(piece)
    background(pen, piece.game.layouts["overtime"].background)
    who = f"{counts[0]}-{counts[-1]} players" if len(counts) > 1 else f"{counts[0]} players"
    text_box(pen, b["title"], f"**Overtime** · {who}")
    spot, text = b["spot"], b["text"]
    pitch = spot.w + spot.get("gap_mm")
    for i in range(spaces):
        fill_box(pen, moved(spot, i * pitch))
    left = spot.x + spaces * pitch
    cost = piece.game.tables["overtime_cost"]
    text_box(pen, replace(text, x=left, w=text.x + text.w - left),
             f"Pay ${cost}: use any action space, even a taken one. Never a mine.")
