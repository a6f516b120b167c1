"""Mine Shaft's art as ``cards_data/mine-shaft/layouts.toml`` gives it: named boxes and lengths
scaled to the piece being drawn, the drawings (rock, rubble, headframe, icons) shape by shape,
the track through a tile and the pickaxe on die A's quake face.

A painter asks for the boxes and lengths it knows by name (``art``); a name the file has and
the drawing does not know, or one the drawing needs and the file lacks, is a data problem at
the file's line, found by ``check`` and ``build`` alike. All lengths are millimetres in the
piece's local frame, y down; stroke widths are points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.data.units import parse_length
from companion.errors import DataError, Problem

from .. import style
from ..boxes import boxes
from ..painters import Piece
from ..pen import Pen
from ..units import pt

TUNNEL = "tunnel-cut"
SLEEPER = "sleeper"
RAIL = "rail-steel"
ROCK = "rock"
ROCK_DARK = "rock_dark"
HANDLE = "pickaxe-handle"
MIDPOINT = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}
RIGHT_ANGLE, HALF_TURN, FULL_TURN = math.degrees(math.pi / 2), math.degrees(math.pi), math.degrees(2 * math.pi)


@dataclass(frozen=True)
class Placed:
    """A layouts.toml box scaled to the piece being drawn (millimetres in the pen's frame)."""

    x: float
    y: float
    w: float
    h: float
    props: dict

    def get(self, key: str, default=None):
        return self.props.get(key, default)

    def length(self, key: str) -> float:
        return parse_length(self.props[key]) * self.props["_scale"] if key in self.props else 0.0


@dataclass(frozen=True)
class Art:
    """The named boxes and lengths of one layout, scaled by ``scale``."""

    boxes: dict
    lengths: dict
    scale: float

    def box(self, name: str) -> Placed:
        found, k = self.boxes[name], self.scale
        return Placed(found.x * k, found.y * k, found.w * k, found.h * k,
                      {**found.props, "kind": found.kind, "_scale": k})

    def length(self, name: str) -> float:
        return self.lengths[name][0] * self.scale


def _where(piece: Piece) -> str:
    return str(piece.game.root / "layouts.toml")


ICON_NAMES = {"swap": "Swap", "fire": "Fire!", "fuse": "Timed fuse", "porous": "Porous rock",
              "kart": "Mine kart", "tunnel": "Tunnel", "help": "Call for help"}
LAYOUTS = ("tile", "rock", "collapsed", "headframe") + tuple(f"icon-{i}" for i in ICON_NAMES) + ("mineral", "quake")


def _unknown_layouts(piece: Piece) -> list[Problem]:
    """Every layout in the file is one Mine Shaft draws, and every one it draws is there."""
    have = piece.game.layouts
    where = _where(piece)
    # "phone" holds the phone's picture of the mine (webapp/boards/mine_shaft.py), not printed
    problems = [Problem(where, layout.line, name, f"unknown layout {name!r}; Mine Shaft draws: {', '.join(LAYOUTS)}")
                for name, layout in have.items() if name not in LAYOUTS and name != "phone"]
    problems.extend(Problem(where, None, name, f"{piece.game.id}: the layout {name!r} is missing")
                    for name in LAYOUTS if name not in have)
    return problems


def art(piece: Piece, layout: str, box_names: tuple[str, ...], length_names: tuple[str, ...] = (),
        side: float | None = None) -> Art:
    """The boxes and lengths of ``layout`` the drawing knows, scaled from the layout's size to
    ``side`` (the piece's width if not given); every name checked against the file."""
    problems = _unknown_layouts(piece)
    spec = piece.game.layouts.get(layout)
    if spec is not None and spec.size_mm is None:
        problems.append(Problem(_where(piece), spec.line, f"{layout}.size", "needs a size to scale from"))
    if spec is None or spec.size_mm is None:  # missing: reported above
        raise DataError(problems)
    try:
        found = boxes(piece, layout, box_names)
    except DataError as exc:
        problems.extend(exc.problems)
        found = {}
    have = spec.lengths
    where = _where(piece)
    problems.extend(Problem(where, line, f"{layout}.lengths.{name}",
                            f"unknown length {name!r}; {layout} draws: {', '.join(length_names) or '(none)'}")
                    for name, (_, line) in have.items() if name not in length_names)
    missing = [name for name in length_names if name not in have]
    if missing:
        problems.append(Problem(where, spec.line, f"{layout}.lengths",
                                f"missing length{'s' if len(missing) > 1 else ''}: {', '.join(missing)}"))
    if problems:
        raise DataError(problems)
    width = piece.component.size_mm[0] if side is None else side
    return Art(found, dict(have), width / spec.size_mm[0])


# --- drawings: every shape of a layout, in the file's order --------------------------------------

def drawing(pen: Pen, piece: Piece, name: str, x: float, y: float, side: float) -> None:
    """The drawing ``name`` scaled into the ``side`` wide square whose top-left corner is (x, y)."""
    problems = _unknown_layouts(piece)
    layout = piece.game.layouts.get(name)
    if layout is not None and layout.size_mm is None:
        problems.append(Problem(_where(piece), layout.line, f"{name}.size", "needs a size to scale from"))
    if problems:
        raise DataError(problems)
    k = side / layout.size_mm[0]
    for shape in layout.boxes:
        _shape(pen, piece, name, shape, x, y, k)


def _shape(pen: Pen, piece: Piece, layout: str, b, x: float, y: float, k: float) -> None:
    fill, stroke, width = b.get("fill"), b.get("stroke"), b.get("stroke_width", style.THIN_PT)
    if b.kind == "circle":
        pen.ellipse(x + b.x * k, y + b.y * k, b.w * k, b.h * k, fill=fill, stroke=stroke, width=width)
    elif b.kind in ("polygon", "path"):
        points = [(x + (b.x + px) * k, y + (b.y + py) * k) for px, py in b.get("vertices_mm")]
        if b.kind == "polygon":
            pen.polygon(points, fill=fill, stroke=stroke, width=width)
        else:
            for (x1, y1), (x2, y2) in zip(points, points[1:]):
                pen.line(x1, y1, x2, y2, colour=stroke or style.INK, width=width)
    elif b.kind == "arch":
        _arch(pen, x + b.x * k, y + b.y * k, b.w * k, b.h * k, subdivisions(piece, layout, b), fill)
    elif b.kind == "text":
        pen.label(b.get("text", ""), x + (b.x + b.w / 2) * k, y + (b.y + b.h) * k, size=text_size(b, k),
                  font=b.get("font", "regular"), colour=b.get("colour", style.INK), align="center")
    else:
        raise DataError(Problem(_where(piece), b.get("_line"), f"{layout}.boxes.{b.name}.kind",
                                f"a drawing draws circle, polygon, path, arch and text shapes, not {b.kind!r}"))


def text_size(b, k: float) -> float:
    """A drawn word's size in points: the box's ``size`` if it has one, else as big as the box
    is high; scaled with the drawing."""
    return b.get("size") * k if b.get("size") else pt(b.h * k)


def subdivisions(piece: Piece, layout: str, b) -> int:
    """How many straight pieces a curve of box ``b`` is drawn with (the file must say)."""
    if not b.get("subdivisions"):
        raise DataError(Problem(_where(piece), b.get("_line"), f"{layout}.boxes.{b.name}.subdivisions",
                                "missing: how many straight pieces the curve is drawn with"))
    return b.get("subdivisions")


def _arch(pen: Pen, x: float, y: float, w: float, h: float, steps: int, fill: str) -> None:
    """A box whose top is a half circle as wide as the box, the curve in ``steps`` pieces."""
    radius = w / 2
    cx, cy = x + radius, y + radius
    top = [(cx + radius * math.cos(math.radians(HALF_TURN - i * HALF_TURN / steps)),
            cy - radius * math.sin(math.radians(HALF_TURN - i * HALF_TURN / steps))) for i in range(steps + 1)]
    pen.polygon([(x, y + h)] + top + [(x + w, y + h)], fill=fill)


# --- track -------------------------------------------------------------------------------------

TRACK = ("tunnel", "rail-gap", "rail", "curve-rail", "sleeper", "sleeper-width", "sleeper-step",
         "rock-face", "stone", "stone-offset")


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
    path.arc(cx - r, cy - r, cx + r, cy + r, start, RIGHT_ANGLE)
    return path


def _curve_geometry(pen: Pen, edges: str) -> tuple[tuple[float, float], float]:
    """Corner shared by two adjacent open edges, and the PDF angle the quarter arc starts at."""
    x = pen.w if "E" in edges else 0.0
    y = 0.0 if "N" in edges else pen.h
    angles = []
    for e in edges:
        mx, my = MIDPOINT[e][0] * pen.w, MIDPOINT[e][1] * pen.h
        angles.append(math.degrees(math.atan2(-(my - y), mx - x)) % FULL_TURN)
    a, b = sorted(angles)
    start = a if b - a == RIGHT_ANGLE else b
    return (x, y), start


def _curve(pen: Pen, a: Art, edges: str) -> None:
    side = min(pen.w, pen.h)
    band, gap = a.length("tunnel"), a.length("rail-gap")
    c = pen.canvas
    corner, start = _curve_geometry(pen, edges)
    radius = side / 2
    _stroke(pen, TUNNEL, band)
    c.drawPath(_arc_path(pen, corner, radius, start), stroke=1, fill=0)
    _stroke(pen, SLEEPER, a.length("sleeper"))
    thick = a.length("sleeper-width")
    c.setDash([pt(thick), pt(a.length("sleeper-step") - thick)])
    c.drawPath(_arc_path(pen, corner, radius, start), stroke=1, fill=0)
    c.setDash([])
    for r in (radius - gap / 2, radius + gap / 2):
        _stroke(pen, RAIL, a.length("curve-rail"))
        c.drawPath(_arc_path(pen, corner, r, start), stroke=1, fill=0)


def draw_tracks(pen: Pen, a: Art, edges: str, curve: bool) -> None:
    """The tunnel cut, sleepers and rails from the centre out to each open edge (a quarter
    circle between two adjacent edges on a curve)."""
    if curve:
        _curve(pen, a, edges)
        return
    band, gap = a.length("tunnel"), a.length("rail-gap")
    cx, cy = pen.w / 2, pen.h / 2
    ends = [(MIDPOINT[e][0] * pen.w, MIDPOINT[e][1] * pen.h) for e in edges]
    for ex, ey in ends:  # the tunnel cut, with a rounded heart where shafts meet
        pen.line(cx, cy, ex, ey, colour=TUNNEL, width=pt(band))
    pen.circle(cx, cy, band / 2, fill=TUNNEL)
    half, step = a.length("sleeper") / 2, a.length("sleeper-step")
    for ex, ey in ends:
        dx, dy = ex - cx, ey - cy
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        d = step / 2
        while d < length:
            px, py = cx + ux * d, cy + uy * d
            pen.line(px - uy * half, py + ux * half, px + uy * half, py - ux * half,
                     colour=SLEEPER, width=pt(a.length("sleeper-width")))
            d += step
        for off in (-gap / 2, gap / 2):
            pen.line(cx - uy * off, cy + ux * off, ex - uy * off, ey + ux * off, colour=RAIL,
                     width=pt(a.length("rail")))
    if len(edges) == 1:  # end of shaft: a rock face closes the tunnel at the centre
        ex, ey = ends[0]
        ux, uy = (cx - ex) / math.hypot(cx - ex, cy - ey), (cy - ey) / math.hypot(cx - ex, cy - ey)
        pen.circle(cx, cy, band / 2, fill=ROCK)
        pen.line(cx - uy * band / 2, cy + ux * band / 2, cx + uy * band / 2, cy - ux * band / 2,
                 colour=ROCK_DARK, width=pt(a.length("rock-face")))
        offset = a.length("stone-offset")
        pen.circle(cx + ux * offset, cy + uy * offset, a.length("stone"), fill=ROCK_DARK)


# --- the quake face ----------------------------------------------------------------------------

QUAKE = ("head", "word")
QUAKE_LENGTHS = ("handle-across", "handle-up", "handle-below", "handle-above", "handle-width",
                 "head-thickness", "head-tip")


def draw_pickaxe(pen: Pen, piece: Piece, q: Art, x: float, y: float) -> None:
    """The quake face of die A whose top-left corner is (x, y): the rulebook shows the quake as a
    pickaxe. A wooden handle from lower left to upper right, a curved iron head across its top,
    the word below."""
    head = q.box("head")
    hx, hy = x + head.x, y + head.y                       # where handle meets head
    across, up = q.length("handle-across"), q.length("handle-up")
    ux, uy = across / math.hypot(across, up), -up / math.hypot(across, up)  # along the handle, upwards
    vx, vy = -uy, ux                                      # across it
    thick, tip = q.length("head-thickness"), q.length("head-tip")
    steps = subdivisions(piece, "quake", q.boxes["head"])
    upper, lower = [], []
    for i in range(-steps, steps + 1):
        t = i / steps
        cx = hx + vx * t * head.w - ux * t * t * head.h
        cy = hy + vy * t * head.w - uy * t * t * head.h
        half = thick * (1 - t * t) + tip
        upper.append((cx + ux * half, cy + uy * half))
        lower.append((cx - ux * half, cy - uy * half))
    pen.polygon(upper + lower[::-1], fill=head.get("fill"), stroke=head.get("stroke"), width=head.get("stroke_width"))
    # the handle runs through the head's eye and shows just above it
    below, above = q.length("handle-below"), q.length("handle-above")
    pen.line(hx - ux * below, hy - uy * below, hx + ux * above, hy + uy * above,
             colour=HANDLE, width=pt(q.length("handle-width")))
    word = q.box("word")
    pen.label(word.get("text", ""), x + word.x + word.w / 2, y + word.y + word.h,
              size=text_size(q.boxes["word"], q.scale), font=word.get("font", "regular"),
              colour=word.get("colour", style.INK), align="center")
