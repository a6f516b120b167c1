"""Mine Shaft print pieces: shaft tiles (tracks as vector paths, collapsed backs), the starting
cross, the mineral counters and the two dice.

Tiles are printed in their unrotated orientation (the openings listed in [tables].openings);
players turn them at the table. All lengths are millimetres in the piece's local frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from companion.data.units import parse_length
from companion.mine_shaft.tiledata import read_tiles

from .. import style
from ..generic import DIE_CELLS, die_net, die_net_size
from ..painters import Piece, painter
from ..pen import Pen
from ..units import pt

# Track art, as fractions of the tile side so any tile size works.
BAND = 0.34        # width of the tunnel cut through the rock
RAIL_GAP = 0.11    # distance between the two rails
SLEEPER_STEP = 0.085
SLOT = 0.12        # radius of a mineral slot
SLOT_INSET = 0.17  # centre of a corner slot from the two edges
FRAME = 0.05       # the colour frame around the tile's edge

ROCK = "rock"
ROCK_DARK = "rock_dark"
TUNNEL = "tunnel-cut"
SLEEPER = "sleeper"
RAIL = "rail-steel"
MARK_BG = "plate"
COLOUR_LETTER = {"yellow": "Y", "blue": "B", "red": "R", "green": "G"}
# Corners used for slots in order of preference: (x, y) as fractions of the side. The curve
# runs through the north-east corner's quarter, so that corner comes last.
SLOT_CORNERS = ((0, 1), (1, 1), (0, 0), (1, 0))
MIDPOINT = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}


@lru_cache(maxsize=4)
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

@dataclass(frozen=True)
class Placed:
    """A layouts.toml box scaled to the tile being drawn (millimetres in the pen's frame)."""

    x: float
    y: float
    w: float
    h: float
    props: dict

    def get(self, key: str, default=None):
        return self.props.get(key, default)

    def length(self, key: str) -> float:
        return parse_length(self.props[key]) * self.props["_scale"] if key in self.props else 0.0


def box(pen: Pen, name: str) -> Placed:
    layout = pen.game.layouts["tile"]
    found = next(b for b in layout.boxes if b.name == name)
    k = min(pen.w, pen.h) / layout.size_mm[0]
    return Placed(found.x * k, found.y * k, found.w * k, found.h * k, {**found.props, "kind": found.kind, "_scale": k})


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


# --- track art ---------------------------------------------------------------------------------

def _stroke(pen: Pen, colour: str, width_mm: float, cap: int = 0):
    c = pen.canvas
    c.setStrokeColor(pen.colour(colour))
    c.setLineWidth(pt(width_mm))
    c.setLineCap(cap)
    return c


def _arc_path(pen: Pen, corner: tuple[float, float], radius: float, start: float):
    """A quarter circle about ``corner`` (local mm) starting at ``start`` degrees (PDF angles)."""
    c = pen.canvas
    path = c.beginPath()
    cx, cy = pt(corner[0]), pt(pen.h - corner[1])
    r = pt(radius)
    path.arc(cx - r, cy - r, cx + r, cy + r, start, 90)
    return path


def _curve_geometry(pen: Pen, edges: str) -> tuple[tuple[float, float], float]:
    """Corner shared by two adjacent open edges, and the PDF angle the quarter arc starts at."""
    x = pen.w if "E" in edges else 0.0
    y = 0.0 if "N" in edges else pen.h
    angles = []
    for e in edges:
        mx, my = MIDPOINT[e][0] * pen.w, MIDPOINT[e][1] * pen.h
        angles.append(math.degrees(math.atan2(-(my - y), mx - x)) % 360)
    a, b = sorted(angles)
    start = a if b - a == 90 else b
    return (x, y), start


def draw_tracks(pen: Pen, edges: str, curve: bool) -> None:
    side = min(pen.w, pen.h)
    band, gap = BAND * side, RAIL_GAP * side
    cx, cy = pen.w / 2, pen.h / 2
    c = pen.canvas
    if curve:
        corner, start = _curve_geometry(pen, edges)
        radius = side / 2
        _stroke(pen, TUNNEL, band)
        c.drawPath(_arc_path(pen, corner, radius, start), stroke=1, fill=0)
        _stroke(pen, SLEEPER, gap * 1.9)
        c.setDash([pt(0.9), pt(SLEEPER_STEP * side - 0.9)])
        c.drawPath(_arc_path(pen, corner, radius, start), stroke=1, fill=0)
        c.setDash([])
        for r in (radius - gap / 2, radius + gap / 2):
            _stroke(pen, RAIL, 0.7)
            c.drawPath(_arc_path(pen, corner, r, start), stroke=1, fill=0)
        return
    ends = [(MIDPOINT[e][0] * pen.w, MIDPOINT[e][1] * pen.h) for e in edges]
    for ex, ey in ends:  # the tunnel cut, with a rounded heart where shafts meet
        pen.line(cx, cy, ex, ey, colour=TUNNEL, width=pt(band))
    pen.circle(cx, cy, band / 2, fill=TUNNEL)
    for ex, ey in ends:
        dx, dy = ex - cx, ey - cy
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        step = SLEEPER_STEP * side
        d = step / 2
        while d < length:
            px, py = cx + ux * d, cy + uy * d
            pen.line(px - uy * gap * 0.95, py + ux * gap * 0.95, px + uy * gap * 0.95, py - ux * gap * 0.95,
                     colour=SLEEPER, width=pt(0.9))
            d += step
        for off in (-gap / 2, gap / 2):
            pen.line(cx - uy * off, cy + ux * off, ex - uy * off, ey + ux * off, colour=RAIL, width=2.0)
    if len(edges) == 1:  # end of shaft: a rock face closes the tunnel at the centre
        ex, ey = ends[0]
        ux, uy = (cx - ex) / math.hypot(cx - ex, cy - ey), (cy - ey) / math.hypot(cx - ex, cy - ey)
        pen.circle(cx, cy, band / 2, fill=ROCK)
        pen.line(cx - uy * band / 2, cy + ux * band / 2, cx + uy * band / 2, cy - ux * band / 2,
                 colour=ROCK_DARK, width=3.0)
        pen.circle(cx + ux * band * 0.2, cy + uy * band * 0.2, band * 0.12, fill=ROCK_DARK)


def _rock(pen: Pen, fill: str = ROCK) -> None:
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=fill)
    side = min(pen.w, pen.h)
    # a few fixed pebbles so the rock reads as rock; the same on every tile (reproducible)
    for fx, fy, fr in ((0.08, 0.3, 0.025), (0.3, 0.08, 0.02), (0.72, 0.9, 0.022), (0.92, 0.68, 0.018),
                       (0.1, 0.72, 0.016), (0.9, 0.12, 0.02)):
        pen.circle(fx * pen.w, fy * pen.h, fr * side, fill=ROCK_DARK)


def _frame(pen: Pen, colour: str) -> None:
    """The tile's colour as a frame inside the trim, with its initial (colour is never the only cue)."""
    if colour == "none":
        return
    f = FRAME * min(pen.w, pen.h)
    b = pen.bleed
    for x, y, w, h in ((-b, -b, pen.w + 2 * b, f + b), (-b, pen.h - f, pen.w + 2 * b, f + b),
                       (-b, -b, f + b, pen.h + 2 * b), (pen.w - f, -b, f + b, pen.h + 2 * b)):
        pen.rect(x, y, w, h, fill=colour)
    badge = box(pen, "colour-badge")
    pen.ellipse(badge.x, badge.y, badge.w, badge.h, fill=colour, stroke=badge.get("stroke"),
                width=badge.get("stroke_width"))
    plate_text(pen, badge, COLOUR_LETTER[colour],
               style.DARK_ON_LIGHT if colour in ("yellow",) else style.LIGHT_ON_DARK)


def _slots(pen: Pen, count: int, shape: str) -> None:
    side = min(pen.w, pen.h)
    corners = SLOT_CORNERS if shape == "curve" else ((0, 1), (1, 1), (1, 0), (0, 0))
    for fx, fy in corners[:count]:
        x = SLOT_INSET * side if fx == 0 else pen.w - SLOT_INSET * side
        y = SLOT_INSET * side if fy == 0 else pen.h - SLOT_INSET * side
        pen.circle(x, y, SLOT * side, fill=ROCK_DARK, stroke="slot-rim", width=0.8)


def _marking(pen: Pen, players: str) -> None:
    """Player-count marking, centred at the bottom edge as the rulebook places it."""
    if players == "all":
        return
    text = "3-4" if players == "3-4" else "4"
    b = box(pen, "marking" if len(text) > 1 else "marking-one")
    plate(pen, b)
    plate_text(pen, b, text)


# --- advanced icons ------------------------------------------------------------------------------

ICON_NAMES = {"swap": "Swap", "fire": "Fire!", "fuse": "Timed fuse", "porous": "Porous rock",
              "kart": "Mine kart", "tunnel": "Tunnel", "help": "Call for help"}


def _glyph(pen: Pen, icon: str, cx: float, cy: float, r: float) -> None:
    ink = style.INK
    if icon == "swap":
        for sgn in (1, -1):
            y = cy - sgn * r * 0.3
            pen.line(cx - sgn * r * 0.55, y, cx + sgn * r * 0.45, y, colour=ink, width=2.2)
            tip = cx + sgn * r * 0.65
            pen.polygon([(tip, y), (tip - sgn * r * 0.35, y - r * 0.25), (tip - sgn * r * 0.35, y + r * 0.25)],
                        fill=ink)
    elif icon == "fire":
        pen.polygon([(cx, cy - r * 0.8), (cx + r * 0.55, cy + r * 0.1), (cx + r * 0.35, cy + r * 0.65),
                     (cx - r * 0.35, cy + r * 0.65), (cx - r * 0.55, cy + r * 0.1)], fill="fire")
        pen.polygon([(cx, cy - r * 0.2), (cx + r * 0.25, cy + r * 0.3), (cx, cy + r * 0.6),
                     (cx - r * 0.25, cy + r * 0.3)], fill="flame")
    elif icon == "fuse":
        pen.circle(cx - r * 0.1, cy + r * 0.15, r * 0.5, fill=ink)
        pen.line(cx + r * 0.2, cy - r * 0.25, cx + r * 0.5, cy - r * 0.6, colour="fuse-cord", width=2.0)
        pen.circle(cx + r * 0.55, cy - r * 0.68, r * 0.14, fill="fuse-spark")
    elif icon == "porous":
        pen.circle(cx, cy, r * 0.62, fill="porous-rock")
        for dx, dy, rr in ((-0.25, -0.2, 0.12), (0.2, -0.1, 0.1), (0.0, 0.28, 0.13), (-0.3, 0.2, 0.07)):
            pen.circle(cx + dx * r, cy + dy * r, rr * r, fill="porous-hole")
    elif icon == "kart":
        pen.polygon([(cx - r * 0.7, cy - r * 0.3), (cx + r * 0.7, cy - r * 0.3), (cx + r * 0.5, cy + r * 0.25),
                     (cx - r * 0.5, cy + r * 0.25)], fill="kart")
        for dx in (-0.32, 0.32):
            pen.circle(cx + dx * r, cy + r * 0.42, r * 0.17, fill=ink)
        pen.circle(cx - r * 0.2, cy - r * 0.38, r * 0.15, fill="kart-gold")
        pen.circle(cx + r * 0.15, cy - r * 0.4, r * 0.15, fill="kart-coal")
    elif icon == "tunnel":
        pen.polygon([(cx - r * 0.6, cy + r * 0.5)] + [
            (cx + r * 0.6 * math.cos(math.radians(a)), cy - r * 0.6 * math.sin(math.radians(a)) + r * 0.1)
            for a in range(180, -1, -15)] + [(cx + r * 0.6, cy + r * 0.5)], fill="tunnel-mouth")
    elif icon == "help":
        pen.label("SOS", cx, cy + r * 0.22, size=pt(r) * 0.72, font="bold", colour="help", align="center")


def draw_icon_badge(pen: Pen, icon: str) -> None:
    disc = box(pen, "badge")
    plate(pen, disc)
    _glyph(pen, icon, disc.x + disc.w / 2, disc.y + disc.h / 2, disc.w / 2)
    name = box(pen, "badge-name")
    plate(pen, name)
    plate_text(pen, name, ICON_NAMES[icon])


def draw_collapsed(pen: Pen) -> None:
    """The back of a shaft tile: the tunnel caved in."""
    _rock(pen, ROCK_DARK)
    side = min(pen.w, pen.h)
    for fx, fy, fr in ((0.3, 0.35, 0.12), (0.62, 0.3, 0.1), (0.5, 0.55, 0.15), (0.28, 0.68, 0.09),
                       (0.72, 0.66, 0.11), (0.48, 0.82, 0.07), (0.18, 0.45, 0.06), (0.84, 0.44, 0.06)):
        x, y, r = fx * pen.w, fy * pen.h, fr * side
        pen.polygon([(x - r, y + r * 0.4), (x - r * 0.5, y - r * 0.7), (x + r * 0.4, y - r * 0.8),
                     (x + r, y + r * 0.1), (x + r * 0.3, y + r * 0.8)], fill="rubble", stroke="rubble-edge", width=0.6)
    crack = [(0.1, 0.1), (0.3, 0.22), (0.42, 0.18), (0.55, 0.4), (0.7, 0.45), (0.9, 0.9)]
    for (x1, y1), (x2, y2) in zip(crack, crack[1:]):
        pen.line(x1 * pen.w, y1 * pen.h, x2 * pen.w, y2 * pen.h, colour="crack", width=1.4)
    word = box(pen, "collapsed")
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
    if piece.side == "back":
        draw_collapsed(pen)
        return
    d = _design(piece)
    _rock(pen)
    _frame(pen, d["colour"])
    _slots(pen, d["slots"], d["shape"])
    draw_tracks(pen, _openings(piece, d["shape"]), d["shape"] == "curve")
    if d["icon"]:
        draw_icon_badge(pen, d["icon"])
    _marking(pen, d["players"])


@painter("mine-shaft.start-tile")
def start_tile(pen: Pen, piece: Piece) -> None:
    _rock(pen)
    draw_tracks(pen, piece.game.tables["start_openings"], False)
    disc = box(pen, "start-disc")
    plate(pen, disc)
    # a small headframe: two legs, a cross-beam and the sheave wheel
    r = disc.w / 2
    cx, cy = disc.x + r, disc.y + r
    pen.line(cx - r * 0.5, cy + r * 0.6, cx, cy - r * 0.55, colour=style.INK, width=1.6)
    pen.line(cx + r * 0.5, cy + r * 0.6, cx, cy - r * 0.55, colour=style.INK, width=1.6)
    pen.line(cx - r * 0.3, cy + r * 0.15, cx + r * 0.3, cy + r * 0.15, colour=style.INK, width=1.2)
    pen.circle(cx, cy - r * 0.55, r * 0.2, stroke=style.INK, width=1.2, fill="plate")
    # on a light plate: white letters on the pale tunnel cut would be lost
    label = box(pen, "start-plate")
    plate(pen, label)
    plate_text(pen, label, label.get("text"))


# --- counters and dice ---------------------------------------------------------------------------

def _mineral_of(piece: Piece) -> str:
    counts = piece.option("counts", {})
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
    pen.ellipse(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill="counter")
    side = min(pen.w, pen.h) * 0.78
    pen.icon(kind, (pen.w - side) / 2, (pen.h - side) / 2, side)


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
        for face, (col, row) in zip(piece.game.tables["die_a"], DIE_CELLS):
            if face == "quake":
                draw_pickaxe(pen, col * size, row * size, size)


def draw_pickaxe(pen: Pen, x: float, y: float, s: float) -> None:
    """The quake face of die A: the rulebook shows the quake as a pickaxe. A wooden handle
    from lower left to upper right, a curved iron head across its top, the word below."""
    hx, hy = x + 0.64 * s, y + 0.28 * s                   # where handle meets head
    ux, uy = 0.43 / math.hypot(0.43, 0.5), -0.5 / math.hypot(0.43, 0.5)  # along the handle, upwards
    vx, vy = -uy, ux                                      # across it
    upper, lower = [], []
    for i in range(-10, 11):
        t = i / 10
        cx = hx + vx * t * 0.36 * s - ux * t * t * 0.12 * s
        cy = hy + vy * t * 0.36 * s - uy * t * t * 0.12 * s
        half = (0.06 * (1 - t * t) + 0.008) * s
        upper.append((cx + ux * half, cy + uy * half))
        lower.append((cx - ux * half, cy - uy * half))
    pen.polygon(upper + lower[::-1], fill="pickaxe-head", stroke=style.INK, width=0.5)
    # the handle runs through the head's eye and shows just above it
    pen.line(hx - ux * 0.5 * s, hy - uy * 0.5 * s, hx + ux * 0.1 * s, hy + uy * 0.1 * s,
             colour="pickaxe-handle", width=pt(0.075 * s))
    pen.label("QUAKE", x + s / 2, y + 0.92 * s, size=0.26 * s, font="bold", colour="quake-word", align="center")
