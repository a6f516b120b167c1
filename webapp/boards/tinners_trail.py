"""Tinners' Trail's map on the phone: an SVG drawn on the server from ``map.toml`` (the same
shapes as the printed board), showing what lies in each area for this phone's seat.

Cornwall is long and thin: at 360 px the whole board would make every name a few pixels
high, so the phone shows it as two halves stacked, west (regions A and B) above east (C and
D), each at twice the scale. Every area is a link to its own section of the page (its detail
and its moves), so the map works without script. Pieces carry a letter as well as a colour,
and a face-down tile shows only its region: what a seat has not seen never reaches its page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from markupsafe import Markup

from companion.data.loader import load_game
from companion.errors import RuleViolation
from companion.marks import marks
from companion.tinners_trail.moves.developments import placement_error
from companion.tinners_trail.data.geometry import BoardGeometry, board_geometry
from companion.tinners_trail.options import lord_action
from companion.tinners_trail.data.tables import GAME_ID

from .ink import luminance
from .readable import least_width
from .sizes import sizes

# The two halves: each shows the box of the board named after it in [phone.boxes] of
# layouts.toml (the same size, so both draw at one scale); every size below comes from
# [phone.lengths] there, in millimetres of the printed board.
HALVES = (("west", "Map, west: regions A and B", "AB"), ("east", "Map, east: regions C and D", "CD"))
SIZES = ("name", "name_gap", "name_room", "span", "sea", "sea_margin", "letter", "letter_text", "tile_inset",
         "tile_corner", "tile_line", "mark_text", "space_line", "space_dash", "mine_corner", "mine_line", "cell_inset",
         "cell_corner", "count", "badge", "badge_corner", "outline", "here_line", "here_dash", "here_gap", "hatch",
         "coast", "adit_w", "adit_h", "adit_corner", "adit_line")
GLYPH_EM = 0.64        # average advance of a glyph, as a share of the font size
MIN_FIT = 0.72         # a name squeezed to fit its area keeps at least this share of its width
BADGE_TEXT = 1.25      # a badge's letter, as a share of the badge's radius
UNIT_TEXT = 0.75       # a count's unit letter, as a share of the count
HATCH_TURN = 45        # degrees
TILE_CUBES = 3         # a tile shows tin, copper and water; arsenic shows on a mine
CUBES = (("tin", "T"), ("copper", "C"), ("water", "W"), ("arsenic", "As"))
PIECES = (("miner", "M", "miner"), ("port", "P", "port"), ("train", "T", "train"), ("pump", "S", "steam pump"))
# Where the badges go along the tile's edge opposite the name (-1 left corner ... 1 right), and
# then half-way down each side.
BADGE_SPOTS = ((-1, 0), (0, 0), (1, 0), (-1, 1), (1, 1))


@dataclass(frozen=True)
class AreaFacts:
    """One area as this phone may see it, in words and in the numbers the map draws."""

    id: str
    name: str
    region: str
    coastal: bool
    tile: str            # "up", "down" or ""
    tile_text: str       # what the tile shows this seat, e.g. "3 tin, 2 copper, 1 water"
    owner: int | None
    cells: tuple[tuple[str, str, int], ...]   # (kind, letter, count) drawn in the tile space
    pieces: tuple[tuple[str, str, int | None], ...]   # (kind, letter, seat or None)
    adits: tuple[str, ...]   # ids of the areas an adit joins this one to
    facts: tuple[str, ...]   # the detail's lines, which also make the accessible name
    here: str            # "auction" or "build" when the table's attention is on this area

    @property
    def label(self) -> str:
        return f"{self.name}, region {self.region}: " + ", ".join(self.facts)


@lru_cache(maxsize=8)
def palette(data_dir: str | None) -> dict[str, str]:
    data = load_game(GAME_ID, data_dir)
    colours = dict(data.colours)
    for rid, resource in data.resources.items():
        colours[rid] = resource.colour
    colours["water"] = colours.get("water_blue", "#2f6fb3")
    return colours


def _count(n: int, what: str) -> str:
    return f"{n} {what}"


def area_facts(game, view: dict, names: list[str]) -> list[AreaFacts]:
    info = {a["id"]: a for a in view["info"]["areas"]}
    adits: dict[str, list[str]] = {}
    for a, b in view.get("adits", []):
        adits.setdefault(a, []).append(b)
        adits.setdefault(b, []).append(a)
    auction = (view.get("auction") or {}).get("area")
    won = (view.get("won") or {}).get("area")
    out = []
    for area in view["areas"]:
        meta = info[area["id"]]
        tile, tile_text, cells, facts = _tile_facts(game.rules, area, meta)
        owned_cells, owned_facts = _mine_facts(area, meta, names)
        cells = owned_cells if area["owner"] is not None else cells + owned_cells
        facts += owned_facts
        pieces = _pieces(area, names, facts)
        joined = tuple(sorted(adits.get(area["id"], [])))
        if joined:
            facts.append("adit to " + " and ".join(info[o]["name"] for o in joined))
        if meta["coastal"]:
            facts.append("on the coast")
        here = "auction" if area["id"] == auction else "build" if area["id"] == won else ""
        if here:
            facts.append("being auctioned" if here == "auction" else "mine being built")
        out.append(AreaFacts(area["id"], meta["name"], meta["region"], meta["coastal"], tile, tile_text,
                             area["owner"], tuple(cells), tuple(pieces), joined, tuple(facts), here))
    return out


def _tile_facts(rules, area: dict, meta: dict) -> tuple[str, str, list, list[str]]:
    """The area's tile as this seat sees it: ("up", "down" or ""), its text, its cubes, the words."""
    if not area["tile"]:
        return "", "", [], []
    tile = "up" if area["face_up"] else "down"
    if str(area["tile"]).startswith("?"):
        return tile, "", [], ["face-down tile"]
    t = rules.tiles[area["tile"]]
    tile_text = meta["tile"]
    if area["face_up"]:
        return tile, tile_text, [(k, letter, getattr(t, k)) for k, letter in CUBES[:TILE_CUBES] if getattr(t, k)], \
            [f"face-up tile with {tile_text}"]
    return tile, tile_text, [], [f"face-down tile (you looked: {tile_text})"]


def _mine_facts(area: dict, meta: dict, names: list[str]) -> tuple[list, list[str]]:
    """A mine's cubes and words (its owner, capacity and what is left), "no tile" on an empty
    area, and the drainage tokens on either."""
    cells: list[tuple[str, str, int]] = []
    facts: list[str] = []
    if area["owner"] is not None:
        facts.append(f"{names[area['owner']]}'s mine, capacity {meta['capacity']}")
        cells = [(k, letter, area[k]) for k, letter in CUBES if area[k]]
        facts.append(", ".join(_count(area[k], k) for k, _ in CUBES if area[k]) or "no cubes left")
    elif not area["tile"]:
        facts.append("no tile")
    if area["drainage"]:
        cells.append(("drainage", "D", area["drainage"]))
        facts.append(_count(area["drainage"], "drainage token" + ("s" if area["drainage"] > 1 else "")))
    return cells, facts


def _pieces(area: dict, names: list[str], facts: list[str]) -> list[tuple[str, str, int | None]]:
    """The developments standing in the area (adding their words to ``facts``)."""
    pieces: list[tuple[str, str, int | None]] = []
    if area["miner"] is not None:
        own = area["miner"] if area["miner"] >= 0 else None
        pieces.append(("miner", "M", own))
        extra = area.get("extra_miners", 0)
        facts.append((f"{names[own]}'s miner" if own is not None else "a miner")
                     + (f" and {extra} more" if extra else ""))
    for kind, letter, word in PIECES[1:]:
        if area[kind]:
            pieces.append((kind, letter, None))
            facts.append(f"a {word}")
    return pieces


@dataclass(frozen=True)
class Placement:
    """A development the seat could place in one area: its action, and why not if not."""

    action: dict
    label: str
    reason: str


def placements(game, state, seat: int | None) -> dict[str, list[Placement]]:
    """Miners, ports and trains for each area and adits across its borders, each with the
    rules' reason when it may not go there. Whether the seat may develop at all (its turn, the
    round's column, its work) is the same everywhere, so the whole action is tried once per
    piece; what differs by area is the placement rule, asked of each area."""
    if seat is None or state.phase != "actions" or lord_action(state) or seat not in game.acting_seats(state):
        return {}
    rules = game.rules
    wanted = {area.id: [({"type": "develop", "piece": p, "area": area.id}, f"Place a {p} here")
                        for p in ("miner", "port", "train")]
              + [({"type": "develop", "piece": "adit", "area": area.id, "to": n}, f"Dig an adit to {rules.areas[n].name}")
                 for n in rules.neighbours[area.id] if tuple(sorted((area.id, n))) in rules.adit_borders]
              for area in state.areas}
    local = {(aid, i): placement_error(state, action["piece"], aid, action.get("to"), rules, seat) or ""
             for aid, moves in wanted.items() for i, (action, _label) in enumerate(moves)}
    overall: dict[str, str] = {}
    for (aid, i), problem in local.items():
        action = wanted[aid][i][0]
        if not problem and action["piece"] not in overall:
            overall[action["piece"]] = _refusal(game, state, {**action, "seat": seat})
    return {aid: [Placement(action, label, local[(aid, i)] or overall.get(action["piece"], ""))
                  for i, (action, label) in enumerate(moves)]
            for aid, moves in wanted.items()}


def auction_cards(game, state, seat: int | None) -> dict[str, list[str]]:
    """For each area up for auction, the survey cards of the seat's hand the rules let it play
    there (a port card only on the coast, a card on a face-up tile only with two players...)."""
    if seat is None or state.phase != "actions" or lord_action(state) or seat not in game.acting_seats(state):
        return {}
    rules = game.rules
    hand = list(dict.fromkeys(state.players[seat].hand))
    return {area.id: [card for card in hand if rules.cards[card].fits(rules.areas[area.id].region) and not _refusal(
                game, state, {"type": "start_auction", "seat": seat, "area": area.id, "card": card})]
            for area in state.areas if area.tile and area.owner is None}


def _refusal(game, state, action: dict) -> str:
    try:
        game.apply(state, action)
    except RuleViolation as exc:
        return str(exc)
    return ""


# --- drawing ---------------------------------------------------------------------------------

def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _points(points) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


DARK_INK_ABOVE = 0.22  # the luminance above which dark ink reads better than white


def _ink(colour: str) -> str:
    """Black or white, whichever reads better on ``colour``."""
    return "#111111" if luminance(colour) > DARK_INK_ABOVE else "#ffffff"


def _span_at(polygon, y: float, fallback: float) -> float:
    """Width of the area along the horizontal line through ``y`` (its name's line)."""
    xs = []
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    return max(xs) - min(xs) if len(xs) >= 2 else fallback


def _name_at(s, label, tile, side: float):
    """The name's centre, moved away from the tile square when the two would touch."""
    least = side / 2 + s.name / 2 + s.name_gap
    dy = label[1] - tile[1]
    if abs(dy) >= least:
        return label
    return (label[0], tile[1] + math.copysign(least, dy))


def _name(s, text: str, at, polygon) -> str:
    room = _span_at(list(polygon), at[1], s.span) - s.name_room
    want = len(text) * s.name * GLYPH_EM
    size, fit = s.name, ""
    if want > room:
        size = max(s.name * MIN_FIT, s.name * room / want)
        if len(text) * size * GLYPH_EM > room:
            fit = f' textLength="{_n(room)}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text class="tt-name" x="{_n(at[0])}" y="{_n(at[1])}" font-size="{_n(size)}" text-anchor="middle"'
            f' dominant-baseline="central"{fit}>{escape(text)}</text>')


def _badge(s, x: float, y: float, letter: str, fill: str, kind: str) -> str:
    """A lettered disc for a piece; the owner's mark is a square, like a mine marker."""
    r = s.badge
    shape = (f'<rect x="{_n(x - r)}" y="{_n(y - r)}" width="{_n(2 * r)}" height="{_n(2 * r)}" rx="{s.badge_corner}"'
             if kind == "owner" else f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{r}"')
    return (f'<g class="tt-badge tt-{kind}">{shape} fill="{fill}"'
            f' stroke="#111111" stroke-width="{s.outline}"/><text x="{_n(x)}" y="{_n(y)}" font-size="{_n(r * BADGE_TEXT)}"'
            f' text-anchor="middle" dominant-baseline="central" fill="{_ink(fill)}">{escape(letter)}</text></g>')


def _tile(s, a: AreaFacts, centre, side: float, colours: dict, seats: list[tuple[str, str]], hatch: str,
          name_below: bool) -> str:
    x, y = centre[0] - side / 2, centre[1] - side / 2
    parts = []
    if a.owner is not None:
        colour, _letter = seats[a.owner]
        parts.append(f'<rect class="tt-mine" x="{_n(x)}" y="{_n(y)}" width="{_n(side)}" height="{_n(side)}" rx="{s.mine_corner}"'
                     f' fill="{colour}" fill-opacity="0.25" stroke="{colour}" stroke-width="{s.mine_line}"/>')
    elif a.tile == "down":
        parts.append(f'<rect class="tt-tile tt-down" x="{_n(x)}" y="{_n(y)}" width="{_n(side)}" height="{_n(side)}"'
                     f' rx="{s.tile_corner}" fill="url(#{hatch})" stroke="#5f584e" stroke-width="{s.tile_line}"/>'
                     f'<text class="tt-down-mark" x="{_n(centre[0])}" y="{_n(centre[1])}" font-size="{s.mark_text}"'
                     f' text-anchor="middle" dominant-baseline="central">?</text>')
    elif a.tile == "up":
        parts.append(f'<rect class="tt-tile tt-up" x="{_n(x)}" y="{_n(y)}" width="{_n(side)}" height="{_n(side)}"'
                     f' rx="{s.tile_corner}" fill="#fbf8f1" stroke="#5f584e" stroke-width="{s.tile_line}"/>')
    else:
        parts.append(f'<rect class="tt-space" x="{_n(x)}" y="{_n(y)}" width="{_n(side)}" height="{_n(side)}"'
                     f' rx="{s.tile_corner}" fill="none" stroke="#8a8170" stroke-width="{s.space_line}"'
                     f' stroke-dasharray="{s.space_dash} {s.space_dash}"/>')
    cell = side / 2 - s.cell_inset  # four cells, 1 apart, the first cell_inset inside the tile
    for i, (kind, letter, count) in enumerate(a.cells[:len(BADGE_SPOTS) - 1]):
        cx = x + 1 + (i % 2) * (cell + 1) + cell / 2 + (s.cell_inset - 1)
        cy = y + 1 + (i // 2) * (cell + 1) + cell / 2 + (s.cell_inset - 1)
        fill = colours.get(kind, "#7a4a22" if kind == "drainage" else "#888888")
        parts.append(f'<rect class="tt-cube tt-{kind}" x="{_n(cx - cell / 2)}" y="{_n(cy - cell / 2)}"'
                     f' width="{_n(cell)}" height="{_n(cell)}" rx="{s.cell_corner}" fill="{fill}"/>'
                     f'<text class="tt-count" x="{_n(cx)}" y="{_n(cy)}" font-size="{s.count}" text-anchor="middle"'
                     f' dominant-baseline="central" fill="{_ink(fill)}">{count}<tspan class="tt-unit"'
                     f' font-size="{_n(s.count * UNIT_TEXT)}">{letter}</tspan></text>')
    badges = []
    if a.owner is not None:
        colour, letter = seats[a.owner]
        badges.append(("owner", letter, colour))
    for kind, letter, seat in a.pieces:
        fill = seats[seat][0] if seat is not None else colours.get(f"{kind}_piece", colours.get("steam_pump_piece"))
        badges.append((kind, letter if seat is None else seats[seat][1], fill or "#d0d0d0"))
    edge = -1 if name_below else 1       # the badges' edge: top when the name is below
    for (kind, letter, fill), (along, down) in zip(badges, BADGE_SPOTS):
        bx = centre[0] + along * side / 2
        by = centre[1] + edge * side / 2 * (1 - down)
        parts.append(_badge(s, bx, by, letter, fill, kind))
    return "".join(parts)


def _half(s, g: BoardGeometry, facts: list[AreaFacts], colours: dict, seats, key: str, title: str,
          regions: str) -> str:
    box = s.boxes[key]
    x, y, w, h = box
    clip = f"tt-clip-{key}"
    out = [f'<svg class="tt-board tt-{key}" viewBox="{_n(x)} {_n(y)} {_n(w)} {_n(h)}" width="{{width}}" role="group"'
           f' aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
           f'<defs><clipPath id="{clip}"><rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"/></clipPath>'
           f'<pattern id="tt-hatch-{key}" width="{s.hatch}" height="{s.hatch}" patternUnits="userSpaceOnUse"'
           f' patternTransform="rotate({HATCH_TURN})"><rect class="tt-hatch-bg" width="{s.hatch}" height="{s.hatch}"'
           f' fill="#d8d0c3"/><line class="tt-hatch-line" x1="0" y1="0" x2="0" y2="{s.hatch}" stroke="#8a8170"'
           ' stroke-width="1"/></pattern></defs>',
           f'<g clip-path="url(#{clip})">',
           f'<rect class="tt-sea" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" fill="{colours["sea"]}"/>',
           f'<polygon class="tt-devon" points="{_points(g.devon)}" fill="{colours["devon"]}"/>']
    links, over = [], []
    side = g.tile - 2 * s.tile_inset
    for a in facts:
        shape = g.areas[a.id]
        region_fill = g.regions[a.region].fill
        polygon = (f'<polygon class="tt-land tt-region-{a.region}" points="{_points(shape.polygon)}"'
                   f' fill="{region_fill}" stroke="#5f584e" stroke-width="{s.outline}"/>')
        if a.region not in regions:
            out.append(polygon.replace('class="tt-land', 'class="tt-land tt-other'))
            continue
        below = shape.label[1] > shape.tile[1]
        focus = (f'<polygon class="tt-here" points="{_points(shape.polygon)}" fill="none" stroke="#a8461d"'
                 f' stroke-width="{s.here_line}" stroke-dasharray="{s.here_dash} {s.here_gap}"/>' if a.here else "")
        links.append(f'<a class="tt-area" id="tt-map-{a.id}" href="#tt-area-{a.id}" aria-label="{escape(a.label)}">'
                     f'<title>{escape(a.label)}</title>{polygon}{focus}</a>')
        # drawn above every area, so no neighbour's land covers a long name; taps pass through
        over.append(f'<g class="tt-over" data-area="{a.id}">'
                    f'{_tile(s, a, shape.tile, side, colours, seats, f"tt-hatch-{key}", below)}'
                    f'{_name(s, a.name, _name_at(s, shape.label, shape.tile, side), shape.polygon)}</g>')
    out.extend(links)
    out.append(f'<polyline class="tt-coast" points="{_points(g.coast)}" fill="none" stroke="{colours["coast"]}"'
               f' stroke-width="{s.coast}" stroke-linejoin="round"/>')
    out.append('<g class="tt-overlay" aria-hidden="true">')
    out.extend(over)
    built = _built(facts)
    region_of = {a.id: a.region for a in facts}
    for pair, adit in g.adits.items():
        if pair in built and any(region_of[aid] in regions for aid in pair):
            ax, ay = adit.at
            out.append(f'<rect class="tt-adit" x="{_n(ax - s.adit_w / 2)}" y="{_n(ay - s.adit_h / 2)}" width="{s.adit_w}"'
                       f' height="{s.adit_h}" rx="{s.adit_corner}" fill="{colours["adit_mark"]}" stroke="#ffffff"'
                       f' stroke-width="{s.adit_line}">'
                       f'<title>Adit between {escape(_name_of(facts, pair[0]))} and {escape(_name_of(facts, pair[1]))}'
                       '</title></rect>')
    for label in g.labels:
        if x <= label.at[0] <= x + w:
            out.append(_sea_label(s, label, box, colours["sea_ink"]))
    for letter in regions:
        region = g.regions[letter]
        lx, ly = region.letter_at
        out.append(f'<g class="tt-region-letter"><circle cx="{_n(lx)}" cy="{_n(ly)}" r="{float(s.letter)}"'
                   f' fill="{colours[letter]}" stroke="#111111" stroke-width="{s.outline}"/><text x="{_n(lx)}" y="{_n(ly)}"'
                   f' font-size="{s.letter_text}" font-weight="700" text-anchor="middle" dominant-baseline="central"'
                   f' fill="#111111">{letter}</text></g>')
    out.append("</g></g></svg>")
    drawn = "".join(out)
    return drawn.replace('width="{width}"', f'width="{least_width(drawn, w)}"', 1)  # labels stay readable


def _sea_label(s, label, box, ink: str) -> str:
    """A sea or Devon label kept inside its half: one too wide for the room to its side of
    the frame turns upright (Devon is a narrow strip), and none hangs off the bottom."""
    x, y, w, h = box
    lx, ly = label.at
    half = len(label.text) * s.sea * GLYPH_EM / 2
    turn = ""
    if lx + half > x + w or lx - half < x:
        turn = f' transform="rotate(-90 {_n(lx)} {_n(ly)})"'
    else:
        ly = min(ly, y + h - s.sea / 2 - s.sea_margin)
    return (f'<text class="tt-sea-label" x="{_n(lx)}" y="{_n(ly)}" font-size="{s.sea}" text-anchor="middle"'
            f' dominant-baseline="central" fill="{ink}"{turn}>{escape(label.text)}</text>')


def _name_of(facts: list[AreaFacts], aid: str) -> str:
    return next(a.name for a in facts if a.id == aid)


def _built(facts: list[AreaFacts]) -> set[tuple[str, str]]:
    return {tuple(sorted((a.id, other))) for a in facts for other in a.adits}


def board_svg(game, facts: list[AreaFacts], names: list[str], colours: list[str]) -> Markup:
    """Both halves of the map as inline SVG, from ``area_facts`` of this phone's view."""
    g = board_geometry(game.data_dir)
    seats = list(zip(colours, marks(names)))
    ink = palette(game.data_dir)
    s = sizes(game, SIZES)
    return Markup("".join(_half(s, g, facts, ink, seats, *half) for half in HALVES))


# What the page partial draws and asks: board(game, "areas", view, names), then "board" with them
PICTURES = {"areas": area_facts, "board": board_svg, "placements": placements, "auction_cards": auction_cards}
