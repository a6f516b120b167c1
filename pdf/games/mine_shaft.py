"""Mine Shaft print pieces: shaft tiles (tracks as vector paths, collapsed backs), the starting
cross, the mineral counters and the two dice.

Tiles are printed in their unrotated orientation (the openings listed in [tables].openings);
players turn them at the table. All lengths are millimetres in the piece's local frame.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from companion.mine_shaft.data.tiles import read_tiles

from .. import style
from ..generic import DIE_CELLS, die_net, die_net_size
from ..painters import Piece, painter
from ..pen import Pen
from .mine_shaft_art import (ICON_NAMES, QUAKE, QUAKE_LENGTHS, TRACK, Art, Placed, art, draw_pickaxe, draw_tracks,
                              drawing)

COLOUR_LETTER = {"yellow": "Y", "blue": "B", "red": "R", "green": "G"}
# Corners used for slots in order of preference: (x, y) as fractions of the side. The curve
# runs through the north-east corner's quarter, so that corner comes last.
SLOT_CORNERS = ((0, 1), (1, 1), (0, 0), (1, 0))
TILE = ("colour-badge", "marking", "marking-one", "badge", "badge-name", "collapsed", "start-disc",
        "start-plate", "slot")
TILE_LENGTHS = TRACK + ("frame",)
MINERAL = ("icon",)


@lru_cache
def _designs(root: str) -> tuple[dict, ...]:
    """The tile designs, one entry per printed tile, in tiles.csv order."""
    from companion.data import load_game

    data = load_game("mine-shaft", root)
    out = []
    for row in read_tiles(data):
        out.extend([dict(row.values)] * row.qty)
    return tuple(out)


def _design(piece: Piece) -> dict:
    return _designs(str(piece.game.root))[piece.index]


# --- boxes from layouts.toml ---------------------------------------------------------------------

def tile_art(pen: Pen, piece: Piece) -> Art:
    """The tile layout's boxes and lengths, scaled to the tile being drawn."""
    return art(piece, "tile", TILE, TILE_LENGTHS, min(pen.w, pen.h))


def plate(pen: Pen, b: Placed) -> None:
    """A rect or circle box with its fill and outline."""
    if b.get("kind") == "circle":
        pen.ellipse(b.x, b.y, b.w, b.h, fill=b.get("fill"), stroke=b.get("stroke"),
                    width=b.get("stroke_width", style.THIN_PT))
    else:
        pen.rect(b.x, b.y, b.w, b.h, fill=b.get("fill"), stroke=b.get("stroke"),
                 width=b.get("stroke_width", style.THIN_PT), radius=b.length("radius"))


def plate_text(pen: Pen, b: Placed, text: str, colour: str = style.INK) -> None:
    pen.text(text, b.x, b.y, b.w, b.h, font=b.get("font", "bold"), size=b.get("size", style.LABEL_PT),
             min_size=b.get("min_size"), align="center", valign="middle", colour=b.get("colour", colour))


# --- rock, frame, slots and markings -------------------------------------------------------------

def _rock(pen: Pen, piece: Piece, name: str = "rock") -> None:
    """The rock a tile is cut from (``name``: its drawing in layouts.toml), out through the bleed."""
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=piece.game.layouts[name].background)
    drawing(pen, piece, name, 0.0, 0.0, min(pen.w, pen.h))


def _frame(pen: Pen, a: Art, colour: str) -> None:
    """The tile's colour as a frame inside the trim, with its initial (colour is never the only cue)."""
    if colour == "none":
        return
    f = a.length("frame")
    b = pen.bleed
    for x, y, w, h in ((-b, -b, pen.w + 2 * b, f + b), (-b, pen.h - f, pen.w + 2 * b, f + b),
                       (-b, -b, f + b, pen.h + 2 * b), (pen.w - f, -b, f + b, pen.h + 2 * b)):
        pen.rect(x, y, w, h, fill=colour)
    badge = a.box("colour-badge")
    pen.ellipse(badge.x, badge.y, badge.w, badge.h, fill=colour, stroke=badge.get("stroke"),
                width=badge.get("stroke_width"))
    plate_text(pen, badge, COLOUR_LETTER[colour],
               style.DARK_ON_LIGHT if colour in ("yellow",) else style.LIGHT_ON_DARK)


def _slots(pen: Pen, a: Art, count: int, shape: str) -> None:
    """The mineral slots: the layout's top-left slot, mirrored into the corners in use."""
    slot = a.box("slot")
    inset_x, inset_y, radius = slot.x + slot.w / 2, slot.y + slot.h / 2, slot.w / 2
    corners = SLOT_CORNERS if shape == "curve" else ((0, 1), (1, 1), (1, 0), (0, 0))
    for fx, fy in corners[:count]:
        x = inset_x if fx == 0 else pen.w - inset_x
        y = inset_y if fy == 0 else pen.h - inset_y
        pen.circle(x, y, radius, fill=slot.get("fill"), stroke=slot.get("stroke"), width=slot.get("stroke_width"))


def _marking(pen: Pen, a: Art, players: str) -> None:
    """Player-count marking, centred at the bottom edge as the rulebook places it."""
    if players == "all":
        return
    text = "3-4" if players == "3-4" else "4"
    b = a.box("marking" if len(text) > 1 else "marking-one")
    plate(pen, b)
    plate_text(pen, b, text)


# --- advanced icons ------------------------------------------------------------------------------

def draw_icon_badge(pen: Pen, piece: Piece, a: Art, icon: str) -> None:
    """An advanced tile's icon (its drawing ``icon-<name>``) in a disc, its name on a plate."""
    disc = a.box("badge")
    plate(pen, disc)
    drawing(pen, piece, f"icon-{icon}", disc.x, disc.y, disc.w)
    name = a.box("badge-name")
    plate(pen, name)
    plate_text(pen, name, ICON_NAMES[icon])


def draw_collapsed(pen: Pen, piece: Piece, a: Art) -> None:
    """The back of a shaft tile: the tunnel caved in."""
    _rock(pen, piece, "collapsed")
    word = a.box("collapsed")
    pen.label(word.get("text"), word.x + word.w / 2, word.y, size=word.get("size"), font=word.get("font"),
              colour=word.get("colour"), align="center")


def _openings(piece: Piece, shape: str) -> str:
    return piece.game.tables["openings"][shape]


def tile_needed(piece: Piece) -> bool:
    """A ``--players`` build prints the tiles whose marking is in play for that many players
    ([setup].markings); ``--variant basic`` leaves out the tiles with an advanced icon."""
    d = _design(piece)
    players = getattr(piece.build, "players", None)
    if players is not None and d["players"] not in piece.game.setup["markings"][str(players)]:
        return False
    return not (getattr(piece.build, "variant", None) == "basic" and d["icon"])


@painter("mine-shaft.tiles", backs=True, needed=tile_needed)
def shaft_tile(pen: Pen, piece: Piece) -> None:
    a = tile_art(pen, piece)
    if piece.side == "back":
        draw_collapsed(pen, piece, a)
        return
    d = _design(piece)
    _rock(pen, piece)
    _frame(pen, a, d["colour"])
    _slots(pen, a, d["slots"], d["shape"])
    draw_tracks(pen, a, _openings(piece, d["shape"]), d["shape"] == "curve")
    if d["icon"]:
        draw_icon_badge(pen, piece, a, d["icon"])
    _marking(pen, a, d["players"])


@painter("mine-shaft.start-tile")
def start_tile(pen: Pen, piece: Piece) -> None:
    a = tile_art(pen, piece)
    _rock(pen, piece)
    draw_tracks(pen, a, piece.game.tables["start_openings"], False)
    disc = a.box("start-disc")
    plate(pen, disc)
    drawing(pen, piece, "headframe", disc.x, disc.y, disc.w)  # a small headframe and its sheave wheel
    # on a light plate: white letters on the pale tunnel cut would be lost
    label = a.box("start-plate")
    plate(pen, label)
    plate_text(pen, label, label.get("text"))


# --- counters and dice ---------------------------------------------------------------------------

def _mineral_of(piece: Piece) -> str:
    counts = piece.game.tables["bag"]   # the counters are the bag's: components.minerals counts them
    index = piece.index
    for kind, n in counts.items():
        if index < n:
            return kind
        index -= n
    raise KeyError(f"counts for piece {piece.index + 1}")


@painter("mine-shaft.minerals", backs=True)
def mineral(pen: Pen, piece: Piece) -> None:
    """Both sides alike, so a counter drawn from the bag shows its kind whichever way it lands."""
    kind = _mineral_of(piece)
    b = pen.bleed
    pen.ellipse(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=piece.game.layouts["mineral"].background)
    icon = art(piece, "mineral", MINERAL, side=min(pen.w, pen.h)).box("icon")
    pen.icon(kind, icon.x, icon.y, icon.w)


def _dice_faces(piece: Piece) -> list:
    tables = piece.game.tables
    if piece.index == 0:
        faces = []
        for face in tables["die_a"]:
            if face == "quake":
                faces.append({"colour": "quake-face"})  # the pickaxe is drawn over it by ``dice``
            else:  # the colour's name: a bare "B" for blue would read as die B
                faces.append({"text": face.capitalize(), "colour": face})
        return faces
    return [str(v) for v in tables["die_b"]]


@painter("mine-shaft.dice", size=die_net_size)
def dice(pen: Pen, piece: Piece) -> None:
    """Die A (four colours, two quakes) and die B (1-3 twice), through the generic net."""
    options = dict(piece.component.options)
    options["faces"] = _dice_faces(piece)
    options.setdefault("colour", style.DIE_FACE)
    die_net(pen, replace(piece, component=replace(piece.component, options=options)))
    if piece.index == 0:
        size = piece.component.size_mm[0]
        quake = art(piece, "quake", QUAKE, QUAKE_LENGTHS, size)
        for face, (col, row) in zip(piece.game.tables["die_a"], DIE_CELLS):
            if face == "quake":
                draw_pickaxe(pen, piece, quake, col * size, row * size)
