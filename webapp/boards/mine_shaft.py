"""Mine Shaft's mine as a server-drawn SVG: one 100-unit square per tile, the tracks as laid,
collapsed tiles crossed out, minerals as lettered squares, pieces as the players' initials on
discs of their colours. Squares the rules allow for this step are outlined, each carrying its actions
and their descriptions in words for the page script; without script the picture still shows
the whole mine and the move list below it does the rest.

On the phone the picture fills the card's width but never draws a square smaller than
``SQUARE_PX``: a mine wider than the screen scrolls sideways in its own box (``mine_board``),
which opens on the squares that matter now (see ``focus_column``).
"""

from __future__ import annotations

import json

from markupsafe import Markup, escape

from .sizes import plain, sizes

# The least a square is drawn at, in CSS px. A square is the tap target for a move: 44 px is the
# least WCAG 2.5.5 asks; 48 px (Android's touch target) leaves the 88-unit highlighted square inside a
# tile 42 px across and draws the counters' letters and the pieces' initials at about 10 px.
SQUARE_PX = 48
# Columns a 360 px phone shows at SQUARE_PX (its card is about 310 px wide) with a little to spare.
SEEN_COLUMNS = 5
ROCK = "#6b5a48"
FALLEN = "#3f3428"
RUBBLE = "#8d7b67"
BED = "#d8c39c"
RAIL = "#5d6166"
EMPTY = "#efe6d2"
GRID = "#ddd2bb"
TARGET = "#2f9e44"
# The picture's sizes, from [phone.lengths] of cards_data/mine-shaft/layouts.toml
SIZES = ("square", "inset", "frame", "grid", "bed", "rail", "rail_dash", "rail_gap", "shaft_end", "rubble_inset",
         "rubble", "plate_x", "plate_y", "plate_w", "plate_h", "plate_corner", "start_baseline", "start_text",
         "icon_baseline", "icon_text", "icon_outline", "mineral", "mineral_corner", "mineral_rim", "mineral_drop",
         "mineral_text", "pawn", "pawn_spot", "start_pawn", "start_spot_x", "start_spot_y", "ring", "edge",
         "initial_extra", "initial_outline", "target_inset", "target_corner", "target_line", "target_dash",
         "target_gap")
# A piece's height above its centre, as a share of its radius, puts its initial in the middle
INITIAL_DROP = 0.45


def _attr(value) -> str:
    return str(escape(str(value)))


def _track(s, path: str, end: bool, rotation: int) -> str:
    c = plain(s.square / 2)
    out = (f'<g transform="rotate({rotation} {c} {c})"><path d="{path}" stroke="{BED}" stroke-width="{s.bed}" fill="none"/>'
           f'<path d="{path}" stroke="{RAIL}" stroke-width="{s.rail}" stroke-dasharray="{s.rail_dash} {s.rail_gap}" fill="none"/>')
    if end:
        out += f'<circle cx="{c}" cy="{c}" r="{s.shaft_end}" fill="{FALLEN}"/>'
    return out + "</g>"


def _rock(s, fill: str, extra: str = "") -> str:
    side = s.square - 2 * s.inset
    return f'<rect x="{s.inset}" y="{s.inset}" width="{side}" height="{side}" fill="{fill}"{extra}/>'


def _tile(s, t: dict) -> str:
    title = t["words"] + (" (collapsed)" if t["collapsed"] else "")
    U, c = s.square, plain(s.square / 2)
    out = [f'<g class="ms-tile" data-x="{t["x"]}" data-y="{t["y"]}" transform="translate({t["x"] * U} {t["y"] * U})">',
           f"<title>{_attr(title)}</title>"]
    if t["collapsed"]:
        a, b = s.rubble_inset, U - s.rubble_inset
        out.append(_rock(s, FALLEN) + f'<path d="M{a} {a} L{b} {b} M{b} {a} L{a} {b}" stroke="{RUBBLE}" stroke-width="{s.rubble}"/>')
        return "".join(out) + "</g>"
    frame = f' stroke="{_attr(t["colour"])}" stroke-width="{s.frame}"' if t["colour"] else ""
    out.append(_rock(s, ROCK, frame))
    out.append(_track(s, t["path"], t["end"], t["rotation"]))
    if t["start"]:
        out.append(f'<rect class="ms-start-plate" x="{s.plate_x}" y="{s.plate_y}" width="{s.plate_w}" height="{s.plate_h}" '
                   f'rx="{s.plate_corner}" fill="#f4ecdc" stroke="#222"/>'
                   f'<text class="ms-start" x="{c}" y="{s.start_baseline}" text-anchor="middle" font-size="{s.start_text}" '
                   'font-weight="bold" fill="#222">START</text>')
    if t["icon"]:
        out.append(f'<text x="{c}" y="{s.icon_baseline}" text-anchor="middle" font-size="{s.icon_text}" font-weight="bold" '
                   f'fill="#fff" stroke="#222" stroke-width="{s.icon_outline}">{_attr(t["icon"])}</text>')
    half = plain(s.mineral / 2)
    for m in t["minerals"]:
        ink = "#fff" if m["kind"] == "coal" else "#222"
        # a counter is a square, a player's piece a disc: a coal "C" never passes for Cara
        out.append(f'<rect class="ms-mineral" x="{m["cx"] - half}" y="{m["cy"] - half}" width="{s.mineral}" '
                   f'height="{s.mineral}" rx="{s.mineral_corner}" fill="{_attr(m["fill"])}" stroke="#fff" '
                   f'stroke-width="{s.mineral_rim}"><title>{_attr(m["kind"])}</title></rect>'
                   f'<text x="{m["cx"]}" y="{m["cy"] + s.mineral_drop}" text-anchor="middle" font-size="{s.mineral_text}" '
                   f'font-weight="bold" fill="{ink}">{_attr(m["letter"])}</text>')
    return "".join(out) + "</g>"


def _spot(s, slot: int, on_start: bool) -> tuple[int, int]:
    """Where a piece stands from its tile's middle: up to four on one tile. The start tile's
    label sits in the middle, so its pieces stand two below it and two above it instead."""
    left, up = slot % 4 in (0, 2), slot % 4 < 2
    if on_start:
        return (-s.start_spot_x if left else s.start_spot_x), (-s.start_spot_y if not up else s.start_spot_y)
    return (-s.pawn_spot if left else s.pawn_spot), (-s.pawn_spot if up else s.pawn_spot)


def _pieces(s, b: dict, colours: list) -> str:
    starts = {(t["x"], t["y"]) for t in b["tiles"] if t["start"]}
    U, c = s.square, plain(s.square / 2)
    out = []
    for p in b["pieces"]:
        on_start = (p["x"], p["y"]) in starts
        dx, dy = _spot(s, p["slot"], on_start)
        r = s.start_pawn if on_start else s.pawn
        fill = colours[p["seat"]] if p["seat"] < len(colours) and colours[p["seat"]] else "#888"
        ring = f'stroke="#fff" stroke-width="{s.ring}"' if p["turn"] else f'stroke="#222" stroke-width="{s.edge}"'
        out.append(f'<g class="ms-pawn" pointer-events="none" transform="translate({p["x"] * U + c + dx} '
                   f'{p["y"] * U + c + dy})"><title>{_attr(p["name"])}</title>'
                   f'<circle r="{r}" fill="{_attr(fill)}" {ring}/>'
                   f'<text y="{r * INITIAL_DROP:.0f}" text-anchor="middle" font-size="{r + s.initial_extra}" font-weight="bold" '
                   f'fill="#fff" stroke="#111" stroke-width="{s.initial_outline}">{_attr(p["initial"])}</text></g>')
    return "".join(out)


def _preview(s, drawn: dict | None) -> str:
    if not drawn:
        return ""
    c = plain(s.square / 2)
    frame = f' stroke="{_attr(drawn["colour"])}" stroke-width="{s.frame}"' if drawn["colour"] else ""
    return ('<g id="ms-preview" display="none" transform="translate(0 0)" pointer-events="none">'
            f'<g id="ms-preview-turn" transform="rotate(0 {c} {c})">'
            + _rock(s, ROCK, ' fill-opacity="0.85"' + frame) +
            f'<path d="{drawn["path"]}" stroke="{BED}" stroke-width="{s.bed}" fill="none"/>'
            + (f'<circle cx="{c}" cy="{c}" r="{s.shaft_end}" fill="{FALLEN}"/>' if drawn["end"] else "") + "</g></g>")


def mine_svg(game, b: dict, colours: list) -> Markup:
    """The whole mine from the view's ``board`` dict; ``colours`` are the seats' colours."""
    s = sizes(game, SIZES)
    U = s.square
    x0, y0, w, h = b["min_x"], b["min_y"], b["width"], b["height"]
    n = len(b["tiles"])
    label = f"The mine: {n} tile{'s' if n != 1 else ''}. " + "; ".join(p["where"] for p in b["pieces"]) + "."
    # width and height are the least size (the CSS stretches a narrow mine to the card's width)
    out = [f'<svg class="ms-mine" width="{w * SQUARE_PX}" height="{h * SQUARE_PX}" viewBox="{x0 * U} {y0 * U} {w * U} {h * U}" '
           f'data-cell-action="{_attr(b["cell_action"])}" role="img" aria-label="{_attr(label)}" '
           'xmlns="http://www.w3.org/2000/svg">']
    for gy in range(y0, y0 + h):
        for gx in range(x0, x0 + w):
            out.append(f'<rect class="ms-empty" data-x="{gx}" data-y="{gy}" x="{gx * U}" y="{gy * U}" width="{U}" height="{U}" '
                       f'fill="{EMPTY}" stroke="{GRID}" stroke-width="{s.grid}"/>')
    out += [_tile(s, t) for t in b["tiles"]]
    inner = U - 2 * s.target_inset
    for t in b["targets"]:
        out.append(f'<rect class="ms-target" data-x="{t["x"]}" data-y="{t["y"]}" '
                   f"data-actions='{_attr(json.dumps(t['actions']))}' data-labels='{_attr(json.dumps(t['labels']))}' "
                   f'x="{t["x"] * U + s.target_inset}" y="{t["y"] * U + s.target_inset}" width="{inner}" height="{inner}" '
                   f'rx="{s.target_corner}" fill="{TARGET}" fill-opacity="0.18" stroke="{TARGET}" stroke-width="{s.target_line}" '
                   f'stroke-dasharray="{s.target_dash} {s.target_gap}">'
                   f"<title>{_attr(' / '.join(t['labels']))}</title></rect>")
    out.append(_preview(s, b["drawn"]))
    out.append(_pieces(s, b, colours))
    out.append("</svg>")
    return Markup("".join(out))


def focus_column(b: dict) -> float:
    """The column a mine wider than the screen opens on: the middle of the squares where a move
    is offered (nearest the moving piece when they span more than a phone shows), else the
    piece whose turn it is, else the start tile."""
    xs = sorted(t["x"] for t in b["targets"])
    mover = next((p["x"] for p in b["pieces"] if p["turn"]), None)
    if not xs:
        return mover if mover is not None else next((t["x"] for t in b["tiles"] if t["start"]), 0)
    if xs[-1] - xs[0] < SEEN_COLUMNS or mover is None:
        return (xs[0] + xs[-1]) / 2
    return min(max(mover, xs[0]), xs[-1])


def mine_board(game, b: dict, colours: list) -> Markup:
    """The mine in a box that scrolls sideways when the mine is wider than the screen; the page
    never does. A hidden marker one square wide stands over the focus column, and the box opens
    centred on it (CSS ``scroll-initial-target``, and the page script after each redraw)."""
    lead = (focus_column(b) - b["min_x"]) * SQUARE_PX
    return Markup('<div class="ms-board-box" id="ms-board" tabindex="0" role="region" '
                  'aria-label="The mine (scrolls sideways)">'
                  f'<div class="ms-focus-row" aria-hidden="true"><svg class="ms-lead" width="{lead:g}" height="1"></svg>'
                  '<i class="ms-focus"></i></div>') + mine_svg(game, b, colours) + Markup("</div>")


# What the page partial draws: board(game, "mine", view_board, colours)
PICTURES = {"mine": mine_board}
