"""Tinners' Trail's map, drawn from the geometry in ``map.toml``: on the main board at full size
and, scaled down, on the map setup cards that say which areas start with a tile.

Positions come from ``board_geometry()`` and the named boxes of ``layouts.toml`` (``[map_marks]``:
marks, corners and line widths); colours from the game's colour table. Millimetres in the
piece's local frame, y down.
"""

from __future__ import annotations

from companion.tinners_trail.geometry import AreaShape, BoardGeometry, board_geometry, edges, _overlap
from companion.tinners_trail.rules import load_rules

from .. import style
from ..boxes import boxes
from ..pen import Pen

MAP_MARKS = ("tile_id", "tile_players", "name", "sea_label", "region_letter", "adit", "tile_space", "card_tile_id",
             "card_region_letter", "coast", "region_edge", "area_edge", "edge", "card_coast", "card_region_edge",
             "card_area_edge")


def geometry(piece) -> BoardGeometry:
    return board_geometry(str(piece.game.root))


def player_counts(rules, aid: str) -> list[int]:
    """The player counts whose map card puts a tile in this area."""
    info = rules.areas[aid]
    return [n for n, (regions, positions) in sorted(rules.arrangement.items())
            if info.region in regions and info.position in positions]


def counts_text(counts: list[int]) -> str:
    """[1, 2, 3, 5] -> "1–3, 5"."""
    runs: list[list[int]] = []
    for n in counts:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


def shared_edges(a: AreaShape, b: AreaShape) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [e for e in edges(a.polygon) if any(_overlap(e, f) > 0 for f in edges(b.polygon))]


def _polyline(pen: Pen, points, colour: str, width: float, scale: float = 1.0, dx: float = 0.0,
              dy: float = 0.0) -> None:
    c = pen.canvas
    c.setStrokeColor(pen.colour(colour))
    c.setLineWidth(width)
    c.setLineJoin(1)
    c.setLineCap(1)
    path = c.beginPath()
    for i, (x, y) in enumerate(points):
        at = (pen.X(dx + x * scale), pen.Y(dy + y * scale))
        path.moveTo(*at) if i == 0 else path.lineTo(*at)
    c.drawPath(path, stroke=1, fill=0)


def draw_map(pen: Pen, piece, scale: float = 1.0, dx: float = 0.0, dy: float = 0.0,
             detail: bool = True, marked: set[str] | None = None) -> None:
    """The sea, Devon, the areas in their region tints, borders, coast, adit marks and region
    letters. ``detail`` adds names, tile spaces and sea labels (the full-size board);
    ``marked`` (setup cards) frames the tile spaces of those areas and leaves the rest faint.
    Marks are placed by the ``[map_marks]`` boxes of layouts.toml around map.toml's anchors."""
    g, rules = geometry(piece), load_rules(str(piece.game.root))
    marks = boxes(piece, "map_marks", MAP_MARKS)
    lines = "" if detail else "card_"   # the board's line widths, or the map card's

    def width(name: str) -> float:
        return marks[lines + name].get("stroke_width")

    def at(p):
        return (dx + p[0] * scale, dy + p[1] * scale)

    def text(content, anchor, box, size=None, **kw):
        x, y = at(anchor)
        pen.text(content, x + box.x, y + box.y, box.w, box.h, size=size or box.get("size"),
                 min_size=box.get("min_size"), align="center", valign="middle", **kw)

    fx, fy, fw, fh = g.frame
    pen.rect(*at((fx, fy)), fw * scale, fh * scale, fill="sea", stroke=style.INK, width=style.THIN_PT)
    pen.polygon([at(p) for p in g.devon], fill="devon")
    for aid, shape in g.areas.items():
        pen.polygon([at(p) for p in shape.polygon], fill=g.regions[rules.areas[aid].region].fill)
    ids = sorted(g.areas)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if b not in rules.neighbours[a]:
                continue
            edge_width = width("region_edge" if a[0] != b[0] else "area_edge")
            for edge in shared_edges(g.areas[a], g.areas[b]):
                _polyline(pen, edge, style.INK, edge_width, scale, dx, dy)
    _polyline(pen, g.coast, "coast", width("coast"), scale, dx, dy)
    _polyline(pen, g.border, style.INK, marks["edge"].get("stroke_width"), scale, dx, dy)
    if detail:
        box = marks["adit"]
        for adit in g.adits.values():
            x, y = at(adit.at)
            pen.circle(x, y, box.w / 2, fill="adit_mark", stroke="white", width=style.THIN_PT)
            pen.space(x - box.w / 2, y - box.w / 2, box.w, box.w)
    box = marks["region_letter" if detail else "card_region_letter"]
    for letter, region in g.regions.items():
        x, y = at(region.letter_at)
        r = box.w / 2
        pen.circle(x, y, r, fill=letter, stroke=style.INK, width=style.THIN_PT)
        size = box.get("size")
        pen.text(f"**{letter}**", x - r, y - r, 2 * r, 2 * r, size=size, align="center", valign="middle")
    side = g.tile * scale
    for aid, shape in g.areas.items():
        x, y = at(shape.tile)
        if detail:
            pen.rect(x - side / 2, y - side / 2, side, side, fill="panel", stroke="tile_space_ink",
                     width=style.HAIRLINE_PT, radius=marks["tile_space"].get("radius_mm"))
            pen.space(x - side / 2, y - side / 2, side, side)
            text(f"**{aid}**", shape.tile, marks["tile_id"], colour="tile_space_ink")
            text(f"players\n{counts_text(player_counts(rules, aid))}", shape.tile, marks["tile_players"],
                 colour="tile_space_ink")
            text(f"**{rules.areas[aid].name}**", shape.label, marks["name"], size=g.name_size)
            continue
        used = marked is not None and aid in marked
        pen.rect(x - side / 2, y - side / 2, side, side, fill="panel" if used else None,
                 stroke=style.INK if used else "tile_space_ink", width=style.THIN_PT if used else style.HAIRLINE_PT)
        if used:
            pen.text(f"**{aid}**", x - side / 2, y - side / 2, side, side, size=marks["card_tile_id"].get("size"),
                     align="center", valign="middle")
    if detail:
        for label in g.labels:
            text(label.text, label.at, marks["sea_label"], size=label.size, font="italic", colour="sea_ink")
