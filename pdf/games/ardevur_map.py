"""ARDEVUR's map board (420 x 297 mm, tiled): each region at its ``x``, ``y`` of regions.csv with
its three territories, needs and ribbon; each region's port with one vessel berth per port slot
where ``ports.csv`` puts them; the sea routes of ``sea_routes.csv`` from port to port. Positions
in the data are percent of the map's width and height; every other position, size and colour
comes from the ``map`` layout of ``cards_data/ardevur/layouts.toml``."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from companion.data import read_rows
from companion.data import columns as col
from companion.data.model import Box
from companion.errors import DataError, Problem

from reportlab.pdfbase.pdfmetrics import stringWidth

from .. import fonts
from ..boxes import boxes, fill_box, label_box, moved, space_box, text_box, within
from ..painters import Piece, painter
from ..pen import Pen
from ..units import PERCENT, mm_from_pt, percent_of
from .ardevur import TIER_FILL, background, cat_of, ink_for

MAP = ("title", "land", "region", "region-name", "region-needs", "territory", "territory-text", "route",
       "route-label", "berth", "vessel", "port-plate", "port-name", "deck", "deck-text", "legend", "legend-route",
       "legend-route-text", "legend-berth", "legend-berth-text")


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
        if not sep or not all(0 <= v <= PERCENT for v in point):
            return f"{word!r} is not a point; write X:Y in percent of the map, each 0 to 100"
        points.append(point)
    return tuple(points)


@lru_cache
def sea(root: str) -> tuple[dict[str, Port], tuple[Route, ...]]:
    """The ports and sea routes, checked against regions.csv; every problem is one
    ``path:line: column: message``."""
    from companion.ardevur.data import catalog

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


def region_box(pen: Pen, b: dict[str, Box], region) -> tuple[float, float]:
    """Top-left corner of a region's box: centred on its x, y and kept on the ``land``."""
    land, w, h = b["land"], b["region"].w, b["region"].h
    x = min(max(land.x, percent_of(region.x, pen.w) - w / 2), land.x + land.w - w)
    y = min(max(land.y, percent_of(region.y, pen.h) - h / 2), land.y + land.h - h)
    return x, y


def _mm(pen: Pen, point: tuple[float, float]) -> tuple[float, float]:
    return percent_of(point[0], pen.w), percent_of(point[1], pen.h)


def _port_centre(pen: Pen, port: Port) -> tuple[float, float]:
    xs, ys = zip(*(_mm(pen, b) for b in port.berths))
    return sum(xs) / len(xs), sum(ys) / len(ys)


@painter("ardevur.map")
def map_board(pen: Pen, piece: Piece) -> None:
    b = boxes(piece, "map", MAP)
    cat = cat_of(piece)
    ports, routes = sea(str(piece.game.root))
    background(pen, piece.game.layouts["map"].background)
    text_box(pen, b["title"], "**ARDEVUR** · Africa and Europe")
    for route in routes:
        _route(pen, b, ports, route)
    for region in cat.regions.values():
        _region(pen, b, cat, region, *region_box(pen, b, region))
    for port in ports.values():
        _port(pen, b, cat.regions[port.region], port)
    _deck(pen, b)
    _legend(pen, b)


def _deck(pen: Pen, b: dict[str, Box]) -> None:
    """A card-sized place, turned, for the territory deck during the auctions, in the open sea
    right of the northern region."""
    deck = b["deck"]
    fill_box(pen, deck)
    space_box(pen, deck)
    text_box(pen, moved(b["deck-text"], deck.x, deck.y),
             "**Territory deck**\nface down during the auctions, then to the market organiser")


def _dashed(pen: Pen, b: dict[str, Box], x1: float, y1: float, x2: float, y2: float) -> None:
    """A stretch of sea route: dashes of ``route``'s w, ``gap`` apart."""
    route = b["route"]
    pen.line(x1, y1, x2, y2, colour=route.get("stroke"), width=route.get("stroke_width"),
             dash=(route.w, route.get("gap_mm")))


def _route(pen: Pen, b: dict[str, Box], ports: dict[str, Port], route: Route) -> None:
    a, c = (_port_centre(pen, ports[end]) for end in route.ends)
    points = [a, *(_mm(pen, v) for v in route.via), c]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        _dashed(pen, b, x1, y1, x2, y2)
    label_box(pen, moved(b["route-label"], *_mm(pen, route.label)), route.name)


def _port(pen: Pen, b: dict[str, Box], region, port: Port) -> None:
    """A berth per port slot, each centred on its point, and the port's name on a plate
    ``port-plate``'s y from the berths, on the side ports.csv names."""
    centres = [_mm(pen, p) for p in port.berths]
    berth = b["berth"]
    for cx, cy in centres:
        fill_box(pen, moved(berth, cx, cy))
        space_box(pen, moved(berth, cx, cy))
        label_box(pen, moved(b["vessel"], cx, cy), "vessel")
    cx = sum(c[0] for c in centres) / len(centres)
    cy = sum(c[1] for c in centres) / len(centres)
    plate, name = b["port-plate"], b["port-name"]
    text = f"Port: {region.name}"
    w = mm_from_pt(_text_width(text, name)) + 2 * plate.x
    r, gap = berth.w / 2, plate.y
    if port.label in ("above", "below"):
        y = min(c[1] for c in centres) - r - gap - plate.h if port.label == "above" else \
            max(c[1] for c in centres) + r + gap
        x = cx - w / 2
    else:
        x = max(c[0] for c in centres) + r + gap if port.label == "right" else min(c[0] for c in centres) - r - gap - w
        y = cy - plate.h / 2
    fill_box(pen, replace(plate, x=x, y=y, w=w))
    label_box(pen, moved(name, x, y), text)


def _text_width(text: str, box: Box) -> float:
    """The width in points of ``text`` set in ``box``'s font and size."""
    return stringWidth(text, fonts.face(box.get("font", "regular")), box.get("size"))


def _legend(pen: Pen, b: dict[str, Box]) -> None:
    legend = b["legend"]
    fill_box(pen, legend)
    x, y = legend.x, legend.y
    line = moved(b["legend-route"], x, y)
    _dashed(pen, b, line.x, line.y, line.x + line.w, line.y + line.h)
    label_box(pen, moved(b["legend-route-text"], x, y), "sea route between ports")
    label_box(pen, moved(b["legend-berth-text"], x, y), "berth: one vessel of any player")
    fill_box(pen, moved(b["legend-berth"], x, y))


def _region(pen: Pen, b: dict[str, Box], cat, region, x: float, y: float) -> None:
    fill = region.continent
    fill_box(pen, moved(b["region"], x, y), fill=fill)
    ink = ink_for(pen, fill)
    needs = " + ".join(region.needs) if region.needs else "nothing; a mine opened here may claim an incentive"
    text_box(pen, moved(b["region-name"], x, y), f"**{region.name}** · ribbon {region.ribbon} SP", colour=ink)
    text_box(pen, moved(b["region-needs"], x, y), f"needs: {needs}" + (" (build it here)" if region.needs else ""),
             colour=ink)
    here = [t for t in cat.territories.values() if t.region == region.id]
    row = moved(within(b["territory"], b["region"].w, b["region"].h), x, y)
    gap = row.get("gap_mm")
    slot_w = (row.w - (len(here) - 1) * gap) / len(here)
    for i, t in enumerate(here):
        slot = replace(row, x=row.x + i * (slot_w + gap), w=slot_w)
        fill_box(pen, slot, fill=TIER_FILL[t.tier])
        space_box(pen, slot)
        text_box(pen, moved(within(b["territory-text"], slot.w, slot.h), slot.x, slot.y),
                 f"**{t.name}**\nexplore {t.explore}M\nexploit {t.exploit}M\noutput {t.output}M",
                 colour=ink_for(pen, t.tier))
