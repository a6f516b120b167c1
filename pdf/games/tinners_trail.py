"""Tinners' Trail print pieces drawn by code: the main board (map, outer track, work track,
investment panel, ore-price table), development boards, price dice, the arsenic market and
emigration boards, development and cube tokens, and the two-sided reference card.

Every number comes from the game's data (``companion.tinners_trail.rules``) and every position,
size, gap and corner from the named boxes of ``cards_data/tinners-trail/layouts.toml``; lengths
are millimetres in the piece's local frame, y down.
"""

from __future__ import annotations

from dataclasses import replace

from companion.errors import DataError, Problem
from companion.tinners_trail.rules import PIECES, load_rules

from .. import style
from ..boxes import boxes, fill_box, space_box, text_box
from ..generic import die_net, die_net_size, per_player_needed, reference
from ..geometry import EPS
from ..painters import Piece, painter
from ..pen import Pen
from .tinners_trail_map import draw_map

# The boxes each drawing knows, by layout: one the file lacks, or one it adds that the drawing
# does not know, stops `check` and `build` at its line.
MAIN_BOARD = ("track", "track_space", "legend", "work_title", "work_head", "work_track", "limiter_row",
              "investment_title", "investment_head", "investment_rounds", "investment", "ore_title", "ore_head",
              "ore_rows", "ore", "ore_note", "development_space")
DEVELOPMENT_BOARD = ("title", "rounds", "labels", "cells", "caption", "pieces", "pump_groups")
ARSENIC_MARKET = ("title", "labels", "spaces")
EMIGRATION_BOARD = ("title", "rounds", "labels", "spaces", "bonus")
DEVELOPMENT_PIECE = ("label",)
CUBE = ("letter",)
PIECE_LABELS = {"miner": "Miner", "port": "Port", "train": "Train", "adit": "Adit", "steam_pump": "Pump"}
DIE_COLOURS = {"orange": "die_orange", "blue": "die_blue", "black": "die_black"}
CELL = dict(stroke=style.INK, width=style.HAIRLINE_PT)


def _rules(piece: Piece):
    return load_rules(str(piece.game.root))


def _words(pen: Pen, box, **values) -> None:
    """The box's own text, with ``{name}`` filled in from ``values``."""
    text_box(pen, box, box.get("text", "").format(**values))


def _inset(x: float, y: float, w: float, h: float, gap: float) -> tuple[float, float, float, float]:
    """A space drawn inside its grid cell, ``gap`` mm from its neighbours."""
    return x + gap / 2, y + gap / 2, w - gap, h - gap


def _grid(box, cols: int, rows: int):
    """(col, row, x, y, w, h) for each cell of a box split into cols x rows."""
    w, h = box.w / cols, box.h / rows
    for r in range(rows):
        for c in range(cols):
            yield c, r, box.x + c * w, box.y + r * h, w, h


# --- main board --------------------------------------------------------------------------------

@painter("tinners-trail.main-board")
def main_board(pen: Pen, piece: Piece) -> None:
    rules, b = _rules(piece), boxes(piece, "main_board", MAIN_BOARD)
    bleed = pen.bleed
    pen.rect(-bleed, -bleed, pen.w + 2 * bleed, pen.h + 2 * bleed, fill="land")
    _outer_track(pen, b["track"], b["track_space"])
    draw_map(pen, piece)
    _words(pen, b["legend"])
    _work_track(pen, rules, b)
    _investment(pen, rules, b)
    _ore_table(pen, rules, b)
    fill_box(pen, b["development_space"])
    space_box(pen, b["development_space"])
    _words(pen, b["development_space"])


def _outer_track(pen: Pen, box, space) -> None:
    """Spaces 0-99 clockwise round the edge, starting top left: box.h is the track's depth, and
    as many spaces of about ``space``'s size (w along the top, h down a side) as fit the edges."""
    depth = box.h
    per_top, per_side = round(box.w / space.w), round((pen.h - 2 * depth) / space.h)
    cells = []
    top_w = box.w / per_top
    side_h = (pen.h - 2 * depth) / per_side
    for i in range(per_top):
        cells.append((i * top_w, 0, top_w, depth))
    for i in range(per_side):
        cells.append((pen.w - depth, depth + i * side_h, depth, side_h))
    for i in range(per_top):
        cells.append((pen.w - (i + 1) * top_w, pen.h - depth, top_w, depth))
    for i in range(per_side):
        cells.append((0, pen.h - depth - (i + 1) * side_h, depth, side_h))
    for number, (x, y, w, h) in enumerate(cells):
        pen.rect(x, y, w, h, fill="track_ten" if str(number).endswith("0") else "panel", **CELL)
        pen.space(x, y, w, h)
        pen.text(str(number), *_inset(x, y, w, h, space.get("gap_mm")), font="bold", size=box.get("size"), align="center",
                 valign="middle")


def _work_track(pen: Pen, rules, b) -> None:
    _words(pen, b["work_title"])
    head, track, limiter = b["work_head"], b["work_track"], b["limiter_row"]
    cols, rows = rules.track_columns + 2, max(rules.boards)   # a row per seat at the largest table
    for c, _, x, y, w, h in _grid(head, cols, 1):
        last = c == cols - 1
        pen.rect(x, y, w, h, fill="pass_head" if last else "track_ten", **CELL)
        pen.text("Pass" if last else str(c), x, y, w, h, font="bold", size=head.get("size") - (2 if last else 0),
                 align="center", valign="middle")
    for c, r, x, y, w, h in _grid(track, cols, rows):
        last = c == cols - 1
        pen.rect(x, y, w, h, fill="pass_space" if last else "panel", **CELL)
        pen.space(x, y, w, h)
        if last:
            pen.text(str(r + 1), x, y, w, h, size=track.get("size"), align="center", valign="middle")
    for c, _, x, y, w, h in _grid(limiter, cols - 1, 1):
        pen.rect(x, y, w, h, fill="arsenic_board", **CELL)
        pen.space(x, y, w, h)
        pen.text(limiter.get("text"), x, y, w, h, size=limiter.get("size"), align="center", valign="middle")


def _investment(pen: Pen, rules, b) -> None:
    _words(pen, b["investment_title"])
    head, labels, cells = b["investment_head"], b["investment_rounds"], b["investment"]
    positions, rounds = len(rules.investment[0]), len(rules.investment)
    for c, _, x, y, w, h in _grid(head, positions, 1):
        pen.text(f"{c + 1}.", x, y, w, h, font="bold", size=head.get("size"), align="center", valign="middle")
    for _, r, x, y, w, h in _grid(labels, 1, rounds):
        pen.rect(x, y, w, h, fill="track_ten", **CELL)
        pen.space(x, y, w, h)   # the round marker sits on the current round's label
        pen.text(f"Round {r + 1}", x, y, w, h, size=labels.get("size"), align="center", valign="middle")
    for c, r, x, y, w, h in _grid(cells, positions, rounds):
        ten, five = rules.investment[r][c]
        pen.rect(x, y, w, h, fill="panel", **CELL)
        pen.text(f"{ten}/{five}", x, y, w, h, font="bold", size=cells.get("size"), align="center", valign="middle")


def _ore_table(pen: Pen, rules, b) -> None:
    _words(pen, b["ore_title"])
    head, labels, cells = b["ore_head"], b["ore_rows"], b["ore"]
    starts = list(rules.column_from)
    for c, _, x, y, w, h in _grid(head, len(starts), 1):
        high = starts[c + 1] - 1 if c + 1 < len(starts) else None
        span = f"{'0' if c == 0 else starts[c]}–{high}" if high is not None else f"{starts[c]}+"
        pen.rect(x, y, w, h, fill="track_ten", **CELL)
        pen.text(span, x, y, w, h, font="bold", size=head.get("size"), align="center", valign="middle")
    ores = ("tin", "copper")
    for _, r, x, y, w, h in _grid(labels, 1, len(ores)):
        pen.text(f":{ores[r]}: {ores[r].title()}", x, y, w, h, size=labels.get("size"), align="center",
                 valign="middle")
    for c, r, x, y, w, h in _grid(cells, len(starts), len(ores)):
        pen.rect(x, y, w, h, fill="panel", **CELL)
        pen.text(f"£{rules.prices[ores[r]][c]}", x, y, w, h, font="bold", size=cells.get("size"), align="center",
                 valign="middle")
    _words(pen, b["ore_note"])


# --- development boards -------------------------------------------------------------------------

def _covers(piece: Piece) -> tuple[int, int]:
    """The player counts one board or card of a per-count set serves: a value of 2 after none
    serves 1-2 players, a 3 after a 2 serves 3."""
    values = sorted(piece.option("players", []))
    return _span(values, piece.per_piece("players", values[0] if values else 2))


def _span(values: list[int], mine: int) -> tuple[int, int]:
    below = [v for v in values if v < mine]
    return (below[-1] + 1 if below else 1, mine)


def count_needed(piece: Piece) -> bool:
    players = getattr(piece.build, "players", None)
    low, high = _covers(piece)
    return players is None or low <= players <= high


def _for(piece: Piece) -> str:
    low, high = _covers(piece)
    return f"{low}–{high} players" if low != high else f"{high} players"


def count_title(game, component, build) -> str:
    """A per-count set printed for one count is named for it: "Development board (3 players)"."""
    players = getattr(build, "players", None)
    template = component.options.get("title")
    if players is None or not template:
        return component.name
    values = sorted(component.options.get("players", []))
    low, high = _span(values, next((v for v in values if v >= players), values[-1]))
    return template.format(players=f"{low}–{high} players" if low != high else f"{high} players")


def cell_slots(board, kind: str, column: int) -> tuple[str, list[int]]:
    """A development-board cell's caption and the pieces it holds, by group (the pieces of one
    kind side by side as one group; steam pumps in the board's groups, set apart)."""
    if kind == "steam_pump":
        groups = list(board.pump_groups[column])
        sizes = sorted(set(groups))
        caption = " + ".join(f"{groups.count(n)} group{'s' if groups.count(n) > 1 else ''} of {n} "
                             f"pump{'s' if n > 1 else ''}" for n in sizes)
        return caption, groups
    n = board.pieces[kind][column]
    label = PIECE_LABELS[kind].lower()
    return ("—" if n == 0 else f"{n} {label}{'s' if n > 1 else ''}"), [n] if n else []


def development_piece_side(game) -> float:
    return game.components["development-pieces"].size_mm[0]


@painter("tinners-trail.development-board", needed=count_needed, title=count_title)
def development_board(pen: Pen, piece: Piece) -> None:
    rules, b = _rules(piece), boxes(piece, "development_board", DEVELOPMENT_BOARD)
    players = piece.per_piece("players", 2)
    board = rules.boards[players]
    bleed = pen.bleed
    pen.rect(-bleed, -bleed, pen.w + 2 * bleed, pen.h + 2 * bleed, fill="panel")
    _words(pen, b["title"], players=_for(piece))
    kinds = PIECES + ("steam_pump",)
    for c, _, x, y, w, h in _grid(b["rounds"], rules.rounds, 1):
        pen.text(f"**Round {c + 1}**", x, y, w, h, size=b["rounds"].get("size"), align="center", valign="middle")
    labels = b["labels"]
    for _, r, x, y, w, h in _grid(labels, 1, len(kinds)):
        name = kinds[r]
        cost = rules.work_costs["steam_pumps" if name == "steam_pump" else name]
        pen.rect(*_inset(x, y, w, h, labels.get("gap_mm")), fill=f"{name}_piece", **CELL)
        pen.text(f"**{PIECE_LABELS[name]}**\n{cost} :work:", *_inset(x, y, w, h, labels.get("gap_mm")),
                 size=labels.get("size"), align="center", valign="middle")
    cells, caption_box = b["cells"], b["caption"]
    side = development_piece_side(piece.game)
    spacing = (b["pieces"].get("gap_mm"), b["pump_groups"].get("gap_mm"))
    for c, r, x, y, w, h in _grid(cells, rules.rounds, len(kinds)):
        name = kinds[r]
        x, y, w, h = _inset(x, y, w, h, cells.get("gap_mm"))
        pen.rect(x, y, w, h, fill="white", **CELL)
        caption, groups = cell_slots(board, name, c)
        top = caption_box.h
        pen.text(caption, x, y, w, top, size=caption_box.get("size"), align="center", valign="middle")
        _piece_spaces(pen, piece, groups, name, (x, y + top, w, h - top), side, spacing)


def _piece_spaces(pen: Pen, piece: Piece, groups: list[int], name: str, area, side: float,
                  spacing: tuple[float, float]) -> None:
    """One space of the piece's size for each piece a cell takes, groups set apart, centred;
    ``spacing`` is (gap between the pieces of a group, gap between groups) in mm."""
    x, y, w, h = area
    gap, apart = spacing
    pieces = sum(groups)
    need = pieces * side + (pieces - len(groups)) * gap + max(len(groups) - 1, 0) * apart
    if need > w + EPS or side > h + EPS:
        raise DataError(Problem(str(piece.game.root / "layouts.toml"), None, "development_board.boxes.cells",
                                f"{piece.game.id}: a cell {w:.1f} × {h:.1f} mm cannot hold {pieces} pieces of "
                                f"{side:g} mm ({need:.1f} mm wide); widen the cells or shrink the pieces"))
    left, top = x + (w - need) / 2, y + (h - side) / 2
    for size in groups:
        for _ in range(size):
            pen.rect(left, top, side, side, fill=f"{name}_piece", **CELL)
            left += side + gap
        left += apart - gap


# --- dice ------------------------------------------------------------------------------------------

def _die_size(component):
    return die_net_size(component)


@painter("tinners-trail.price-die", size=_die_size)
def price_die(pen: Pen, piece: Piece) -> None:
    rules = _rules(piece)
    name, faces = list(rules.dice.items())[piece.index % len(rules.dice)]
    colour = DIE_COLOURS.get(name, "white")
    options = dict(piece.component.options, faces=[str(f) for f in faces], colour=colour)
    die_net(pen, replace(piece, component=replace(piece.component, options=options)))


# --- arsenic market and emigration boards ----------------------------------------------------------

@painter("tinners-trail.arsenic-market")
def arsenic_market(pen: Pen, piece: Piece) -> None:
    rules, b = _rules(piece), boxes(piece, "arsenic_market", ARSENIC_MARKET)
    bleed = pen.bleed
    pen.rect(-bleed, -bleed, pen.w + 2 * bleed, pen.h + 2 * bleed, fill="arsenic_board")
    _words(pen, b["title"])
    sections = len(rules.market)
    labels, spaces = b["labels"], b["spaces"]
    for _, s, x, y, w, h in _grid(labels, 1, sections):
        pen.text(f"Open up to round {s + 1}" if s + 1 < sections else "Open every round", x, y, w, h,
                 size=labels.get("size"), valign="middle")
    row_h = spaces.h / sections
    for s, section in enumerate(rules.market):
        space_w = spaces.w / len(section)
        for i, value in enumerate(section):
            x, y, w, h = _inset(spaces.x + i * space_w, spaces.y + s * row_h, space_w, row_h, spaces.get("gap_mm"))
            pen.rect(x, y, w, h, fill="white", stroke=style.INK, radius=spaces.get("radius_mm"))
            last = s == sections - 1 and i == len(section) - 1
            pen.text(f"£{value}" + (" — any number" if last else ""), x, y, w, h, font="bold",
                     size=spaces.get("size"), min_size=spaces.get("min_size"), align="center", valign="middle")


@painter("tinners-trail.emigration-board")
def emigration_board(pen: Pen, piece: Piece) -> None:
    rules, b = _rules(piece), boxes(piece, "emigration_board", EMIGRATION_BOARD)
    bleed = pen.bleed
    pen.rect(-bleed, -bleed, pen.w + 2 * bleed, pen.h + 2 * bleed, fill="emigration_board")
    _words(pen, b["title"])
    locations = list(rules.emigration.items())
    for c, _, x, y, w, h in _grid(b["rounds"], rules.rounds, 1):
        pen.text(f"**Round {c + 1}**", x, y, w, h, size=b["rounds"].get("size"), align="center", valign="middle")
    labels, spaces, bonus = b["labels"], b["spaces"], b["bonus"]
    for _, r, x, y, w, h in _grid(labels, 1, len(locations)):
        pen.text(f"**{locations[r][1]['name']}**", *_inset(x, y, w, h, labels.get("gap_mm")), size=labels.get("size"),
                 valign="middle")
    for c, r, x, y, w, h in _grid(spaces, rules.rounds, len(locations)):
        key, info = locations[r]
        pen.rect(*_inset(x, y, w, h, spaces.get("gap_mm")), fill="white", stroke=style.INK,
                 radius=spaces.get("radius_mm"))
        pen.text(_emigration_bonus(key, info, c), *_inset(x, y, w, h, bonus.get("gap_mm")), size=bonus.get("size"),
                 align="center", valign="middle")


def _emigration_bonus(key: str, info, r: int) -> str:
    if key == "michigan":
        pieces = info["pieces"][r]
        kinds = sorted(set(pieces), key=pieces.index)
        return "Free " + " + ".join(f"{pieces.count(k)} {k}s" if pieces.count(k) > 1 else k for k in kinds)
    if key == "sierra_madre":
        return f"{info['points'][r]} points"
    if key == "kimberly":
        return f"£{info['money'][r]} now and each later round"
    first, second = info["bonus"][r]
    if first == second:
        return f"+£{first} on every ore cube sold"
    if second:
        return f"+£{first} on one ore, +£{second} on the other"
    return f"+£{first} on one ore this round"


# --- tokens ------------------------------------------------------------------------------------------

def _kind_and_rank(options: dict, index: int) -> tuple[str, int]:
    """Of a set counted by kind ({kind: count}, in order): piece ``index``'s kind and its
    place among the pieces of that kind."""
    start = 0
    for name, count in options.items():
        if index < start + count:
            return name, index - start
        start += count
    return next(iter(options)), 0


def _counted(options: dict, index: int) -> str:
    return _kind_and_rank(options, index)[0]


def _developments_for(game, component, build) -> dict[str, int]:
    box = dict(component.options.get("pieces", {}))
    players = getattr(build, "players", None)
    if players is None:
        return box
    from .tinners_trail_counts import developments_needed

    need = developments_needed(game, players, getattr(build, "variant", None))
    return {name: min(count, need.get(name, 0)) for name, count in box.items()}


def development_piece_needed(piece: Piece) -> bool:
    name, rank = _kind_and_rank(piece.option("pieces", {}), piece.index)
    return rank < _developments_for(piece.game, piece.component, piece.build).get(name, 0)


def development_title(game, component, build) -> str:
    counts = _developments_for(game, component, build)
    listed = ", ".join(f"{n} {PIECE_LABELS[k].lower() if k != 'steam_pump' else 'steam pump'}{'s' if n != 1 else ''}"
                       for k, n in counts.items())
    return f"Developments: {listed}"


@painter("tinners-trail.development-piece", needed=development_piece_needed, title=development_title)
def development_piece(pen: Pen, piece: Piece) -> None:
    name = _counted(piece.option("pieces", {}), piece.index)
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=f"{name}_piece")
    text_box(pen, boxes(piece, "development_piece", DEVELOPMENT_PIECE)["label"], f"**{PIECE_LABELS[name]}**")


@painter("tinners-trail.cube")
def cube(pen: Pen, piece: Piece) -> None:
    name = _counted(piece.option("cubes", {}), piece.index)
    fill = {"water": "water_blue"}.get(name, name)
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=fill)
    letter = {"tin": "T", "copper": "C", "water": "W", "arsenic": "As"}[name]
    text_box(pen, boxes(piece, "cube", CUBE)["letter"], f"**{letter}**")


# --- reference card ------------------------------------------------------------------------------------

@painter("tinners-trail.reference", backs=True, needed=per_player_needed)
def reference_card(pen: Pen, piece: Piece) -> None:
    """Two sides: the round and its actions on the front, auctions, cards and scoring on the back.
    Only the front carries the companion's QR code."""
    options = dict(piece.component.options)
    options["file"] = options["front"] if piece.side == "front" else options["back"]
    options["qr"] = piece.side == "front"
    options["title"] = options.get("title", "Reference") + (" — the round" if piece.side == "front"
                                                            else " — auctions and scoring")
    reference(pen, replace(piece, component=replace(piece.component, options=options)))
