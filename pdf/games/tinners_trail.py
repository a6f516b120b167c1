"""Tinners' Trail print pieces drawn by code: the main board (map, outer track, work track,
investment panel, ore-price table), development boards, price dice, the arsenic market and
emigration boards, development and cube tokens, and the two-sided reference card.

Every number comes from the game's data (``companion.tinners_trail.rules``); lengths are
millimetres in the piece's local frame, y down.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tinners_trail.rules import PIECES, load_rules

from .. import style
from ..generic import die_net, die_net_size, reference
from ..painters import Piece, painter
from ..pen import Pen

TRACK = 15.0        # depth of the outer money/points track
MAP_TOP = 24.0
ROW_H = 42.0        # one row of map areas
SEA = "sea"
PANEL = "#fbf8f1"
REGION_TINT = {"A": "#efe0b0", "B": "#d6e6bf", "C": "#c9dfec", "D": "#e2d2ea"}
PIECE_COLOURS = {"miner": "#f2d27a", "port": "#9cc3e6", "train": "#e89a7a", "adit": "#bfa98a",
                 "steam_pump": "#d0d0d0"}
PIECE_LABELS = {"miner": "Miner", "port": "Port", "train": "Train", "adit": "Adit", "steam_pump": "Pump"}


def _rules(piece: Piece):
    return load_rules(str(piece.game.root))


# --- main board --------------------------------------------------------------------------------

@painter("tinners-trail.main-board")
def main_board(pen: Pen, piece: Piece) -> None:
    rules = _rules(piece)
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill="land")
    _outer_track(pen)
    inner_w = pen.w - 2 * TRACK - 10
    _map(pen, piece, rules, TRACK + 5, MAP_TOP, inner_w)
    lower = MAP_TOP + 3 * ROW_H + 24
    _work_track(pen, rules, TRACK + 5, lower)
    _investment(pen, rules, TRACK + 5 + 12 * 14 + 8, lower)
    _ore_table(pen, rules, TRACK + 5 + 12 * 14 + 8, lower + 76)
    x = pen.w - TRACK - 5 - 150
    pen.rect(x + 58, lower, 92, 60, fill=PANEL, stroke=style.INK, radius=2)
    pen.text("Place the development board for the player count here", x + 62, lower + 4, 84, 52, size=9,
             align="center", valign="middle")


def _outer_track(pen: Pen) -> None:
    """Spaces 0-99 clockwise round the edge, starting top left."""
    per_top = 30
    per_side = 20
    cells = []
    top_w = pen.w / per_top
    side_h = (pen.h - 2 * TRACK) / per_side
    for i in range(per_top):
        cells.append((i * top_w, 0, top_w, TRACK))
    for i in range(per_side):
        cells.append((pen.w - TRACK, TRACK + i * side_h, TRACK, side_h))
    for i in range(per_top):
        cells.append((pen.w - (i + 1) * top_w, pen.h - TRACK, top_w, TRACK))
    for i in range(per_side):
        cells.append((0, pen.h - TRACK - (i + 1) * side_h, TRACK, side_h))
    for number, (x, y, w, h) in enumerate(cells):
        fill = "#e9d8a6" if number % 10 == 0 else PANEL
        pen.rect(x, y, w, h, fill=fill, stroke=style.INK, width=style.HAIRLINE_PT)
        pen.text(str(number), x + 1, y + 1, w - 2, h - 2, font="bold", size=8, align="center", valign="middle")


def _area_boxes(rules, rows: dict[str, str], x0: float, y0: float,
                width: float) -> dict[str, tuple[float, float, float, float]]:
    """Each area's box: three rows (north coast, inland, south coast), west to east."""
    counts = {row: sum(1 for r in rows.values() if r == row) for row in ("north", "inland", "south")}
    boxes = {}
    counters = {"north": 0, "inland": 0, "south": 0}
    raw = rows
    for aid in rules.west_to_east:
        row = raw[aid]
        index = counters[row]
        counters[row] += 1
        cell_w = width / counts[row]
        boxes[aid] = (x0 + index * cell_w, y0 + ("north", "inland", "south").index(row) * ROW_H, cell_w, ROW_H)
    return boxes


def _map(pen: Pen, piece: Piece, rules, x0: float, y0: float, width: float) -> None:
    pen.rect(x0 - 3, y0 - 6, width + 6, 3 * ROW_H + 12, fill=SEA)
    pen.label("North coast", x0 + 2, y0 - 2, size=7)
    pen.label("South coast", x0 + 2, y0 + 3 * ROW_H + 5, size=7)
    rows = {aid: a["row"] for aid, a in piece.game.tables["map"]["areas"].items()}
    boxes = _area_boxes(rules, rows, x0, y0, width)
    tile = piece.game.decks["area-tiles"].size_mm[0]
    for aid, (x, y, w, h) in boxes.items():
        info = rules.areas[aid]
        pen.rect(x, y, w, h, fill=REGION_TINT[info.region], stroke=style.INK, width=1.2)
        pen.text(f"**{info.region}{info.position}**", x + 2, y + 2, 12, 6, size=9)
        # the square space an area tile covers, between the label and the name
        pen.rect(x + (w - tile) / 2, y + 8, tile, tile, fill=PANEL, stroke=style.INK, width=style.HAIRLINE_PT,
                 radius=1.5)
        pen.text(info.name, x + 2, y + 8 + tile + 0.3, w - 4, h - tile - 8.6, size=7, min_size=5,
                 align="center", valign="middle")
        if info.coastal:
            pen.text("coast", x + w - 18, y + 2, 16, 5, size=6, align="right")
    # adit symbols on each border that can take one: a small brown bar at the shared edge
    for a, c in sorted(rules.adit_borders):
        ax, ay, aw, ah = boxes[a]
        cx, cy, cw, ch = boxes[c]
        mx = (max(ax, cx) + min(ax + aw, cx + cw)) / 2
        my = (max(ay, cy) + min(ay + ah, cy + ch)) / 2
        pen.circle(mx, my, 1.2, fill="#8a6a4a")


def _work_track(pen: Pen, rules, x0: float, y0: float) -> None:
    cell, rows = 14.0, 5
    pen.text("**Work track** — spend work points left to right", x0, y0 - 8, 168, 6, size=9)
    for col in range(rules.track_columns + 1):
        x = x0 + col * cell
        pen.rect(x, y0, cell, 8, fill="#e9d8a6", stroke=style.INK, width=style.HAIRLINE_PT)
        pen.text(str(col), x, y0, cell, 8, font="bold", size=9, align="center", valign="middle")
        for r in range(rows):
            pen.rect(x, y0 + 8 + r * cell, cell, cell, fill=PANEL, stroke=style.INK, width=style.HAIRLINE_PT)
    x = x0 + (rules.track_columns + 1) * cell
    pen.rect(x, y0, cell, 8, fill="#c9dfec", stroke=style.INK, width=style.HAIRLINE_PT)
    pen.text("Pass", x, y0, cell, 8, font="bold", size=7, align="center", valign="middle")
    for r in range(rows):
        pen.rect(x, y0 + 8 + r * cell, cell, cell, fill="#e6f0f6", stroke=style.INK, width=style.HAIRLINE_PT)
        pen.text(f"{r + 1}", x, y0 + 8 + r * cell, cell, cell, size=8, align="center", valign="middle")


def _investment(pen: Pen, rules, x0: float, y0: float) -> None:
    cell_w, cell_h = 16.0, 12.0
    pen.text("**Investment** — points per £10 / £5", x0, y0 - 8, 100, 6, size=9)
    for r, row in enumerate(rules.investment):
        pen.text(f"Round {r + 1}", x0, y0 + 8 + r * cell_h, 18, cell_h, size=7, valign="middle")
        for p, (ten, five) in enumerate(row):
            x = x0 + 18 + p * cell_w
            if r == 0:
                pen.text(f"{p + 1}.", x, y0, cell_w, 8, font="bold", size=8, align="center", valign="middle")
            pen.rect(x, y0 + 8 + r * cell_h, cell_w, cell_h, fill=PANEL, stroke=style.INK, width=style.HAIRLINE_PT)
            pen.text(f"{ten}/{five}", x, y0 + 8 + r * cell_h, cell_w, cell_h, font="bold", size=8, align="center",
                     valign="middle")


def _ore_table(pen: Pen, rules, x0: float, y0: float) -> None:
    cell_w, cell_h = 20.0, 10.0
    pen.text("**Ore prices** — dice total", x0, y0 - 8, 100, 6, size=9)
    starts = list(rules.column_from)
    for c, low in enumerate(starts):
        high = starts[c + 1] - 1 if c + 1 < len(starts) else None
        span = f"{'0' if c == 0 else low}–{high}" if high is not None else f"{low}+"
        x = x0 + 18 + c * cell_w
        pen.rect(x, y0, cell_w, cell_h, fill="#e9d8a6", stroke=style.INK, width=style.HAIRLINE_PT)
        pen.text(span, x, y0, cell_w, cell_h, font="bold", size=8, align="center", valign="middle")
        for r, ore in enumerate(("tin", "copper")):
            y = y0 + cell_h * (r + 1)
            pen.rect(x, y, cell_w, cell_h, fill=PANEL, stroke=style.INK, width=style.HAIRLINE_PT)
            pen.text(f":{ore}: £{rules.prices[ore][c]}", x, y, cell_w, cell_h, size=8, align="center",
                     valign="middle")
    pen.text("Last round lowest: +1. Highest: −1.", x0, y0 + 3 * cell_h + 1, 100, 6, size=7)


# --- development boards -------------------------------------------------------------------------

@painter("tinners-trail.development-board")
def development_board(pen: Pen, piece: Piece) -> None:
    rules = _rules(piece)
    players = piece.per_piece("players", 2)
    board = rules.boards[players]
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=PANEL)
    title = "1–2 players" if players == 2 else f"{players} players"
    pen.text(f"**Developments — {title}**", 5, 3, pen.w - 10, 8, size=11, align="center")
    col_w = (pen.w - 35) / rules.rounds
    row_h = 15.0
    for r in range(rules.rounds):
        pen.text(f"**Round {r + 1}**", 30 + r * col_w, 12, col_w, 6, size=8, align="center")
    for i, name in enumerate(PIECES + ("steam_pump",)):
        y = 19 + i * row_h
        cost = rules.work_costs["steam_pumps" if name == "steam_pump" else name]
        pen.rect(5, y, 25, row_h - 1, fill=PIECE_COLOURS[name], stroke=style.INK, width=style.HAIRLINE_PT)
        pen.text(f"{PIECE_LABELS[name]}\n{cost} :work:", 6, y, 23, row_h - 1, size=7, align="center",
                 valign="middle")
        for r in range(rules.rounds):
            x = 30 + r * col_w
            pen.rect(x + 1, y, col_w - 2, row_h - 1, fill="#ffffff", stroke=style.INK, width=style.HAIRLINE_PT)
            if name == "steam_pump":
                groups = board.pump_groups[r]
                text = " + ".join(f"group of {g}" for g in groups)
            else:
                count = board.pieces[name][r]
                text = "—" if count == 0 else f"{count} × {PIECE_LABELS[name].lower()}"
            pen.text(text, x + 2, y, col_w - 4, row_h - 1, size=7, align="center", valign="middle")


# --- dice ------------------------------------------------------------------------------------------

def _die_size(component):
    return die_net_size(component)


@painter("tinners-trail.price-die", size=_die_size)
def price_die(pen: Pen, piece: Piece) -> None:
    rules = _rules(piece)
    name, faces = list(rules.dice.items())[piece.index % len(rules.dice)]
    colour = {"orange": "#f2b27a", "blue": "#9cc3e6", "black": "#8c8c8c"}.get(name, "#ffffff")
    options = dict(piece.component.options, faces=[str(f) for f in faces], colour=colour)
    die_net(pen, replace(piece, component=replace(piece.component, options=options)))


# --- arsenic market and emigration boards ----------------------------------------------------------

@painter("tinners-trail.arsenic-market")
def arsenic_market(pen: Pen, piece: Piece) -> None:
    rules = _rules(piece)
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill="#e4eedb")
    pen.text("**Arsenic market** — fill the dearest open space first", 5, 3, pen.w - 10, 8, size=11, align="center")
    row_h = (pen.h - 20) / len(rules.market)
    for s, section in enumerate(rules.market):
        y = 14 + s * row_h
        pen.text(f"Open up to round {s + 1}" if s + 1 < len(rules.market) else "Open every round",
                 5, y, 40, row_h - 2, size=8, valign="middle")
        space_w = (pen.w - 55) / len(section)
        for i, value in enumerate(section):
            x = 48 + i * space_w
            pen.rect(x, y + 1, space_w - 3, row_h - 4, fill="#ffffff", stroke=style.INK, radius=2)
            last = s == len(rules.market) - 1 and i == len(section) - 1
            pen.text(f"£{value}" + (" — any number" if last else ""), x, y + 1, space_w - 3, row_h - 4,
                     font="bold", size=11, min_size=7, align="center", valign="middle")


@painter("tinners-trail.emigration-board")
def emigration_board(pen: Pen, piece: Piece) -> None:
    rules = _rules(piece)
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill="#efe6d2")
    pen.text("**Emigration** — one miner per space; claim a space of the current round", 5, 3, pen.w - 10, 8,
             size=10, align="center")
    locations = list(rules.emigration.items())
    col_w = (pen.w - 30) / rules.rounds
    row_h = (pen.h - 22) / len(locations)
    for r in range(rules.rounds):
        pen.text(f"**Round {r + 1}**", 28 + r * col_w, 12, col_w, 6, size=8, align="center")
    for i, (key, info) in enumerate(locations):
        y = 19 + i * row_h
        pen.text(f"**{info['name']}**", 3, y, 25, row_h - 2, size=7, valign="middle")
        for r in range(rules.rounds):
            x = 28 + r * col_w
            pen.rect(x + 1, y, col_w - 2, row_h - 2, fill="#ffffff", stroke=style.INK, radius=2)
            pen.text(_emigration_bonus(key, info, r), x + 2, y, col_w - 4, row_h - 2, size=8, align="center",
                     valign="middle")


def _emigration_bonus(key: str, info, r: int) -> str:
    if key == "michigan":
        pieces = info["pieces"][r]
        return "Free " + " + ".join(pieces)
    if key == "sierra_madre":
        return f"{info['points'][r]} :vp:"
    if key == "kimberly":
        return f"£{info['money'][r]} now and each later round"
    first, second = info["bonus"][r]
    if first == second:
        return f"+£{first} on every ore cube sold"
    if second:
        return f"+£{first} on one ore, +£{second} on the other"
    return f"+£{first} on one ore this round"


# --- tokens ------------------------------------------------------------------------------------------

def _counted(options: dict, index: int) -> str:
    total = 0
    for name, count in options.items():
        total += count
        if index < total:
            return name
    return next(iter(options))


@painter("tinners-trail.development-piece")
def development_piece(pen: Pen, piece: Piece) -> None:
    name = _counted(piece.option("pieces", {}), piece.index)
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=PIECE_COLOURS[name])
    pen.text(f"**{PIECE_LABELS[name]}**", 0.5, 0.5, pen.w - 1, pen.h - 1, size=7, min_size=6, align="center",
             valign="middle")


@painter("tinners-trail.cube")
def cube(pen: Pen, piece: Piece) -> None:
    name = _counted(piece.option("cubes", {}), piece.index)
    fill = {"water": "water_blue"}.get(name, name)
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=fill)
    letter = {"tin": "T", "copper": "C", "water": "W", "arsenic": "As"}[name]
    pen.text(f"**{letter}**", 0, 0, pen.w, pen.h, size=9, align="center", valign="middle", colour="#ffffff")


# --- reference card ------------------------------------------------------------------------------------

@painter("tinners-trail.reference", backs=True)
def reference_card(pen: Pen, piece: Piece) -> None:
    """Two sides: the round and its actions on the front, auctions, cards and scoring on the back.
    Only the front carries the companion's QR code."""
    options = dict(piece.component.options)
    options["file"] = options["front"] if piece.side == "front" else options["back"]
    options["qr"] = piece.side == "front"
    options["title"] = options.get("title", "Reference") + (" — the round" if piece.side == "front"
                                                            else " — auctions and scoring")
    reference(pen, replace(piece, component=replace(piece.component, options=options)))
