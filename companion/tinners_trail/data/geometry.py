"""The map's shapes, read from ``cards_data/tinners-trail/map.toml`` and checked against the rules.

Both the printed main board and the phone's map draw from ``board_geometry()``. Which areas
border each other stays in ``game.toml``; here we check that the shapes say the same: two areas
share an edge exactly when the rules list a border between them, areas lie west to east in the
rules' order, an area touches the sea exactly when the rules call it coastal, every tile space
fits inside its area and every adit sits on its border. Millimetres, board's top-left corner,
y down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from ...data.loader import game_dir, read_toml
from ...errors import DataError, Problem
from .tables import GAME_ID, REGIONS, load_rules

Point = tuple[float, float]
SHARED_MIN_MM = 1.0     # a shorter common stretch is a corner, not a border
ON_LINE_MM = 0.05       # how far a point may sit off a line and still be on it
WEST_SLACK_MM = 2.0     # an area listed further east may not lie further west than this


@dataclass(frozen=True)
class Label:
    text: str
    at: Point
    size: float


@dataclass(frozen=True)
class Region:
    letter: str
    fill: str
    letter_at: Point


@dataclass(frozen=True)
class AreaShape:
    id: str
    polygon: tuple[Point, ...]
    tile: Point    # centre of the square tile space
    label: Point   # centre of the name line


@dataclass(frozen=True)
class Adit:
    areas: tuple[str, str]
    at: Point


@dataclass(frozen=True)
class BoardGeometry:
    frame: tuple[float, float, float, float]   # x, y, w, h of the sea
    tile: float
    name_size: float
    coast: tuple[Point, ...]
    border: tuple[Point, ...]
    devon: tuple[Point, ...]
    labels: tuple[Label, ...]
    regions: Mapping[str, Region]
    areas: Mapping[str, AreaShape]
    adits: Mapping[tuple[str, str], Adit]


def map_path(data_dir: str | None = None) -> Path:
    return game_dir(GAME_ID, Path(data_dir) if data_dir else None) / "map.toml"


@lru_cache(maxsize=4)
def board_geometry(data_dir: str | None = None) -> BoardGeometry:
    path = map_path(data_dir)
    raw, lines = read_toml(path)
    problems: list[Problem] = []

    def bad(key: str, message: str) -> None:
        problems.append(Problem(str(path), lines.line(key), key, message))

    geometry = _parse(raw, bad)
    if problems:
        raise DataError(problems)
    _check(geometry, load_rules(data_dir), bad)
    if problems:
        raise DataError(problems)
    return geometry


# --- reading -------------------------------------------------------------------------------------

def _point(value, key: str, bad) -> Point | None:
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        return (float(value[0]), float(value[1]))
    bad(key, f"must be [x, y] in millimetres, not {value!r}")
    return None


def _points(value, key: str, bad, least: int) -> tuple[Point, ...]:
    if not isinstance(value, list) or len(value) < least:
        bad(key, f"must be a list of at least {least} [x, y] points")
        return ()
    points = [_point(v, key, bad) for v in value]
    return tuple(p for p in points if p is not None)


def _number(table: dict, name: str, key: str, bad) -> float:
    value = table.get(name)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
        return float(value)
    bad(key, f"must be a positive number, not {value!r}")
    return 1.0


def _parse(raw: dict, bad) -> BoardGeometry:
    for key in sorted(set(raw) - {"map", "regions", "areas", "adits"}):
        bad(key, "unknown table; expected map, regions, areas, adits")
    m = raw.get("map", {})
    frame = m.get("frame")
    if not (isinstance(frame, list) and len(frame) == 4 and all(isinstance(v, (int, float)) for v in frame)):
        bad("map.frame", "must be [x, y, w, h] in millimetres")
        frame = [0, 0, 1, 1]
    return BoardGeometry(
        frame=tuple(float(v) for v in frame), tile=_number(m, "tile", "map.tile", bad),
        name_size=_number(m, "name_size", "map.name_size", bad),
        coast=_points(m.get("coast"), "map.coast", bad, 2), border=_points(m.get("border"), "map.border", bad, 2),
        devon=_points(m.get("devon"), "map.devon", bad, 3), labels=_labels(m, bad), regions=_regions(raw, bad),
        areas=_areas(raw, bad), adits=_adits(raw, bad))


def _labels(m: dict, bad) -> tuple[Label, ...]:
    labels = []
    for i, entry in enumerate(m.get("labels", [])):
        at = _point(entry.get("at"), f"map.labels.{i}.at", bad)
        if not isinstance(entry.get("text"), str):
            bad(f"map.labels.{i}.text", "must be text")
        elif at:
            labels.append(Label(entry["text"], at, _number(entry, "size", f"map.labels.{i}.size", bad)))
    return tuple(labels)


def _regions(raw: dict, bad) -> dict[str, Region]:
    regions = {}
    for letter, entry in sorted(raw.get("regions", {}).items()):
        if letter not in REGIONS:
            bad(f"regions.{letter}", f"unknown region; the regions are {', '.join(REGIONS)}")
            continue
        at = _point(entry.get("letter"), f"regions.{letter}.letter", bad)
        fill = entry.get("fill")
        if not (isinstance(fill, str) and len(fill) == 7 and fill.startswith("#")):
            bad(f"regions.{letter}.fill", f"must be a colour #rrggbb, not {fill!r}")
        elif at:
            regions[letter] = Region(letter, fill, at)
    return regions


def _areas(raw: dict, bad) -> dict[str, AreaShape]:
    areas = {}
    for aid, entry in sorted(raw.get("areas", {}).items()):
        polygon = _points(entry.get("polygon"), f"areas.{aid}.polygon", bad, 3)
        tile = _point(entry.get("tile"), f"areas.{aid}.tile", bad)
        label = _point(entry.get("label"), f"areas.{aid}.label", bad)
        if polygon and tile and label:
            areas[aid] = AreaShape(aid, polygon, tile, label)
    return areas


def _adits(raw: dict, bad) -> dict[tuple[str, str], Adit]:
    adits = {}
    for i, entry in enumerate(raw.get("adits", [])):
        pair = entry.get("areas")
        at = _point(entry.get("at"), f"adits.{i}.at", bad)
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(a, str) for a in pair)):
            bad(f"adits.{i}.areas", "must name the two areas, e.g. [\"A1\", \"A2\"]")
        elif at:
            adits[tuple(sorted(pair))] = Adit(tuple(sorted(pair)), at)
    return adits


# --- plane geometry ------------------------------------------------------------------------------

def edges(points: tuple[Point, ...], closed: bool = True) -> list[tuple[Point, Point]]:
    n = len(points)
    return [(points[i], points[(i + 1) % n]) for i in range(n if closed else n - 1)]


def _overlap(e: tuple[Point, Point], f: tuple[Point, Point]) -> float:
    """Length along which two segments lie on one line (0 if they only cross or touch)."""
    (ax, ay), (bx, by) = e
    length = math.hypot(bx - ax, by - ay)
    if length == 0:
        return 0.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    ts = []
    for px, py in f:
        if abs((px - ax) * uy - (py - ay) * ux) > ON_LINE_MM:
            return 0.0
        ts.append((px - ax) * ux + (py - ay) * uy)
    return max(0.0, min(length, max(ts)) - max(0.0, min(ts)))


def shared_length(a: tuple[Point, ...], b: tuple[Point, ...], closed_b: bool = True) -> float:
    return sum(_overlap(e, f) for e in edges(a) for f in edges(b, closed_b))


def contains(polygon: tuple[Point, ...], p: Point) -> bool:
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in edges(polygon):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def distance_to_segment(p: Point, e: tuple[Point, Point]) -> float:
    (ax, ay), (bx, by) = e
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def square(centre: Point, side: float) -> tuple[Point, ...]:
    (x, y), h = centre, side / 2
    return ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))


def centroid(polygon: tuple[Point, ...]) -> Point:
    area = cx = cy = 0.0
    for (x1, y1), (x2, y2) in edges(polygon):
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return (cx / (3 * area), cy / (3 * area))


# --- agreement with the rules --------------------------------------------------------------------

def borders(geometry: BoardGeometry) -> dict[tuple[str, str], float]:
    """Every pair of areas that share an edge, with the length they share."""
    found = {}
    ids = sorted(geometry.areas)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            length = shared_length(geometry.areas[a].polygon, geometry.areas[b].polygon)
            if length >= SHARED_MIN_MM:
                found[(a, b)] = length
    return found


def _check(g: BoardGeometry, rules, bad) -> None:
    for aid in sorted(set(rules.areas) - set(g.areas)):
        bad("areas", f"{aid} ({rules.areas[aid].name}) has no shape")
    for aid in sorted(set(g.areas) - set(rules.areas)):
        bad(f"areas.{aid}", f"no such area in game.toml; the areas are {', '.join(sorted(rules.areas))}")
    for letter in sorted(set(REGIONS) - set(g.regions)):
        bad("regions", f"region {letter} has no fill or letter position")
    if set(rules.areas) != set(g.areas):
        return
    _check_borders(g, rules, bad)
    _check_order(g, rules, bad)
    for aid, shape in g.areas.items():
        _check_shape(g, aid, shape, rules, bad)
    _check_adits(g, rules, bad)


def _check_borders(g: BoardGeometry, rules, bad) -> None:
    """Two areas share an edge exactly when the rules list a border between them."""
    ruled = {rules.border(a, b) for a in rules.neighbours for b in rules.neighbours[a]}
    drawn = borders(g)
    for a, b in sorted(set(drawn) - ruled):
        bad(f"areas.{a}.polygon", f"shares {drawn[(a, b)]:.1f} mm of edge with {b} but game.toml lists no border {a}–{b}")
    for a, b in sorted(ruled - set(drawn)):
        bad(f"areas.{a}.polygon", f"game.toml lists a border {a}–{b} but the shapes share no edge")


def _check_order(g: BoardGeometry, rules, bad) -> None:
    """Areas lie west to east in the rules' order."""
    xs = [g.areas[aid].tile[0] for aid in rules.west_to_east]
    for i, aid in enumerate(rules.west_to_east):
        later = [(x, other) for x, other in zip(xs[i + 1:], rules.west_to_east[i + 1:]) if x < xs[i] - WEST_SLACK_MM]
        if later:
            bad(f"areas.{aid}.tile", f"lies east of {later[0][1]}, which tables.map.west_to_east lists after it")


def _check_shape(g: BoardGeometry, aid: str, shape: AreaShape, rules, bad) -> None:
    """The coast where the rules say, the tile space and the name inside the area."""
    on_coast = shared_length(shape.polygon, g.coast, closed_b=False) >= SHARED_MIN_MM
    if on_coast != rules.areas[aid].coastal:
        bad(f"areas.{aid}.polygon", "touches the coast but game.toml says it is inland" if on_coast
            else "game.toml says it is coastal but its shape does not touch the coast")
    corners = square(shape.tile, g.tile)
    outline = [(x + (x2 - x) * t / 8, y + (y2 - y) * t / 8) for (x, y), (x2, y2) in edges(corners) for t in range(8)]
    if not all(contains(shape.polygon, p) for p in outline):
        bad(f"areas.{aid}.tile", f"the {g.tile:g} mm tile space does not fit inside the area")
    if not contains(shape.polygon, shape.label):
        bad(f"areas.{aid}.label", "the name's centre lies outside the area")


def _check_adits(g: BoardGeometry, rules, bad) -> None:
    """An adit mark on every border that takes one, lying on that border."""
    adit_pairs = set(rules.adit_borders)
    for pair in sorted(adit_pairs - set(g.adits)):
        bad("adits", f"no position for the adit on the border {pair[0]}–{pair[1]}")
    for i, (pair, adit) in enumerate(g.adits.items()):
        if pair not in adit_pairs:
            bad(f"adits.{i}.areas", f"{pair[0]}–{pair[1]} is not a border that takes an adit in game.toml")
            continue
        a, b = (g.areas[x].polygon for x in pair)
        if not any(_overlap(e, f) > 0 and distance_to_segment(adit.at, e) <= 0.5
                   for e in edges(a) for f in edges(b)):
            bad(f"adits.{i}.at", f"does not lie on the border {pair[0]}–{pair[1]}")
