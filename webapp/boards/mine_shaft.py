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

U = 100  # one square
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
PAWN_R = 16
# Where up to four pieces stand on one tile. The start tile's label sits in the middle, so its
# pieces stand two below it and two above it instead.
PAWN_SPOTS = ((-18, -18), (18, -18), (-18, 18), (18, 18))
START_SPOTS = ((-22, 33), (22, 33), (-22, -33), (22, -33))
START_PAWN_R = 12


def _attr(value) -> str:
    return str(escape(str(value)))


def _track(path: str, end: bool, rotation: int) -> str:
    out = (f'<g transform="rotate({rotation} 50 50)"><path d="{path}" stroke="{BED}" stroke-width="34" fill="none"/>'
           f'<path d="{path}" stroke="{RAIL}" stroke-width="4" stroke-dasharray="8 6" fill="none"/>')
    if end:
        out += f'<circle cx="50" cy="50" r="17" fill="{FALLEN}"/>'
    return out + "</g>"


def _tile(t: dict) -> str:
    title = t["words"] + (" (collapsed)" if t["collapsed"] else "")
    out = [f'<g class="ms-tile" data-x="{t["x"]}" data-y="{t["y"]}" transform="translate({t["x"] * U} {t["y"] * U})">',
           f"<title>{_attr(title)}</title>"]
    if t["collapsed"]:
        out.append(f'<rect x="2" y="2" width="96" height="96" fill="{FALLEN}"/>'
                   f'<path d="M14 14 L86 86 M86 14 L14 86" stroke="{RUBBLE}" stroke-width="10"/>')
        return "".join(out) + "</g>"
    frame = f' stroke="{_attr(t["colour"])}" stroke-width="8"' if t["colour"] else ""
    out.append(f'<rect x="2" y="2" width="96" height="96" fill="{ROCK}"{frame}/>')
    out.append(_track(t["path"], t["end"], t["rotation"]))
    if t["start"]:
        out.append('<rect class="ms-start-plate" x="10" y="37" width="80" height="26" rx="5" fill="#f4ecdc" stroke="#222"/>'
                   '<text class="ms-start" x="50" y="57" text-anchor="middle" font-size="20" font-weight="bold" '
                   'fill="#222">START</text>')
    if t["icon"]:
        out.append(f'<text x="50" y="56" text-anchor="middle" font-size="16" font-weight="bold" fill="#fff" '
                   f'stroke="#222" stroke-width="0.6">{_attr(t["icon"])}</text>')
    for m in t["minerals"]:
        ink = "#fff" if m["kind"] == "coal" else "#222"
        # a counter is a square, a player's piece a disc: a coal "C" never passes for Cara
        out.append(f'<rect class="ms-mineral" x="{m["cx"] - 14}" y="{m["cy"] - 14}" width="28" height="28" rx="4" '
                   f'fill="{_attr(m["fill"])}" stroke="#fff" stroke-width="2"><title>{_attr(m["kind"])}</title></rect>'
                   f'<text x="{m["cx"]}" y="{m["cy"] + 7}" text-anchor="middle" font-size="20" font-weight="bold" '
                   f'fill="{ink}">{_attr(m["letter"])}</text>')
    return "".join(out) + "</g>"


def _pieces(b: dict, colours: list) -> str:
    starts = {(t["x"], t["y"]) for t in b["tiles"] if t["start"]}
    out = []
    for p in b["pieces"]:
        on_start = (p["x"], p["y"]) in starts
        dx, dy = (START_SPOTS if on_start else PAWN_SPOTS)[p["slot"] % 4]
        r = START_PAWN_R if on_start else PAWN_R
        fill = colours[p["seat"]] if p["seat"] < len(colours) and colours[p["seat"]] else "#888"
        ring = 'stroke="#fff" stroke-width="4"' if p["turn"] else 'stroke="#222" stroke-width="2"'
        out.append(f'<g class="ms-pawn" pointer-events="none" transform="translate({p["x"] * U + 50 + dx} '
                   f'{p["y"] * U + 50 + dy})"><title>{_attr(p["name"])}</title>'
                   f'<circle r="{r}" fill="{_attr(fill)}" {ring}/>'
                   f'<text y="{r * 0.45:.0f}" text-anchor="middle" font-size="{r + 5}" font-weight="bold" fill="#fff" '
                   f'stroke="#111" stroke-width="0.8">{_attr(p["initial"])}</text></g>')
    return "".join(out)


def _preview(drawn: dict | None) -> str:
    if not drawn:
        return ""
    frame = f' stroke="{_attr(drawn["colour"])}" stroke-width="8"' if drawn["colour"] else ""
    return ('<g id="ms-preview" display="none" transform="translate(0 0)" pointer-events="none">'
            '<g id="ms-preview-turn" transform="rotate(0 50 50)">'
            f'<rect x="2" y="2" width="96" height="96" fill="{ROCK}" fill-opacity="0.85"{frame}/>'
            f'<path d="{drawn["path"]}" stroke="{BED}" stroke-width="34" fill="none"/>'
            + (f'<circle cx="50" cy="50" r="17" fill="{FALLEN}"/>' if drawn["end"] else "") + "</g></g>")


def mine_svg(b: dict, colours: list) -> Markup:
    """The whole mine from the view's ``board`` dict; ``colours`` are the seats' colours."""
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
                       f'fill="{EMPTY}" stroke="{GRID}" stroke-width="2"/>')
    out += [_tile(t) for t in b["tiles"]]
    for t in b["targets"]:
        out.append(f'<rect class="ms-target" data-x="{t["x"]}" data-y="{t["y"]}" '
                   f"data-actions='{_attr(json.dumps(t['actions']))}' data-labels='{_attr(json.dumps(t['labels']))}' "
                   f'x="{t["x"] * U + 6}" y="{t["y"] * U + 6}" width="{U - 12}" height="{U - 12}" rx="8" '
                   f'fill="{TARGET}" fill-opacity="0.18" stroke="{TARGET}" stroke-width="6" stroke-dasharray="14 8">'
                   f"<title>{_attr(' / '.join(t['labels']))}</title></rect>")
    out.append(_preview(b["drawn"]))
    out.append(_pieces(b, colours))
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


def mine_board(b: dict, colours: list) -> Markup:
    """The mine in a box that scrolls sideways when the mine is wider than the screen; the page
    never does. A hidden marker one square wide stands over the focus column, and the box opens
    centred on it (CSS ``scroll-initial-target``, and the page script after each redraw)."""
    lead = (focus_column(b) - b["min_x"]) * SQUARE_PX
    return Markup('<div class="ms-board-box" id="ms-board" tabindex="0" role="region" '
                  'aria-label="The mine (scrolls sideways)">'
                  f'<div class="ms-focus-row" aria-hidden="true"><svg class="ms-lead" width="{lead:g}" height="1"></svg>'
                  '<i class="ms-focus"></i></div>') + mine_svg(b, colours) + Markup("</div>")


# What the page partial draws: board(game, "mine", view_board, colours)
PICTURES = {"mine": lambda game, b, colours: mine_board(b, colours)}
