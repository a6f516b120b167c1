"""ARDEVUR's map board (420 x 297 mm, tiled): each region at its ``x``, ``y`` of regions.csv with
its three territories, needs and ribbon; each region's port with one vessel berth per port slot
where ``ports.csv`` puts them; the sea routes of ``sea_routes.csv`` from port to port. Positions
in the data are percent of the map's width and height; lengths here are millimetres, y down."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from companion.data import read_rows
from companion.data import columns as col
from companion.errors import DataError, Problem

from reportlab.pdfbase.pdfmetrics import stringWidth

from .. import fonts, style
from ..painters import Piece, painter
from ..pen import Pen
from ..units import mm_from_pt
from .ardevur import TIER_FILL, background, cat_of, ink_for

REGION_W, REGION_H = 96.0, 48.0
BERTH_R = 9.3          # a vessel berth holds an 18 mm structure marker with a little room
ROUTE_PT = 2.2
PORT_PT = 7.0
ROUTE_DASH = (4.0, 2.0)
DECK_CARD = (88.9, 63.5)   # a poker card turned a quarter
DECK_RIGHT = 46.0


@dataclass(frozen=True)
class Port:
    region: str
    label: str                                # where its name goes: above, below, left or right
    berths: tuple[tuple[float, float], ...]   # percent of the map


@dataclass(frozen=True)
class Route:
    id: str
    name: str
    ends: tuple[str, str]                    # regions whose ports it joins
    via: tuple[tuple[float, float], ...]     # percent of the map
    label: tuple[float, float]               # centre of its name, percent of the map


def _points(text: str) -> tuple[tuple[float, float], ...] | str:
    points = []
    for word in text.split():
        x, sep, y = word.partition(":")
        try:
            point = (float(x), float(y))
        except ValueError:
            return f"{word!r} is not a point; write X:Y in percent of the map, e.g. 34.8:12.1"
        if not sep or not all(0 <= v <= 100 for v in point):
            return f"{word!r} is not a point; write X:Y in percent of the map, each 0 to 100"
        points.append(point)
    return tuple(points)


@lru_cache(maxsize=4)
def sea(root: str) -> tuple[dict[str, Port], tuple[Route, ...]]:
    """The ports and sea routes, checked against regions.csv; every problem is one
    ``path:line: column: message``."""
    from companion.ardevur.cards import catalog

    regions = catalog(root).regions
    problems: list[Problem] = []
    path = Path(root) / "ports.csv"
    rows, found = read_rows(path, {"id": col.parse_type("id"), "qty": col.parse_type("qty"),
                                   "label": col.parse_type("enum:above|below|left|right"),
                                   "berths": col.parse_type("str")}, set(), set())
    problems += found
    ports = {}
    for r in rows:
        berths = _points(r.values["berths"])
        if r.id not in regions:
            problems.append(Problem(str(path), r.line, "id", f"unknown region {r.id!r}; regions: {', '.join(regions)}"))
        elif isinstance(berths, str):
            problems.append(Problem(str(path), r.line, "berths", berths))
        elif len(berths) != regions[r.id].port_slots:
            problems.append(Problem(str(path), r.line, "berths", f"{len(berths)} berths for the "
                                    f"{regions[r.id].port_slots} port slots of regions.csv"))
        else:
            ports[r.id] = Port(r.id, r.values["label"], berths)
    for region in regions.values():
        if region.port_slots and region.id not in ports and not any(p.line for p in problems):
            problems.append(Problem(str(path), None, "id", f"region {region.id!r} has port slots but no port"))
    path = Path(root) / "sea_routes.csv"
    rows, found = read_rows(path, {"id": col.parse_type("id"), "qty": col.parse_type("qty"),
                                   "name": col.parse_type("str"), "from": col.parse_type("str"),
                                   "to": col.parse_type("str"), "via": col.parse_type("str"),
                                   "label": col.parse_type("str")}, set(), set())
    problems += found
    routes = []
    for r in rows:
        v = r.values
        via, label = _points(v["via"]), _points(v["label"])
        for end in ("from", "to"):
            if v[end] not in ports:
                problems.append(Problem(str(path), r.line, end, f"no port in region {v[end]!r}; ports: "
                                        f"{', '.join(ports)}"))
        if isinstance(via, str):
            problems.append(Problem(str(path), r.line, "via", via))
        if isinstance(label, str) or len(label) != 1:
            problems.append(Problem(str(path), r.line, "label", label if isinstance(label, str) else
                                    "one point X:Y (percent of the map) where the route's name goes"))
        elif not isinstance(via, str) and v["from"] in ports and v["to"] in ports:
            routes.append(Route(r.id, v["name"], (v["from"], v["to"]), via, label[0]))
    if problems:
        raise DataError(problems)
    return ports, tuple(routes)


def region_box(pen: Pen, region) -> tuple[float, float]:
    """Top-left corner of a region's box: centred on its x, y and kept on the board."""
    x = min(max(4.0, region.x / 100 * pen.w - REGION_W / 2), pen.w - REGION_W - 4)
    y = min(max(18.0, region.y / 100 * pen.h - REGION_H / 2), pen.h - REGION_H - 4)
    return x, y


def _mm(pen: Pen, point: tuple[float, float]) -> tuple[float, float]:
    return point[0] / 100 * pen.w, point[1] / 100 * pen.h


def _port_centre(pen: Pen, port: Port) -> tuple[float, float]:
    xs, ys = zip(*(_mm(pen, b) for b in port.berths))
    return sum(xs) / len(xs), sum(ys) / len(ys)


@painter("ardevur.map")
def map_board(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    ports, routes = sea(str(piece.game.root))
    background(pen, "sea")
    pen.text("**ARDEVUR** · Africa and Europe", 8, 4, 160, 12, size=16, valign="middle")
    for route in routes:
        _route(pen, ports, route)
    for region in cat.regions.values():
        _region(pen, cat, region, *region_box(pen, region))
    for port in ports.values():
        _port(pen, cat.regions[port.region], port)
    _deck(pen)
    _legend(pen)


def _deck(pen: Pen) -> None:
    """A card-sized place, turned, for the territory deck during the auctions, in the open sea
    right of the northern region."""
    w, h = DECK_CARD
    x, y = pen.w - w - DECK_RIGHT, 16.0
    pen.rect(x, y, w, h, fill="#ffffff", stroke="ink", width=style.THIN_PT, radius=3)
    pen.text("**Territory deck**\nface down during the auctions, then to the market organiser", x + 6, y + 6,
             w - 12, h - 12, size=9, align="center", valign="middle")


def _route(pen: Pen, ports: dict[str, Port], route: Route) -> None:
    a, b = (_port_centre(pen, ports[end]) for end in route.ends)
    points = [a, *(_mm(pen, v) for v in route.via), b]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        pen.line(x1, y1, x2, y2, colour="sea-route", width=ROUTE_PT, dash=ROUTE_DASH)
    x, y = _mm(pen, route.label)
    pen.label(route.name, x, y + 1.2, size=7, align="center", colour="sea-route")


def _port(pen: Pen, region, port: Port) -> None:
    centres = [_mm(pen, b) for b in port.berths]
    for cx, cy in centres:
        pen.circle(cx, cy, BERTH_R, fill="#ffffff", stroke="sea-route", width=1.0)
        pen.label("vessel", cx, cy + 1.0, size=6.5, align="center", colour="sea-route")
    cx = sum(c[0] for c in centres) / len(centres)
    cy = sum(c[1] for c in centres) / len(centres)
    text = f"Port: {region.name}"
    w = mm_from_pt(stringWidth(text, fonts.face("bold"), PORT_PT)) + 2
    if port.label in ("above", "below"):
        y = min(c[1] for c in centres) - BERTH_R - 5 if port.label == "above" else max(c[1] for c in centres) + BERTH_R + 1
        x = cx - w / 2
    else:
        x = max(c[0] for c in centres) + BERTH_R + 1 if port.label == "right" else min(c[0] for c in centres) - BERTH_R - 1 - w
        y = cy - 2
    pen.rect(x, y, w, 4, fill="#ffffff", radius=1)
    pen.label(text, x + 1, y + 3, size=PORT_PT, font="bold", colour="sea-route")


def _legend(pen: Pen) -> None:
    x, y = pen.w - 74, pen.h - 16
    pen.rect(x, y, 70, 12, fill="#ffffff", stroke="sea-route", width=style.HAIRLINE_PT, radius=2)
    pen.line(x + 3, y + 4, x + 15, y + 4, colour="sea-route", width=ROUTE_PT, dash=ROUTE_DASH)
    pen.label("sea route between ports", x + 18, y + 5, size=7)
    pen.label("berth: one vessel of any player", x + 18, y + 10, size=7)
    pen.circle(x + 9, y + 8.8, 2.6, fill="#ffffff", stroke="sea-route", width=1.0)


def _region(pen: Pen, cat, region, x: float, y: float) -> None:
    fill = region.continent
    pen.rect(x, y, REGION_W, REGION_H, fill=fill, stroke="ink", width=style.THIN_PT, radius=4)
    ink = ink_for(pen, fill)
    needs = " + ".join(region.needs) if region.needs else "nothing; a mine opened here may claim an incentive"
    pen.text(f"**{region.name}** · ribbon {region.ribbon} SP", x + 3, y + 1.5, REGION_W - 6, 6, size=9,
             valign="middle", colour=ink)
    pen.text(f"needs: {needs}" + (" (build it here)" if region.needs else ""), x + 3, y + 7.5, REGION_W - 6, 4.5,
             size=7, valign="middle", colour=ink)
    slot_w = (REGION_W - 8) / 3
    for i, t in enumerate(t for t in cat.territories.values() if t.region == region.id):
        sx = x + 2 + i * (slot_w + 2)
        pen.rect(sx, y + 13, slot_w, REGION_H - 15, fill=TIER_FILL[t.tier], stroke="ink", width=style.HAIRLINE_PT,
                 radius=2)
        pen.text(f"**{t.name}**\nexplore {t.explore}M\nexploit {t.exploit}M\noutput {t.output}M", sx + 1, y + 14, slot_w - 2,
                 REGION_H - 17, size=7, min_size=style.TEXT_MIN_PT, align="center", valign="middle",
                 colour=ink_for(pen, t.tier))
